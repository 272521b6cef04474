// The privacy page (#/privacy): who runs the server, what it keeps about a player, why, for how
// long, and how to download and delete it (issue 35; decision 019). Open to everyone, signed in or
// not. After an account is deleted the client comes here (#/privacy/deleted), says so first, and
// offers the way back to the start page.
import type { OperatorAnswer } from '@baska/protocol';
import { useEffect, useState } from 'preact/hooks';
import { api } from '../../api.js';
import { pw } from './words.js';
import './privacy.css';

export function Privacy({ deleted }: { deleted: boolean }) {
  const w = pw();
  const [operator, setOperator] = useState<OperatorAnswer | null>(null);
  useEffect(() => {
    // No answer (no network): as if none was given, which is all the page can say then.
    void api.operator().then(setOperator, () => setOperator({ name: null, contact: null }));
  }, []);
  return (
    <main class="privacy">
      {deleted && (
        <p role="status" class="notice deleted">
          {w.deleted} <a href="#/">{w.toStart}</a>
        </p>
      )}
      <h1>{w.title}</h1>
      <p>{w.intro}</p>
      <section aria-labelledby="privacy-operator">
        <h2 id="privacy-operator">{w.operatorH}</h2>
        {operator && (
          <p class="operator">
            {operator.name || operator.contact ? w.operator(operator.name, operator.contact) : w.noOperator}
          </p>
        )}
      </section>
      {w.sections.map((s, i) => (
        <section aria-labelledby={`privacy-${i}`}>
          <h2 id={`privacy-${i}`}>{s.heading}</h2>
          {s.list ? (
            <ul>
              {s.text.map((x) => (
                <li>{x}</li>
              ))}
            </ul>
          ) : (
            s.text.map((x) => <p>{x}</p>)
          )}
        </section>
      ))}
    </main>
  );
}

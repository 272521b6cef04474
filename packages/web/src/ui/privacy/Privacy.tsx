// The privacy page (#/privacy): what the server keeps about a player, why, for how long, and how to
// download and delete it (issue 35; decision 019). Open to everyone, signed in or not. After an
// account is deleted the client comes here (#/privacy/deleted) and says so.
import { pw } from './words.js';
import './privacy.css';

export function Privacy({ deleted }: { deleted: boolean }) {
  const w = pw();
  return (
    <main class="privacy">
      <h1>{w.title}</h1>
      {deleted && (
        <p role="status" class="notice">
          {w.deleted}
        </p>
      )}
      <p>{w.intro}</p>
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

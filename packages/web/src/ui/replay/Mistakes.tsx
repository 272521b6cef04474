// The search for mistakes in a deal's play, on demand: each card choice weighed exactly, then a jump
// to each choice that gave expected score away.
import type { CardCode } from '@baska/engine';
import { useEffect, useState } from 'preact/hooks';
import { lang, t } from '../../i18n.js';
import { num } from '../../i18n/format.js';
import { cardLabel } from '../Card.js';
import { type DecisionJob } from './model.js';
import { type Mistake, findMistakes } from './mistakes.js';

type State = { done: number } | { mistakes: Mistake[] } | { error: string } | null;

export function Mistakes(props: {
  decisions: { step: number; seat: number; chosen: string; job: DecisionJob }[];
  who: (seat: number) => string;
  jump: (step: number) => void;
  /** How many calls the auction had: the play's steps come after them. */
  calls: number;
}) {
  const w = t();
  const [state, setState] = useState<State>(null);
  const [stop, setStop] = useState<(() => void) | null>(null);
  useEffect(() => () => stop?.(), [stop]); // leaving the deal stops the search
  const run = () => {
    const search = findMistakes(props.decisions, (done) => setState({ done }));
    setStop(() => search.stop);
    setState({ done: 0 });
    search.result.then(
      (mistakes) => setState({ mistakes }),
      (e: Error) => {
        if (e.name !== 'Stopped') setState({ error: e.message || w.analysisStopped }); // not when left
      },
    );
  };
  if (props.decisions.length === 0) return null;
  if (state === null)
    return (
      <button class="find-mistakes" onClick={run}>
        {w.findMistakes}
      </button>
    );
  if ('error' in state) return <p role="alert">{state.error}</p>;
  if ('done' in state)
    return (
      <p aria-live="polite">
        {w.analysing}{' '}
        <progress max={props.decisions.length} value={state.done} aria-label={w.analysing}>
          {state.done}/{props.decisions.length}
        </progress>
      </p>
    );
  return (
    <section class="mistakes" aria-live="polite">
      <h3>{w.mistakesFound(state.mistakes.length)}</h3>
      <ul>
        {state.mistakes.map((m) => (
          <li key={m.step}>
            <button onClick={() => props.jump(m.step)} data-step={m.step}>
              {w.trickNo(Math.floor((m.step - props.calls) / 4) + 1)}: {props.who(m.seat)} —{' '}
              {cardLabel(m.chosen as CardCode)}
            </button>{' '}
            <span class="note">
              {w.betterWas(cardLabel(m.best as CardCode), num(lang.value, Math.round(m.loss * 100) / 100))}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

// The player's own hand: only legal cards playable (click or tap, drag onto the table, or the key
// shown on each card, 1 to 4; Enter on the focused card).
import type { CardCode, PlayerView } from '@baska/engine';
import { useEffect } from 'preact/hooks';
import { t } from '../../i18n.js';
import { act } from '../../store.js';
import { CardFace, cardLabel } from '../Card.js';
import { dragToTable, endsDrag } from '../drag.js';

/** Keyed by the deal: a new deal's hand is dealt anew (its cards come in one by one when `motion`). */
export function Hand(props: { view: PlayerView; myTurn: boolean; motion: boolean; pending: string | null }) {
  const { view, myTurn, motion, pending } = props;
  const w = t();
  // A card played and not yet confirmed has left the hand (it waits on the felt); nothing more to play meanwhile.
  const hand = view.hand.filter((c) => c !== pending);
  const choosing = myTurn && view.phase === 'play' && pending === null;
  const playable = new Set(choosing ? view.legal : []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const typing = e.target instanceof HTMLElement && e.target.closest('input, select, textarea, [contenteditable]');
      if (typing || e.ctrlKey || e.altKey || e.metaKey) return;
      const n = Number(e.key);
      const code = hand[n - 1];
      if (n >= 1 && code && playable.has(code)) act(code);
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  });
  return (
    <>
      <section class={`hand${choosing ? ' choosing' : ''}${motion ? ' motion' : ''}`} aria-label={w.hand} tabIndex={-1}>
        {hand.map((code: CardCode, i) => {
          const ok = playable.has(code);
          return (
            <button
              key={code}
              class={`card${ok ? ' playable' : ''}`}
              disabled={!ok}
              aria-disabled={!ok}
              aria-label={`${i + 1}: ${cardLabel(code)}`}
              data-card={code}
              style={{ '--i': i }}
              {...dragToTable(code, ok, act)}
              onClick={() => ok && !endsDrag() && act(code)}
            >
              <CardFace code={code} />
              <span class="key" aria-hidden="true">
                {i + 1}
              </span>
            </button>
          );
        })}
      </section>
      {choosing && playable.size < hand.length && <p class="note hand-note">{w.illegalHint}</p>}
    </>
  );
}

// The trick on the felt: each card at its player's place, the winner's marked; a trick just taken
// stays a moment with its winner and points named (beside the trick, never over a card or a name).
import type { CardCode, PlayerView, TrickView } from '@baska/engine';
import type { TableInfo } from '@baska/protocol';
import { t } from '../../i18n.js';
import { CardFace, cardLabel } from '../Card.js';
import { nameInSentence } from '../words.js';
import { motionOn } from './effects.js';
import { placeOf } from './place.js';
import { trickPoints } from './points.js';
import { StandInNote } from './StandIn.js';

export function Trick(props: {
  view: PlayerView;
  info: TableInfo;
  mine: number | null;
  showLast: boolean;
  held: { trick: TrickView; index: number } | null;
  /** The player's card not yet confirmed (store: pending): on the felt at his place, marked. */
  pending: string | null;
}) {
  const { view, info, mine, showLast, held } = props;
  const pending = held ? null : props.pending;
  const w = t();
  const last = view.tricks.at(-1);
  // A trick just taken stays a moment; then the trick in progress; between tricks, the one just taken
  // (so the fourth card stays in sight).
  // With animations the taken trick is gathered to its winner, and the felt stays clear until the next lead.
  const gathered = motionOn() && view.phase === 'play';
  // A card waiting to be confirmed belongs to the trick in progress (or opens the next one).
  const shown =
    held?.trick ??
    (pending
      ? (view.trick ?? undefined)
      : showLast && last
        ? last
        : (view.trick ?? (view.phase !== 'auction' && !gathered ? last : undefined)));
  const index = held ? held.index : shown === view.trick ? view.tricks.length : view.tricks.length - 1;
  return (
    <>
      <div
        class={`trick${held && held.trick.winner !== undefined ? ` taking to-${placeOf(held.trick.winner, mine ?? 0)}` : ''}`}
        aria-label={shown === last && last ? w.lastTrick : undefined}
      >
        {shown?.cards.map((code, i) => {
          const by = (shown.leader + i) % 4;
          return (
            <div
              key={code}
              class={`played at-${placeOf(by, mine ?? 0)}${shown.winner === by ? ' winner' : ''}`}
              aria-label={cardLabel(code)}
              role="img"
            >
              <CardFace code={code} />
              <StandInNote mark={info.marks.plays[index * 4 + i]} />
            </div>
          );
        })}
        {pending && (
          <div
            class="played pending at-bottom"
            data-card={pending}
            role="img"
            aria-label={w.pendingLabel(cardLabel(pending as CardCode))}
          >
            <CardFace code={pending as CardCode} />
            <span class="badge pending-mark" aria-hidden="true">
              {w.pendingMark}
            </span>
          </div>
        )}
      </div>
      {held && held.trick.winner !== undefined && (
        // Said by the table's live log (Announcer): not a second live region.
        <p class="taken">
          {w.trickTaken(nameInSentence(info, held.trick.winner, mine), w.points(trickPoints(held.trick)))}
        </p>
      )}
    </>
  );
}

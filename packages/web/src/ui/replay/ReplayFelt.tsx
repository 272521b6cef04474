// The replay's table picture: each player by his place with his latest call, and the trick on the felt
// (the one in progress, or between tricks the one just taken, its winner marked).
import type { PlayerView } from '@baska/engine';
import { t } from '../../i18n.js';
import { CardFace, cardLabel } from '../Card.js';
import { callLabel } from '../words.js';
import { placeOf } from '../table/place.js';

/** `five`: a table of five's deal, whose dealer sat it out (RULES §9): no seat at the felt is marked. */
export function ReplayFelt(props: { view: PlayerView; who: (seat: number) => string; preset: string; five?: boolean }) {
  const { view, who, preset, five } = props;
  const w = t();
  const last = view.tricks.at(-1);
  const shown = view.trick ?? (view.phase !== 'auction' ? last : undefined);
  return (
    <div class="felt replay-felt" data-phase={view.phase}>
      {[0, 1, 2, 3].map((seat) => {
        const call = view.auction.findLast((a) => a.seat === seat)?.call;
        return (
          <div key={seat} class={`seat seat-${placeOf(seat, 0)}${view.toAct === seat ? ' to-act' : ''}`}>
            <div class="who">
              <b>{who(seat)}</b>
              {view.dealer === seat && !five && <span class="badge">{w.dealer}</span>}
            </div>
            {call && <span class="badge last-call">{callLabel(call, preset)}</span>}
          </div>
        );
      })}
      <div class="trick" aria-label={shown && shown === last ? w.lastTrick : undefined}>
        {shown?.cards.map((code, i) => {
          const by = (shown.leader + i) % 4;
          return (
            <div
              key={code}
              class={`played at-${placeOf(by, 0)}${shown.winner === by ? ' winner' : ''}`}
              role="img"
              aria-label={cardLabel(code)}
            >
              <CardFace code={code} />
            </div>
          );
        })}
      </div>
    </div>
  );
}

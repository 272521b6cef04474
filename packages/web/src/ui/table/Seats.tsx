// A seat at the felt: the name and its badges (bot, guest, away, dealer, side), the running total,
// his latest call, the clock when it runs for him, and the backs of his cards.
import type { PlayerView } from '@baska/engine';
import type { TableInfo } from '@baska/protocol';
import { t } from '../../i18n.js';
import { table } from '../../store.js';
import { CardBack } from '../Card.js';
import { botBadge, seatName } from '../words.js';
import { LastCall } from './LastCall.js';
import { secondsLeft, useTick } from './time.js';

export function SeatPanel(props: {
  seat: number;
  info: TableInfo;
  view: PlayerView;
  mine: number | null;
  where: string;
  /** At a table of five the dealer is the one sitting out (RULES §9): no seat at the felt is marked. */
  five?: boolean;
  /** The player's call not yet confirmed (store: pending), shown as his, marked. */
  pending?: string | null;
}) {
  const { seat, info, view, mine, where, five, pending } = props;
  const w = t();
  const s = info.seats[seat]!;
  const side = view.sides[seat];
  const toAct = view.toAct === seat;
  return (
    <div class={`seat seat-${where}${toAct ? ' to-act' : ''}`} data-seat={seat}>
      <div class="who">
        <b>{seatName(info, seat, mine, false)}</b>
        {s.guest && <span class="badge guest">{w.guest}</span>}
        {s.bot && !s.away && <span class="badge">{botBadge(s)}</span>}
        {s.away && <span class="badge warn">{w.away}</span>}
        {view.dealer === seat && !five && <span class="badge">{w.dealer}</span>}
        {side && <span class={`badge side-${side}`}>{side === 'old' ? w.oldOne : w.youngOne}</span>}
        <span class="score-total">{w.runningTotal(info.totals[seat] ?? 0)}</span>
      </div>
      <LastCall view={view} info={info} seat={seat} pending={seat === mine ? (pending ?? null) : null} />
      {info.clock?.seat === seat && <Clock />}
      {seat !== mine && (
        <div class="backs" role="img" aria-label={w.cardsInHand(view.handSizes[seat] ?? 0)}>
          {Array.from({ length: view.handSizes[seat] ?? 0 }, (_, i) => (
            <span key={i} class="mini">
              <CardBack />
            </span>
          ))}
        </div>
      )}
    </div>
  );
}

/** The seconds left on the running clock. */
function Clock() {
  useTick(250);
  const until = table.value?.clockUntil;
  if (!until) return null;
  const left = secondsLeft(until);
  return (
    <span class={`clock${left <= 10 ? ' low' : ''}`} role="timer" aria-label={`${t().clock} ${left}`}>
      {t().seconds(left)}
    </span>
  );
}

// A seat at the felt: the name and its badges (bot, guest, away, dealer, side), the running total,
// his latest call, the clock when it runs for him, and the backs of his cards.
import type { PlayerView } from '@baska/engine';
import type { TableInfo } from '@baska/protocol';
import { t } from '../../i18n.js';
import { table } from '../../store.js';
import { CardBack } from '../Card.js';
import { botBadge, callLabel, seatName } from '../words.js';
import { StandInNote } from './StandIn.js';
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

/**
 * The seat's latest call in this deal, by his name: a game or a doubling (kontra, rekontra, bok,
 * hirsz) stands out from a pass; made by the clock or for him while away, marked so.
 */
function LastCall(props: { view: PlayerView; info: TableInfo; seat: number; pending: string | null }) {
  const { view, info, seat, pending } = props;
  const w = t();
  if (pending && view.phase === 'auction')
    return (
      <span class="last-call-line">
        <span class="badge last-call pending" aria-label={w.pendingLabel(callLabel(pending, info.preset))}>
          {callLabel(pending, info.preset)}
        </span>
        <span class="badge pending-mark" aria-hidden="true">
          {w.pendingMark}
        </span>
      </span>
    );
  const at = view.auction.findLastIndex((a) => a.seat === seat);
  if (at < 0) return null;
  const call = view.auction[at]!.call;
  // The records' names: `pass`, the doublings (RULES: kontra, rekontra, bok, hirsz, then doubleN), or a game.
  const kind = call === 'pass' ? 'pass' : /^(kontra|rekontra|bok|hirsz|double\d+)$/.test(call) ? 'doubling' : 'game';
  return (
    <span class="last-call-line">
      <span class={`badge last-call ${kind}`} title={w.auction}>
        {callLabel(call, info.preset)}
      </span>
      <StandInNote mark={info.marks.auction[at]} />
    </span>
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

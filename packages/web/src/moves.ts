// A move the player has made and the server has not yet answered for: where in the deal it was made
// (its spot), and what the table's later events or view say became of it. Pure functions: the store
// keeps the pending move, shows it as made and marked, and sends it again after a drop only while the
// spot is still the player's to fill, so it is never lost unannounced nor applied twice (the server
// takes a move only against the version it was made at).
import type { PlayerView } from '@baska/engine';
import type { PublicEvent, TableInfo } from '@baska/protocol';

export interface PendingMove {
  action: string;
  /** The table's version it was sent against (the latest, when sent again). */
  version: number;
  /** Where in the game it was made: `spotOf` then. */
  spot: string;
}

/** Was the move made as sent, or did the table go on without it (another tab, the clock, a bot)? */
export type Outcome = 'made' | 'refused' | null;

/** The deal's seat of table seat `seat` (at a table of five the deal's four are `dealSeats`). */
export const dealSeatOf = (info: TableInfo, seat: number) => (info.dealSeats ? info.dealSeats.indexOf(seat) : seat);

/** The place of the next call or card in the game: the deal, its phase, and the call's or card's number in it. */
export function spotOf(info: TableInfo, view: PlayerView): string {
  const index =
    view.phase === 'auction' ? view.auction.length : view.tricks.length * 4 + (view.trick?.cards.length ?? 0);
  return `${info.dealsPlayed}:${view.phase}:${index}`;
}

/**
 * What the events after the move (oldest first) say of it: the first move of the player's seat, a
 * claim, or a new deal decides; other events (a seat's return, a contribution) leave it open.
 */
export function outcomeOfEvents(
  pending: PendingMove,
  seat: number | null,
  events: readonly { version: number; event: PublicEvent }[],
): Outcome {
  for (const { version, event } of events) {
    if (version <= pending.version) continue;
    if (event.type === 'deal' || event.type === 'finished') return 'refused';
    if (event.type === 'claim') return event.seat === seat && pending.action === 'claim' ? 'made' : 'refused';
    if (event.type === 'action' && event.seat === seat)
      return event.action === pending.action && event.by === 'player' ? 'made' : 'refused';
  }
  return null;
}

/**
 * What the view alone says (a snapshot: no events): the spot filled with this move by the player
 * himself, made; filled otherwise or passed, refused; still the player's to fill, open.
 */
export function outcomeOfView(pending: PendingMove, info: TableInfo, view: PlayerView | null, seat: number): Outcome {
  if (!view) return 'refused';
  if (spotOf(info, view) === pending.spot) return null;
  const [deal, phase, at] = pending.spot.split(':');
  const index = Number(at);
  if (Number(deal) !== info.dealsPlayed - (view.phase === 'complete' ? 1 : 0)) return 'refused';
  const me = dealSeatOf(info, seat);
  if (phase === 'auction') {
    const call = view.auction[index];
    return call?.seat === me && call.call === pending.action && !info.marks.auction[index] ? 'made' : 'refused';
  }
  const cards = [...view.tricks, ...(view.trick ? [view.trick] : [])].flatMap((t) => t.cards);
  return cards[index] === pending.action && !info.marks.plays[index] ? 'made' : 'refused';
}

/** May the pending move be sent (again) now: is its spot still the player's, the move still his to make? */
export function stillToMake(pending: PendingMove, info: TableInfo, view: PlayerView | null, seat: number): boolean {
  return (
    view !== null &&
    view.toAct === dealSeatOf(info, seat) &&
    spotOf(info, view) === pending.spot &&
    (view.legal.includes(pending.action) || pending.action === 'claim')
  );
}

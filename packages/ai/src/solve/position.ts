// A position with all hands known, the contract fixed and the sides known: what the solver solves.
import { type Deal } from '@baska/engine';
import { type Card, type CardOrder, POINTS, beats, legalCards } from '@baska/engine/fast';

export interface Position {
  order: CardOrder;
  granMustTrump: boolean;
  /** The cards each seat still holds. */
  hands: [number, number, number, number];
  /** Bit s set when seat s is old. */
  oldSeats: number;
  /** The seat that led the trick in progress (or leads next when no card is in it). */
  leader: number;
  /** The cards of the trick in progress, from the leader on. */
  trick: Card[];
  /** Card points the old side has taken so far. */
  oldPoints: number;
}

/** The position of a deal in play, as the solver sees it (all hands open). */
export function positionOf(deal: Deal): Position {
  if (deal.phase !== 'play') throw new Error('the solver needs a deal in play');
  const inTrick = deal.nPlays & 3;
  let oldPoints = 0;
  for (let s = 0; s < 4; s++) if ((deal.oldSeats >> s) & 1) oldPoints += deal.seatPoints[s]!;
  return {
    order: deal.order,
    granMustTrump: deal.rules.granMustTrump,
    hands: [deal.hand[0]!, deal.hand[1]!, deal.hand[2]!, deal.hand[3]!],
    oldSeats: deal.oldSeats,
    leader: inTrick === 0 ? deal.toAct : deal.players[deal.nPlays - inTrick]!,
    trick: inTrick === 0 ? [] : Array.from(deal.plays.subarray(deal.nPlays - inTrick, deal.nPlays)), // no view made between tricks
    oldPoints,
  };
}

/** The seat to move, the card winning the trick so far and its seat, and the points in the trick. */
export function trickState(p: Position): { toAct: number; led: Card; win: Card; winSeat: number; points: number } {
  let win = -1;
  let winSeat = -1;
  let points = 0;
  p.trick.forEach((c, i) => {
    points += POINTS[c]!;
    if (i === 0 || beats(p.order, c, win)) {
      win = c;
      winSeat = (p.leader + i) & 3;
    }
  });
  return { toAct: (p.leader + p.trick.length) & 3, led: p.trick.length ? p.trick[0]! : -1, win, winSeat, points };
}

/** The legal cards of the seat to move. */
export function legalOf(p: Position): number {
  const t = trickState(p);
  return legalCards(p.order, p.granMustTrump, p.hands[t.toAct]!, t.led, t.win);
}

/** The position after the seat to move plays card c (a finished trick goes to its winner). */
export function afterCard(p: Position, c: Card): Position {
  const t = trickState(p);
  const hands = [...p.hands] as Position['hands'];
  hands[t.toAct] = hands[t.toAct]! & ~(1 << c);
  const next: Position = { ...p, hands, trick: [...p.trick, c] };
  if (next.trick.length === 4) {
    const done = trickState(next);
    if ((p.oldSeats >> done.winSeat) & 1) next.oldPoints += done.points;
    next.leader = done.winSeat;
    next.trick = [];
  }
  return next;
}

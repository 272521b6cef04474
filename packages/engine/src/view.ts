// What one seat may see of a deal. RULES §2, ARCHITECTURE "viewFor is the one place where hidden
// information is removed": the seat's own hand, the public calls and tricks, whose turn it is, its
// legal actions, and the sides only as far as that seat can know them.
import { BLACK_QUEENS, type Card, type CardCode, JC, JH, JS, QC, QS, cardCode, cardsOf } from './cards.js';
import { callName, namedJack } from './calls.js';
import type { Deal, Phase } from './deal.js';
import { sortByOrder } from './order.js';
import type { Contract, Game, Rules } from './rules.js';
import type { BySeat, DealScore, Side } from './score.js';

export interface TrickView {
  leader: number;
  /** Cards in the order played, from the leader on. */
  cards: CardCode[];
  /** The seat that took the trick; absent while the trick is in progress. */
  winner?: number;
}

export interface PlayerView {
  seat: number;
  rules: Rules;
  dealer: number;
  forehand: number;
  inBokRound: boolean;
  phase: Phase;
  /** The seat's own cards still in hand, strongest first in the order that applies. */
  hand: CardCode[];
  /** How many cards each seat still holds. */
  handSizes: BySeat<number>;
  auction: { seat: number; call: string }[];
  /** The game declared so far and who declared it (public). */
  declaredGame: Game | null;
  declarer: number | null;
  /** The contract once this seat can know it: null during the auction, and while zwyczajna and cicha cannot be told apart. */
  contract: Contract | null;
  /** The doubling level reached since the last game declaration. */
  level: number;
  tricks: TrickView[];
  /** The trick in progress, or null. */
  trick: TrickView | null;
  /** The seat to act, or null when the deal is complete. */
  toAct: number | null;
  /** The legal calls or cards when it is this seat's turn, else empty. */
  legal: string[];
  /** Each seat's side, where this seat can know it; null where it cannot. */
  sides: BySeat<Side | null>;
  /** The score line once the deal is complete. */
  score: DealScore | null;
}

/** A spectator's seat in `viewFor`: no hand, nothing but what the whole table sees. */
export const SPECTATOR = -1;

/** Project a deal for one seat, or for a spectator (`SPECTATOR`): public facts only. */
export function viewFor(deal: Deal, seat: number): PlayerView {
  const own = seat >= 0 ? deal.hand[seat]! : 0;
  const order = deal.order;
  const tricks: TrickView[] = [];
  let trick: TrickView | null = null;
  for (let start = 0; start < deal.nPlays; start += 4) {
    const cards = Array.from(deal.plays.subarray(start, Math.min(start + 4, deal.nPlays)), (c) => cardCode(c));
    const t: TrickView = { leader: deal.players[start]!, cards };
    if (cards.length === 4) tricks.push({ ...t, winner: deal.trickWinners[start >> 2]! });
    else trick = t;
  }
  const auctionOver = deal.phase !== 'auction';
  const game = deal.declaredGame;
  const known = knowledge(deal, seat);
  return {
    seat,
    rules: deal.rules,
    dealer: deal.dealer,
    forehand: deal.forehand,
    inBokRound: deal.inBokRound,
    phase: deal.phase,
    hand: sortByOrder(cardsOf(own), order).map(cardCode),
    handSizes: [0, 1, 2, 3].map((s) => 4 - countPlayed(deal, s)) as BySeat<number>,
    auction: Array.from(deal.calls.subarray(0, deal.nCalls), (c, i) => ({ seat: deal.callers[i]!, call: callName(c) })),
    declaredGame: game,
    declarer: game ? deal.callers[deal.lastGameAt]! : known.contract === 'cicha' ? deal.declarer : null,
    contract: auctionOver ? known.contract : null,
    level: deal.level,
    tricks,
    trick,
    toAct: deal.toAct < 0 ? null : deal.toAct,
    legal: deal.toAct === seat ? deal.legal() : [],
    sides: auctionOver ? known.sides : [null, null, null, null],
    score: deal.score && { ...deal.score, old: [...deal.score.old], scores: [...deal.score.scores] as BySeat<number> },
  };
}

function countPlayed(deal: Deal, seat: number): number {
  let n = 0;
  for (let i = 0; i < deal.nPlays; i++) if (deal.players[i] === seat) n++;
  return n;
}

/**
 * Where this seat can place a card: its own hand as dealt, the cards played and by whom, and, for an
 * unplayed card it does not hold, the one seat still holding cards other than itself. -1 when it cannot.
 */
function locator(deal: Deal, seat: number): (card: Card) => number {
  const playedBy = new Int8Array(16).fill(-1);
  for (let i = 0; i < deal.nPlays; i++) playedBy[deal.plays[i]!] = deal.players[i]!;
  const others = [0, 1, 2, 3].filter((s) => s !== seat && deal.hand[s] !== 0);
  return (card) => {
    if (seat >= 0 && (deal.dealt[seat]! >> card) & 1) return seat;
    if (playedBy[card]! >= 0) return playedBy[card]!;
    return others.length === 1 ? others[0]! : -1;
  };
}

function knowledge(deal: Deal, seat: number): { contract: Contract | null; sides: BySeat<Side | null> } {
  const contract = deal.contract;
  const sides: BySeat<Side | null> = [null, null, null, null];
  const all = (oldSeats: number) => {
    for (let s = 0; s < 4; s++) sides[s] = (oldSeats >> s) & 1 ? 'old' : 'young';
    return sides;
  };
  if (contract === null) return { contract, sides };
  const where = locator(deal, seat);
  if (contract !== 'zwyczajna' && contract !== 'cicha' && contract !== 'wesele') {
    return { contract, sides: all(1 << deal.declarer) }; // a declared solo game is public
  }
  if (contract === 'wesele') {
    // The declarer's partner holds the named jack, or the highest of Jc, Js, Jh the declarer lacks. RULES §2
    const declarer = deal.declarer;
    const named = namedJack(deal.calls[deal.lastGameAt]!);
    const candidates = named >= 0 ? [named] : [JC, JS, JH];
    for (let i = 0; i < candidates.length; i++) {
      const at = where(candidates[i]!);
      if (at === declarer && named < 0) continue;
      if (at >= 0) return { contract, sides: all((1 << declarer) | (1 << at)) };
      sides[declarer] = 'old';
      if (seat >= 0 && seat !== declarer) {
        const mayBePartner = candidates.slice(i + 1).some((j) => (deal.dealt[seat]! >> j) & 1);
        sides[seat] = mayBePartner ? null : 'young';
      }
      return { contract, sides };
    }
  }
  // No game declared: the holders of the black queens are old; cicha when one holds both. RULES §2
  const qc = where(QC);
  const qs = where(QS);
  if (qc >= 0 && qs >= 0) return { contract, sides: all((1 << qc) | (1 << qs)) };
  if (qc >= 0) sides[qc] = 'old';
  if (qs >= 0) sides[qs] = 'old';
  if (seat < 0) return { contract, sides }; // a spectator knows only what was played
  const ownQueens = deal.dealt[seat]! & BLACK_QUEENS;
  if (ownQueens === 0) sides[seat] = 'young';
  // Holding one black queen, the other is elsewhere: zwyczajna, even before the partner is known.
  return { contract: ownQueens !== 0 ? 'zwyczajna' : null, sides };
}

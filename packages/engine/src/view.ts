// What one seat may see of a deal. RULES §2, ARCHITECTURE "viewFor is the one place where hidden
// information is removed": the seat's own hand, the public calls and tricks, whose turn it is, its
// legal actions, and the sides only as far as that seat can know them.
//
// The contract and the sides are worked out from the viewer's information alone — its own hand as
// dealt, the calls, the cards played and by whom — never from the other hands, `deal.contract`,
// `deal.declarer` or `deal.oldSeats`: what the engine knows of a deal with no game declared (cicha or
// zwyczajna, and who is old) is exactly what the cards hide. So two deals a viewer cannot tell apart
// always give it the same view (test/view-secrecy.test.ts checks that over random re-deals).
import {
  ALL_ACES,
  ALL_QUEENS,
  ALL_TENS,
  BLACK_QUEENS,
  type CardCode,
  type CardMask,
  FULL_DECK,
  JC,
  JH,
  JS,
  QC,
  QS,
  cardCode,
  cardsOf,
  lowestCard,
  popcount,
} from './cards.js';
import { callName, doublingCall, gameOf, isGameCall, namedJack } from './calls.js';
import type { Deal, Phase } from './deal.js';
import { beats, legalCards } from './follow.js';
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
  /** A claim that ended the deal (RULES §7): who claimed and after how many cards; absent otherwise. */
  claim?: { seat: number; at: number };
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
  const known = knowledge(deal, seat);
  return {
    seat,
    rules: deal.rules,
    dealer: deal.dealer,
    forehand: deal.forehand,
    inBokRound: deal.inBokRound,
    phase: deal.phase,
    hand: sortByOrder(cardsOf(own), order).map(cardCode),
    handSizes: handSizes(deal),
    auction: Array.from(deal.calls.subarray(0, deal.nCalls), (c, i) => ({ seat: deal.callers[i]!, call: callName(c) })),
    declaredGame: deal.declaredGame,
    declarer: known.declarer,
    contract: known.contract,
    level: deal.level,
    tricks,
    trick,
    toAct: deal.toAct < 0 ? null : deal.toAct,
    // A spectator (-1) never acts, not even when a finished deal's toAct is -1 too.
    legal: seat >= 0 && deal.toAct === seat ? deal.legal() : [],
    sides: known.sides,
    score: deal.score && { ...deal.score, old: [...deal.score.old], scores: [...deal.score.scores] as BySeat<number> },
    ...(deal.claimedBy >= 0 ? { claim: { seat: deal.claimedBy, at: deal.claimAt } } : {}),
  };
}

/** How many cards each seat still holds: four less the cards it has played (public). */
function handSizes(deal: Deal): BySeat<number> {
  const sizes: BySeat<number> = [4, 4, 4, 4];
  for (let i = 0; i < deal.nPlays; i++) sizes[deal.players[i]!]! -= 1;
  return sizes;
}

/** Cards a game call shows its caller to hold. RULES §2, §3 */
const HOLDING: Partial<Record<Game, CardMask>> = {
  wesele: BLACK_QUEENS,
  'zollo-bieda': ALL_TENS,
  mester: ALL_ACES,
  baszka: ALL_QUEENS,
};

/**
 * Where the viewer can place each card: a mask of the seats that may hold (or have played) it, worked
 * out from the viewer's information only — its own hand as dealt, the calls and the cards played. A
 * card with one seat in its mask is located.
 */
function holders(deal: Deal, seat: number): Uint8Array {
  const may = new Uint8Array(16).fill(0b1111);
  const size = handSizes(deal);
  let unplayed = FULL_DECK;
  for (let i = 0; i < deal.nPlays; i++) {
    may[deal.plays[i]!] = 1 << deal.players[i]!;
    unplayed &= ~(1 << deal.plays[i]!);
  }
  if (seat >= 0) {
    const own = deal.dealt[seat]!;
    for (let c = 0; c < 16; c++) may[c] = (own >> c) & 1 ? 1 << seat : may[c]! & ~(1 << seat);
  }
  // The auction: a game call shows the holding it needs (RULES §3); wesele:Jx names a jack the caller
  // lacks (RULES §8); a kontra while no game is declared shows the caller lacks one black queen (RULES §3).
  let notBothQueens = 0;
  let gameDeclared = false;
  for (let i = 0; i < deal.nCalls; i++) {
    const call = deal.calls[i]!;
    const caller = deal.callers[i]!;
    if (isGameCall(call)) {
      gameDeclared = true;
      for (let m = HOLDING[gameOf(call)] ?? 0; m !== 0; m &= m - 1) may[lowestCard(m)]! &= 1 << caller;
      if (namedJack(call) >= 0) may[namedJack(call)]! &= ~(1 << caller);
    } else if (call === doublingCall(1) && !gameDeclared) {
      notBothQueens |= 1 << caller;
    }
  }
  // The play: a card that would not be legal beside card x shows that its player did not hold x. RULES §4
  let left = FULL_DECK;
  let win = 0;
  for (let i = 0; i < deal.nPlays; i++) {
    const card = deal.plays[i]!;
    const player = deal.players[i]!;
    left &= ~(1 << card);
    if ((i & 3) === 0) {
      win = card;
      continue;
    }
    const led = deal.plays[i & ~3]!;
    for (let m = left; m !== 0; m &= m - 1) {
      const x = lowestCard(m);
      const pair = (1 << card) | (1 << x);
      if (((legalCards(deal.order, deal.rules.granMustTrump, pair, led, win) >> card) & 1) === 0)
        may[x]! &= ~(1 << player);
    }
    if (beats(deal.order, card, win)) win = card;
  }
  // Counting: each seat holds exactly as many unplayed cards as its hand size says.
  for (let changed = true; changed;) {
    changed = false;
    for (let s = 0; s < 4; s++) {
      let sure = 0;
      let maybe = 0;
      for (let m = unplayed; m !== 0; m &= m - 1) {
        const c = lowestCard(m);
        if ((may[c]! >> s) & 1) maybe |= 1 << c;
        if (may[c] === 1 << s) sure |= 1 << c;
      }
      if (maybe === sure) continue;
      if (popcount(sure) === size[s]) {
        for (let m = maybe & ~sure; m !== 0; m &= m - 1) may[lowestCard(m)]! &= ~(1 << s);
        changed = true;
      } else if (popcount(maybe) === size[s]) {
        for (let m = maybe; m !== 0; m &= m - 1) may[lowestCard(m)] = 1 << s;
        changed = true;
      }
    }
    for (const [q, other] of [
      [QC, QS],
      [QS, QC],
    ] as const) {
      const at = may[q]!;
      if ((notBothQueens & at) !== 0 && popcount(at) === 1 && (may[other]! & at) !== 0 && (unplayed >> other) & 1) {
        may[other]! &= ~at;
        changed = true;
      }
    }
  }
  return may;
}

const seatOf = (mask: number): number => (popcount(mask) === 1 ? lowestCard(mask) : -1);

interface Knowledge {
  contract: Contract | null;
  declarer: number | null;
  sides: BySeat<Side | null>;
}

function knowledge(deal: Deal, seat: number): Knowledge {
  const game = deal.declaredGame;
  const gameDeclarer = game ? deal.callers[deal.lastGameAt]! : null;
  const sides: BySeat<Side | null> = [null, null, null, null];
  if (deal.phase === 'auction') return { contract: null, declarer: gameDeclarer, sides };
  const all = (oldSeats: number) => {
    for (let s = 0; s < 4; s++) sides[s] = (oldSeats >> s) & 1 ? 'old' : 'young';
    return sides;
  };
  if (game !== null && game !== 'wesele')
    return { contract: game, declarer: gameDeclarer, sides: all(1 << gameDeclarer!) }; // a declared solo game is public
  const may = holders(deal, seat);
  if (game === 'wesele') {
    // The declarer's partner holds the named jack, or the highest of Jc, Js, Jh the declarer lacks. RULES §2
    const declarer = gameDeclarer!;
    const named = namedJack(deal.calls[deal.lastGameAt]!);
    let partners = 0; // the seats that may be the partner
    for (const jack of named >= 0 ? [named] : [JC, JS, JH]) {
      partners |= may[jack]! & ~(1 << declarer);
      if (((may[jack]! >> declarer) & 1) === 0) break; // not the declarer's: its holder is the partner
    }
    if (seatOf(partners) >= 0) return { contract: game, declarer, sides: all((1 << declarer) | partners) };
    for (let s = 0; s < 4; s++) sides[s] = s === declarer ? 'old' : (partners >> s) & 1 ? null : 'young';
    return { contract: game, declarer, sides };
  }
  // No game declared: the holders of the black queens are old; cicha when one holds both. RULES §2
  const qc = may[QC]!;
  const qs = may[QS]!;
  if (qc === qs && seatOf(qc) >= 0) return { contract: 'cicha', declarer: seatOf(qc), sides: all(qc) };
  for (let s = 0; s < 4; s++) {
    if (qc === 1 << s || qs === 1 << s) sides[s] = 'old';
    else if ((((qc | qs) >> s) & 1) === 0) sides[s] = 'young'; // no black queen: young in cicha and zwyczajna alike
  }
  // Holding one black queen, the other is elsewhere: zwyczajna, even before the partner is known.
  return { contract: (qc & qs) === 0 ? 'zwyczajna' : null, declarer: null, sides };
}

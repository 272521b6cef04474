// The auction's rules: which calls are legal, applying a call, the doublings that count. RULES §3
//
// The deal (deal.ts) owns one Auction per table's rules and resets it for each deal; the play's
// rules are beside it in follow.ts. Like them, these work on integers and allocate nothing.
import { ALL_ACES, ALL_QUEENS, ALL_TENS, BLACK_QUEENS, type CardMask } from './cards.js';
import {
  type Call,
  PASS,
  WESELE_JACKS,
  doublingCall,
  doublingLevel,
  gameCall,
  gameOf,
  gameRank,
  isDoublingCall,
  isGameCall,
  namedJack,
  namedWeseleCall,
} from './calls.js';
import { type Rules, isThrown } from './rules.js';
import type { Side } from './score.js';

// Bounded: at most 8 strictly rising games, each followed by at most maxDoubling doublings, each
// call followed by at most two passes before the next, plus the closing passes.
const MAX_CALLS = 9 * 31 * 3 + 8;

const holds = (hand: number, set: number) => (hand & set) === set;

/** The doublings that count, and the side of the last one counted. RULES §3 */
export interface CountedDoublings {
  counted: number;
  lastDoubler: Side | null;
}

/**
 * A call the cicha duty forbids: the holder of both black queens whose cicha would be a sure win
 * may neither pass nor double while no game is declared (RULES §7, `cichaMustBeLosable`). Whether
 * the duty binds needs the solver's judgement, so the deal decides that.
 */
export const dutyForbids = (call: Call): boolean => call === PASS || isDoublingCall(call);

export class Auction {
  /** The calls made, in order, and who made each. */
  readonly calls = new Uint8Array(MAX_CALLS);
  readonly callers = new Uint8Array(MAX_CALLS);
  nCalls = 0;
  /** Index in `calls` of the last game declared, or -1. */
  lastGameAt = -1;
  /** Current doubling level since the last game declaration. */
  level = 0;
  private passesInRow = 0;
  private anyNonPass = false;
  /** Seats that redoubled while no game was declared (for `weseleAfterOwnRedouble`). */
  private redoubledNoGame = 0;
  /** Game calls this table allows, low to high. RULES §2, §6, §8 */
  readonly gameCalls: readonly Call[];

  constructor(private readonly rules: Rules) {
    const calls: Call[] = [];
    for (const g of rules.games) {
      if (g === 'wesele' && rules.weseleNamedJack) calls.push(...WESELE_JACKS.map(namedWeseleCall));
      else calls.push(gameCall(g));
    }
    this.gameCalls = calls.sort((a, b) => gameRank(a) - gameRank(b));
  }

  /** Start a new auction (no allocation). */
  reset(): void {
    this.nCalls = 0;
    this.lastGameAt = -1;
    this.level = 0;
    this.passesInRow = 0;
    this.anyNonPass = false;
    this.redoubledNoGame = 0;
  }

  /** Make this auction a copy of `other` (same rules). */
  copyFrom(other: Auction): void {
    this.calls.set(other.calls);
    this.callers.set(other.callers);
    this.nCalls = other.nCalls;
    this.lastGameAt = other.lastGameAt;
    this.level = other.level;
    this.passesInRow = other.passesInRow;
    this.anyNonPass = other.anyNonPass;
    this.redoubledNoGame = other.redoubledNoGame;
  }

  /** Has the auction ended? Four passes to start, or three passes after any other call. RULES §3 */
  get ended(): boolean {
    return this.passesInRow === 4 || (this.anyNonPass && this.passesInRow === 3);
  }

  /**
   * Write the calls `seat`, holding `hand`, may make now into `out`; returns how many. With
   * `gamesOnly` (the cicha duty binds, `dutyForbids`) only game calls. No allocation.
   */
  legalCallsInto(seat: number, hand: CardMask, gamesOnly: boolean, out: Uint8Array | number[]): number {
    let n = 0;
    if (!gamesOnly) out[n++] = PASS; // RULES §3: a pass is always allowed
    for (const call of this.gameCalls) if (this.allowsGame(seat, hand, call)) out[n++] = call;
    const dbl = doublingCall(this.level + 1);
    if (!gamesOnly && this.allowsDoubling(seat, hand, dbl)) out[n++] = dbl;
    return n;
  }

  /** May `seat`, holding `hand`, make this call now? The cicha duty is the deal's to add (`dutyForbids`). */
  allows(seat: number, hand: CardMask, call: Call): boolean {
    if (call === PASS) return true;
    if (isGameCall(call)) return this.gameCalls.includes(call) && this.allowsGame(seat, hand, call);
    return isDoublingCall(call) && this.allowsDoubling(seat, hand, call);
  }

  private allowsDoubling(seat: number, hand: CardMask, call: Call): boolean {
    const level = doublingLevel(call);
    // RULES §3: one level at a time, up to maxDoubling; no doubling on a thrown game
    if (level !== this.level + 1 || level > this.rules.maxDoubling) return false;
    if (this.lastGameAt < 0) return level !== 1 || !holds(hand, BLACK_QUEENS); // the would-be cicha player gives no kontra
    const game = gameOf(this.calls[this.lastGameAt]!);
    if (isThrown(game)) return false;
    // No first kontra on one's own game (RULES §3), unless weseleSelfKontra (RULES §8)
    const own = this.callers[this.lastGameAt] === seat;
    return level !== 1 || !own || (this.rules.weseleSelfKontra && game === 'wesele');
  }

  /** A game call of this table's (one of `gameCalls`). */
  private allowsGame(seat: number, hand: CardMask, call: Call): boolean {
    // RULES §3: a declared game ranks strictly above the game declared so far
    if (this.lastGameAt >= 0 && gameRank(call) <= gameRank(this.calls[this.lastGameAt]!)) return false;
    switch (gameOf(call)) {
      case 'wesele':
        if (!holds(hand, BLACK_QUEENS)) return false;
        if (!this.rules.weseleAfterOwnRedouble && (this.redoubledNoGame >> seat) & 1) return false;
        return namedJack(call) < 0 || ((hand >> namedJack(call)) & 1) === 0; // RULES §8: a jack he lacks
      case 'zollo-bieda':
        return holds(hand, ALL_TENS);
      case 'mester':
        return holds(hand, ALL_ACES);
      case 'baszka':
        return holds(hand, ALL_QUEENS);
      default:
        return true;
    }
  }

  /** Record `seat`'s call, which must be legal. Returns whether the auction has ended. RULES §3 */
  apply(seat: number, call: Call): boolean {
    this.calls[this.nCalls] = call;
    this.callers[this.nCalls] = seat;
    if (call === PASS) {
      this.passesInRow++;
    } else {
      this.passesInRow = 0;
      this.anyNonPass = true;
      if (isGameCall(call)) {
        this.lastGameAt = this.nCalls; // RULES §3: a new game voids earlier doublings
        this.level = 0;
      } else {
        this.level++;
        if (this.lastGameAt < 0 && this.level >= 2) this.redoubledNoGame |= 1 << seat;
      }
    }
    this.nCalls++;
    return this.ended;
  }

  /**
   * Effective doublings, written into `out`: after the last game, the first counts, each later one
   * only if its caller is on the other side from the last counted one. `oldSeats` has bit s set
   * when seat s is old. RULES §3
   */
  countDoublingsInto(oldSeats: number, out: CountedDoublings): void {
    let counted = 0;
    let last: Side | null = null;
    for (let i = this.lastGameAt + 1; i < this.nCalls; i++) {
      if (!isDoublingCall(this.calls[i]!)) continue;
      const side: Side = (oldSeats >> this.callers[i]!) & 1 ? 'old' : 'young';
      if (side !== last) {
        counted++;
        last = side;
      }
    }
    out.counted = counted;
    out.lastDoubler = last;
  }
}

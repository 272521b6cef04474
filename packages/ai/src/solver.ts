// The double-dummy solver: all hands known, contract and sides fixed; how many card points does the
// old side take with perfect play by both sides, and which cards achieve it?
//
// Every score of RULES §5 is a non-decreasing function of the old side's points: the old win with
// 53 (a du game with all 104, since any trick holds at least 8 points), the grades step at the
// wyjście thresholds and at 0/104 (bez bitki: a side with no trick has 0 points). So the minimax of
// points is the minimax of scores, and the old side maximising points is the old side maximising
// its score (tested in solver.test.ts against scoring every leaf).
import { type Card, type CardOrder, POINTS, beats, legalCards } from '@baska/engine';
import { type Position, trickState } from './position.js';

const TT_BITS = 16;

function pointsOfMask(mask: number): number {
  let sum = 0;
  for (let m = mask; m !== 0; m &= m - 1) sum += POINTS[31 - Math.clz32(m & -m)]!;
  return sum;
}
const TT_SIZE = 1 << TT_BITS;

export class Solver {
  /** Nodes visited since the last reset (for benchmarks). */
  nodes = 0;
  private order!: CardOrder;
  private gmt = true;
  private oldSeats = 0;
  private readonly h = new Int32Array(4);
  // Transposition table at trick boundaries: bounds on the old side's future points.
  private readonly ttA = new Int32Array(TT_SIZE);
  private readonly ttB = new Int32Array(TT_SIZE);
  private readonly ttGen = new Int32Array(TT_SIZE);
  private readonly ttSeat = new Int8Array(TT_SIZE);
  private readonly ttLow = new Int8Array(TT_SIZE);
  private readonly ttHigh = new Int8Array(TT_SIZE);
  private gen = 0;
  private key = '';
  private readonly ranking = new Int8Array(16);

  private load(p: Position): ReturnType<typeof trickState> {
    const key = `${p.order.name}|${p.granMustTrump}|${p.oldSeats}`;
    // A new contract, sides or order invalidates the table: its bounds hold for one game only.
    if (key !== this.key || this.gen === 0) {
      this.gen++;
      this.key = key;
    }
    this.order = p.order;
    this.gmt = p.granMustTrump;
    this.oldSeats = p.oldSeats;
    for (let s = 0; s < 4; s++) this.h[s] = p.hands[s]!;
    p.order.ranking.forEach((c, i) => (this.ranking[i] = c));
    return trickState(p);
  }

  /** Start afresh: forget every stored bound (not needed for correctness; for clean measurements). */
  reset(): void {
    this.gen++;
    this.key = '';
    this.nodes = 0;
  }

  /** The card points the old side takes in all, with perfect play from this position. */
  solve(p: Position): number {
    const t = this.load(p);
    return p.oldPoints + this.search(t.toAct, p.trick.length, t.led, t.win, t.winSeat, t.points, -1, 105);
  }

  /** Does the old side take at least `target` points in all with perfect play? (a zero-window search) */
  atLeast(p: Position, target: number): boolean {
    const t = this.load(p);
    const need = target - p.oldPoints;
    if (need <= 0) return true;
    return this.search(t.toAct, p.trick.length, t.led, t.win, t.winSeat, t.points, need - 1, need) >= need;
  }

  /** The value of each legal card for the player to move: the old side's points in all after it. */
  cardValues(p: Position): Map<Card, number> {
    const t = this.load(p);
    const out = new Map<Card, number>();
    const seat = t.toAct;
    const n = p.trick.length;
    for (let m = legalCards(this.order, this.gmt, this.h[seat]!, n === 0 ? -1 : t.led, t.win); m !== 0; m &= m - 1) {
      const c = 31 - Math.clz32(m & -m);
      out.set(c, p.oldPoints + this.play(seat, n, t.led, t.win, t.winSeat, t.points, c, -1, 105));
    }
    return out;
  }

  /** The best cards for the player to move, and the old side's points with perfect play. */
  best(p: Position): { oldPoints: number; best: Card[] } {
    const values = this.cardValues(p);
    const old = (p.oldSeats >> ((p.leader + p.trick.length) & 3)) & 1;
    const v = [...values.values()];
    const target = old ? Math.max(...v) : Math.min(...v);
    return { oldPoints: target, best: [...values].filter(([, x]) => x === target).map(([c]) => c) };
  }

  /** Play card c for `seat` and search on; returns the old side's future points from before c. */
  private play(
    seat: number,
    n: number,
    led: number,
    win: number,
    winSeat: number,
    pts: number,
    c: number,
    alpha: number,
    beta: number,
  ): number {
    const h = this.h;
    h[seat] = h[seat]! & ~(1 << c);
    let v: number;
    const takes = n === 0 || beats(this.order, c, win);
    const w = takes ? c : win;
    const ws = takes ? seat : winSeat;
    if (n === 3) {
      const gain = (this.oldSeats >> ws) & 1 ? pts + POINTS[c]! : 0;
      v = gain + this.search(ws, 0, -1, -1, -1, 0, alpha - gain, beta - gain);
    } else {
      v = this.search((seat + 1) & 3, n + 1, n === 0 ? c : led, w, ws, pts + POINTS[c]!, alpha, beta);
    }
    h[seat] = h[seat]! | (1 << c);
    return v;
  }

  /** The last trick: every card is forced. The old side's points from it. */
  private lastTrick(leader: number): number {
    const h = this.h;
    let win = 31 - Math.clz32(h[leader]!);
    let winSeat = leader;
    let pts = POINTS[win]!;
    for (let i = 1; i < 4; i++) {
      const s = (leader + i) & 3;
      const c = 31 - Math.clz32(h[s]!);
      pts += POINTS[c]!;
      if (beats(this.order, c, win)) {
        win = c;
        winSeat = s;
      }
    }
    return (this.oldSeats >> winSeat) & 1 ? pts : 0;
  }

  /** Alpha-beta over the old side's future points (fail-soft). */
  private search(
    seat: number,
    n: number,
    led: number,
    win: number,
    winSeat: number,
    pts: number,
    alpha: number,
    beta: number,
  ): number {
    this.nodes++;
    const h = this.h;
    let slot = -1;
    let hit = false;
    let a0 = alpha;
    let b0 = beta;
    const ka = h[0]! | (h[1]! << 16);
    const kb = h[2]! | (h[3]! << 16);
    if (n === 0) {
      const all = h[0]! | h[1]! | h[2]! | h[3]!;
      if (all === 0) return 0;
      if ((h[seat]! & (h[seat]! - 1)) === 0) return this.lastTrick(seat);
      // No more than the points still out can be won: cut when that cannot change the bound.
      const rest = pointsOfMask(all);
      if (alpha >= rest) return rest;
      if (beta <= 0) return 0;
      slot = (Math.imul(ka ^ Math.imul(kb ^ seat, 0x9e3779b1), 0x85ebca6b) >>> (32 - TT_BITS)) & (TT_SIZE - 1);
      hit =
        this.ttGen[slot] === this.gen && this.ttA[slot] === ka && this.ttB[slot] === kb && this.ttSeat[slot] === seat;
      if (hit) {
        const low = this.ttLow[slot]!;
        const high = this.ttHigh[slot]!;
        if (low >= beta || low === high) return low;
        if (high <= alpha) return high;
        if (low > alpha) alpha = low;
        if (high < beta) beta = high;
        a0 = alpha;
        b0 = beta;
      }
    }
    const old = (this.oldSeats >> seat) & 1;
    const hand = h[seat]!;
    const legal = legalCards(this.order, this.gmt, hand, n === 0 ? -1 : led, win);
    // Cards that others still hold or that lie in this trick: equal-point cards of one group with
    // none of these between them are interchangeable, and only one of them need be tried.
    let others = (h[0]! | h[1]! | h[2]! | h[3]!) & ~hand;
    if (n > 0) others |= 1 << win;
    const order = this.order;
    let best = old ? -1 : 1000;
    let prev = -1;
    for (let i = 0; i < 16; i++) {
      const c = this.ranking[i]!;
      if (((legal >> c) & 1) === 0) continue;
      if (prev >= 0 && order.group[prev] === order.group[c] && POINTS[prev] === POINTS[c]) {
        const between = order.above[c]! & ~order.above[prev]! & ~(1 << prev);
        if ((between & others) === 0) continue;
      }
      prev = c;
      const v = this.play(seat, n, led, win, winSeat, pts, c, alpha, beta);
      if (old) {
        if (v > best) best = v;
        if (best > alpha) alpha = best;
      } else {
        if (v < best) best = v;
        if (best < beta) beta = best;
      }
      if (alpha >= beta) break;
    }
    if (slot >= 0) {
      // Bounds on this position's future points, joined with what the table already knew of it.
      let low = hit ? this.ttLow[slot]! : -1;
      let high = hit ? this.ttHigh[slot]! : 105;
      if (best <= a0) high = Math.min(high, best);
      else if (best >= b0) low = Math.max(low, best);
      else low = high = best;
      this.ttGen[slot] = this.gen;
      this.ttA[slot] = ka;
      this.ttB[slot] = kb;
      this.ttSeat[slot] = seat;
      this.ttLow[slot] = low;
      this.ttHigh[slot] = high;
    }
    return best;
  }
}

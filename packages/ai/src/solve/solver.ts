// The double-dummy solver: all hands known, contract and sides fixed; how many card points does the
// old side take with perfect play by both sides, and which cards achieve it?
//
// Every score of RULES §5 is a non-decreasing function of the old side's points: the old win with
// 53 (a du game with all 104, since any trick holds at least 8 points), the grades step at the
// wyjście thresholds and at 0/104 (bez bitki: a side with no trick has 0 points). So the minimax of
// points is the minimax of scores, and the old side maximising points is the old side maximising
// its score (tested in solver.test.ts against scoring every leaf).
//
// Inside, cards are renamed by their rank in the contract's order (0 = the highest trump, then each
// plain group from its highest card down), so that a hand's cards come out strongest first, a
// group is a run of bits, "the cards above c in its group" is a range, and a trick is won by the
// lowest rank among the trumps or the led group. RULES §4
import { type Card, type CardOrder, ORDERS, POINTS } from '@baska/engine/fast';
import { type Position } from './position.js';

/** The table's size by default: 2^15 entries of 16 bytes (512 KB: within a core's own cache; decision 012). */
const TABLE_BITS = 15;

/** A card order renamed by rank. */
interface RankOrder {
  readonly rankOf: Int8Array;
  readonly cardOf: Int8Array;
  /** Following group of each rank: 0 for the trumps. */
  readonly group: Int8Array;
  /** The ranks of each group. */
  readonly groupMask: Int32Array;
  readonly points: Int8Array;
  readonly trumps: number;
  readonly rich: number;
  /** The jacks, the queens and the tens: a hand's cheapest card is found by three tests. */
  readonly jacks: number;
  readonly queens: number;
  readonly tens: number;
  /** `beats[c << 4 | w]` is 1 when rank c takes a trick that rank w holds: a trump, or higher in w's group. */
  readonly beats: Uint8Array;
}

const ORDER_IDS: Readonly<Record<CardOrder['name'], number>> = { normal: 0, gran: 1, asTrzyDychy: 2 };
const rankOrders = new Map<string, RankOrder>();

function rankOrderOf(order: CardOrder): RankOrder {
  let r = rankOrders.get(order.name);
  if (r) return r;
  const rankOf = new Int8Array(16);
  const cardOf = new Int8Array(16);
  const group = new Int8Array(16);
  const groupMask = new Int32Array(5);
  const points = new Int8Array(16);
  order.ranking.forEach((c, i) => {
    rankOf[c] = i;
    cardOf[i] = c;
    group[i] = order.group[c]!;
    groupMask[order.group[c]!]! |= 1 << i;
    points[i] = POINTS[c]!;
  });
  let rich = 0;
  let jacks = 0;
  let queens = 0;
  let tens = 0;
  for (let i = 0; i < 16; i++) {
    if (points[i]! >= 10) rich |= 1 << i;
    if (points[i] === 2) jacks |= 1 << i;
    if (points[i] === 3) queens |= 1 << i;
    if (points[i] === 10) tens |= 1 << i;
  }
  const beats = new Uint8Array(256);
  for (let c = 0; c < 16; c++)
    for (let w = 0; w < 16; w++) if (c < w && (group[c] === 0 || group[c] === group[w])) beats[(c << 4) | w] = 1;
  r = { rankOf, cardOf, group, groupMask, points, trumps: groupMask[0]!, rich, jacks, queens, tens, beats };
  rankOrders.set(order.name, r);
  return r;
}

/** Does a side holding `mine` take every trick against `theirs`? (both non-empty, in ranks: 0 is the highest trump) */
function sweeps(mine: number, theirs: number, trumps: number): boolean {
  if ((mine & ~trumps) !== 0) return false;
  const theirTrumps = theirs & trumps;
  return theirTrumps === 0 || 31 - Math.clz32(mine) < 31 - Math.clz32(theirTrumps & -theirTrumps);
}

/** Every total its own step: an exact solve. */
const EXACT = Int8Array.from({ length: 105 }, (_, i) => i);
const stepTables = new WeakMap<ArrayLike<number>, { top: Int8Array; floor: Int8Array }>();

/** The step tables of ascending thresholds (kept per thresholds object: the analysis reuses them). */
function stepsOf(thresholds: ArrayLike<number>): { top: Int8Array; floor: Int8Array } {
  let t = stepTables.get(thresholds);
  if (t) return t;
  const top = new Int8Array(105);
  const floor = new Int8Array(105);
  let lo = 0;
  for (let i = 0; i <= thresholds.length; i++) {
    const hi = i < thresholds.length ? Math.min(105, Math.max(lo, thresholds[i]!)) : 105;
    for (let a = lo; a < hi; a++) {
      floor[a] = lo;
      top[a] = hi - 1;
    }
    lo = hi;
  }
  t = { top, floor };
  stepTables.set(thresholds, t);
  return t;
}

export class Solver {
  /** Nodes visited since the last reset (for benchmarks). */
  nodes = 0;
  // Every field holds its final kind of value from the start: a field that changes kind later
  // throws away the optimised search (seen as a process that stayed four times slower).
  private order: CardOrder = ORDERS.normal;
  private ro: RankOrder = rankOrderOf(ORDERS.normal);
  private group: Int8Array = this.ro.group;
  private groupMask: Int32Array = this.ro.groupMask;
  private pts: Int8Array = this.ro.points;
  private beats: Uint8Array = this.ro.beats;
  private trumps = 0;
  /** The aces and tens. */
  private rich = 0;
  private jacks = 0;
  private queens = 0;
  private tens = 0;
  /** Must a player who cannot follow trump when he can (false only in gran under granMustTrump: false)? */
  private mustTrump = true;
  private oldSeats = 0;
  /** Points of the cards still held. */
  private rest = 0;
  private readonly h = new Int32Array(4);
  // The trick in progress of the loaded position, in ranks (-1: no card yet).
  private toAct = 0;
  private n = 0;
  private led = -1;
  private win = -1;
  private winSeat = -1;
  private trickPoints = 0;
  // Transposition table at trick boundaries: bounds on the old side's future points.
  // One entry is four numbers side by side (one cache line holds four entries): the two halves of
  // the hands, the generation with the seat to lead and the game's context (order, granMustTrump,
  // sides: 10 bits), and the bounds (each + 1, a byte each).
  private readonly tt: Int32Array;
  /** A slot is the top `32 - shift` bits of a position's hash. */
  private readonly shift: number;
  private gen = 1;
  /** The context of the position being solved, shifted past the seat: entries of other games never match. */
  private ctx = 0;
  /** The old side's points banked before the trick in progress: a node's value plus this is the deal's total. */
  private off = 0;
  /**
   * The points in all that count as equal (a score's step): `top[a]` and `floor[a]` are the highest
   * and lowest totals on the step of total `a`. Identity for an exact solve; for `reach`, the search
   * rounds its window to the steps, so that one search finds the step (see `coarse`).
   */
  private top: Int8Array = EXACT;
  private floor: Int8Array = EXACT;

  /**
   * `tableBits`: the table holds 2^tableBits entries of 16 bytes (tests use tiny tables, where
   * positions often share a slot).
   */
  constructor(opts: { tableBits?: number } = {}) {
    const bits = opts.tableBits ?? TABLE_BITS;
    if (!Number.isInteger(bits) || bits < 1 || bits > 24) throw new RangeError(`tableBits ${bits}: 1 to 24`);
    this.tt = new Int32Array(4 << bits);
    this.shift = 32 - bits;
    this.useOrder(ORDERS.normal);
  }

  /** Load a position: the hands in ranks, and the trick in progress into `toAct` … `trickPoints`. */
  private load(p: Position): void {
    // Bounds hold for one order and one pair of sides: entries are tagged with them, so that
    // analyses that switch between games (layouts with other partners, other contracts) keep each.
    this.ctx = ((ORDER_IDS[p.order.name] << 5) | (p.granMustTrump ? 16 : 0) | p.oldSeats) << 2;
    if (p.order !== this.order) this.useOrder(p.order);
    const ro = this.ro;
    this.mustTrump = p.order.name !== 'gran' || p.granMustTrump;
    this.oldSeats = p.oldSeats;
    this.off = p.oldPoints;
    let rest = 0;
    for (let s = 0; s < 4; s++) {
      let hand = 0;
      for (let m = p.hands[s]!; m !== 0; m &= m - 1) {
        const r = ro.rankOf[31 - Math.clz32(m & -m)]!;
        hand |= 1 << r;
        rest += ro.points[r]!;
      }
      this.h[s] = hand;
    }
    this.rest = rest;
    // The trick in progress, in ranks. The analysis loads a position per layout and card: no
    // object is made here.
    const trick = p.trick;
    let led = -1;
    let win = -1;
    let winSeat = -1;
    let points = 0;
    for (let i = 0; i < trick.length; i++) {
      const c = ro.rankOf[trick[i]!]!;
      points += ro.points[c]!;
      if (i === 0) led = c;
      if (i === 0 || ro.beats[(c << 4) | win] === 1) {
        win = c;
        winSeat = (p.leader + i) & 3;
      }
    }
    this.toAct = (p.leader + trick.length) & 3;
    this.n = trick.length;
    this.led = led;
    this.win = win;
    this.winSeat = winSeat;
    this.trickPoints = points;
  }

  private useOrder(order: CardOrder): void {
    const ro = rankOrderOf(order);
    this.order = order;
    this.ro = ro;
    this.group = ro.group;
    this.groupMask = ro.groupMask;
    this.pts = ro.points;
    this.beats = ro.beats;
    this.trumps = ro.trumps;
    this.rich = ro.rich;
    this.jacks = ro.jacks;
    this.queens = ro.queens;
    this.tens = ro.tens;
  }

  /** Start afresh: forget every stored bound (not needed for correctness; for clean measurements). */
  reset(): void {
    this.gen++;
    if (this.gen === 1 << 20) {
      this.tt.fill(0);
      this.gen = 1;
    }
    this.nodes = 0;
  }

  /** The card points the old side takes in all, with perfect play from this position. */
  solve(p: Position): number {
    this.load(p);
    const v = this.search(this.toAct, this.n, this.led, this.win, this.winSeat, this.trickPoints, -1, 105);
    return p.oldPoints + v;
  }

  /** Does the old side take at least `target` points in all with perfect play? (a zero-window search) */
  atLeast(p: Position, target: number): boolean {
    this.load(p);
    const need = target - p.oldPoints;
    if (need <= 0) return true;
    return this.search(this.toAct, this.n, this.led, this.win, this.winSeat, this.trickPoints, need - 1, need) >= need;
  }

  /**
   * How many of the ascending `thresholds` the old side's points in all reach with perfect play:
   * a binary search of zero-window searches, for when only some thresholds matter (a score's steps).
   */
  reach(p: Position, thresholds: ArrayLike<number>): number {
    return this.reachAfter(p, -1, thresholds);
  }

  /**
   * `reach` of the position after the seat to move plays `card` (-1: of `p` itself), without
   * building that position: the analysis asks this for every card in every layout.
   */
  reachAfter(p: Position, card: Card, thresholds: ArrayLike<number>): number {
    this.load(p);
    const seat = this.toAct;
    const hand = this.h[seat]!;
    const c = card < 0 ? -1 : this.ro.rankOf[card]!;
    if (c >= 0) {
      this.h[seat] = hand & ~(1 << c);
      this.rest -= this.pts[c]!;
    }
    // One search whose window is rounded to the score's steps finds the step at once (a binary
    // search of zero-window searches took two or three of them).
    const st = stepsOf(thresholds);
    this.top = st.top;
    this.floor = st.floor;
    const v =
      c < 0
        ? this.search(seat, this.n, this.led, this.win, this.winSeat, this.trickPoints, -1, 105)
        : this.after(seat, this.n, this.led, this.win, this.winSeat, this.trickPoints, c, -1, 105);
    this.top = this.floor = EXACT;
    const total = p.oldPoints + v;
    let lo = 0;
    while (lo < thresholds.length && thresholds[lo]! <= total) lo++;
    if (c >= 0) {
      this.h[seat] = hand;
      this.rest += this.pts[c]!;
    }
    return lo;
  }

  /** The value of each legal card for the player to move: the old side's points in all after it. */
  cardValues(p: Position): Map<Card, number> {
    this.load(p);
    const out = new Map<Card, number>();
    const seat = this.toAct;
    const hand = this.h[seat]!;
    const { n, led, win, winSeat, trickPoints } = this;
    for (let m = this.legal(hand, n, led, win); m !== 0; m &= m - 1) {
      const c = 31 - Math.clz32(m & -m);
      this.h[seat] = hand & ~(1 << c);
      this.rest -= this.pts[c]!;
      const v = this.after(seat, n, led, win, winSeat, trickPoints, c, -1, 105);
      this.rest += this.pts[c]!;
      this.h[seat] = hand;
      out.set(this.ro.cardOf[c]!, p.oldPoints + v);
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

  /** The cards of `hand` that may be played as the n-th card of a trick (ranks). RULES §4 */
  private legal(hand: number, n: number, led: number, win: number): number {
    if (n === 0) return hand;
    const trumps = hand & this.trumps;
    const below = (1 << win) - 1; // the ranks above `win`
    const ledGroup = this.group[led]!;
    if (ledGroup !== 0) {
      const same = hand & this.groupMask[ledGroup]!;
      if (same !== 0) {
        // Follow the led suit; beat it if you can while no trump is in.
        if (this.group[win] === 0) return same;
        const beat = same & below;
        return beat !== 0 ? beat : same;
      }
      const beat = this.group[win] === 0 ? trumps & below : trumps;
      if (beat !== 0) return beat;
      return trumps !== 0 && this.mustTrump ? trumps : hand;
    }
    // A trump is led: beat the highest trump if you can, else any trump, else any card.
    const beat = trumps & below;
    return beat !== 0 ? beat : trumps !== 0 ? trumps : hand;
  }

  /**
   * The last two tricks, every hand holding two cards: a plain minimax over at most 16 ways to play
   * the third trick (the fourth is forced), with no table and no calls. The old side's points.
   */
  private lastTwo(leader: number, alpha: number, beta: number): number {
    const h = this.h;
    const bt = this.beats;
    const pt = this.pts;
    const os = this.oldSeats;
    const rest = this.rest;
    const s1 = (leader + 1) & 3;
    const s2 = (leader + 2) & 3;
    const s3 = (leader + 3) & 3;
    const h0 = h[leader]!;
    const h1 = h[s1]!;
    const h2 = h[s2]!;
    const h3 = h[s3]!;
    const o0 = (os >> leader) & 1;
    const o1 = (os >> s1) & 1;
    const o2 = (os >> s2) & 1;
    const o3 = (os >> s3) & 1;
    let best0 = o0 ? -1 : 1000;
    for (let m0 = h0; m0 !== 0; m0 &= m0 - 1) {
      const a = 31 - Math.clz32(m0 & -m0);
      const r0 = h0 & ~(1 << a);
      let a1 = alpha;
      let b1 = beta;
      if (o0) {
        if (best0 > a1) a1 = best0;
      } else if (best0 < b1) b1 = best0;
      let best1 = o1 ? -1 : 1000;
      for (let m1 = this.legal(h1, 1, a, a); m1 !== 0; m1 &= m1 - 1) {
        const b = 31 - Math.clz32(m1 & -m1);
        let w1 = a;
        let ws1 = 0;
        if (bt[(b << 4) | a] === 1) {
          w1 = b;
          ws1 = 1;
        }
        const r1 = h1 & ~(1 << b);
        let a2 = a1;
        let b2 = b1;
        if (o1) {
          if (best1 > a2) a2 = best1;
        } else if (best1 < b2) b2 = best1;
        let best2 = o2 ? -1 : 1000;
        for (let m2 = this.legal(h2, 2, a, w1); m2 !== 0; m2 &= m2 - 1) {
          const c = 31 - Math.clz32(m2 & -m2);
          let w2 = w1;
          let ws2 = ws1;
          if (bt[(c << 4) | w1] === 1) {
            w2 = c;
            ws2 = 2;
          }
          const r2 = h2 & ~(1 << c);
          let a3 = a2;
          let b3 = b2;
          if (o2) {
            if (best2 > a3) a3 = best2;
          } else if (best2 < b3) b3 = best2;
          let best3 = o3 ? -1 : 1000;
          for (let m3 = this.legal(h3, 3, a, w2); m3 !== 0; m3 &= m3 - 1) {
            const d = 31 - Math.clz32(m3 & -m3);
            const ws3 = bt[(d << 4) | w2] === 1 ? 3 : ws2;
            const p = pt[a]! + pt[b]! + pt[c]! + pt[d]!;
            // The last trick, led by the third trick's winner: every card forced.
            const r3 = h3 & ~(1 << d);
            const lead = (leader + ws3) & 3;
            const lr = lead === leader ? r0 : lead === s1 ? r1 : lead === s2 ? r2 : r3;
            let win = 31 - Math.clz32(lr);
            let winSeat = lead;
            for (let i = 1; i < 4; i++) {
              const s = (lead + i) & 3;
              const x = s === leader ? r0 : s === s1 ? r1 : s === s2 ? r2 : r3;
              const e = 31 - Math.clz32(x);
              if (bt[(e << 4) | win] === 1) {
                win = e;
                winSeat = s;
              }
            }
            const v = ((os >> lead) & 1 ? p : 0) + ((os >> winSeat) & 1 ? rest - p : 0);
            if (o3) {
              if (v > best3) best3 = v;
              if (best3 >= b3) break;
            } else {
              if (v < best3) best3 = v;
              if (best3 <= a3) break;
            }
          }
          if (o2) {
            if (best3 > best2) best2 = best3;
            if (best2 >= b2) break;
          } else {
            if (best3 < best2) best2 = best3;
            if (best2 <= a2) break;
          }
        }
        if (o1) {
          if (best2 > best1) best1 = best2;
          if (best1 >= b1) break;
        } else {
          if (best2 < best1) best1 = best2;
          if (best1 <= a1) break;
        }
      }
      if (o0) {
        if (best1 > best0) best0 = best1;
        if (best0 >= beta) break;
      } else {
        if (best1 < best0) best0 = best1;
        if (best0 <= alpha) break;
      }
    }
    return best0;
  }

  /** The points of a hand's cheapest card (the hand not empty). */
  private cheapest(hand: number): number {
    return hand & this.jacks ? 2 : hand & this.queens ? 3 : hand & this.tens ? 10 : 11;
  }

  /**
   * Points a side (`side`: its seats as bits, `mine`: its cards) surely takes from here, at a trick's
   * start: the trumps above all the other side's trumps win whatever trick they fall in, and one
   * seat's such trumps fall in different tricks (it plays one card a trick), each trick bringing at
   * least the cheapest card of every other hand. RULES §4
   */
  private sure(side: number, mine: number, all: number): number {
    const trumps = all & this.trumps;
    const theirs = trumps & ~mine;
    // The top trumps down to the other side's best one (ranks: a lower bit is a higher card).
    const run = theirs === 0 ? trumps : trumps & ((theirs & -theirs) - 1);
    if (run === 0) return 0;
    const h = this.h;
    const pts = this.pts;
    const c0 = this.cheapest(h[0]!);
    const c1 = this.cheapest(h[1]!);
    const c2 = this.cheapest(h[2]!);
    const c3 = this.cheapest(h[3]!);
    const cheap = c0 + c1 + c2 + c3;
    let best = 0;
    for (let s = 0; s < 4; s++) {
      if (((side >> s) & 1) === 0) continue;
      let k = 0;
      let v = 0;
      for (let m = run & h[s]!; m !== 0; m &= m - 1) {
        k++;
        v += pts[31 - Math.clz32(m & -m)]!;
      }
      if (k === 0) continue;
      v += k * (cheap - (s === 0 ? c0 : s === 1 ? c1 : s === 2 ? c2 : c3));
      if (v > best) best = v;
    }
    return best;
  }

  /** The last trick: every card is forced. The old side's points from it. */
  private lastTrick(leader: number): number {
    const h = this.h;
    let win = 31 - Math.clz32(h[leader]!);
    let winSeat = leader;
    for (let i = 1; i < 4; i++) {
      const s = (leader + i) & 3;
      const c = 31 - Math.clz32(h[s]!);
      if (this.beats[(c << 4) | win] === 1) {
        win = c;
        winSeat = s;
      }
    }
    return (this.oldSeats >> winSeat) & 1 ? this.rest : 0;
  }

  /** Card c has just left `seat`'s hand: go on; the old side's future points from before c. */
  private after(
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
    if (n === 0) return this.children((seat + 1) & 3, 1, c, c, seat, this.pts[c]!, alpha, beta);
    const takes = this.beats[(c << 4) | win] === 1;
    const ws = takes ? seat : winSeat;
    if (n < 3) return this.children((seat + 1) & 3, n + 1, led, takes ? c : win, ws, pts + this.pts[c]!, alpha, beta);
    const gain = (this.oldSeats >> ws) & 1 ? pts + this.pts[c]! : 0;
    this.off += gain;
    const v = gain + this.search(ws, 0, -1, -1, -1, 0, alpha - gain, beta - gain);
    this.off -= gain;
    return v;
  }
  /**
   * Alpha-beta over the old side's future points (fail-soft), from a trick's start: the table, the
   * bounds, the endings. A trick in progress goes to `children` at once.
   */
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
    if (n !== 0) return this.children(seat, n, led, win, winSeat, pts, alpha, beta);
    this.nodes++;
    const h = this.h;
    let a0 = alpha;
    let b0 = beta;
    const all = h[0]! | h[1]! | h[2]! | h[3]!;
    const off = this.off;
    if (all === 0) return 0;
    const lead = h[seat]!;
    if ((lead & (lead - 1)) === 0) return this.lastTrick(seat);
    const rest = this.rest;
    const ceil = this.floor[off + rest]! - off;
    if (alpha >= ceil) return rest;
    const bottom = this.top[off]! - off;
    if (beta <= bottom || bottom >= ceil) return 0;
    if (bottom > alpha) alpha = bottom;
    if (ceil < beta) beta = ceil;
    const two = lead & (lead - 1);
    const endTwo = (two & (two - 1)) === 0;
    // A two-trick ending goes to the table at once: in an analysis three in four are there (from
    // other layouts), and at two cards a hand the sure-points bounds below cost more than they cut
    // (the first lead 1.15× without them there). A full solve probes it too: of its 55 endings 23
    // are there, reached by the same tricks in another order (1.13–1.17× with the probe).
    if (!endTwo) {
      // A side whose every card is a trump above all the other side's trumps takes every trick left:
      // it wins any trump lead, and trumps any plain lead (all it holds are trumps). RULES §4
      const os = this.oldSeats;
      const oldCards = (os & 1 ? h[0]! : 0) | (os & 2 ? h[1]! : 0) | (os & 4 ? h[2]! : 0) | (os & 8 ? h[3]! : 0);
      const youngCards = all & ~oldCards;
      if (sweeps(oldCards, youngCards, this.trumps)) return rest;
      if (sweeps(youngCards, oldCards, this.trumps)) return 0;
      // What each side surely takes bounds the old side's points: cut when the window lies outside.
      const low = this.sure(os, oldCards, all);
      if (low >= beta) return low;
      const high = rest - this.sure(~os & 15, youngCards, all);
      if (high <= alpha) return high;
      if (low > alpha) alpha = this.top[off + low]! - off;
      if (high < beta) beta = this.floor[off + high]! - off;
      if (alpha >= beta) return low; // both bounds on one step
    }
    const ka = h[0]! | (h[1]! << 16);
    const kb = h[2]! | (h[3]! << 16);
    const tag = seat | this.ctx;
    const slot = Math.imul(ka ^ Math.imul(kb ^ tag, 0x9e3779b1), 0x85ebca6b) >>> this.shift;
    // Every word of the entry is read whatever the first says: a read that only a hit makes would
    // have no type feedback when the search is first optimised, and undo it at the first hit.
    const i = slot << 2;
    const e0 = this.tt[i]!;
    const e1 = this.tt[i + 1]!;
    const e2 = this.tt[i + 2]!;
    const e3 = this.tt[i + 3]!;
    const hit = ((e0 ^ ka) | (e1 ^ kb) | (e2 ^ ((this.gen << 10) | tag))) === 0;
    if (hit) {
      const low = (e3 & 255) - 1;
      const high = (e3 >> 8) - 1;
      if (low >= beta || low === high) return low;
      if (high <= alpha) return high;
      if (low > alpha) alpha = this.top[this.off + low]! - this.off;
      if (high < beta) beta = this.floor[this.off + high]! - this.off;
      if (alpha >= beta) return low; // low and high on one step: that step is the answer
      a0 = alpha;
      b0 = beta;
    }
    if (endTwo) {
      const best = this.lastTwo(seat, alpha, beta);
      this.store(slot, hit, ka, kb, tag, best, a0, b0);
      return best;
    }
    const best = this.children(seat, 0, -1, -1, -1, 0, alpha, beta);
    this.store(slot, hit, ka, kb, tag, best, a0, b0);
    return best;
  }

  /**
   * The loop over the cards of the seat to move, apart from `search`: a function with a loop may be
   * optimised while running (on-stack replacement), and V8 then sometimes left `search` itself
   * unoptimised for good after a deoptimisation (a process about four times slower). A trick in
   * progress (n > 0) comes here straight from the card before, not through `search` (1.05–1.12×).
   */
  private children(
    seat: number,
    n: number,
    led: number,
    win: number,
    winSeat: number,
    pts: number,
    alpha: number,
    beta: number,
  ): number {
    const h = this.h;
    if (n !== 0) {
      this.nodes++;
      // Between nothing and every point still out (`most`): cut when no total in that range can
      // leave the window, counting every total of a score's step as one (exact: plain 0 and most).
      const off = this.off;
      const most = pts + this.rest;
      const ceil = this.floor[off + most]! - off;
      if (alpha >= ceil) return most;
      const bottom = this.top[off]! - off;
      if (beta <= bottom || bottom >= ceil) return 0;
      if (bottom > alpha) alpha = bottom;
      if (ceil < beta) beta = ceil;
    }
    const all = h[0]! | h[1]! | h[2]! | h[3]!;
    const old = (this.oldSeats >> seat) & 1;
    const hand = h[seat]!;
    const legal = this.legal(hand, n, led, win);
    const group = this.group;
    const ptsOf = this.pts;
    // Cards that others still hold or that win this trick: equal-point cards of one group with none
    // of these between them are interchangeable, and only one of them need be tried.
    const others = (all & ~hand) | (n > 0 ? 1 << win : 0);
    let best = old ? -1 : 1000;
    let prev = -1;
    // Move order: strongest first; but when one's own side holds the trick, the rich cards (aces
    // and tens) first: giving points to the partner's trick is usually best.
    let m = legal;
    let later = 0;
    if (n > 0 && (legal & this.rich) !== 0 && (legal & ~this.rich) !== 0) {
      if (((this.oldSeats >> winSeat) & 1) === old) {
        m = legal & this.rich;
        later = legal & ~this.rich;
      } else if (n === 3) {
        m = legal & ~this.rich;
        later = legal & this.rich;
      }
    }
    for (;;) {
      if (m === 0) {
        if (later === 0) break;
        m = later;
        later = 0;
        prev = -1;
      }
      const c = 31 - Math.clz32(m & -m);
      m &= m - 1;
      if (
        prev >= 0 &&
        group[prev] === group[c] &&
        ptsOf[prev] === ptsOf[c] &&
        (others & ((1 << c) - 1) & ~((2 << prev) - 1)) === 0
      )
        continue;
      prev = c;
      h[seat] = hand & ~(1 << c);
      this.rest -= ptsOf[c]!;
      const v = this.after(seat, n, led, win, winSeat, pts, c, alpha, beta);
      this.rest += ptsOf[c]!;
      h[seat] = hand;
      // On a score's step, every total of the step is as good as `best` (identity in an exact solve).
      if (old) {
        if (v > best) best = v;
        if (best > alpha) alpha = this.top[this.off + best]! - this.off;
      } else {
        if (v < best) best = v;
        if (best < beta) beta = this.floor[this.off + best]! - this.off;
      }
      if (alpha >= beta) break;
    }
    return best;
  }

  /** Bounds on a position's future points from a search in (a0, b0), joined with what the table already knew of it. */
  private store(
    slot: number,
    hit: boolean,
    ka: number,
    kb: number,
    tag: number,
    best: number,
    a0: number,
    b0: number,
  ): void {
    const i = slot << 2;
    const e3 = this.tt[i + 3]!;
    const knownLow = (e3 & 255) - 1;
    const knownHigh = (e3 >> 8) - 1;
    // What the table knew counts only if the slot still holds this position: a later position that
    // shares the slot may have taken it while this one's cards were being searched.
    const same = hit && this.tt[i] === ka && this.tt[i + 1] === kb && this.tt[i + 2] === ((this.gen << 10) | tag);
    let low = same ? knownLow : -1;
    let high = same ? knownHigh : 105;
    // A search rounded to a score's steps knows only the step of `best`: its ends are the bounds.
    const up = this.top[this.off + best]! - this.off;
    const down = this.floor[this.off + best]! - this.off;
    if (best <= a0) high = Math.min(high, up);
    else if (best >= b0) low = Math.max(low, down);
    else {
      low = Math.max(low, down);
      high = Math.min(high, up);
    }
    this.tt[i] = ka;
    this.tt[i + 1] = kb;
    this.tt[i + 2] = (this.gen << 10) | tag;
    this.tt[i + 3] = (low + 1) | ((high + 1) << 8);
  }
}

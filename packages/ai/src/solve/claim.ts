// Claims (RULES §7, seed 002 §10 "rzucanie kart"): a player may lay down his cards only when no way
// of playing the rest can change the outcome. Here "no way" is every way: not the best play of both
// sides (the solver's minimax) but every legal card by everyone, so a claim stands however badly
// anyone would have played. The outcome is the deal's scores by seat and whether it ties (a tie
// starts a bok-round, RULES §5); both are step functions of the old side's points (every trick holds
// at least 8 points, so 0 points is no trick and 104 all four), so the claim is sure when every
// point total between the least and the most the old side can end with scores alike.
import { type Deal, type PlayerView, parseCard } from '@baska/engine';
import { type Card, POINTS, beats, legalCards, newOutcome, scoreInto, type ScoreInput } from '@baska/engine/fast';
import { AuctionReplay, forEachHolding, knowledgeOfView } from './layouts.js';
import { afterCard, positionOf } from './position.js';
import { Solver } from './solver.js';

/** The least and the most card points the old side ends the deal with, over every play of the cards left. */
export function claimRange(deal: Deal): { low: number; high: number } {
  if (deal.phase !== 'play') throw new Error('a claim is weighed only during the play');
  const { order, oldSeats } = deal;
  const gmt = deal.rules.granMustTrump;
  const hands = [deal.hand[0]!, deal.hand[1]!, deal.hand[2]!, deal.hand[3]!];
  // At a trick's start the future is a function of the hands and the leader: a digit in base 5 a
  // card says who holds it, 0 for nobody (a number below 5^16), times 4, plus the leader.
  const memo = new Map<number, number>();
  const keyOf = (leader: number) => {
    let key = 0;
    for (let s = 0; s < 4; s++)
      for (let m = hands[s]!; m !== 0; m &= m - 1) key += (s + 1) * 5 ** (31 - Math.clz32(m & -m));
    return key * 4 + leader;
  };
  // Returns low * 256 + high of the old side's future points.
  const go = (seat: number, n: number, led: number, win: number, winSeat: number, pts: number): number => {
    if (n === 0) {
      if ((hands[0]! | hands[1]! | hands[2]! | hands[3]!) === 0) return 0;
      const key = keyOf(seat);
      const hit = memo.get(key);
      if (hit !== undefined) return hit;
      const v = play(seat, 0, -1, -1, -1, 0);
      memo.set(key, v);
      return v;
    }
    return play(seat, n, led, win, winSeat, pts);
  };
  const play = (seat: number, n: number, led: number, win: number, winSeat: number, pts: number): number => {
    let low = 1000;
    let high = -1;
    for (let m = legalCards(order, gmt, hands[seat]!, n === 0 ? -1 : led, win); m !== 0; m &= m - 1) {
      const c = 31 - Math.clz32(m & -m);
      hands[seat]! &= ~(1 << c);
      const takes = n === 0 || beats(order, c, win);
      const w = takes ? c : win;
      const ws = takes ? seat : winSeat;
      let v: number;
      if (n === 3) {
        const gain = (oldSeats >> ws) & 1 ? pts + POINTS[c]! : 0;
        const rest = go(ws, 0, -1, -1, -1, 0);
        v = ((rest >> 8) + gain) * 256 + (rest & 255) + gain;
      } else {
        v = go((seat + 1) & 3, n + 1, n === 0 ? c : led, w, ws, pts + POINTS[c]!);
      }
      hands[seat]! |= 1 << c;
      low = Math.min(low, v >> 8);
      high = Math.max(high, v & 255);
    }
    return low * 256 + high;
  };
  let so = 0;
  for (let s = 0; s < 4; s++) if ((oldSeats >> s) & 1) so += deal.seatPoints[s]!;
  // The trick in progress: its cards so far, who leads it and who wins it yet.
  const inTrick = deal.nPlays & 3;
  let led = -1;
  let win = -1;
  let winSeat = -1;
  let pts = 0;
  for (let i = deal.nPlays - inTrick; i < deal.nPlays; i++) {
    const c = deal.plays[i]!;
    pts += POINTS[c]!;
    if (led < 0 || beats(order, c, win)) {
      win = c;
      winSeat = deal.players[i]!;
    }
    if (led < 0) led = c;
  }
  const v = go(deal.toAct, inTrick, led, win, winSeat, pts);
  return { low: so + (v >> 8), high: so + (v & 255) };
}

/**
 * The deal's outcome at each point total of the old side (the scores by seat and whether it is a
 * tie), 105 of them, kept per rules and per everything else the scoring reads: the layouts of one
 * view mostly share a contract and sides, and scoring 105 totals for each was most of the check.
 */
const outcomeTables = new WeakMap<object, Map<string, string[]>>();
function outcomesOf(deal: Deal): string[] {
  const { counted, lastDoubler } = deal.countedDoublings();
  const declarer = deal.declarer < 0 ? null : deal.declarer;
  const key = `${deal.contract},${declarer},${deal.oldSeats},${counted},${lastDoubler},${deal.inBokRound}`;
  let byKey = outcomeTables.get(deal.rules);
  if (!byKey) outcomeTables.set(deal.rules, (byKey = new Map()));
  let table = byKey.get(key);
  if (table) return table;
  table = [];
  const out = newOutcome();
  for (let oldPoints = 0; oldPoints <= 104; oldPoints++) {
    const input: ScoreInput = {
      contract: deal.contract!,
      declarer,
      oldSeats: deal.oldSeats,
      oldPoints,
      oldTricks: oldPoints === 0 ? 0 : oldPoints === 104 ? 4 : 1,
      counted,
      lastDoubler,
      inBokRound: deal.inBokRound,
    };
    scoreInto(input, deal.rules, out);
    table.push(`${Array.from(out.scores).join(',')}:${out.tie}`);
  }
  byKey.set(key, table);
  return table;
}

/**
 * Is the outcome the same whatever anyone plays from here? Only during the play. One line (the
 * lowest legal card each time) gives an outcome and the interval of the old side's points that
 * keeps it; then every line is walked, a branch left as soon as the points it can still end with
 * all lie in that interval, and the walk stops at the first line that ends outside it.
 */
export function claimIsSure(deal: Deal): boolean {
  return sureWithin(deal, { nodes: Infinity }) === true;
}

/**
 * `claimIsSure` with a budget of nodes (calls of the walk), spent from `budget.nodes`: null when it
 * runs out before the answer. The walk's order is fixed by the deal, so the same deal always spends
 * the same and gets the same answer.
 */
function sureWithin(deal: Deal, budget: { nodes: number }): boolean | null {
  if (deal.phase !== 'play') return false;
  const probe = deal.clone();
  while (!probe.isComplete) probe.applyMove(31 - Math.clz32(probe.legalCardMask() & -probe.legalCardMask()));
  const { order, oldSeats } = deal;
  let taken = 0;
  for (let s = 0; s < 4; s++) if ((oldSeats >> s) & 1) taken += deal.seatPoints[s]!;
  let end = 0;
  for (let s = 0; s < 4; s++) if ((oldSeats >> s) & 1) end += probe.seatPoints[s]!;
  const outcomes = outcomesOf(deal);
  let lo = end;
  let hi = end;
  while (lo > 0 && outcomes[lo - 1] === outcomes[end]) lo--;
  while (hi < 104 && outcomes[hi + 1] === outcomes[end]) hi++;
  const gmt = deal.rules.granMustTrump;
  const hands = [deal.hand[0]!, deal.hand[1]!, deal.hand[2]!, deal.hand[3]!];
  let rest = 0;
  for (let s = 0; s < 4; s++) for (let m = hands[s]!; m !== 0; m &= m - 1) rest += POINTS[31 - Math.clz32(m & -m)]!;
  let spent = false;
  const sure = new Set<number>(); // trick starts (hands, leader, old points) whose every line stays inside
  const keyOf = (leader: number, old: number) => {
    let key = 0;
    for (let s = 0; s < 4; s++)
      for (let m = hands[s]!; m !== 0; m &= m - 1) key += (s + 1) * 5 ** (31 - Math.clz32(m & -m));
    return (key * 4 + leader) * 128 + old;
  };
  // Does every line from here end inside [lo, hi]? `old`: the old side's points in finished tricks;
  // `left`: the points of the cards not yet played, the trick in progress's included.
  const inside = (
    seat: number,
    n: number,
    led: number,
    win: number,
    winSeat: number,
    pts: number,
    old: number,
    left: number,
  ): boolean => {
    if (--budget.nodes < 0) {
      spent = true; // every caller unwinds with false, and nothing is remembered as sure
      return false;
    }
    if (old >= lo && old + left <= hi) return true;
    if (left === 0) return false; // the deal is over, outside the interval
    let key = -1;
    if (n === 0) {
      key = keyOf(seat, old);
      if (sure.has(key)) return true;
    }
    for (let m = legalCards(order, gmt, hands[seat]!, n === 0 ? -1 : led, win); m !== 0; m &= m - 1) {
      const c = 31 - Math.clz32(m & -m);
      const takes = n === 0 || beats(order, c, win);
      const w = takes ? c : win;
      const ws = takes ? seat : winSeat;
      hands[seat]! &= ~(1 << c);
      const ok =
        n === 3
          ? inside(ws, 0, -1, -1, -1, 0, (oldSeats >> ws) & 1 ? old + pts + POINTS[c]! : old, left - pts - POINTS[c]!)
          : inside((seat + 1) & 3, n + 1, n === 0 ? c : led, w, ws, pts + POINTS[c]!, old, left);
      hands[seat]! |= 1 << c;
      if (!ok) return false;
    }
    if (key >= 0) sure.add(key);
    return true;
  };
  // The trick in progress: its cards so far, who wins it yet, its points (still to be taken).
  const inTrick = deal.nPlays & 3;
  let led = -1;
  let win = -1;
  let winSeat = -1;
  let pts = 0;
  for (let i = deal.nPlays - inTrick; i < deal.nPlays; i++) {
    const c = deal.plays[i]!;
    pts += POINTS[c]!;
    if (led < 0 || beats(order, c, win)) {
      win = c;
      winSeat = deal.players[i]!;
    }
    if (led < 0) led = c;
  }
  const ok = inside(deal.toAct, inTrick, led, win, winSeat, pts, taken, rest + pts);
  return spent ? null : ok;
}

/**
 * The line a sure claim is scored as: the rest played by the solver (each side's best card, the
 * lowest of equals), which the record then shows; null when the claim is not sure. Any line gives
 * the same scores; this one is what good players would have shown.
 */
export function claimLine(deal: Deal, solver = new Solver()): Card[] | null {
  if (!claimIsSure(deal)) return null;
  const line: Card[] = [];
  let p = positionOf(deal);
  for (let left = 16 - deal.nPlays; left > 0; left--) {
    const { best } = solver.best(p);
    const c = best[0]!;
    line.push(c);
    p = afterCard(p, c);
  }
  return line;
}

/**
 * How much work a claim's check over a view may do, in layouts and in nodes of the walk: counts, not
 * time, so that the answer is a function of the view alone. The browser and the server use the same
 * limits, so the claim button shows exactly when the server will accept. From the last card of the
 * first trick on a view allows at most 1,680 layouts; at the first lead it may allow 34,650.
 */
export const CLAIM_LIMITS = { layouts: 2000, nodes: 1_500_000 } as const;

/**
 * Is a claim by the viewer sure in every layout of the hidden cards his view allows? Then it is
 * sure on the true hands too (they are one of the layouts), and the server accepts it; the answer
 * says nothing the view does not. Null (too early to prove) when the view allows more layouts than
 * `limits.layouts`, or when the walk over them spends `limits.nodes` before it has an answer.
 */
export function claimSureForView(
  view: PlayerView,
  limits: { layouts: number; nodes: number } = CLAIM_LIMITS,
): boolean | null {
  if (view.phase !== 'play' || view.seat < 0) return false;
  const k = knowledgeOfView(view);
  let layouts = 0;
  forEachHolding(k, () => ++layouts > limits.layouts);
  if (layouts > limits.layouts) return null;
  const replay = new AuctionReplay(k);
  const plays: number[] = [];
  for (const t of view.trick ? [...view.tricks, view.trick] : view.tricks)
    for (const c of t.cards) plays.push(parseCard(c)!);
  const budget = { nodes: limits.nodes };
  let answer: boolean | null = true;
  forEachHolding(k, (h) => {
    const d = replay.replay(h, k.calls);
    if (d === null) return false; // not a layout the calls allow
    const deal = d.clone();
    for (const c of plays) if (deal.applyMove(c) !== null) return false;
    const sure = sureWithin(deal, budget);
    if (sure === true) return false;
    answer = sure; // false: this layout can still change the result; null: the budget ran out
    return true;
  });
  return answer;
}

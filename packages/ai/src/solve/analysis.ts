// Exact imperfect-information analysis: for one seat's decision, the expected score and the chance
// of winning the deal of each legal action over every layout of the unseen cards consistent with
// that seat's knowledge, each layout solved double-dummy (all cards open, perfect play after the
// action). Uniform weights unless a weight function is given.
//
// Only the seat's score matters, and it is a step function of the old side's points (RULES §5), so
// each layout needs only the step its points fall on: one search whose window is rounded to the
// steps (Solver.reach) instead of an exact solve.
import { type Deal, type Rules, callName, cardCode, recordOfDeal } from '@baska/engine';
import {
  type Call,
  PASS,
  POINTS,
  cardsOf,
  newOutcome,
  isGameCall,
  scoreInto,
  type ScoreInput,
} from '@baska/engine/fast';
import { dealOf } from '../play/judged.js';
import { AuctionReplay, type Knowledge, forEachHolding, knowledgeOf, knowledgeOfHand } from './layouts.js';
import { type Position, afterCard, positionOf } from './position.js';
import { Solver } from './solver.js';

/** One seat's score by the old side's points, and the points where it changes. */
export interface ScoreSteps {
  readonly scores: Int32Array;
  readonly thresholds: Int32Array;
}

// By rules object, then by contract, then by a number made of the rest: looked up once per layout,
// so no string is built for it.
const stepsCache = new WeakMap<Rules, Map<string | null, Map<number, ScoreSteps>>>();

/** The seat's score as a function of the old side's points in this deal's contract and sides. RULES §5 */
export function scoreSteps(d: Deal, seat: number): ScoreSteps {
  const { counted, lastDoubler } = d.countedDoublings();
  let byContract = stepsCache.get(d.rules);
  if (!byContract) stepsCache.set(d.rules, (byContract = new Map()));
  let cache = byContract.get(d.contract);
  if (!cache) byContract.set(d.contract, (cache = new Map()));
  const key =
    d.oldSeats |
    (seat << 4) |
    (d.inBokRound ? 64 : 0) |
    (lastDoubler === null ? 0 : lastDoubler === 'old' ? 128 : 256) |
    (counted << 9);
  const hit = cache.get(key);
  if (hit) return hit;
  const input: ScoreInput = {
    contract: d.contract!,
    declarer: d.declarer < 0 ? null : d.declarer,
    oldSeats: d.oldSeats,
    oldPoints: 0,
    oldTricks: 0,
    counted,
    lastDoubler,
    inBokRound: d.inBokRound,
  };
  const out = newOutcome();
  const scores = new Int32Array(105);
  const thresholds: number[] = [];
  for (let p = 0; p <= 104; p++) {
    // Every trick holds at least 9 points: 0 points is no trick, 104 is all four. RULES §1
    input.oldPoints = p;
    input.oldTricks = p === 0 ? 0 : p === 104 ? 4 : 1;
    scores[p] = scoreInto(input, d.rules, out).scores[seat]!;
    if (p > 0 && scores[p] !== scores[p - 1]) thresholds.push(p);
  }
  const steps = { scores, thresholds: Int32Array.from(thresholds) };
  cache.set(key, steps);
  return steps;
}

/** The seat's score with perfect play from a position, by the score's steps. */
function scoreOf(solver: Solver, p: Position, steps: ScoreSteps): number {
  const k = solver.reach(p, steps.thresholds);
  return steps.scores[k === 0 ? 0 : steps.thresholds[k - 1]!]!;
}

/**
 * A unit of analysis that can be split over workers: a decision of a deal in progress (its setup
 * and the moves so far, as names), or a hand before the auction. Plain data, so it can be posted.
 */
export type Job =
  | { kind: 'decision'; rules: Rules; inBokRound: boolean; dealer: number; hands: number[]; moves: string[] }
  | { kind: 'hand'; rules: Rules; inBokRound: boolean; dealer: number; seat: number; hand: number };

/** Sums over a share of the layouts; shares add up. */
export interface Sums {
  seat: number;
  actions: string[];
  layouts: number;
  weight: number;
  score: number[];
  win: number[];
}

export interface Options {
  /** Weight of a layout (the cards each seat holds now); uniform when absent. */
  weight?: (hands: Int32Array) => number;
  solver?: Solver;
}

/** Rebuild the deal of a decision job, with the cicha judge bound as at the table. RULES §7 */
export function dealOfJob(job: Extract<Job, { kind: 'decision' }>): Deal {
  const d = dealOf(job.rules, job.dealer, job.hands, job.inBokRound);
  for (const m of job.moves) {
    const r = d.apply(m);
    if (!r.ok) throw new Error(`move ${m}: ${r.error.message}`);
  }
  return d;
}

/** The candidate auctions of a seat about to call: each legal call, the others passing after it. */
export function candidatesAfter(k: Knowledge, legal: Call[]): Call[][] {
  return legal.map((c) => [...k.calls, c]);
}

/**
 * A hand's choices at its first turn, every earlier seat having passed: pass and each game it may
 * declare (doublings are not contracts). Returns the calls before that turn and the choices.
 */
function handCandidates(k: Knowledge): { prefix: Call[]; calls: Call[] } {
  // Which calls a seat may make at its first turn depends on its own hand alone: fill the others anyhow.
  const hands = [0, 0, 0, 0];
  hands[k.seat] = k.own;
  let rest = 0xffff & ~k.own;
  for (let i = 1; i < 4; i++) {
    for (let j = 0; j < 4; j++) {
      hands[(k.seat + i) & 3]! |= rest & -rest;
      rest &= rest - 1;
    }
  }
  // The judge sees only the seat's own hand: a sure cicha may not pass under cichaMustBeLosable. RULES §7
  const d = dealOf(k.rules, k.dealer, hands, k.inBokRound);
  while (d.toAct !== k.seat) d.applyMove(PASS);
  const buf: number[] = [];
  const n = d.legalMovesInto(buf);
  return {
    prefix: Array.from(d.calls.subarray(0, d.nCalls)),
    calls: buf.slice(0, n).filter((c) => c === PASS || isGameCall(c)),
  };
}

/** Run a share (`part` of `parts`, a block of the layouts) of a job. */
export function runJob(job: Job, part = 0, parts = 1, opts: Options = {}): Sums {
  const solver = opts.solver ?? new Solver();
  if (job.kind === 'decision') {
    const deal = dealOfJob(job);
    const k = knowledgeOf(deal, deal.toAct);
    const each: EachLayout = (keep) => forEachLayout(k, part, parts, opts.weight, keep);
    if (deal.phase === 'play') return playSums(deal, k, solver, each);
    const buf: number[] = [];
    const n = deal.legalMovesInto(buf);
    return callSums(k, candidatesAfter(k, buf.slice(0, n)), solver, each);
  }
  const k = knowledgeOfHand(job.rules, job.dealer, job.seat, job.hand, job.inBokRound);
  const { prefix, calls } = handCandidates(k);
  const each: EachLayout = (keep) => forEachLayout(k, part, parts, opts.weight, keep);
  return callSums(
    k,
    calls.map((c) => [...prefix, c]),
    solver,
    each,
  );
}

function emptySums(seat: number, actions: string[]): Sums {
  return {
    seat,
    actions,
    layouts: 0,
    weight: 0,
    score: actions.map(() => 0),
    win: actions.map(() => 0),
  };
}

/** Add shares together. */
export function addSums(parts: Sums[]): Sums {
  const out = emptySums(parts[0]!.seat, parts[0]!.actions);
  for (const p of parts) {
    out.layouts += p.layouts;
    out.weight += p.weight;
    p.score.forEach((v, i) => (out.score[i]! += v));
    p.win.forEach((v, i) => (out.win[i]! += v));
  }
  return out;
}

/** Takes a layout: the cards each seat holds now, the deal with the calls replayed on it, its weight. */
export type Keep = (hands: Int32Array, d: Deal, w: number) => void;
/** Gives layouts to `keep`, one by one. */
export type EachLayout = (keep: Keep) => void;

/**
 * This share's layouts consistent with the calls so far: `keep` gets the cards each seat holds now
 * (rewritten for each layout), the deal with the calls replayed on it (its contract and sides) and
 * the layout's weight.
 */
function forEachLayout(k: Knowledge, part: number, parts: number, weight: Options['weight'], keep: Keep): void {
  const replay = new AuctionReplay(k);
  // A contiguous block of the layouts: neighbours share their later tricks in the solver's table.
  let total = 0;
  if (parts > 1) forEachHolding(k, () => void total++);
  const from = Math.floor((total * part) / parts);
  const to = parts > 1 ? Math.floor((total * (part + 1)) / parts) : Infinity;
  let index = -1;
  forEachHolding(k, (h) => {
    index++;
    if (index < from) return;
    if (index >= to) return true;
    const d = replay.replay(h, k.calls);
    if (d === null) return;
    const w = weight ? weight(h) : 1;
    if (w > 0) keep(h, d, w);
  });
}

// Actions outside, layouts inside: the solver's table then serves one game over many layouts
// (later tricks recur from layout to layout), which makes it several times faster than the other way.

/**
 * The sums of each legal card of the seat to play in `deal` (whose public part is all it uses: the
 * trick, the tricks taken and by whom) over the layouts `each` gives.
 */
export function playSums(deal: Deal, k: Knowledge, solver: Solver, each: EachLayout): Sums {
  const seat = k.seat;
  const cards = cardsOf(deal.legalCardMask());
  const sums = emptySums(
    seat,
    cards.map((c) => cardCode(c)),
  );
  // Each layout's hands, sides and old side's points so far, kept flat (no object per layout: an
  // analysis holds 34,650 of them), and the seat's score steps (shared between layouts).
  const base = positionOf(deal);
  const hands: number[] = [];
  const sides: number[] = [];
  const oldPointsOf: number[] = [];
  const steps: ScoreSteps[] = [];
  const weights: number[] = [];
  each((h, d, w) => {
    let oldPoints = 0;
    for (let t = 0; t * 4 + 4 <= deal.nPlays; t++) {
      if (((d.oldSeats >> deal.trickWinners[t]!) & 1) === 0) continue;
      for (let j = t * 4; j < t * 4 + 4; j++) oldPoints += POINTS[deal.plays[j]!]!; // public: the trick and its winner
    }
    hands.push(h[0]!, h[1]!, h[2]!, h[3]!);
    sides.push(d.oldSeats);
    oldPointsOf.push(oldPoints);
    steps.push(scoreSteps(d, seat));
    weights.push(w);
    sums.layouts++;
    sums.weight += w;
  });
  // One position, rewritten for each layout.
  const p: Position = { ...base, hands: [0, 0, 0, 0] };
  cards.forEach((c, a) => {
    for (let i = 0; i < weights.length; i++) {
      for (let s = 0; s < 4; s++) p.hands[s] = hands[i * 4 + s]!;
      p.oldSeats = sides[i]!;
      p.oldPoints = oldPointsOf[i]!;
      const st = steps[i]!;
      const k = solver.reachAfter(p, c, st.thresholds);
      const score = st.scores[k === 0 ? 0 : st.thresholds[k - 1]!]!;
      sums.score[a]! += weights[i]! * score;
      if (score > 0) sums.win[a]! += weights[i]!;
    }
  });
  return sums;
}

/** The sums of each candidate auction (the seat's call last, the others passing after it) over the layouts `each` gives. */
/**
 * How the auction goes on after a candidate call, on one layout: `null` closes it with passes (the
 * exact analysis asks what a call is worth if nobody calls again); a model plays the later calls on
 * the deal and says false if it could not.
 */
export type Continuation = ((d: Deal) => boolean) | null;

export function callSums(
  k: Knowledge,
  candidates: Call[][],
  solver: Solver,
  each: EachLayout,
  continuation: Continuation = null,
): Sums {
  const seat = k.seat;
  const sums = emptySums(
    seat,
    candidates.map((c) => callName(c[c.length - 1]!)),
  );
  const layouts: Int32Array[] = [];
  const weights: number[] = [];
  each((h, _, w) => {
    layouts.push(Int32Array.from(h));
    weights.push(w);
    sums.layouts++;
    sums.weight += w;
  });
  const replay = new AuctionReplay(k);
  candidates.forEach((calls, a) => {
    layouts.forEach((h, i) => {
      const d = replay.replay(h, calls, continuation === null);
      if (d === null || (continuation !== null && !continuation(d)))
        throw new Error(`the auction ${calls.map(callName).join(' ')} cannot be closed`);
      const score =
        d.phase === 'complete' ? d.outcome.scores[seat]! : scoreOf(solver, positionOf(d), scoreSteps(d, seat));
      sums.score[a]! += weights[i]! * score;
      if (score > 0) sums.win[a]! += weights[i]!;
    });
  });
  return sums;
}

/** One action's value. */
export interface ActionValue {
  action: string;
  expectedScore: number;
  winProbability: number;
}

/** Expected scores and win chances from the sums. */
export function valuesOf(s: Sums): ActionValue[] {
  return s.actions.map((action, i) => ({
    action,
    expectedScore: s.weight > 0 ? s.score[i]! / s.weight : 0,
    winProbability: s.weight > 0 ? s.win[i]! / s.weight : 0,
  }));
}

/** The double-dummy value of each legal action in the true deal: the seat's score and the old side's points. */
export function doubleDummy(
  deal: Deal,
  solver = new Solver(),
): { action: string; score: number; oldPoints: number | null }[] {
  const seat = deal.toAct;
  if (deal.phase === 'play') {
    const p = positionOf(deal);
    const steps = scoreSteps(deal, seat);
    const out: { action: string; score: number; oldPoints: number | null }[] = [];
    for (let m = deal.legalCardMask(); m !== 0; m &= m - 1) {
      const c = 31 - Math.clz32(m & -m);
      const points = solver.solve(afterCard(p, c));
      out.push({ action: cardCode(c), score: steps.scores[points]!, oldPoints: points });
    }
    return out;
  }
  return deal.legal().map((name) => {
    const d = deal.clone();
    d.apply(name);
    while (d.phase === 'auction') d.applyMove(PASS);
    if (d.phase === 'complete') return { action: name, score: d.outcome.scores[seat]!, oldPoints: null };
    const points = solver.solve(positionOf(d));
    return { action: name, score: scoreSteps(d, seat).scores[points]!, oldPoints: points };
  });
}

/** The moves of a deal so far, as names: the calls, then the cards. */
export function movesOf(deal: Deal): string[] {
  const r = recordOfDeal(deal);
  return [...r.auction, ...r.play];
}

/** A decision job for the seat to act in a deal. */
export function decisionJob(deal: Deal): Extract<Job, { kind: 'decision' }> {
  const moves = movesOf(deal);
  return {
    kind: 'decision',
    rules: deal.rules,
    inBokRound: deal.inBokRound,
    dealer: deal.dealer,
    hands: Array.from(deal.dealt),
    moves,
  };
}

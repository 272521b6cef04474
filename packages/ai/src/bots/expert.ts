// The `expert` level: the exact analysis of packages/ai/src/analysis.ts on a sample of the layouts
// the seat's view allows, each weighted by how likely the other players' calls (and, since issue 18,
// their card plays) were in it; a call is valued by the auction the others would go on to (since issue 18
// too). It sees the view only; the layouts are its guesses of the hidden cards.
// `expert-1`, the first expert (fewer layouts, calls only), stays for the arena as a yardstick.
import {
  type Deal,
  Deal as DealClass,
  type PlayerView,
  type Rng,
  parseCall,
  viewFor,
  parseCard,
  randomInt,
} from '@baska/engine';
import { type Call, isDoublingCall } from '@baska/engine/fast';
import {
  type ActionValue,
  type Continuation,
  type EachLayout,
  type Sums,
  callSums,
  candidatesAfter,
  playSums,
  valuesOf,
} from '../solve/analysis.js';
import { type CallState, basicCall, basicCard } from './basic.js';
import { AuctionReplay, type Knowledge, drawLayouts, knowledgeOfView } from '../solve/layouts.js';
import { Solver } from '../solve/solver.js';

/** How many layouts the expert solves per decision, by phase; more for the auction, whose outcome varies most. */
export interface ExpertSize {
  play: number;
  auction: number;
}

/** How an expert thinks: how many layouts it solves, and which of the others' moves it reads. */
export interface ExpertConfig {
  size: ExpertSize;
  /** Weigh layouts by the others' card plays too (the basic level as the model of a player). */
  playModel: boolean;
  /**
   * Value a call by the auction it leads to, every later call (the others' and its own) as the
   * basic level would make it in that layout, instead of as if everyone then passed.
   */
  continuation?: boolean;
}

/**
 * The expert of issue 18: the faster solver spent on three times the layouts, card plays read, and
 * a call valued by the auction it leads to (docs/decisions/012: ahead of the same expert without it
 * by 2.27 points a deal under standard, 95% CI 0.57 … 3.97 over 1,200 deals; no difference in kop).
 */
export const EXPERT: ExpertConfig = { size: { play: 120, auction: 192 }, playModel: true, continuation: true };
/** The first expert, kept for the arena (`expert-1`): 40 layouts in play, 64 in the auction, calls only. */
export const EXPERT_1: ExpertConfig = { size: { play: 40, auction: 64 }, playModel: false };
/** The default size; with a time budget, the size scales with it (deterministically: same budget, same decision). */
export const EXPERT_SIZE: ExpertSize = EXPERT.size;
const BUDGET_MS = 100;

/** How much less likely a call is when the model of the other players (the basic level) would not make it. */
export const SURPRISE = 0.25;
/**
 * The same for a card: milder, since people vary more in their card play than in their calls, and
 * a card the model would not play is still often a good one.
 */
export const PLAY_SURPRISE = 0.5;

export interface Explanation {
  /** The action chosen. */
  action: string;
  /** Every legal action, best first: expected score and chance of winning the deal over the layouts. */
  values: ActionValue[];
  /** How many layouts were solved, and whether they were all the layouts the view allows. */
  layouts: number;
  exhaustive: boolean;
}

/** The call state of `seat` in a deal in its auction. */
function callStateOfDeal(d: Deal, buf: number[]): CallState {
  const n = d.legalMovesInto(buf);
  let lastDoubler: number | null = null;
  for (let i = d.lastGameAt + 1; i < d.nCalls; i++) if (isDoublingCall(d.calls[i]!)) lastDoubler = d.callers[i]!;
  return {
    rules: d.rules,
    seat: d.toAct,
    hand: d.hand[d.toAct]!,
    legal: buf.slice(0, n),
    declaredGame: d.declaredGame,
    declarer: d.lastGameAt >= 0 ? d.callers[d.lastGameAt]! : null,
    level: d.level,
    lastDoubler,
  };
}

/**
 * How likely the other players' calls were in a layout, up to a constant: each call the basic
 * level would have made from that hand counts 1, any other `SURPRISE`. So a pass makes the hands
 * that would have declared a game less likely (not impossible), a kontra the weak hands, and so on.
 */
export function callLikelihood(k: Knowledge, hands: Int32Array, scratch: { deal?: Deal; buf: number[] }): number {
  const dealt = [0, 1, 2, 3].map((s) => hands[s]! | k.played[s]!);
  if (!scratch.deal) scratch.deal = DealClass.of(k.rules, k.dealer, dealt, k.inBokRound);
  else scratch.deal.reset(k.dealer, dealt, k.inBokRound);
  const d = scratch.deal;
  let w = 1;
  for (const call of k.calls) {
    if (d.toAct !== k.seat && basicCall(callStateOfDeal(d, scratch.buf)) !== call) w *= SURPRISE;
    if (d.applyMove(call) !== null) return 0;
  }
  return w;
}

/**
 * How likely the other players' card plays were in a layout, up to a constant: each card the basic
 * level would have played from that seat's view counts 1, any other `PLAY_SURPRISE` (a forced card
 * counts 1). So a seat that kept its ace back is less likely to hold the cards that would have made
 * the basic player cash it. Hard evidence (following suit) is in the layouts already.
 */
export function playLikelihood(view: PlayerView, k: Knowledge, hands: Int32Array): number {
  const d = new AuctionReplay(k).replay(hands, k.calls)!.clone();
  let w = 1;
  for (const t of view.trick ? [...view.tricks, view.trick] : view.tricks) {
    for (const code of t.cards) {
      const c = parseCard(code)!;
      const seat = d.toAct;
      if (seat !== k.seat && (d.legalCardMask() & (d.legalCardMask() - 1)) !== 0) {
        if (basicCard(viewFor(d, seat)) !== c) w *= PLAY_SURPRISE;
      }
      if (d.applyMove(c) !== null) return 0;
    }
  }
  return w;
}

/** The rest of the auction as the basic level would call it, every seat; false if a call was refused. */
function basicContinuation(): Continuation {
  const buf: number[] = [];
  return (d) => {
    while (d.phase === 'auction') if (d.applyMove(basicCall(callStateOfDeal(d, buf))) !== null) return false;
    return true;
  };
}

/** Draw `n` of the weighted layouts, each with chance proportional to its weight (systematic resampling). */
function resample(layouts: Int32Array[], weights: number[], n: number, rng: Rng): Int32Array[] {
  const total = weights.reduce((a, b) => a + b, 0);
  const out: Int32Array[] = [];
  const step = total / n;
  let at = ((randomInt(rng, 1 << 30) + 0.5) / (1 << 30)) * step;
  let acc = 0;
  for (let i = 0; i < layouts.length && out.length < n; i++) {
    acc += weights[i]!;
    while (at < acc && out.length < n) {
      out.push(layouts[i]!);
      at += step;
    }
  }
  return out;
}

/** The deal of a layout with the view's calls and cards replayed on it. */
function dealOfLayout(view: PlayerView, k: Knowledge, hands: Int32Array): Deal {
  const d = new AuctionReplay(k).replay(hands, k.calls)!.clone();
  for (const t of view.trick ? [...view.tricks, view.trick] : view.tricks) {
    for (const c of t.cards)
      if (d.applyMove(parseCard(c)!) !== null) throw new Error('a drawn layout cannot replay the play');
  }
  return d;
}

/** The layouts an expert weighs for a view, with their weights (deterministic for a seeded rng). */
export interface ExpertSample {
  k: Knowledge;
  layouts: Int32Array[];
  weights: number[];
  /** Whether they are all the layouts the view allows. */
  exhaustive: boolean;
}

/** Draw the layouts the expert weighs: four candidates per layout solved, weighted by the calls (and cards), resampled by weight. */
export function expertSample(
  view: PlayerView,
  rng: Rng,
  budgetMs = BUDGET_MS,
  config: ExpertConfig = EXPERT,
): ExpertSample {
  const k = knowledgeOfView(view);
  const scale = Math.max(0.25, Math.min(4, budgetMs / BUDGET_MS));
  const size = Math.max(4, Math.round(scale * (view.phase === 'auction' ? config.size.auction : config.size.play)));
  const drawn = drawLayouts(k, 4 * size, rng);
  const scratch = { buf: [] as number[] };
  const reads = config.playModel && view.phase === 'play';
  const weights = drawn.layouts.map((h) => {
    const w = callLikelihood(k, h, scratch);
    return reads && w > 0 ? w * playLikelihood(view, k, h) : w;
  });
  if (drawn.exhaustive && drawn.layouts.length <= size) return { k, layouts: drawn.layouts, weights, exhaustive: true };
  const layouts = resample(drawn.layouts, weights, size, rng);
  return { k, layouts, weights: layouts.map(() => 1), exhaustive: false };
}

/** The sums of every legal action over the sample's layouts `from` … `to` − 1 (a block of them). */
export function expertSums(
  view: PlayerView,
  sample: ExpertSample,
  solver: Solver,
  from = 0,
  to = Infinity,
  config: ExpertConfig = EXPERT,
): Sums {
  const { k, layouts, weights } = sample;
  const replay = new AuctionReplay(k);
  const end = Math.min(to, layouts.length);
  const each: EachLayout = (keep) => {
    for (let i = from; i < end; i++) keep(layouts[i]!, replay.replay(layouts[i]!, k.calls)!, weights[i]!);
  };
  if (view.phase === 'play') return playSums(dealOfLayout(view, k, layouts[0]!), k, solver, each);
  const legal: Call[] = view.legal.map((name) => parseCall(name)!);
  return callSums(k, candidatesAfter(k, legal), solver, each, config.continuation ? basicContinuation() : null);
}

/** Best expected score first; ties to the better chance of winning, then to the order the engine lists. */
export function rankValues(values: ActionValue[]): ActionValue[] {
  return values
    .map((v, i) => ({ v, i }))
    .sort((a, b) => b.v.expectedScore - a.v.expectedScore || b.v.winProbability - a.v.winProbability || a.i - b.i)
    .map((r) => r.v);
}

/** The expert's values of every legal action of the view, and its choice. */
let shared: Solver | null = null;

export function explainExpert(
  view: PlayerView,
  rng: Rng,
  budgetMs = BUDGET_MS,
  solver?: Solver,
  config: ExpertConfig = EXPERT,
): Explanation {
  solver ??= shared ??= new Solver();
  if (view.legal.length === 0) throw new Error(`seat ${view.seat} has nothing to decide`);
  if (view.legal.length === 1) return { action: view.legal[0]!, values: [], layouts: 0, exhaustive: false };
  const sample = expertSample(view, rng, budgetMs, config);
  const values = rankValues(valuesOf(expertSums(view, sample, solver, 0, Infinity, config)));
  return { action: values[0]!.action, values, layouts: sample.layouts.length, exhaustive: sample.exhaustive };
}

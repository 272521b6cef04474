// Hints (issue 18): "what would the expert play?" for a player at a table that allows it. The
// expert's own evaluation of every legal card or call, from the player's view alone: the layouts
// it weighs are those the view allows, never the true hands (the function is given nothing else).
// It thinks longer than at the table, and from a fixed seed, so that the same view gets the same hint.
import { type PlayerView, SeededRng } from '@baska/engine';
import { type ActionValue, type Sums, addSums, valuesOf } from '../solve/analysis.js';
import { Solver } from '../solve/solver.js';
import { type ExpertSample, explainExpert, expertSample, expertSums, rankValues } from './expert.js';

export interface Hint {
  /** Every legal action, best first: the expected score and the chance of winning over the layouts weighed. */
  values: ActionValue[];
  /** How many layouts were solved, and whether they were all those the view allows. */
  layouts: number;
  exhaustive: boolean;
  /** Only one action is legal: nothing to weigh. */
  forced: boolean;
}

/** The budget of a hint (ms, as the expert's budget scales its sample): four times a bot's move. */
export const HINT_BUDGET_MS = 400;

/** The expert's values of each legal action of `view` (nothing when the viewer has no choice to make). */
export function hintFor(view: PlayerView, budgetMs = HINT_BUDGET_MS): Hint {
  if (view.legal.length <= 1) return { values: [], layouts: 0, exhaustive: false, forced: view.legal.length === 1 };
  const e = explainExpert(view, new SeededRng('hint'), budgetMs);
  return { values: e.values, layouts: e.layouts, exhaustive: e.exhaustive, forced: false };
}

// A hint spread over several threads (the browser's analysis pool): every thread draws the same
// layouts (the same seed), solves one block of them, and the blocks' sums add up to the hint.

/** One block of a hint's layouts: its sums, and whether the layouts are all those the view allows. */
export interface HintPart {
  sums: Sums;
  exhaustive: boolean;
}

/** The hint of a view with nothing to weigh (one legal action or none), or null when there is a choice. */
export function forcedHint(view: PlayerView): Hint | null {
  return view.legal.length <= 1 ? { values: [], layouts: 0, exhaustive: false, forced: view.legal.length === 1 } : null;
}

// The last view's sample: a thread asked for several blocks of one hint draws its layouts once.
let last: { key: string; sample: ExpertSample } | null = null;

/** Block `part` of `parts` of the hint of `view` (a view with a choice to make). */
export function hintPart(
  view: PlayerView,
  part: number,
  parts: number,
  budgetMs = HINT_BUDGET_MS,
  solver = new Solver(),
): HintPart {
  if (forcedHint(view)) throw new Error('no choice to weigh');
  const key = `${budgetMs} ${JSON.stringify(view)}`;
  if (last?.key !== key) last = { key, sample: expertSample(view, new SeededRng('hint'), budgetMs) };
  const { sample } = last;
  const n = sample.layouts.length;
  const from = Math.floor((n * part) / parts);
  const to = Math.floor((n * (part + 1)) / parts);
  return { sums: expertSums(view, sample, solver, from, to), exhaustive: sample.exhaustive };
}

/** The hint from all its blocks, in block order: the same as `hintFor` (weights are powers of two, so the sums are exact). */
export function hintOfParts(parts: HintPart[]): Hint {
  const total = addSums(parts.map((p) => p.sums));
  return {
    values: rankValues(valuesOf(total)),
    layouts: total.layouts,
    exhaustive: parts[0]!.exhaustive,
    forced: false,
  };
}

// Hints (issue 18): "what would the expert play?" for a player at a table that allows it. The
// expert's own evaluation of every legal card or call, from the player's view alone: the layouts
// it weighs are those the view allows, never the true hands (the function is given nothing else).
// It thinks longer than at the table, and from a fixed seed, so that the same view gets the same hint.
import { type PlayerView, SeededRng } from '@baska/engine';
import type { ActionValue } from '../solve/analysis.js';
import { explainExpert } from './expert.js';

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

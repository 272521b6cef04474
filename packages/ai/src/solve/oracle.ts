// The oracle: sees every card and plays each action by its double-dummy value (the best score with
// perfect play by all, all hands open). Not a level a player can pick: a yardstick for the arena,
// the score that perfect knowledge would reach. Its name says what it is.
import type { Deal } from '@baska/engine';
import { doubleDummy } from './analysis.js';
import { Solver } from './solver.js';

let shared: Solver | null = null;

/** The oracle's action for the seat to act in `deal` (all cards seen). Ties go to the first action the engine lists. */
export function oracleAction(deal: Deal, solver?: Solver): string {
  const legal = deal.legal();
  if (legal.length === 1) return legal[0]!;
  const values = doubleDummy(deal, solver ?? (shared ??= new Solver()));
  let best = values[0]!;
  for (const v of values) if (v.score > best.score) best = v;
  return best.action;
}

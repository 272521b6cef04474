// The exact analysis on a thread of its own, so that the page stays responsive (the first lead of
// a deal weighs 34,650 layouts): it answers one block of a job's layouts at a time (or of the
// layouts the expert weighs for a hint), and the pool (analysis-pool.ts) spreads the blocks over
// as many of these as the machine has cores.
import { HINT_BUDGET_MS, Solver, hintPart, runJob } from '@baska/ai';
import type { PartReply, PartRequest } from './analysis-pool.js';

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<PartRequest>) => void) | null;
  postMessage(m: PartReply): void;
};

// One solver for the worker's life: its table serves the next block and the next job too.
const solver = new Solver();

scope.onmessage = (e) => {
  try {
    const m = e.data;
    if ('hint' in m) {
      const { sums, exhaustive } = hintPart(m.hint, m.part, m.parts, HINT_BUDGET_MS, solver);
      scope.postMessage({ part: m.part, sums, exhaustive });
    } else scope.postMessage({ part: m.part, sums: runJob(m.job, m.part, m.parts, { solver }) });
  } catch (err) {
    scope.postMessage({ error: (err as Error).message });
  }
};

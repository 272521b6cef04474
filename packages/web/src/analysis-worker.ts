// The exact analysis on a thread of its own, so that the page stays responsive (the first lead of
// a deal weighs 34,650 layouts): it answers one block of a job's layouts at a time, and the pool
// (analysis-pool.ts) spreads a job's blocks over as many of these as the machine has cores.
import { Solver, runJob } from '@baska/ai';
import type { PartReply, PartRequest } from './analysis-pool.js';

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<PartRequest>) => void) | null;
  postMessage(m: PartReply): void;
};

// One solver for the worker's life: its table serves the next block and the next job too.
const solver = new Solver();

scope.onmessage = (e) => {
  try {
    const { job, part, parts } = e.data;
    scope.postMessage({ part, sums: runJob(job, part, parts, { solver }) });
  } catch (err) {
    scope.postMessage({ error: (err as Error).message });
  }
};

// One worker of the analysis pool: runs its share of each job it is sent.
import { parentPort } from 'node:worker_threads';
import { type Job, runJob } from './analysis.js';
import { Solver } from './solver.js';

const solver = new Solver();
parentPort!.on('message', (m: { id: number; job: Job; part: number; parts: number }) => {
  try {
    parentPort!.postMessage({ id: m.id, sums: runJob(m.job, m.part, m.parts, { solver }) });
  } catch (e) {
    parentPort!.postMessage({ id: m.id, error: (e as Error).message });
  }
});

// The exact analysis of one decision, on a thread of its own so that the page stays responsive
// (the first lead of a deal weighs 34,650 layouts). It works in parts and says how far it is.
import { type Job, Solver, addSums, runJob, valuesOf } from '@baska/ai';

export type AnalysisReply =
  { progress: number } | { values: ReturnType<typeof valuesOf>; layouts: number } | { error: string };

const PARTS = 20;
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<Job>) => void) | null;
  postMessage(m: AnalysisReply): void;
};

scope.onmessage = (e) => {
  try {
    const solver = new Solver();
    const parts = [];
    for (let part = 0; part < PARTS; part++) {
      parts.push(runJob(e.data, part, PARTS, { solver }));
      scope.postMessage({ progress: (part + 1) / PARTS });
    }
    const sums = addSums(parts);
    scope.postMessage({ values: valuesOf(sums), layouts: sums.layouts });
  } catch (err) {
    scope.postMessage({ error: (err as Error).message });
  }
};

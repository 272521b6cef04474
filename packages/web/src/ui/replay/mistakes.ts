// The search for mistakes in a deal's play: each card choice weighed exactly (every layout of the
// cards the player could not see, on the analysis worker), and a choice is a mistake when another
// card had a higher expected score — as `baska analyze` marks them (packages/cli/src/analyze).
import type { ActionValue } from '@baska/ai';
import type { AnalysisReply } from '../../analysis-worker.js';
import type { DecisionJob } from './model.js';

export interface Mistake {
  step: number;
  seat: number;
  chosen: string;
  best: string;
  /** Expected score given away against the best card. */
  loss: number;
}

const EPS = 1e-9;

/** Is the chosen action worse than the best one? Returns the mistake's numbers, or null. */
export function judge(values: readonly ActionValue[], chosen: string): { best: string; loss: number } | null {
  const best = values.reduce((a, b) => (b.expectedScore > a.expectedScore ? b : a));
  const mine = values.find((v) => v.action === chosen);
  if (!mine || mine.expectedScore >= best.expectedScore - EPS) return null;
  return { best: best.action, loss: best.expectedScore - mine.expectedScore };
}

/**
 * Weigh each decision in turn on one worker; `progress` hears how many are done. The returned
 * promise's `stop` ends the worker (leaving the deal or the page stops the search).
 */
export function findMistakes(
  decisions: { step: number; seat: number; chosen: string; job: DecisionJob }[],
  progress: (done: number) => void,
): { result: Promise<Mistake[]>; stop: () => void } {
  const worker = new Worker(new URL('../../analysis-worker.ts', import.meta.url), { type: 'module' });
  const result = new Promise<Mistake[]>((resolve, reject) => {
    const found: Mistake[] = [];
    let i = 0;
    const next = () => {
      if (i === decisions.length) {
        worker.terminate();
        resolve(found);
      } else worker.postMessage(decisions[i]!.job);
    };
    worker.onmessage = (e: MessageEvent<AnalysisReply>) => {
      const m = e.data;
      if ('error' in m) {
        worker.terminate();
        reject(new Error(m.error));
      } else if ('values' in m) {
        const d = decisions[i]!;
        const bad = judge(m.values, d.chosen);
        if (bad) found.push({ step: d.step, seat: d.seat, chosen: d.chosen, ...bad });
        progress(++i);
        next();
      }
    };
    worker.onerror = (e) => {
      worker.terminate();
      reject(new Error(e.message));
    };
    next();
  });
  return { result, stop: () => worker.terminate() };
}

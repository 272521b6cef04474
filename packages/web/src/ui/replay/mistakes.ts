// The search for mistakes in a deal's play: each card choice weighed exactly (every layout of the
// cards the player could not see, on the analysis workers), and a choice is a mistake when another
// card had a higher expected score — as `baska analyze` marks them (packages/cli/src/analyze).
import type { ActionValue } from '@baska/ai';
import type { AnalysisPool } from '../../analysis-pool.js';
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
 * Weigh each decision in turn on a pool of workers, one per core (analysis-pool.ts); `progress`
 * hears how many are done. The returned `stop` ends every worker (leaving the deal or the page
 * stops the search).
 */
export function findMistakes(
  decisions: { step: number; seat: number; chosen: string; job: DecisionJob }[],
  progress: (done: number) => void,
): { result: Promise<Mistake[]>; stop: () => void } {
  let stopped = false;
  let pool: AnalysisPool | null = null;
  const result = import('../../analysis-pool.js').then(async ({ AnalysisPool }) => {
    const p = (pool = new AnalysisPool());
    if (stopped) p.stop();
    try {
      const found: Mistake[] = [];
      for (const [i, d] of decisions.entries()) {
        const { values } = await p.run(d.job);
        const bad = judge(values, d.chosen);
        if (bad) found.push({ step: d.step, seat: d.seat, chosen: d.chosen, ...bad });
        progress(i + 1);
      }
      return found;
    } finally {
      p.stop();
    }
  });
  return {
    result,
    stop: () => {
      stopped = true;
      pool?.stop();
    },
  };
}

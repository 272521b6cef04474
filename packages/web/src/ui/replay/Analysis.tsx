// "Could I have won?": the exact analysis of the decision at a step of a replay, on a pool of
// analysis workers (analysis-pool.ts, a chunk of its own, loaded on demand).
import type { ActionValue } from '@baska/ai';
import type { Preset } from '@baska/engine';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ActionValues } from '../ActionValues.js';
import type { AnalysisPool } from '../../analysis-pool.js';
import { t } from '../../i18n.js';
import type { DecisionJob } from './model.js';

/** "Could I have won?": the exact analysis of the decision at this step (loaded on demand). */
export function Analysis(props: { job: DecisionJob; name: string; played: string | undefined; preset: Preset }) {
  const w = t();
  type Result = { values: ActionValue[]; layouts: number } | { progress: number } | { error: string } | null;
  const [result, setResult] = useState<Result>(null);
  const leave = useRef<(() => void) | null>(null);
  useEffect(() => () => leave.current?.(), []); // leaving the step stops its analysis
  const run = () => {
    setResult({ progress: 0 });
    let left = false;
    let pool: AnalysisPool | null = null;
    leave.current = () => {
      left = true;
      pool?.stop();
    };
    // Workers of their own, one per core (and a chunk of its own: @baska/ai is not part of the initial load).
    void import('../../analysis-pool.js').then(({ AnalysisPool, Stopped }) => {
      if (left) return;
      const p = (pool = new AnalysisPool());
      p.run(props.job, (progress) => setResult({ progress })).then(
        (r) => {
          p.stop();
          setResult({ values: [...r.values].sort((a, b) => b.expectedScore - a.expectedScore), layouts: r.layouts });
        },
        (e: Error) => {
          if (!(e instanceof Stopped)) setResult({ error: e.message || w.analysisStopped });
        },
      );
    });
  };
  if (result === null)
    return (
      <button onClick={run}>
        {w.analyse} — {props.name}
      </button>
    );
  if ('error' in result) return <p role="alert">{result.error}</p>;
  if ('progress' in result)
    return (
      <p aria-live="polite">
        {w.analysing}{' '}
        <progress max={1} value={result.progress} aria-label={w.analysing}>
          {Math.round(result.progress * 100)}%
        </progress>
      </p>
    );
  return (
    <section class="analysis" aria-live="polite">
      <ActionValues values={result.values} preset={props.preset} marked={props.played} markNote={w.chosen} />
      <p class="note">{w.layouts(result.layouts)}</p>
    </section>
  );
}

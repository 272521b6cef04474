// "Could I have won?": the exact analysis of the decision at a step of a replay, on the analysis
// worker (a chunk of its own, loaded on demand).
import type { ActionValue } from '@baska/ai';
import type { Preset } from '@baska/engine';
import { useEffect, useState } from 'preact/hooks';
import { ActionValues } from '../ActionValues.js';
import type { AnalysisReply } from '../../analysis-worker.js';
import { t } from '../../i18n.js';
import type { DecisionJob } from './model.js';

/** "Could I have won?": the exact analysis of the decision at this step (loaded on demand). */
export function Analysis(props: { job: DecisionJob; name: string; played: string | undefined; preset: Preset }) {
  const w = t();
  type Result = { values: ActionValue[]; layouts: number } | { progress: number } | { error: string } | null;
  const [result, setResult] = useState<Result>(null);
  const [worker, setWorker] = useState<Worker | null>(null);
  useEffect(() => () => worker?.terminate(), [worker]); // leaving the step stops its analysis
  const run = () => {
    // A thread of its own (and a chunk of its own: @baska/ai is not part of the initial load).
    const wk = new Worker(new URL('../../analysis-worker.ts', import.meta.url), { type: 'module' });
    wk.onmessage = (e: MessageEvent<AnalysisReply>) => {
      const m = e.data;
      if ('values' in m) {
        setResult({ values: [...m.values].sort((a, b) => b.expectedScore - a.expectedScore), layouts: m.layouts });
        wk.terminate();
      } else setResult(m);
    };
    wk.onerror = (e) => setResult({ error: e.message || w.analysisStopped });
    wk.postMessage(props.job);
    setWorker(wk);
    setResult({ progress: 0 });
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

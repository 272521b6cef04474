// "Could I have won?": the exact analysis of the decision at a step of a replay, on the analysis
// worker (a chunk of its own, loaded on demand).
import type { ActionValue } from '@baska/ai';
import type { CardCode, Preset } from '@baska/engine';
import { useEffect, useState } from 'preact/hooks';
import type { AnalysisReply } from '../../analysis-worker.js';
import { lang, t } from '../../i18n.js';
import { num } from '../../i18n/format.js';
import { cardLabel } from '../Card.js';
import { callLabel } from '../words.js';
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
  const label = (a: string) => (/^[ATQJ][cshd]$/.test(a) ? cardLabel(a as CardCode) : callLabel(a, props.preset));
  return (
    <section class="analysis" aria-live="polite">
      <table>
        <thead>
          <tr>
            <th scope="col">{w.action}</th>
            <th scope="col">{w.expected}</th>
            <th scope="col">{w.winChance}</th>
          </tr>
        </thead>
        <tbody>
          {result.values.map((v) => (
            <tr key={v.action} class={v.action === props.played ? 'chosen' : ''}>
              <td>
                {label(v.action)}
                {v.action === props.played && ` (${w.chosen})`}
              </td>
              <td>{num(lang.value, Math.round(v.expectedScore * 100) / 100)}</td>
              <td>{new Intl.NumberFormat(lang.value, { style: 'percent' }).format(v.winProbability)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="note">{w.layouts(result.layouts)}</p>
    </section>
  );
}

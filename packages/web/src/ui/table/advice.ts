// The player's advice from his own view, worked out off the page's thread: whether a claim is sure
// (advice-worker.ts), asked again whenever the view changes, and the expert's hint, asked on
// request, spread over the analysis pool (one worker per core, analysis-pool.ts). The workers of a
// question are ended when its answer comes or the view moves on.
import type { PlayerView } from '@baska/engine';
import type { Hint } from '@baska/ai';
import { useEffect, useState } from 'preact/hooks';
import type { AdviceReply, AdviceRequest } from '../../advice-worker.js';
import type { AnalysisPool } from '../../analysis-pool.js';

function ask(req: AdviceRequest, answer: (r: AdviceReply) => void): () => void {
  const wk = new Worker(new URL('../../advice-worker.ts', import.meta.url), { type: 'module' });
  wk.onmessage = (e: MessageEvent<AdviceReply>) => {
    answer(e.data);
    wk.terminate();
  };
  wk.onerror = () => wk.terminate();
  wk.postMessage(req);
  return () => wk.terminate();
}

/** Is a claim sure from what this seat sees? False until proved (and while the check runs). RULES §7 */
export function useClaimSure(view: PlayerView, version: number, seated: boolean): boolean {
  const [sure, setSure] = useState<{ version: number; sure: boolean } | null>(null);
  const inPlay = seated && view.phase === 'play';
  useEffect(() => {
    if (!inPlay) return;
    return ask({ kind: 'claim', view }, (r) => setSure({ version, sure: 'claim' in r && r.claim }));
  }, [version, inPlay]);
  return inPlay && sure?.version === version && sure.sure;
}

/** The expert's hint on the analysis pool (one worker per core); the returned function stops it. */
function askHint(view: PlayerView, answer: (r: { hint: Hint } | { error: string }) => void): () => void {
  let left = false;
  let pool: AnalysisPool | null = null;
  void import('../../analysis-pool.js').then(({ AnalysisPool }) => {
    if (left) return;
    const p = (pool = new AnalysisPool());
    p.hint(view).then(
      (hint) => {
        p.stop();
        answer({ hint });
      },
      (e: Error) => {
        if (e.name !== 'Stopped') answer({ error: e.message });
      },
    );
  });
  return () => {
    left = true;
    pool?.stop();
  };
}

/** The expert's hint for this view, asked for with `request`; forgotten when the view moves on. */
export function useHint(view: PlayerView, version: number) {
  const [state, setState] = useState<{ version: number; hint: Hint | null; error?: string } | null>(null);
  useEffect(() => {
    if (state?.version !== version || state.hint !== null || state.error) return;
    return askHint(view, (r) =>
      setState({ version, hint: 'hint' in r ? r.hint : null, error: 'error' in r ? r.error : undefined }),
    );
  }, [state, version]);
  const current = state?.version === version ? state : null;
  return {
    asked: current !== null,
    hint: current?.hint ?? null,
    error: current?.error ?? null,
    request: () => setState({ version, hint: null }),
  };
}

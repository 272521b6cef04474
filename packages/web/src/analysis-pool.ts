// The exact analysis of one decision spread over the browser's cores (issue 18): a job's layouts
// are cut into PARTS blocks, handed out to a pool of analysis workers (analysis-worker.ts) as they
// come free, and the blocks' sums are added in block order — the same additions as on one worker,
// so the values are exactly those of one worker, whatever the number of workers or the order in
// which their answers arrive.
import {
  type ActionValue,
  type Hint,
  type HintPart,
  type Job,
  type Sums,
  addSums,
  forcedHint,
  hintOfParts,
  valuesOf,
} from '@baska/ai';
import type { PlayerView } from '@baska/engine';

/** How many blocks a job's layouts are cut into, whatever the number of workers. */
export const PARTS = 20;

/** What a worker is asked: one block of a job's layouts, or of the layouts the expert weighs for a hint. */
export type PartRequest = ({ job: Job } | { hint: PlayerView }) & { part: number; parts: number };
/** What a worker answers: that block's sums (for a hint, whether its layouts are all the view allows), or why it could not. */
export type PartReply = { part: number; sums: Sums; exhaustive?: boolean } | { error: string };
type Block = Extract<PartReply, { sums: Sums }>;

/** The part of a Worker the pool uses (a browser Worker has it). */
export interface PartWorker {
  onmessage: ((e: MessageEvent<PartReply>) => void) | null;
  onerror: ((e: ErrorEvent) => void) | null;
  postMessage(m: PartRequest): void;
  terminate(): void;
}

export interface Analysed {
  values: ActionValue[];
  layouts: number;
}

/** As many workers as cores, at most one per block, at least one. */
export function poolSize(cores: number | undefined, parts = PARTS): number {
  const n = Math.floor(Number(cores));
  return Math.max(1, Math.min(parts, Number.isFinite(n) ? n : 1));
}

/** The analysis worker, a chunk of its own (@baska/ai is not part of the page's first load). */
export function spawnAnalysisWorker(): PartWorker {
  return new Worker(new URL('./analysis-worker.ts', import.meta.url), { type: 'module' }) as PartWorker;
}

/** Why a job ended without values because the pool was stopped. */
export class Stopped extends Error {
  constructor() {
    super('stopped');
    this.name = 'Stopped';
  }
}

/**
 * A pool of analysis workers running one job at a time. Each worker keeps its solver (and its
 * table) from block to block and job to job; `stop` terminates every worker.
 */
export class AnalysisPool {
  private readonly workers: PartWorker[];
  private failJob: ((e: Error) => void) | null = null;
  private stopped = false;

  constructor(
    readonly size = poolSize(navigator.hardwareConcurrency),
    spawn: () => PartWorker = spawnAnalysisWorker,
  ) {
    this.workers = Array.from({ length: poolSize(size) }, spawn);
  }

  /** The values of every action of the job's decision; `progress` hears the share of blocks done. */
  async run(job: Job, progress: (share: number) => void = () => {}): Promise<Analysed> {
    const blocks = await this.spread((part) => ({ job, part, parts: PARTS }), progress);
    const total = addSums(blocks.map((b) => b.sums)); // in block order, as one worker adds them
    return { values: valuesOf(total), layouts: total.layouts };
  }

  /** The expert's hint for a view (issue 18), its layouts spread over the workers: the same as on one thread. */
  async hint(view: PlayerView): Promise<Hint> {
    const forced = forcedHint(view);
    if (forced) return forced;
    const blocks = await this.spread(
      (part) => ({ hint: view, part, parts: PARTS }),
      () => {},
    );
    return hintOfParts(blocks.map((b): HintPart => ({ sums: b.sums, exhaustive: b.exhaustive ?? false })));
  }

  /** Every block asked of the workers as they come free; the answers in block order. */
  private spread(ask: (part: number) => PartRequest, progress: (share: number) => void): Promise<Block[]> {
    if (this.stopped) return Promise.reject(new Stopped());
    if (this.failJob) return Promise.reject(new Error('the analysis pool is busy'));
    return new Promise<Block[]>((resolve, reject) => {
      const blocks = new Array<Block>(PARTS);
      let next = 0;
      let done = 0;
      const finish = () => {
        for (const w of this.workers) w.onmessage = w.onerror = null;
        this.failJob = null;
      };
      this.failJob = (e) => {
        finish();
        reject(e);
      };
      const fail = (message: string) => {
        finish();
        reject(new Error(message));
        this.stop(); // a worker that failed leaves the pool unusable: end them all
      };
      const give = (w: PartWorker) => {
        if (next < PARTS) w.postMessage(ask(next++));
      };
      for (const w of this.workers) {
        w.onmessage = (e) => {
          const m = e.data;
          if ('error' in m) return fail(m.error);
          blocks[m.part] = m;
          done++;
          progress(done / PARTS);
          if (done < PARTS) return give(w);
          finish();
          resolve(blocks);
        };
        w.onerror = (e) => fail(e.message || 'the analysis worker failed');
        give(w);
      }
    });
  }

  /** Terminate every worker; a job under way ends with `Stopped`. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    for (const w of this.workers) w.terminate();
    this.failJob?.(new Stopped());
  }
}

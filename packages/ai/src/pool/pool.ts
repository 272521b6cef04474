// Worker threads that spread one analysis, or an arena's deals, over the cores (Node only: import
// it as '@baska/ai/pool'). Each worker takes one block of the layouts of a job; their sums add up. With one
// thread the work runs in this thread, with no worker at all.
import { type PlayerView, SeededRng } from '@baska/engine';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { type Job, type Sums, addSums, runJob } from '../solve/analysis.js';
import { Arena, type ArenaSpec, type DealResult, type Timing } from '../arena/arena.js';
import { type ArenaSummary, summarise } from '../arena/summary.js';
import { BOTS } from '../bots/bot.js';
import { claimSureForView } from '../solve/claim.js';
import { Solver } from '../solve/solver.js';

interface Reply {
  id: number;
  sums?: Sums;
  error?: string;
}

// Under the test runner this file is the TypeScript source: its workers run the built code.
const WORKER = import.meta.url.endsWith('.ts')
  ? new URL('../../dist/pool/pool-worker.js', import.meta.url)
  : new URL('./pool-worker.js', import.meta.url);

export class AnalysisPool {
  readonly size: number;
  private readonly workers: Worker[] = [];
  private readonly waiting = new Map<number, { resolve: (s: Sums) => void; reject: (e: Error) => void }>();
  private nextId = 0;
  private running = 0;
  private readonly solver = new Solver();

  /** `threads`: how many (default: one per core). */
  constructor(threads = availableParallelism()) {
    this.size = Math.max(1, Math.floor(threads));
    if (this.size === 1) return;
    for (let i = 0; i < this.size; i++) {
      const w = new Worker(WORKER);
      w.on('message', (r: Reply) => {
        const p = this.waiting.get(r.id);
        if (!p) return;
        this.waiting.delete(r.id);
        if (r.error !== undefined) p.reject(new Error(r.error));
        else p.resolve(r.sums!);
      });
      w.on('error', (e) => {
        for (const p of this.waiting.values()) p.reject(e);
        this.waiting.clear();
      });
      w.unref(); // an idle pool does not keep the process alive
      this.workers.push(w);
    }
  }

  /** Run a whole job, spread over the pool. */
  async run(job: Job): Promise<Sums> {
    if (this.size === 1) return runJob(job, 0, 1, { solver: this.solver });
    const parts = this.workers.map(
      (w, part) =>
        new Promise<Sums>((resolve, reject) => {
          const id = this.nextId++;
          this.waiting.set(id, { resolve, reject });
          w.postMessage({ id, job, part, parts: this.size });
        }),
    );
    if (this.running++ === 0) for (const w of this.workers) w.ref();
    try {
      return addSums(await Promise.all(parts));
    } finally {
      if (--this.running === 0) for (const w of this.workers) w.unref();
    }
  }

  /** Stop the workers. */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
    this.workers.length = 0;
  }
}

/**
 * Play deals 0 … deals−1 of a duplicate match on `threads` worker threads (blocks of deals handed
 * out as workers come free), calling `progress` with the number of deals done.
 */
export async function runArena(
  spec: ArenaSpec,
  deals: number,
  threads = availableParallelism(),
  progress: (done: number) => void = () => {},
): Promise<ArenaSummary> {
  const results: DealResult[] = [];
  const timings: Timing[] = [];
  const n = Math.max(1, Math.min(Math.floor(threads), deals));
  if (n === 1) {
    const arena = new Arena(spec);
    for (let i = 0; i < deals; i++) {
      results.push(arena.play(i));
      progress(i + 1);
    }
    return summarise(spec, results, [...arena.times.values()]);
  }
  const block = Math.max(1, Math.min(25, Math.ceil(deals / (n * 8))));
  let next = 0;
  let done = 0;
  const workers = Array.from({ length: n }, () => new Worker(WORKER));
  try {
    await Promise.all(
      workers.map(
        (w, id) =>
          new Promise<void>((resolve, reject) => {
            const send = () => {
              if (next >= deals) return resolve();
              const from = next;
              next = Math.min(deals, next + block);
              w.postMessage({ id, arena: { spec, from, to: next } });
            };
            w.on('message', (r: { error?: string; arena?: { results: DealResult[]; timings: Timing[] } }) => {
              if (r.error !== undefined) return reject(new Error(r.error));
              results.push(...r.arena!.results);
              timings.push(...r.arena!.timings);
              done += r.arena!.results.length;
              progress(done);
              send();
            });
            w.on('error', reject);
            send();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return summarise(spec, results, timings);
}

/**
 * Bots deciding on worker threads, so that a long decision (an expert's worst is a few hundred
 * milliseconds) never stalls the caller's event loop, a game server's say. A decision goes to the
 * worker with the fewest waiting; the same level, view and seed give the same action as
 * `BOTS[level].decide(view, new SeededRng(seed))` in this thread. A worker that dies is replaced
 * and its waiting decisions are refused (the caller may decide them itself). With 0 threads every
 * decision runs in this thread. A claim's proof over a view (`claimSureForView`, up to a few
 * hundred milliseconds too) runs on the same workers. On Linux the workers run at a lower priority
 * (nice 10) than the caller's thread, so that on busy cores the event loop they serve goes first.
 */
export class BotPool {
  private readonly workers: { worker: Worker; waiting: Map<number, (r: DecideReply) => void> }[] = [];
  private nextId = 0;
  private closed = false;

  constructor(readonly threads: number) {
    for (let i = 0; i < Math.max(0, Math.floor(threads)); i++) this.workers.push(this.spawn());
  }

  private spawn() {
    const slot = {
      worker: new Worker(WORKER, { workerData: { yielding: true } }),
      waiting: new Map<number, (r: DecideReply) => void>(),
    };
    slot.worker.on('message', (r: DecideReply) => {
      const done = slot.waiting.get(r.id);
      slot.waiting.delete(r.id);
      done?.(r);
      if (slot.waiting.size === 0) slot.worker.unref();
    });
    const fail = (error: string) => {
      for (const done of slot.waiting.values()) done({ id: -1, error });
      slot.waiting.clear();
      const i = this.workers.indexOf(slot);
      if (i >= 0 && !this.closed) this.workers[i] = this.spawn();
    };
    slot.worker.on('error', (e) => fail(e.stack ?? e.message));
    slot.worker.on('exit', (code) => fail(`the bot worker exited (${code})`));
    slot.worker.unref(); // an idle pool does not keep the process alive
    return slot;
  }

  /** The action of a bot of `level` for the seat whose view this is (its turn), from the random seed `seed`. */
  decide(level: string, view: PlayerView, seed: string): Promise<string> {
    const bot = BOTS[level];
    if (!bot) return Promise.reject(new Error(`no bot level ${level}`));
    return this.run(
      () => bot.decide(view, new SeededRng(seed)),
      { decide: { level, view, seed } },
      (r) => r.action!,
    );
  }

  /** `claimSureForView(view)` (within CLAIM_LIMITS) on a worker: is the viewer's claim sure, or null when too early to prove. */
  proveClaim(view: PlayerView): Promise<boolean | null> {
    return this.run(
      () => claimSureForView(view),
      { claim: { view } },
      (r) => r.sure ?? null,
    );
  }

  /** `here()` in this thread with no workers; else `message` to the worker with the fewest waiting, its reply read by `answer`. */
  private run<T>(here: () => T, message: object, answer: (r: DecideReply) => T): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the bot pool is closed'));
    if (this.workers.length === 0) {
      try {
        return Promise.resolve(here());
      } catch (e) {
        return Promise.reject(e as Error);
      }
    }
    const slot = this.workers.reduce((a, b) => (b.waiting.size < a.waiting.size ? b : a));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      slot.waiting.set(id, (r) => (r.error !== undefined ? reject(new Error(r.error)) : resolve(answer(r))));
      slot.worker.ref();
      slot.worker.postMessage({ id, ...message });
    });
  }

  /** Stop the workers; waiting decisions are refused. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.workers.map((s) => s.worker.terminate()));
    this.workers.length = 0;
  }
}

interface DecideReply {
  id: number;
  action?: string;
  /** A claim's proof: sure, not sure, or null (too early to prove). */
  sure?: boolean | null;
  error?: string;
}

// One worker of the pools: runs its share of each analysis job, a block of arena deals, one bot's
// decision, or one claim's proof over a view.
import { type PlayerView, SeededRng } from '@baska/engine';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { type Job, runJob } from '../solve/analysis.js';
import { Arena, type ArenaSpec } from '../arena/arena.js';
import { BOTS } from '../bots/bot.js';
import { claimSureForView } from '../solve/claim.js';
import { Solver } from '../solve/solver.js';

const solver = new Solver();
// A bot pool's worker yields to the event loop it serves when the cores are busy: on Linux a
// thread's own priority is set so (elsewhere it would be the whole process's: left alone).
if ((workerData as { yielding?: boolean } | null)?.yielding && process.platform === 'linux') {
  try {
    setPriority(10);
  } catch {
    // not permitted: the worker keeps the process's priority
  }
}
type Message =
  | { id: number; job: Job; part: number; parts: number }
  | { id: number; arena: { spec: ArenaSpec; from: number; to: number } }
  | { id: number; decide: { level: string; view: PlayerView; seed: string } }
  | { id: number; claim: { view: PlayerView } };

parentPort!.on('message', (m: Message) => {
  try {
    if ('claim' in m) {
      parentPort!.postMessage({ id: m.id, sure: claimSureForView(m.claim.view) });
    } else if ('decide' in m) {
      const { level, view, seed } = m.decide;
      parentPort!.postMessage({ id: m.id, action: BOTS[level]!.decide(view, new SeededRng(seed)) });
    } else if ('arena' in m) {
      const arena = new Arena(m.arena.spec);
      const results = [];
      for (let i = m.arena.from; i < m.arena.to; i++) results.push(arena.play(i));
      parentPort!.postMessage({ id: m.id, arena: { results, timings: [...arena.times.values()] } });
    } else {
      parentPort!.postMessage({ id: m.id, sums: runJob(m.job, m.part, m.parts, { solver }) });
    }
  } catch (e) {
    parentPort!.postMessage({ id: m.id, error: (e as Error).stack ?? (e as Error).message });
  }
});

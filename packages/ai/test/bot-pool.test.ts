// Bots on worker threads (the game server's way): the same decisions as in this thread, on threads
// that yield to the event loop when the cores are busy (a lower priority, on Linux).
import { SeededRng, rulesOf, viewFor, type PlayerView } from '@baska/engine';
import { BOTS, newTable } from '@baska/ai';
import { BotPool } from '@baska/ai/pool';
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** Decision points of random games: each seat's view at its turn, with a seed for the bot. */
function decisionPoints(n: number): { view: PlayerView; seed: string }[] {
  const points: { view: PlayerView; seed: string }[] = [];
  const rng = new SeededRng(7);
  for (let g = 0; points.length < n; g++) {
    const table = newTable({ rules: rulesOf(g % 2 ? 'kop' : 'standard'), seed: g });
    const d = table.newDeal();
    if (!d.ok) throw new Error(d.error.message);
    while (!d.value.isComplete) {
      const view = viewFor(d.value, d.value.toAct);
      points.push({ view, seed: `game ${g}:${points.length}` });
      table.apply(BOTS.random!.decide(view, rng));
    }
  }
  return points;
}

describe('BotPool', () => {
  const points = decisionPoints(60);

  for (const threads of [0, 2]) {
    it(`with ${threads} worker threads decides as each bot does in this thread (60 decisions × 3 levels)`, async () => {
      const pool = new BotPool(threads);
      try {
        for (const level of ['random', 'basic', 'expert']) {
          const inThread = points.map(({ view, seed }) => BOTS[level]!.decide(view, new SeededRng(seed)));
          const pooled = await Promise.all(points.map(({ view, seed }) => pool.decide(level, view, seed)));
          expect(pooled).toEqual(inThread);
        }
      } finally {
        await pool.close();
      }
    });
  }

  it('refuses an unknown level, a view with nothing to decide, and any decision once closed', async () => {
    const pool = new BotPool(1);
    const { view, seed } = points[0]!;
    await expect(pool.decide('grandmaster', view, seed)).rejects.toThrow(/no bot level/);
    await expect(pool.decide('basic', { ...view, legal: [] }, seed)).rejects.toThrow(/nothing to decide/);
    expect(BOTS.basic!.decide(view, new SeededRng(seed))).toBe(await pool.decide('basic', view, seed)); // still serving
    await pool.close();
    await expect(pool.decide('basic', view, seed)).rejects.toThrow(/closed/);
  });

  it.runIf(process.platform === 'linux')(
    'runs its workers at a lower priority than the event loop (nice 10)',
    async () => {
      /** The nice value of each of this process's threads. */
      const nices = () =>
        readdirSync('/proc/self/task').map((t) => {
          const stat = readFileSync(`/proc/self/task/${t}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
        });
      const before = nices().filter((n) => n === 10).length;
      const pool = new BotPool(1);
      try {
        await pool.decide('basic', points[0]!.view, points[0]!.seed); // the worker has started
        expect(nices().filter((n) => n === 10).length).toBe(before + 1);
        expect(nices()).toContain(0); // this thread's is unchanged
      } finally {
        await pool.close();
      }
    },
  );
});

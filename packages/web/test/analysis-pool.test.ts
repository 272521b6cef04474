// The browser's analysis pool (issue 18): a job's blocks spread over several workers add up to
// exactly the values of one worker, progress is reported per block, and stopping ends every
// worker. Node has no browser Worker, so each worker here runs the real `runJob` in this process,
// answering after a delay that depends on the block, so that answers arrive out of order; the
// real workers in Chromium are in e2e/table.test.ts (the replay) and e2e/advice.test.ts.
import { Deal, rulesOf, parseCards, viewFor } from '@baska/engine';
import { maskOf } from '@baska/engine/fast';
import { HINT_BUDGET_MS, type Job, Solver, decisionJob, hintFor, hintPart, runJob, valuesOf } from '@baska/ai';
import { describe, expect, it } from 'vitest';
import {
  type Analysed,
  AnalysisPool,
  PARTS,
  type PartReply,
  type PartRequest,
  type PartWorker,
  Stopped,
  poolSize,
} from '../src/analysis-pool.js';

class InProcessWorker implements PartWorker {
  onmessage: ((e: MessageEvent<PartReply>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  terminated = false;
  readonly parts: number[] = [];
  private readonly solver = new Solver();
  constructor(private readonly failAt = -1) {}
  postMessage(m: PartRequest): void {
    this.parts.push(m.part);
    setTimeout(
      () => {
        if (this.terminated) return;
        const data: PartReply =
          m.part === this.failAt
            ? { error: `block ${m.part} failed` }
            : 'hint' in m
              ? { part: m.part, ...hintPart(m.hint, m.part, m.parts, HINT_BUDGET_MS, this.solver) }
              : { part: m.part, sums: runJob(m.job, m.part, m.parts, { solver: this.solver }) };
        this.onmessage?.({ data } as MessageEvent<PartReply>);
      },
      (m.part * 7) % 5,
    );
  }
  terminate(): void {
    this.terminated = true;
  }
}

function poolOf(size: number, failAt = -1) {
  const workers: InProcessWorker[] = [];
  const pool = new AnalysisPool(size, () => {
    const w = new InProcessWorker(failAt);
    workers.push(w);
    return w;
  });
  return { pool, workers };
}

/** A deal from its hands, calls and then `cards` cards played (each the first legal one; standard rules). */
function dealAt(hands: string[], moves: string[], cards = 0): Deal {
  const d = Deal.of(
    rulesOf('standard'),
    0,
    hands.map((h) => maskOf(parseCards(h)!)),
  );
  for (const m of moves) if (!d.apply(m).ok) throw new Error(m);
  for (let i = 0; i < cards; i++) d.apply(d.legal()[0]!);
  expect(d.legal().length).toBeGreaterThan(1);
  return d;
}
const job = (hands: string[], moves: string[], cards = 0): Job => decisionJob(dealAt(hands, moves, cards));

const HANDS = ['Ah Jc Tc Ts', 'Qc Qs Qh Jd', 'Th Js Jh Td', 'Qd Ad Ac As'];
// The first lead of a gran (34,650 layouts less those the auction rules out), and a later card.
const FIRST_LEAD = job(HANDS, ['pass', 'gran', 'pass', 'pass', 'pass']);
const SECOND_TRICK = job(HANDS, ['pass', 'gran', 'pass', 'pass', 'pass'], 4);

describe('the analysis pool', () => {
  it('adds the blocks of several workers to exactly the values of one worker and of one whole run', async () => {
    for (const j of [FIRST_LEAD, SECOND_TRICK]) {
      const whole = runJob(j);
      const expected: Analysed = { values: valuesOf(whole), layouts: whole.layouts };
      const one = await poolOf(1).pool.run(j);
      expect(one).toEqual(expected);
      for (const size of [2, 3, 7]) {
        const { pool, workers } = poolOf(size);
        expect(await pool.run(j)).toEqual(one);
        // Every block asked once, and every worker given some.
        expect(workers.flatMap((w) => w.parts).sort((a, b) => a - b)).toEqual([...Array(PARTS).keys()]);
        expect(workers.every((w) => w.parts.length > 0)).toBe(true);
      }
    }
  });

  it('runs one job after another on the same workers, and reports the share of blocks done', async () => {
    const { pool, workers } = poolOf(3);
    const shares: number[] = [];
    const first = await pool.run(SECOND_TRICK, (s) => shares.push(s));
    expect(shares).toEqual([...Array(PARTS).keys()].map((i) => (i + 1) / PARTS));
    expect(await pool.run(SECOND_TRICK)).toEqual(first);
    expect(workers).toHaveLength(3);
  });

  it('stop terminates every worker and ends the job under way; a stopped pool runs nothing', async () => {
    const { pool, workers } = poolOf(4);
    const running = pool.run(FIRST_LEAD);
    pool.stop();
    await expect(running).rejects.toBeInstanceOf(Stopped);
    expect(workers.map((w) => w.terminated)).toEqual([true, true, true, true]);
    await expect(pool.run(SECOND_TRICK)).rejects.toBeInstanceOf(Stopped);
  });

  it('a worker that fails ends the job with its message and every worker', async () => {
    const { pool, workers } = poolOf(3, 5);
    await expect(pool.run(SECOND_TRICK)).rejects.toThrow('block 5 failed');
    expect(workers.every((w) => w.terminated)).toBe(true);
  });

  it("spreads the expert's hint the same way: the hint of one thread, in the auction and in play", async () => {
    for (const d of [dealAt(HANDS, ['pass']), dealAt(HANDS, ['pass', 'gran', 'pass', 'pass', 'pass'], 4)]) {
      const view = viewFor(d, d.toAct);
      const { pool, workers } = poolOf(3);
      expect(await pool.hint(view)).toEqual(hintFor(view));
      expect(workers.every((w) => w.parts.length > 0)).toBe(true);
    }
  });

  it('answers a view with no choice at once, asking no worker', async () => {
    const d = dealAt(HANDS, ['pass']);
    const { pool, workers } = poolOf(2);
    const view = { ...viewFor(d, d.toAct), legal: ['pass'] };
    expect(await pool.hint(view)).toEqual({ values: [], layouts: 0, exhaustive: false, forced: true });
    expect(workers.flatMap((w) => w.parts)).toEqual([]);
  });

  it('has as many workers as cores, at most one per block, at least one', () => {
    expect(poolSize(8)).toBe(8);
    expect(poolSize(64)).toBe(PARTS);
    expect(poolSize(0)).toBe(1);
    expect(poolSize(undefined)).toBe(1);
    expect(poolSize(Number.NaN)).toBe(1);
    expect(poolSize(2.5)).toBe(2);
    expect(poolOf(64).workers).toHaveLength(PARTS);
  });
});

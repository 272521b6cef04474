// The statistics of a duplicate match (arena.ts): each player's mean with its 95% confidence
// interval, the paired difference, breakdowns by role and contract, the gap to the oracle, and the
// decision times.
import { type DealResult, ORACLE, type ArenaSpec, type SeatGame, type Timing } from './arena.js';

/** Mean and 95% confidence interval (normal approximation) of a sample. */
export interface Interval {
  n: number;
  mean: number;
  low: number;
  high: number;
}

export function interval(xs: ArrayLike<number>): Interval {
  const n = xs.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += xs[i]!;
  const mean = n ? sum / n : 0;
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (xs[i]! - mean) ** 2;
  const se = n > 1 ? Math.sqrt(ss / (n - 1) / n) : 0;
  return { n, mean, low: mean - 1.96 * se, high: mean + 1.96 * se };
}

/** Quantile of a sorted sample (nearest rank). */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export interface Breakdown {
  key: string;
  /** Seat-games and mean score per seat-game of each player in this group. */
  n: [number, number];
  mean: [number, number];
}

export interface ArenaSummary {
  rules: string;
  seed: string;
  bots: [string, string];
  deals: number;
  /** Each player's mean score per seat and deal. */
  mean: [Interval, Interval];
  /** Paired difference A − B per deal. */
  difference: Interval;
  byContract: Breakdown[];
  byRole: Breakdown[];
  /** Share of the oracle's lead over `against` that each player reaches, on the gap deals. */
  gap: { deals: number; against: string; lead: Record<string, Interval>; share: Record<string, number> } | null;
  /** Decision times per player: all decisions, and those with a choice. */
  times: Record<
    string,
    {
      decisions: number;
      median: number;
      p99: number;
      max: number;
      withChoice: { n: number; median: number; p99: number };
    }
  >;
  /** Running mean of the difference after each deal, for the plot. */
  running: number[];
}

function breakdown(results: DealResult[], keyOf: (s: SeatGame) => string): Breakdown[] {
  const groups = new Map<string, { n: [number, number]; sum: [number, number] }>();
  for (const r of results) {
    for (const s of r.seats) {
      const key = keyOf(s);
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { n: [0, 0], sum: [0, 0] }));
      g.n[s.player]++;
      g.sum[s.player] += s.score;
    }
  }
  return [...groups.entries()]
    .map(([key, g]) => ({
      key,
      n: g.n,
      mean: [g.n[0] ? g.sum[0] / g.n[0] : 0, g.n[1] ? g.sum[1] / g.n[1] : 0] as [number, number],
    }))
    .sort((x, y) => y.n[0] + y.n[1] - (x.n[0] + x.n[1]));
}

function timesOf(t: Timing) {
  const all = Float64Array.from(t.ms).sort();
  const chosen = Float64Array.from(t.ms.filter((_, i) => t.choice[i])).sort();
  return {
    decisions: all.length,
    median: quantile(all, 0.5),
    p99: quantile(all, 0.99),
    max: all.length ? all[all.length - 1]! : 0,
    withChoice: { n: chosen.length, median: quantile(chosen, 0.5), p99: quantile(chosen, 0.99) },
  };
}

/** Summarise a match from its deal results (in any order) and the timings. */
export function summarise(spec: ArenaSpec, results: DealResult[], timings: Timing[]): ArenaSummary {
  const sorted = [...results].sort((x, y) => x.index - y.index);
  const diffs = sorted.map((r) => r.mean[0] - r.mean[1]);
  const running: number[] = [];
  let acc = 0;
  diffs.forEach((d, i) => running.push((acc += d) / (i + 1)));
  const gapped = sorted.filter((r) => r.gap);
  let gap: ArenaSummary['gap'] = null;
  if (gapped.length > 0) {
    const names = Object.keys(gapped[0]!.gap!);
    const lead = Object.fromEntries(names.map((x) => [x, interval(gapped.map((r) => r.gap![x]!))]));
    const oracle = lead[ORACLE]!.mean;
    const share = Object.fromEntries(names.map((x) => [x, oracle !== 0 ? lead[x]!.mean / oracle : 0]));
    gap = { deals: gapped.length, against: spec.gapAgainst ?? 'random', lead, share };
  }
  const merged = new Map<string, Timing>();
  for (const t of timings) {
    const m = merged.get(t.player) ?? { player: t.player, ms: [], choice: [] };
    for (let i = 0; i < t.ms.length; i++) {
      m.ms.push(t.ms[i]!);
      m.choice.push(t.choice[i]!);
    }
    merged.set(t.player, m);
  }
  return {
    rules: spec.rules.preset,
    seed: spec.seed,
    bots: spec.bots,
    deals: sorted.length,
    mean: [interval(sorted.map((r) => r.mean[0])), interval(sorted.map((r) => r.mean[1]))],
    difference: interval(diffs),
    byContract: breakdown(sorted, (s) => s.contract),
    byRole: breakdown(sorted, (s) => (s.old ? 'old' : 'young')),
    gap,
    times: Object.fromEntries([...merged.values()].map((t) => [t.player, timesOf(t)])),
    running,
  };
}

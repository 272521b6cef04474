// Duplicate matches between bots (ARCHITECTURE "AI"): the same deals replayed with the seats
// rotated, so that each bot plays every hand in every position, and luck cancels out.
//
// A duplicate deal is played twice: bot A in seats 0 and 2 and bot B in 1 and 3, then the other
// way round. A bot's result on a deal is its mean score over the four seats it played; the paired
// difference is A's mean minus B's. The oracle (sees all cards) may sit in an arena, and nowhere else.
import { type Contract, Deal, type Rules, SeededRng, dealMasks, randomInt, viewFor } from '@baska/engine';
import { botByName } from './bot.js';
import { cichaIsSure } from './cicha.js';
import { oracleAction } from './oracle.js';

/** Who may sit in an arena: the levels, and the oracle as a yardstick. */
export const ORACLE = 'oracle';

export interface ArenaSpec {
  rules: Rules;
  seed: string;
  /** The two players of the match. */
  bots: [string, string];
  /** On the first `gapDeals` deals, each player and the oracle also play the random level (the gap to the oracle). */
  gapDeals: number;
  /** Time budget per decision passed to the bots (ms). */
  budgetMs?: number;
}

/** One seat's game: which of the two players sat there, the contract, its side, its score. */
export interface SeatGame {
  player: 0 | 1;
  contract: Contract;
  old: boolean;
  score: number;
}

export interface DealResult {
  index: number;
  /** Mean score of each player over its four seats. */
  mean: [number, number];
  seats: SeatGame[];
  /** On the gap deals: each player's (and the oracle's) paired difference against the random level. */
  gap?: Record<string, number>;
}

/** Decision times (ms) of each player, and whether the decision had a choice. */
export interface Timing {
  player: string;
  ms: number[];
  choice: boolean[];
}

/** The deal at index `i` of a seeded arena: the same for every pair of bots. */
export function arenaDeal(seed: string, i: number): { dealer: number; hands: ArrayLike<number> } {
  const rng = new SeededRng(`${seed}:deal:${i}`);
  const dealer = randomInt(rng, 4);
  return { dealer, hands: dealMasks(rng, dealer) };
}

export class Arena {
  readonly times = new Map<string, Timing>();

  constructor(readonly spec: ArenaSpec) {
    for (const name of spec.bots) if (name !== ORACLE && !botByName(name)) throw new Error(`unknown bot "${name}"`);
  }

  private timing(player: string): Timing {
    let t = this.times.get(player);
    if (!t) this.times.set(player, (t = { player, ms: [], choice: [] }));
    return t;
  }

  /** One game of a deal with the players by seat; returns the complete deal. */
  playGame(i: number, game: string, bySeat: readonly string[]): Deal {
    const { dealer, hands } = arenaDeal(this.spec.seed, i);
    const started = Deal.start({ rules: this.spec.rules, dealer, hands, cichaJudge: cichaIsSure });
    if (!started.ok) throw new Error(started.error.message);
    const d = started.value;
    const rngs = [0, 1, 2, 3].map((s) => new SeededRng(`${this.spec.seed}:bot:${i}:${game}:${s}`));
    while (!d.isComplete) {
      const seat = d.toAct;
      const name = bySeat[seat]!;
      const choice = d.legal().length > 1;
      const t0 = performance.now();
      const action =
        name === ORACLE ? oracleAction(d) : botByName(name)!.decide(viewFor(d, seat), rngs[seat]!, this.spec.budgetMs);
      const t = this.timing(name);
      t.ms.push(performance.now() - t0);
      t.choice.push(choice);
      const r = d.apply(action);
      if (!r.ok) throw new Error(`${name} chose ${action}: ${r.error.message}`);
    }
    return d;
  }

  /** Both rotations of a deal between two players: each one's mean score per seat, and the seats' games. */
  duplicate(i: number, a: string, b: string, tag: string): { mean: [number, number]; seats: SeatGame[] } {
    const seats: SeatGame[] = [];
    const sum = [0, 0];
    for (const rot of [0, 1] as const) {
      const bySeat = [0, 1, 2, 3].map((s) => ((s + rot) & 1 ? b : a));
      const d = this.playGame(i, `${tag}${rot}`, bySeat);
      for (let s = 0; s < 4; s++) {
        const player = ((s + rot) & 1) as 0 | 1;
        const score = d.outcome.scores[s]!;
        sum[player]! += score;
        seats.push({ player, contract: d.contract!, old: ((d.oldSeats >> s) & 1) === 1, score });
      }
    }
    return { mean: [sum[0]! / 4, sum[1]! / 4], seats };
  }

  /** Play duplicate deal `i`: the match, and on the gap deals the games against the random level. */
  play(i: number): DealResult {
    const [a, b] = this.spec.bots;
    const { mean, seats } = this.duplicate(i, a, b, 'm');
    const result: DealResult = { index: i, mean, seats };
    if (i < this.spec.gapDeals) {
      result.gap = {};
      for (const x of new Set([a, b, ORACLE])) {
        if (x === 'random') result.gap[x] = 0;
        else {
          const g = this.duplicate(i, x, 'random', `g${x}`);
          result.gap[x] = g.mean[0] - g.mean[1];
        }
      }
    }
    return result;
  }
}

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
  /** Share of the oracle's lead over the random level that each player reaches, on the gap deals. */
  gap: { deals: number; vsRandom: Record<string, Interval>; share: Record<string, number> } | null;
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
    const vsRandom = Object.fromEntries(names.map((x) => [x, interval(gapped.map((r) => r.gap![x]!))]));
    const oracle = vsRandom[ORACLE]!.mean;
    const share = Object.fromEntries(names.map((x) => [x, oracle !== 0 ? vsRandom[x]!.mean / oracle : 0]));
    gap = { deals: gapped.length, vsRandom, share };
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

// `baska arena`: a duplicate match between two bots, its summary, and a Markdown report with an SVG
// plot of the running difference.
import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { type ArenaSummary, BOT_LEVELS, type Interval, ORACLE } from '@baska/ai';
import { runArena } from '@baska/ai/pool';
import type { Rules } from '@baska/engine';
import { UsageError } from '../io.js';
import { Progress } from '../progress.js';

export interface ArenaOptions {
  bots: string;
  deals: number;
  seed: string;
  rules: Rules;
  gapDeals: number;
  threads: number;
  report?: string;
  json?: boolean;
}

export function arenaBots(list: string): [string, string] {
  const names = list.split(',').map((s) => s.trim());
  if (names.length !== 2) throw new UsageError('--bots takes two players, comma-separated, e.g. expert,basic');
  for (const n of names) {
    if (n !== ORACLE && !BOT_LEVELS.includes(n))
      throw new UsageError(`unknown player "${n}" (available: ${[...BOT_LEVELS, ORACLE].join(', ')})`);
  }
  return names as [string, string];
}

const f = (x: number, digits = 2) => (x >= 0 ? ' ' : '') + x.toFixed(digits);
const ci = (i: Interval, digits = 2) => `${f(i.mean, digits)} (95% CI ${f(i.low, digits)} … ${f(i.high, digits)})`;

/** The report as Markdown; `plot` is the SVG file's name beside it, if any. */
export function reportMarkdown(s: ArenaSummary, command: string, plot?: string): string {
  const [a, b] = s.bots;
  const verdict =
    s.difference.low > 0
      ? `**${a} is stronger**: the 95% confidence interval of the difference lies above zero.`
      : s.difference.high < 0
        ? `**${b} is stronger**: the 95% confidence interval of the difference lies below zero.`
        : 'No difference shown: the 95% confidence interval of the difference contains zero.';
  const lines = [
    `# Arena: ${a} vs ${b} (${s.rules})`,
    '',
    `${s.deals} duplicate deals, seed \`${s.seed}\`. Each deal is played twice, ${a} in seats 0 and 2 and ${b} in 1 and 3,`,
    `then the other way round, so both play every hand in every position. A score is points per seat`,
    `and deal (a deal scored on its own: no bok-rounds carried between deals).`,
    '',
    'Reproduce with:',
    '',
    '```',
    command,
    '```',
    '',
    '## Result',
    '',
    `| player | mean score per seat and deal |`,
    `|---|---|`,
    `| ${a} | ${ci(s.mean[0])} |`,
    `| ${b} | ${ci(s.mean[1])} |`,
    '',
    `Paired difference ${a} − ${b} per deal: ${ci(s.difference)}.`,
    '',
    verdict,
    '',
  ];
  if (plot) lines.push(`![running difference](${plot})`, '');
  lines.push(
    '## By role',
    '',
    `Seat-games on each side (old: the declarer's side, or the holders of the black queens) and the mean score there.`,
    '',
    `| role | ${a}: seat-games | ${a}: mean | ${b}: seat-games | ${b}: mean |`,
    '|---|---:|---:|---:|---:|',
    ...s.byRole.map((r) => `| ${r.key} | ${r.n[0]} | ${f(r.mean[0])} | ${r.n[1]} | ${f(r.mean[1])} |`),
    '',
    '## By contract',
    '',
    `The contract each game ended in (the two games of a deal may differ), with ${a}'s mean score per seat-game`,
    `in it; ${b}'s is its negative, as both sit twice at every table.`,
    '',
    `| contract | seat-games each | ${a}: mean |`,
    '|---|---:|---:|',
    ...s.byContract.map((r) => `| ${r.key} | ${r.n[0]} | ${f(r.mean[0])} |`),
    '',
  );
  if (s.gap) {
    lines.push(
      '## Gap to the oracle',
      '',
      `On the first ${s.gap.deals} deals each player, and the oracle (which sees every card and plays double-dummy),`,
      `also played a duplicate match against \`random\`. The share is a player's lead over random divided by the oracle's:`,
      `0% plays like random, 100% like the oracle.`,
      '',
      "| player | lead over random per deal | share of the oracle's lead |",
      '|---|---|---:|',
      ...Object.entries(s.gap.vsRandom).map(
        ([name, i]) => `| ${name} | ${ci(i)} | ${(100 * s.gap!.share[name]!).toFixed(1)}% |`,
      ),
      '',
    );
  }
  lines.push(
    '## Decision times',
    '',
    'Milliseconds per decision on one core (each worker thread runs one game at a time); "with a choice" leaves out',
    'the decisions with a single legal action.',
    '',
    '| player | decisions | median | p99 | max | with a choice: median | p99 |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...Object.entries(s.times).map(
      ([name, t]) =>
        `| ${name} | ${t.decisions} | ${t.median.toFixed(3)} | ${t.p99.toFixed(3)} | ${t.max.toFixed(1)} | ${t.withChoice.median.toFixed(3)} | ${t.withChoice.p99.toFixed(3)} |`,
    ),
    '',
  );
  return lines.join('\n');
}

/** An SVG line chart of the running mean difference, with its 95% band at the end marked. */
export function runningPlot(s: ArenaSummary): string {
  const W = 720;
  const H = 320;
  const m = { l: 60, r: 20, t: 30, b: 40 };
  const xs = s.running;
  const n = xs.length;
  // Skip the first few deals, whose running mean swings wildly, when choosing the vertical scale.
  const settled = xs.slice(Math.min(n - 1, Math.floor(n / 20)));
  let lo = Math.min(0, s.difference.low, ...settled);
  let hi = Math.max(0, s.difference.high, ...settled);
  const pad = (hi - lo) * 0.1 || 1;
  lo -= pad;
  hi += pad;
  const x = (i: number) => m.l + ((W - m.l - m.r) * i) / Math.max(1, n - 1);
  const y = (v: number) => m.t + ((H - m.t - m.b) * (hi - Math.max(lo, Math.min(hi, v)))) / (hi - lo);
  const step = Math.max(1, Math.floor(n / 600));
  const points: string[] = [];
  for (let i = 0; i < n; i += step) points.push(`${x(i).toFixed(1)},${y(xs[i]!).toFixed(1)}`);
  points.push(`${x(n - 1).toFixed(1)},${y(xs[n - 1]!).toFixed(1)}`);
  const ticks = [lo, (lo + hi) / 2, hi].map(
    (v) => `<text x="${m.l - 6}" y="${y(v) + 4}" text-anchor="end">${v.toFixed(1)}</text>`,
  );
  const [a, b] = s.bots;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">
<rect width="${W}" height="${H}" fill="white"/>
<text x="${W / 2}" y="18" text-anchor="middle" font-size="14">Running mean of ${a} − ${b} per deal (${s.rules})</text>
<line x1="${m.l}" y1="${y(0)}" x2="${W - m.r}" y2="${y(0)}" stroke="#999" stroke-dasharray="4 3"/>
<rect x="${x(n - 1) - 4}" y="${y(s.difference.high)}" width="8" height="${Math.max(1, y(s.difference.low) - y(s.difference.high))}" fill="#c33" opacity="0.4"><title>95% CI ${s.difference.low.toFixed(2)} … ${s.difference.high.toFixed(2)}</title></rect>
<polyline fill="none" stroke="#236" stroke-width="1.5" points="${points.join(' ')}"/>
<line x1="${m.l}" y1="${m.t}" x2="${m.l}" y2="${H - m.b}" stroke="#333"/>
<line x1="${m.l}" y1="${H - m.b}" x2="${W - m.r}" y2="${H - m.b}" stroke="#333"/>
${ticks.join('\n')}
<text x="${m.l}" y="${H - m.b + 16}" text-anchor="middle">1</text>
<text x="${W - m.r}" y="${H - m.b + 16}" text-anchor="end">${n}</text>
<text x="${W / 2}" y="${H - 8}" text-anchor="middle">duplicate deals</text>
</svg>
`;
}

export async function arena(o: ArenaOptions, command: string): Promise<ArenaSummary> {
  const bots = arenaBots(o.bots);
  const svg = o.report?.replace(/(\.md)?$/, '.svg');
  // An unwritable report is a usage error before any work, not after an hour of it.
  for (const file of o.report ? [o.report, svg!] : []) {
    try {
      writeFileSync(file, '');
    } catch (e) {
      throw new UsageError(`cannot write ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
  }
  const progress = new Progress(o.deals, `${bots[0]} vs ${bots[1]}`);
  const summary = await runArena(
    { rules: o.rules, seed: o.seed, bots, gapDeals: Math.min(o.gapDeals, o.deals) },
    o.deals,
    o.threads,
    (done) => progress.tick(done),
  );
  progress.done();
  let plot: string | undefined;
  if (o.report) {
    plot = basename(svg!);
    writeFileSync(svg!, runningPlot(summary));
    writeFileSync(o.report, reportMarkdown(summary, command, plot));
  }
  process.stdout.write(
    o.json ? JSON.stringify({ ...summary, running: undefined }) + '\n' : reportMarkdown(summary, command),
  );
  return summary;
}

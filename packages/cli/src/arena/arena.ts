// `baska arena`: a duplicate match between two bots, its summary, and a Markdown report with an SVG
// plot of the running difference (report.ts), in the chosen language.
import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { ARENA_BOTS, type ArenaSummary, BOT_LEVELS, ORACLE } from '@baska/ai';
import { runArena } from '@baska/ai/pool';
import type { Rules } from '@baska/engine';
import { UsageError, cannot } from '../io.js';
import { Progress } from '../progress.js';
import type { Lang } from '../text.js';
import { reportMarkdown, runningPlot } from './report.js';

export interface ArenaOptions {
  bots: string;
  deals: number;
  seed: string;
  rules: Rules;
  gapDeals: number;
  /** The opponent of the gap's matches (default random). */
  gapAgainst?: string;
  threads: number;
  report?: string;
  json?: boolean;
  lang: Lang;
}

/** The levels that may sit in an arena: the bots' levels and the arena's own (expert-1). The oracle is apart. */
const ARENA_LEVELS = [...BOT_LEVELS, ...Object.keys(ARENA_BOTS)];

export function arenaBots(list: string): [string, string] {
  const names = list.split(',').map((s) => s.trim());
  if (names.length !== 2)
    throw new UsageError({
      pl: '--bots: podaj dwóch graczy po przecinku, np. expert,basic',
      en: '--bots takes two players, comma-separated, e.g. expert,basic',
    });
  const known = [...ARENA_LEVELS, ORACLE];
  for (const n of names) {
    if (!known.includes(n))
      throw new UsageError({
        pl: `nieznany gracz „${n}” (są: ${known.join(', ')})`,
        en: `unknown player "${n}" (available: ${known.join(', ')})`,
      });
  }
  return names as [string, string];
}

export async function arena(o: ArenaOptions, command: string): Promise<ArenaSummary> {
  const bots = arenaBots(o.bots);
  const gapAgainst = o.gapAgainst ?? 'random';
  if (!ARENA_LEVELS.includes(gapAgainst))
    throw new UsageError({
      pl: `--gap-against: nieznany gracz „${gapAgainst}” (są: ${ARENA_LEVELS.join(', ')})`,
      en: `unknown player for --gap-against "${gapAgainst}" (available: ${ARENA_LEVELS.join(', ')})`,
    });
  const svg = o.report?.replace(/(\.md)?$/, '.svg');
  // An unwritable report is a usage error before any work, not after an hour of it.
  for (const file of o.report ? [o.report, svg!] : []) {
    try {
      writeFileSync(file, '');
    } catch (e) {
      throw cannot('write', file, e);
    }
  }
  const progress = new Progress(o.deals, `${bots[0]} ${o.lang === 'pl' ? 'przeciw' : 'vs'} ${bots[1]}`, o.lang);
  const summary = await runArena(
    { rules: o.rules, seed: o.seed, bots, gapDeals: Math.min(o.gapDeals, o.deals), gapAgainst },
    o.deals,
    o.threads,
    (done) => progress.tick(done),
  );
  progress.done();
  let plot: string | undefined;
  if (o.report) {
    plot = basename(svg!);
    writeFileSync(svg!, runningPlot(summary, o.lang));
    writeFileSync(o.report, reportMarkdown(summary, command, o.lang, plot));
  }
  process.stdout.write(
    o.json ? JSON.stringify({ ...summary, running: undefined }) + '\n' : reportMarkdown(summary, command, o.lang),
  );
  return summary;
}

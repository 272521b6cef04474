// `baska arena`, declared beside its handler.
import { availableParallelism } from 'node:os';
import { ARENA_BOTS, BOT_LEVELS, ORACLE } from '@baska/ai';
import { Command } from 'commander';
import { type Exit, langOption, newSeed, parseRulesOption, rulesOption, wholeNumber } from '../options.js';
import type { Lang } from '../text.js';
import { arena } from './arena.js';

export function arenaCommand(exit: Exit): Command {
  return new Command('arena')
    .description('a duplicate match between two computer players: who is stronger, by how much, and how sure')
    .option(
      '--bots <a,b>',
      `the two players: ${[...BOT_LEVELS, ...Object.keys(ARENA_BOTS), ORACLE].join(', ')}`,
      'expert,basic',
    )
    .option(
      '--deals <n>',
      'duplicate deals (each played twice, seats swapped)',
      wholeNumber('--deals', 1, 10_000_000),
      1000,
    )
    .option('--seed <seed>', 'seed for the deals and the bots (the same seed, the same match)')
    .addOption(rulesOption())
    .option(
      '--gap-deals <n>',
      'on this many of the deals, also measure the gap to the oracle (0: skip)',
      wholeNumber('--gap-deals', 0, 10_000_000),
      500,
    )
    .option(
      '--gap-against <player>',
      "the opponent of the gap's matches: random, or a level the leads do not saturate against (basic)",
      'random',
    )
    .option(
      '--threads <n>',
      `worker threads (default: one per core, ${availableParallelism()} here)`,
      wholeNumber('--threads', 1, 256),
    )
    .option('--report <file>', 'write a Markdown report there, with an SVG plot beside it (FILE.svg)')
    .option('--json', 'print the summary as JSON')
    .addOption(langOption())
    .addHelpText(
      'after',
      `
Each deal is played twice: the first player in seats 1 and 3, the second in 2 and 4, then the other
way round, so both play every hand in every position and the luck of the cards cancels out. The
result is each player's mean score per seat and deal, the paired difference with its 95% confidence
interval, broken down by role and contract, the share of the oracle's lead over random (or
--gap-against) that each player reaches (the oracle sees every card, and against basic plays the best reply to it; it exists only here), and each player's decision times.
The report and the summary are written in the language of --lang.

Examples:
  baska arena --bots expert,basic --deals 20000 --seed 1 --lang en --report docs/arena/expert-basic-standard.md
  baska arena --bots basic,random --rules kop --deals 2000 --report kop.md
  baska arena --bots expert,expert-1 --deals 20000 --gap-deals 1000 --gap-against basic
  baska arena --bots basic,oracle --deals 200 --gap-deals 0 --json`,
    )
    .action(
      async (opts: {
        bots: string;
        deals: number;
        seed?: string;
        rules: string;
        gapDeals: number;
        gapAgainst: string;
        threads?: number;
        report?: string;
        json?: boolean;
        lang: Lang;
      }) => {
        const seed = opts.seed ?? newSeed();
        const command = [
          'baska arena',
          `--bots ${opts.bots}`,
          `--deals ${opts.deals}`,
          `--seed ${seed}`,
          `--rules ${opts.rules}`,
          `--gap-deals ${opts.gapDeals}`,
          ...(opts.gapAgainst !== 'random' ? [`--gap-against ${opts.gapAgainst}`] : []),
          `--lang ${opts.lang}`,
        ].join(' ');
        await arena(
          {
            bots: opts.bots,
            deals: opts.deals,
            seed,
            rules: parseRulesOption(opts.rules),
            gapDeals: opts.gapDeals,
            gapAgainst: opts.gapAgainst,
            threads: opts.threads ?? availableParallelism(),
            report: opts.report,
            json: opts.json,
            lang: opts.lang,
          },
          command,
        );
        exit.code = 0;
      },
    );
}

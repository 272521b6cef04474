// `baska simulate`, declared beside its handler.
import { BOT_LEVELS } from '@baska/ai';
import { Command } from 'commander';
import { type Exit, langOption, newSeed, parseRulesOption, rulesOption, wholeNumber } from '../options.js';
import type { Lang } from '../text.js';
import { simulate, summaryText } from './simulate.js';

export function simulateCommand(exit: Exit): Command {
  return (
    new Command('simulate')
      .description('play many deals at one table with computer players and summarise them')
      .requiredOption('--deals <n>', 'how many deals', wholeNumber('--deals', 1, 100_000_000))
      .addOption(rulesOption())
      .option('--seed <seed>', 'seed (the same seed gives byte-identical records)')
      // basic by default: random bidders make almost every deal a zollo-du, which says little of the game
      .option('--bots <levels>', `one level for all, or four comma-separated (${BOT_LEVELS.join(', ')})`, 'basic')
      .option('--out <file>', 'write the records as JSON Lines, each a valid record of the spec')
      .option('--json', 'print the summary as JSON')
      .addOption(langOption())
      .addHelpText(
        'after',
        `
Examples:
  baska simulate --deals 100000 --seed 1                 basic players at every seat
  baska simulate --deals 1000 --rules kop --out kop.jsonl
  baska simulate --deals 200 --bots expert,basic,basic,basic
  baska simulate --deals 1000 --bots random              a yardstick: random calls and cards`,
      )
      .action(
        async (opts: {
          deals: number;
          rules: string;
          seed?: string;
          bots: string;
          out?: string;
          json?: boolean;
          lang: Lang;
        }) => {
          const summary = await simulate({
            deals: opts.deals,
            rules: parseRulesOption(opts.rules),
            seed: opts.seed ?? newSeed(),
            bots: opts.bots,
            out: opts.out,
            lang: opts.lang,
          });
          process.stdout.write((opts.json ? JSON.stringify(summary) : summaryText(summary, opts.lang)) + '\n');
          exit.code = 0;
        },
      )
  );
}

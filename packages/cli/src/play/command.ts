// `baska play`, declared beside its handler.
import { BOT_LEVELS } from '@baska/ai';
import { Command, Option } from 'commander';
import {
  type Exit,
  botsOf,
  langOption,
  newSeed,
  parseRulesOption,
  rulesOption,
  seatNumber,
  wholeNumber,
} from '../options.js';
import type { Lang } from '../text.js';
import { play } from './play.js';

export function playCommand(exit: Exit): Command {
  return new Command('play')
    .description('play in the terminal against three computer players')
    .addOption(rulesOption())
    .option('--seed <seed>', 'seed for the deals and the bots (the same seed, the same game)')
    .addOption(new Option('--seat <seat>', 'your seat, 1–4').argParser(seatNumber('--seat')).default(0, '1'))
    .addOption(
      new Option('--bots <level>', `the computer players' level`)
        .choices(BOT_LEVELS)
        .default(BOT_LEVELS[BOT_LEVELS.length - 1]),
    )
    .option('--deals <n>', 'stop after this many deals', wholeNumber('--deals', 1, 1_000_000))
    .option('--save <file>', 'after each deal, save the game record to this file')
    .addOption(langOption())
    .addHelpText(
      'after',
      `
At your turn type the number shown beside a call or card, or its name: pas, kontra, zollo,
Ah, A♥, 10c, Ds (dama), Wd (walet). ? shows help, q quits, Ctrl-C leaves at once.

Examples:
  baska play
  baska play --rules kop --seat 3 --seed 42
  baska play --lang en --deals 4 --save game.json`,
    )
    .action(
      async (opts: {
        rules: string;
        seed?: string;
        seat: number;
        bots: string;
        deals?: number;
        save?: string;
        lang: Lang;
      }) => {
        exit.code = await play({
          rules: parseRulesOption(opts.rules),
          seed: opts.seed ?? newSeed(),
          seat: opts.seat,
          bots: botsOf(opts.bots),
          lang: opts.lang,
          save: opts.save,
          deals: opts.deals,
        });
      },
    );
}

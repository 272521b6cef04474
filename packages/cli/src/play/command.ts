// `baska play`, declared beside its handler, with its help in Polish and English side by side.
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

const HELP = {
  pl: {
    description: 'gra w terminalu przeciw trzem graczom komputerowym',
    seed: ['--seed <ziarno>', 'ziarno rozdań i komputera (to samo ziarno, ta sama gra)'],
    seat: ['--seat <miejsce>', 'twoje miejsce, 1–4'],
    bots: ['--bots <poziom>', 'poziom graczy komputerowych'],
    deals: ['--deals <n>', 'koniec po tylu rozdaniach'],
    save: ['--save <plik>', 'po każdym rozdaniu zapisz grę do tego pliku'],
    after: `
Gdy twoja kolej, wpisz numer widoczny przy zapowiedzi albo karcie, albo jej nazwę: pas, kontra,
zollo, A♥, Ah, 10c, D♠ albo Ds (dama), W♦ albo Wd (walet). ? pokazuje pomoc, q kończy grę,
Ctrl-C przerywa od razu.

Przykłady:
  baska play
  baska play --rules kop --seat 3 --seed 42
  baska play --bots basic --deals 4 --save gra.json`,
  },
  en: {
    description: 'play in the terminal against three computer players',
    seed: ['--seed <seed>', 'seed for the deals and the computer (the same seed, the same game)'],
    seat: ['--seat <seat>', 'your seat, 1–4'],
    bots: ['--bots <level>', "the computer players' level"],
    deals: ['--deals <n>', 'stop after this many deals'],
    save: ['--save <file>', 'after each deal, save the game to this file'],
    after: `
At your turn type the number shown beside a call or card, or its name: pas, kontra, zollo,
A♥, Ah, 10c, Q♠ or Qs (queen), J♦ or Jd (jack). ? shows help, q quits, Ctrl-C leaves at once.

Examples:
  baska play --lang en
  baska play --lang en --rules kop --seat 3 --seed 42
  baska play --lang en --bots basic --deals 4 --save game.json`,
  },
} as const satisfies Record<Lang, unknown>;

export function playCommand(exit: Exit, lang: Lang): Command {
  const h = HELP[lang];
  return new Command('play')
    .description(h.description)
    .addOption(rulesOption(lang))
    .option(h.seed[0], h.seed[1])
    .addOption(new Option(h.seat[0], h.seat[1]).argParser(seatNumber('--seat', lang)).default(0, '1'))
    .addOption(new Option(h.bots[0], h.bots[1]).choices(BOT_LEVELS).default(BOT_LEVELS[BOT_LEVELS.length - 1]))
    .option(h.deals[0], h.deals[1], wholeNumber('--deals', 1, 1_000_000, lang))
    .option(h.save[0], h.save[1])
    .addOption(langOption(lang))
    .addHelpText('after', h.after)
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

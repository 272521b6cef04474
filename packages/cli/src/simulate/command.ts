// `baska simulate`, declared beside its handler, with its help in Polish and English side by side.
import { BOT_LEVELS } from '@baska/ai';
import { Command } from 'commander';
import { type Exit, langOption, newSeed, parseRulesOption, rulesOption, wholeNumber } from '../options.js';
import type { Lang } from '../text.js';
import { simulate, summaryText } from './simulate.js';

const HELP = {
  pl: {
    description: 'wiele rozdań przy jednym stole z graczami komputerowymi, z podsumowaniem',
    deals: ['--deals <n>', 'ile rozdań'],
    seed: ['--seed <ziarno>', 'ziarno (to samo ziarno daje co do bajtu te same zapisy)'],
    bots: ['--bots <poziomy>', `jeden poziom dla wszystkich albo cztery po przecinku (${BOT_LEVELS.join(', ')})`],
    out: ['--out <plik>', 'zapisz rozdania jako JSON Lines, każdy wiersz to poprawny zapis gry ze specyfikacji'],
    json: ['--json', 'podsumowanie jako JSON'],
    after: `
Przykłady:
  baska simulate --deals 100000 --seed 1                 na każdym miejscu gracz basic
  baska simulate --deals 1000 --rules kop --out kop.jsonl
  baska simulate --deals 200 --bots expert,basic,basic,basic
  baska simulate --deals 1000 --bots random              miara porównawcza: losowe zapowiedzi i karty`,
  },
  en: {
    description: 'play many deals at one table with computer players and summarise them',
    deals: ['--deals <n>', 'how many deals'],
    seed: ['--seed <seed>', 'seed (the same seed gives byte-identical records)'],
    bots: ['--bots <levels>', `one level for all, or four comma-separated (${BOT_LEVELS.join(', ')})`],
    out: ['--out <file>', 'write the records as JSON Lines, each a valid record of the spec'],
    json: ['--json', 'print the summary as JSON'],
    after: `
Examples:
  baska simulate --deals 100000 --seed 1 --lang en       basic players at every seat
  baska simulate --deals 1000 --rules kop --out kop.jsonl
  baska simulate --deals 200 --bots expert,basic,basic,basic --lang en
  baska simulate --deals 1000 --bots random --lang en    a yardstick: random calls and cards`,
  },
} as const satisfies Record<Lang, unknown>;

export function simulateCommand(exit: Exit, lang: Lang): Command {
  const h = HELP[lang];
  return (
    new Command('simulate')
      .description(h.description)
      .requiredOption(h.deals[0], h.deals[1], wholeNumber('--deals', 1, 100_000_000, lang))
      .addOption(rulesOption(lang))
      .option(h.seed[0], h.seed[1])
      // basic by default: random bidders make almost every deal a zollo-du, which says little of the game
      .option(h.bots[0], h.bots[1], 'basic')
      .option(h.out[0], h.out[1])
      .option(h.json[0], h.json[1])
      .addOption(langOption(lang))
      .addHelpText('after', h.after)
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

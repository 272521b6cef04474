// `baska arena`, declared beside its handler, with its help in Polish and English side by side.
import { availableParallelism } from 'node:os';
import { ARENA_BOTS, BOT_LEVELS, ORACLE } from '@baska/ai';
import { Command } from 'commander';
import { type Exit, langOption, newSeed, parseRulesOption, rulesOption, wholeNumber } from '../options.js';
import type { Lang } from '../text.js';
import { arena } from './arena.js';

const PLAYERS = [...BOT_LEVELS, ...Object.keys(ARENA_BOTS), ORACLE].join(', ');

const HELP = {
  pl: {
    description: 'mecz duplikatowy dwóch graczy komputerowych: który jest silniejszy, o ile i jak pewne to jest',
    bots: ['--bots <a,b>', `dwaj gracze: ${PLAYERS}`],
    deals: ['--deals <n>', 'rozdania duplikatowe (każde grane dwa razy, z zamianą miejsc)'],
    seed: ['--seed <ziarno>', 'ziarno rozdań i graczy (to samo ziarno, ten sam mecz)'],
    gapDeals: ['--gap-deals <n>', 'na tylu rozdaniach zmierz też odległość od wyroczni (0: pomiń)'],
    gapAgainst: [
      '--gap-against <gracz>',
      'przeciwnik w pomiarze odległości: random albo poziom, przeciw któremu przewagi się nie nasycają (basic)',
    ],
    threads: ['--threads <n>', `wątki robocze (domyślnie po jednym na rdzeń, tu ${availableParallelism()})`],
    report: ['--report <plik>', 'zapisz raport w Markdownie, a obok wykres SVG (PLIK.svg)'],
    json: ['--json', 'podsumowanie jako JSON'],
    after: `
Każde rozdanie gra się dwa razy: pierwszy gracz na miejscach 1 i 3, drugi na 2 i 4, potem na
odwrót, tak że obaj grają każdą rękę na każdej pozycji, a szczęście w kartach się znosi. Wynik to
średni wynik każdego gracza na miejsce i rozdanie, różnica w parach z 95% przedziałem ufności, w
podziale na strony i kontrakty, udział w przewadze wyroczni nad random (albo --gap-against), jaki
osiąga każdy gracz (wyrocznia widzi wszystkie karty, a przeciw basic gra najlepszą odpowiedź na
niego; istnieje tylko tutaj), i czasy decyzji każdego gracza. Raport i podsumowanie są w języku
--lang.

Przykłady:
  baska arena --bots expert,basic --deals 20000 --seed 1 --report expert-basic.md
  baska arena --bots basic,random --rules kop --deals 2000 --report kop.md
  baska arena --bots expert,expert-1 --deals 20000 --gap-deals 1000 --gap-against basic
  baska arena --bots basic,oracle --deals 200 --gap-deals 0 --json`,
  },
  en: {
    description: 'a duplicate match between two computer players: who is stronger, by how much, and how sure',
    bots: ['--bots <a,b>', `the two players: ${PLAYERS}`],
    deals: ['--deals <n>', 'duplicate deals (each played twice, seats swapped)'],
    seed: ['--seed <seed>', 'seed for the deals and the bots (the same seed, the same match)'],
    gapDeals: ['--gap-deals <n>', 'on this many of the deals, also measure the gap to the oracle (0: skip)'],
    gapAgainst: [
      '--gap-against <player>',
      "the opponent of the gap's matches: random, or a level the leads do not saturate against (basic)",
    ],
    threads: ['--threads <n>', `worker threads (default: one per core, ${availableParallelism()} here)`],
    report: ['--report <file>', 'write a Markdown report there, with an SVG plot beside it (FILE.svg)'],
    json: ['--json', 'print the summary as JSON'],
    after: `
Each deal is played twice: the first player in seats 1 and 3, the second in 2 and 4, then the other
way round, so both play every hand in every position and the luck of the cards cancels out. The
result is each player's mean score per seat and deal, the paired difference with its 95% confidence
interval, broken down by role and contract, the share of the oracle's lead over random (or
--gap-against) that each player reaches (the oracle sees every card, and against basic plays the
best reply to it; it exists only here), and each player's decision times. The report and the
summary are written in the language of --lang.

Examples:
  baska arena --bots expert,basic --deals 20000 --seed 1 --lang en --report docs/arena/expert-basic-standard.md
  baska arena --bots basic,random --rules kop --deals 2000 --lang en --report kop.md
  baska arena --bots expert,expert-1 --deals 20000 --gap-deals 1000 --gap-against basic --lang en
  baska arena --bots basic,oracle --deals 200 --gap-deals 0 --json`,
  },
} as const satisfies Record<Lang, unknown>;

export function arenaCommand(exit: Exit, lang: Lang): Command {
  const h = HELP[lang];
  return new Command('arena')
    .description(h.description)
    .option(h.bots[0], h.bots[1], 'expert,basic')
    .option(h.deals[0], h.deals[1], wholeNumber('--deals', 1, 10_000_000, lang), 1000)
    .option(h.seed[0], h.seed[1])
    .addOption(rulesOption(lang))
    .option(h.gapDeals[0], h.gapDeals[1], wholeNumber('--gap-deals', 0, 10_000_000, lang), 500)
    .option(h.gapAgainst[0], h.gapAgainst[1], 'random')
    .option(h.threads[0], h.threads[1], wholeNumber('--threads', 1, 256, lang))
    .option(h.report[0], h.report[1])
    .option(h.json[0], h.json[1])
    .addOption(langOption(lang))
    .addHelpText('after', h.after)
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

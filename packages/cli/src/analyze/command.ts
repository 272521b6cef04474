// `baska analyze`, declared beside its handler, with the checks of its options and its help in
// Polish and English side by side.
import { availableParallelism } from 'node:os';
import { Command } from 'commander';
import { UsageError } from '../io.js';
import { type Exit, langOption, parseRulesOption, rulesOption, seatNumber, wholeNumber } from '../options.js';
import type { Lang } from '../text.js';
import { analyzeHand, analyzeRecord } from './analyze.js';

const HELP = {
  pl: {
    description:
      'czy mogłem wygrać? każda decyzja z zapisu gry oceniona na wszystkich układach kart, których gracz nie widział; z --hand: analiza licytacji jednej ręki',
    file: ['[plik]', 'zapis gry (JSON); bez niego albo z - czytany ze standardowego wejścia'],
    seat: ['--seat <miejsce>', 'tylko decyzje tego miejsca, 1–4 (z --hand: miejsce, które ma tę rękę)'],
    deal: ['--deal <n>', 'tylko n-te rozdanie zapisu, licząc od 1'],
    noAuction: ['--no-auction', 'oceniaj tylko zagrane karty, bez zapowiedzi (dużo szybciej)'],
    hand: ['--hand <karty>', 'zamiast zapisu: jedna ręka przed licytacją, cztery karty, np. "A♥ 10♥ D♣ D♠"'],
    dealer: ['--dealer <miejsce>', 'z --hand: kto rozdaje, 1–4'],
    rulesDefault: 'standard; zapis gry ma własne',
    threads: [
      '--threads <n>',
      `wątki robocze (domyślnie po jednym na rdzeń, tu ${availableParallelism()}; 1: wszystko w jednym wątku)`,
    ],
    json: ['--json', 'analiza jako JSON'],
    after: `
Każdą decyzję ocenia się z tego, co gracz wiedział: na każdym układzie kart, których nie widział,
zgodnym z zapowiedziami i zagranymi kartami (najwyżej 34 650), każdy rozegrany bezbłędnie przy
odkrytych kartach po tej decyzji. Miejsca w opcjach i w tekście liczy się od 1 do 4, rozdania od 1;
--json, jak zapisy gier, liczy jedne i drugie od 0. Dla każdej dozwolonej zapowiedzi albo karty:
oczekiwany wynik, szansa wygrania rozdania i wynik prawdziwego rozdania przy odkrytych kartach
(wynik gracza i oczka starych). » oznacza wybrany ruch, ✗ ruch, który oddał część oczekiwanego
wyniku. Zapowiedź ocenia się tak, jakby po niej wszyscy pasowali.

Przykłady:
  baska simulate --deals 1 --seed 5 --out rozdanie.jsonl && baska analyze rozdanie.jsonl
  baska analyze gra.json --deal 2 --seat 1 --no-auction
  baska analyze gra.json --json > analiza.json
  baska analyze --hand "A♥ 10♥ D♣ D♠" --dealer 1 --seat 2
  baska analyze --hand "Ah Th Qc Qs" --dealer 4 --seat 1 --rules kop`,
    both: 'podaj zapis gry albo --hand, nie jedno i drugie',
    handNeeds: '--hand wymaga --seat i --dealer',
    dealerAlone: '--dealer tylko razem z --hand',
    rulesAlone: '--rules tylko razem z --hand: zapis gry ma własne zasady',
  },
  en: {
    description:
      'could I have won? every decision of a record valued over every layout of the cards the player could not see; with --hand, the bidding analysis of one hand',
    file: ['[file]', 'the record (JSON); standard input when absent or -'],
    seat: ['--seat <seat>', 'only the decisions of this seat, 1–4 (with --hand: the seat holding it)'],
    deal: ['--deal <n>', 'only deal n of the record, counted from 1'],
    noAuction: ['--no-auction', 'weigh only the cards played, not the calls (much faster)'],
    hand: ['--hand <cards>', 'analyse one hand before the auction instead of a record: four cards, e.g. "Ah Th Qc Qs"'],
    dealer: ['--dealer <seat>', 'with --hand: the dealer, 1–4'],
    rulesDefault: 'standard; a record brings its own',
    threads: [
      '--threads <n>',
      `worker threads (default: one per core, ${availableParallelism()} here; 1 works in one thread)`,
    ],
    json: ['--json', 'print the analysis as JSON'],
    after: `
Each decision is weighed from what its player knew: every layout of the cards he could not see that
agrees with the calls and the cards played (up to 34,650), each solved with perfect play and all
cards open after the action. Seats are counted 1–4 and deals from 1 in the options and the text;
--json, like the records, counts both from 0. For every legal call or card: the expected score, the
chance of winning the deal, and the double-dummy value of the true deal (the player's score, and
the old side's card points). » marks the choice made, ✗ a choice that gave away expected score. A
call is valued as if the others all passed after it.

Examples:
  baska simulate --deals 1 --seed 5 --out deal.jsonl && baska analyze deal.jsonl --lang en
  baska analyze game.json --deal 2 --seat 1 --no-auction --lang en
  baska analyze game.json --json > analysis.json
  baska analyze --hand "Ah Th Qc Qs" --dealer 1 --seat 2 --lang en
  baska analyze --hand "A♥ 10♥ Q♣ Q♠" --dealer 4 --seat 1 --rules kop --lang en`,
    both: 'give either a record or --hand, not both',
    handNeeds: '--hand needs --seat and --dealer',
    dealerAlone: '--dealer goes with --hand',
    rulesAlone: '--rules goes with --hand: a record brings its own rules',
  },
} as const satisfies Record<Lang, unknown>;

/** A usage error with its Polish and English words from HELP. */
const usage = (key: 'both' | 'handNeeds' | 'dealerAlone' | 'rulesAlone') =>
  new UsageError({ pl: HELP.pl[key], en: HELP.en[key] });

export function analyzeCommand(exit: Exit, lang: Lang): Command {
  const h = HELP[lang];
  return new Command('analyze')
    .description(h.description)
    .argument(h.file[0], h.file[1])
    .option(h.seat[0], h.seat[1], seatNumber('--seat', lang))
    .option(h.deal[0], h.deal[1], wholeNumber('--deal', 1, 1_000_000_000, lang))
    .option(h.noAuction[0], h.noAuction[1])
    .option(h.hand[0], h.hand[1])
    .option(h.dealer[0], h.dealer[1], seatNumber('--dealer', lang))
    .addOption(rulesOption(lang).default(undefined, h.rulesDefault))
    .option(h.threads[0], h.threads[1], wholeNumber('--threads', 1, 256, lang))
    .option(h.json[0], h.json[1])
    .addOption(langOption(lang))
    .addHelpText('after', h.after)
    .action(
      async (
        file: string | undefined,
        opts: {
          seat?: number;
          deal?: number;
          auction: boolean;
          hand?: string;
          dealer?: number;
          rules?: string;
          threads?: number;
          json?: boolean;
          lang: Lang;
        },
      ) => {
        const threads = opts.threads ?? availableParallelism();
        if (opts.hand !== undefined) {
          if (file !== undefined) throw usage('both');
          if (opts.seat === undefined || opts.dealer === undefined) throw usage('handNeeds');
          exit.code = await analyzeHand({
            hand: opts.hand,
            seat: opts.seat,
            dealer: opts.dealer,
            rules: parseRulesOption(opts.rules ?? 'standard'),
            json: Boolean(opts.json),
            lang: opts.lang,
            threads,
          });
          return;
        }
        if (opts.dealer !== undefined) throw usage('dealerAlone');
        if (opts.rules !== undefined) throw usage('rulesAlone');
        exit.code = await analyzeRecord({
          file,
          seat: opts.seat,
          deal: opts.deal === undefined ? undefined : opts.deal - 1, // people count deals from 1, records from 0
          auction: opts.auction,
          json: Boolean(opts.json),
          lang: opts.lang,
          threads,
        });
      },
    );
}

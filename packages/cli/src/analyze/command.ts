// `baska analyze`, declared beside its handler, with the checks of its options.
import { availableParallelism } from 'node:os';
import { Command } from 'commander';
import { UsageError } from '../io.js';
import { type Exit, langOption, parseRulesOption, rulesOption, seatNumber, wholeNumber } from '../options.js';
import type { Lang } from '../text.js';
import { analyzeHand, analyzeRecord } from './analyze.js';

export function analyzeCommand(exit: Exit): Command {
  return new Command('analyze')
    .description(
      'could I have won? every decision of a record valued over every layout of the cards the player could not see; with --hand, the bidding analysis of one hand',
    )
    .argument('[file]', 'the record (JSON); standard input when absent or -')
    .option(
      '--seat <seat>',
      'only the decisions of this seat, 1–4 (with --hand: the seat holding it)',
      seatNumber('--seat'),
    )
    .option('--deal <k>', 'only deal k of the record (from 0)', wholeNumber('--deal', 0, 1_000_000_000))
    .option('--no-auction', 'weigh only the cards played, not the calls (much faster)')
    .option('--hand <cards>', 'analyse one hand before the auction instead of a record: four cards, e.g. "Ah Th Qc Qs"')
    .option('--dealer <seat>', 'with --hand: the dealer, 1–4', seatNumber('--dealer'))
    .addOption(rulesOption().default(undefined, 'standard; a record brings its own'))
    .option(
      '--threads <n>',
      `worker threads (default: one per core, ${availableParallelism()} here; 1 works in one thread)`,
      wholeNumber('--threads', 1, 256),
    )
    .option('--json', 'print the analysis as JSON')
    .addOption(langOption())
    .addHelpText(
      'after',
      `
Each decision is weighed from what its player knew: every layout of the cards he could not see that
agrees with the calls and the cards played (up to 34,650), each solved with perfect play and all
cards open after the action. Seats are counted 1–4 in the options and the text; --json, like the
records, counts them 0–3. For every legal call or card: the expected score, the chance of
winning the deal, and the double-dummy value of the true deal (the player's score, and the old
side's card points). » marks the choice made, ✗ a choice that gave away expected score. A call is
valued as if the others all passed after it.

Examples:
  baska simulate --deals 1 --seed 5 --out deal.jsonl && baska analyze deal.jsonl
  baska analyze game.json --deal 2 --seat 1 --no-auction
  baska analyze game.json --json > analysis.json
  baska analyze --hand "Ah Th Qc Qs" --dealer 1 --seat 2
  baska analyze --hand "A♥ 10♥ D♣ D♠" --dealer 4 --seat 1 --rules kop`,
    )
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
          if (file !== undefined) throw new UsageError('give either a record or --hand, not both');
          if (opts.seat === undefined || opts.dealer === undefined)
            throw new UsageError('--hand needs --seat and --dealer');
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
        if (opts.dealer !== undefined) throw new UsageError('--dealer goes with --hand');
        if (opts.rules !== undefined) throw new UsageError('--rules goes with --hand: a record brings its own rules');
        exit.code = await analyzeRecord({
          file,
          seat: opts.seat,
          deal: opts.deal,
          auction: opts.auction,
          json: Boolean(opts.json),
          lang: opts.lang,
          threads,
        });
      },
    );
}

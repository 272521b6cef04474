// The baska command: records in, scores and legal moves out (docs/spec/records.md), a game in the
// terminal, simulations, and the rules of each preset.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { BOT_LEVELS } from '@baska/ai';
import { PRESETS } from '@baska/engine';
import { Command, CommanderError, Option } from 'commander';
import { analyzeHand, analyzeRecord } from './analyze.js';
import { arena } from './arena.js';
import { UsageError } from './io.js';
import { runMachine } from './machine.js';
import { type Exit, langOption, newSeed, rulesOption, wholeNumber } from './options.js';
import { play } from './play.js';
import { parseRulesOption, rulesSummary } from './rules-cmd.js';
import { botsOf, simulate, summaryText } from './simulate.js';
import type { Lang } from './text.js';

const VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
  .version;

function build(result: Exit): Command {
  const program = new Command('baska')
    .description('Baśka and Kop, the Kashubian card game: check and score game records, play, simulate, analyse.')
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .addHelpText(
      'after',
      `
Examples:
  baska play                          a game in the terminal against three computer players
  baska score game.json               score a record (docs/spec/records.md)
  baska legal < game.json             what may happen next in a record
  cat many.jsonl | baska score --jsonl
  baska simulate --deals 10000 --seed 7 --out deals.jsonl
  baska rules kop
  baska analyze game.json --seat 0    could I have won? every decision of seat 0, valued exactly
  baska analyze --hand "Ah Th Qc Qs" --dealer 0 --seat 1
  baska arena --bots expert,basic --deals 1000 --report arena.md

Exit codes: 0 fine; 1 a record was rejected (its error is printed as JSON); 2 usage error.`,
    );

  for (const job of ['score', 'legal'] as const) {
    program
      .command(job)
      .description(
        job === 'score'
          ? 'score a record: every deal, the totals, and the bok-round deals still owed'
          : 'list what may happen next in a record: the legal calls or cards, or "complete"',
      )
      .argument('[file]', 'the record (JSON); standard input when absent or -')
      .option('--jsonl', 'one record per line in, one result per line out; a bad line gives an error line')
      .addHelpText(
        'after',
        `
Examples:
  baska ${job} game.json
  baska ${job} - < game.json
  baska ${job} --jsonl records.jsonl > results.jsonl

Output and errors follow docs/spec/records.md, e.g.
  {"error": {"code": "ERR_ILLEGAL_CARD", "message": "...", "deal": 0, "at": "play[6]"}}`,
      )
      .action(async (file: string | undefined, opts: { jsonl?: boolean }) => {
        result.code = await runMachine(job, file, Boolean(opts.jsonl));
      });
  }

  program
    .command('play')
    .description('play in the terminal against three computer players')
    .addOption(rulesOption())
    .option('--seed <seed>', 'seed for the deals and the bots (the same seed, the same game)')
    .option('--seat <seat>', 'your seat, 0–3', wholeNumber('--seat', 0, 3), 0)
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
  baska play --rules kop --seat 2 --seed 42
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
        result.code = await play({
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

  program
    .command('simulate')
    .description('play many deals at one table with computer players and summarise them')
    .requiredOption('--deals <n>', 'how many deals', wholeNumber('--deals', 1, 100_000_000))
    .addOption(rulesOption())
    .option('--seed <seed>', 'seed (the same seed gives byte-identical records)')
    .option('--bots <levels>', `one level for all, or four comma-separated (${BOT_LEVELS.join(', ')})`, 'random')
    .option('--out <file>', 'write the records as JSON Lines, each a valid record of the spec')
    .option('--json', 'print the summary as JSON')
    .addOption(langOption())
    .addHelpText(
      'after',
      `
Examples:
  baska simulate --deals 100000 --seed 1
  baska simulate --deals 1000 --rules kop --bots random,random,random,random --out kop.jsonl`,
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
      },
    );

  program
    .command('analyze')
    .description(
      'could I have won? every decision of a record valued over every layout of the cards the player could not see; with --hand, the bidding analysis of one hand',
    )
    .argument('[file]', 'the record (JSON); standard input when absent or -')
    .option(
      '--seat <seat>',
      'only the decisions of this seat (with --hand: the seat holding it)',
      wholeNumber('--seat', 0, 3),
    )
    .option('--deal <k>', 'only deal k of the record (from 0)', wholeNumber('--deal', 0, 1_000_000_000))
    .option('--no-auction', 'weigh only the cards played, not the calls (much faster)')
    .option('--hand <cards>', 'analyse one hand before the auction instead of a record: four cards, e.g. "Ah Th Qc Qs"')
    .option('--dealer <seat>', 'with --hand: the dealer', wholeNumber('--dealer', 0, 3))
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
cards open after the action. For every legal call or card: the expected score, the chance of
winning the deal, and the double-dummy value of the true deal (the player's score, and the old
side's card points). » marks the choice made, ✗ a choice that gave away expected score. A call is
valued as if the others all passed after it.

Examples:
  baska simulate --deals 1 --seed 5 --out deal.jsonl && baska analyze deal.jsonl
  baska analyze game.json --deal 2 --seat 0 --no-auction
  baska analyze game.json --json > analysis.json
  baska analyze --hand "Ah Th Qc Qs" --dealer 0 --seat 1
  baska analyze --hand "A♥ 10♥ D♣ D♠" --dealer 3 --seat 0 --rules kop`,
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
          result.code = await analyzeHand({
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
        result.code = await analyzeRecord({
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

  program
    .command('arena')
    .description('a duplicate match between two computer players: who is stronger, by how much, and how sure')
    .option('--bots <a,b>', `the two players: ${[...BOT_LEVELS, 'oracle'].join(', ')}`, 'expert,basic')
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
      '--threads <n>',
      `worker threads (default: one per core, ${availableParallelism()} here)`,
      wholeNumber('--threads', 1, 256),
    )
    .option('--report <file>', 'write a Markdown report there, with an SVG plot beside it (FILE.svg)')
    .option('--json', 'print the summary as JSON')
    .addHelpText(
      'after',
      `
Each deal is played twice: the first player in seats 0 and 2, the second in 1 and 3, then the other
way round, so both play every hand in every position and the luck of the cards cancels out. The
result is each player's mean score per seat and deal, the paired difference with its 95% confidence
interval, broken down by role and contract, the share of the oracle's lead over random that each
player reaches (the oracle sees every card; it exists only here), and each player's decision times.

Examples:
  baska arena --bots expert,basic --deals 20000 --seed 1 --report docs/arena/expert-basic-standard.md
  baska arena --bots basic,random --rules kop --deals 2000
  baska arena --bots basic,oracle --deals 200 --gap-deals 0 --json`,
    )
    .action(
      async (opts: {
        bots: string;
        deals: number;
        seed?: string;
        rules: string;
        gapDeals: number;
        threads?: number;
        report?: string;
        json?: boolean;
      }) => {
        const seed = opts.seed ?? newSeed();
        const command = [
          'baska arena',
          `--bots ${opts.bots}`,
          `--deals ${opts.deals}`,
          `--seed ${seed}`,
          `--rules ${opts.rules}`,
          `--gap-deals ${opts.gapDeals}`,
        ].join(' ');
        await arena(
          {
            bots: opts.bots,
            deals: opts.deals,
            seed,
            rules: parseRulesOption(opts.rules),
            gapDeals: opts.gapDeals,
            threads: opts.threads ?? availableParallelism(),
            report: opts.report,
            json: opts.json,
          },
          command,
        );
      },
    );

  program
    .command('rules')
    .description("print a preset's options and a short summary: card order, games, score table")
    .argument('[preset]', `${PRESETS.join(', ')}, or a JSON rules object`, 'standard')
    .option('--json', 'print the complete options as JSON')
    .addOption(langOption())
    .addHelpText(
      'after',
      `\nExamples:\n  baska rules\n  baska rules kop --lang en\n  baska rules '{"preset":"standard","cardOrder":"asTrzyDychy"}' --json`,
    )
    .action((preset: string, opts: { json?: boolean; lang: Lang }) => {
      const rules = parseRulesOption(preset);
      process.stdout.write((opts.json ? JSON.stringify(rules, null, 2) : rulesSummary(rules, opts.lang)) + '\n');
    });

  return program;
}

/** Run the command; returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  // A reader that goes away (`baska score --jsonl big.jsonl | head`) ends the command quietly, as
  // command-line tools do, instead of with a stack trace.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
  const result = { code: 0 };
  const program = build(result);
  try {
    await program.parseAsync(argv);
    return result.code;
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2; // help and version exit 0; usage errors 2
    if (e instanceof UsageError) {
      process.stderr.write(`baska: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
}

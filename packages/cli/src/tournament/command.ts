// `baska tournament`: new, draw, play, standings, season, protocol (docs/spec/tournament.md).
import { writeFileSync } from 'node:fs';
import { BOT_LEVELS, botByName } from '@baska/ai';
import { CARD_CODES } from '@baska/engine';
import {
  type Tournament,
  type TournamentError,
  type TResult,
  drawInto,
  duplicateDeals,
  makeTournament,
  newTournament,
  parsePlayers,
  parseTournament,
  protocolPage,
  season,
  seasonCsv,
  seasonJson,
  standings,
  standingsCsv,
  standingsJson,
  verifyDuplicate,
} from '@baska/tournament';
import { Command, Option } from 'commander';
import { UsageError, readAll } from '../io.js';
import { type Exit, langOption, newSeed, wholeNumber } from '../options.js';
import type { Lang } from '../text.js';
import { playRound } from './play.js';
import { seasonText, standingsText } from './text.js';

/** A rejected file: its coded error as JSON on standard output, exit 1 (docs/spec/tournament.md). */
function rejected(exit: Exit, error: TournamentError & { file?: string }): void {
  process.stdout.write(JSON.stringify({ error }) + '\n');
  exit.code = 1;
}

/** A file read and checked, a duplicate round's revealed seed against its commitment too. */
async function load(file: string): Promise<TResult<Tournament>> {
  const t = parseTournament(await readAll(file));
  if (!t.ok) return t;
  const dup = await verifyDuplicate(t.value);
  return dup.ok ? t : dup;
}

/** The output: a file given with --out (written whole, so it may be the input), else standard output. */
function emit(text: string, out: string | undefined): void {
  if (out === undefined || out === '-') {
    process.stdout.write(text);
    return;
  }
  try {
    writeFileSync(out, text);
  } catch (e) {
    throw new UsageError(`cannot write ${out}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

/** A format or rules option: a preset name, or a JSON object. */
function presetOrJson(value: string): string | Record<string, unknown> {
  if (!value.trimStart().startsWith('{')) return value;
  try {
    return JSON.parse(value) as Record<string, unknown>;
  } catch {
    throw new UsageError(`not valid JSON: ${value}`);
  }
}

const roundOption = () =>
  new Option('--round <k>', 'the round, from 1').argParser(wholeNumber('--round', 1, 100)).makeOptionMandatory();
const outOption = () =>
  new Option('-o, --out <file>', 'write the result to this file (it may be the input) instead of standard output');

export function tournamentCommand(exit: Exit): Command {
  const cmd = new Command('tournament')
    .description('run a tournament: players, the draw of each round, table protocols, standings and seasons')
    .addHelpText(
      'after',
      `
A tournament file (JSON, docs/spec/tournament.md) holds the format, the players, each round's
tables and each table's protocol (the small points of every deal). Standings are always computed
from it.

A whole tournament, simulated by computer players:
  baska tournament new players.txt --name "Grand Prix Żnina" --seed gp1 -o t.json
  baska tournament draw t.json --round 1 -o t.json
  baska tournament play t.json --round 1 --bots basic -o t.json
  baska tournament protocol t.json --round 1 -o round1.html
  baska tournament standings t.json

A duplicate round (every table dealt the same deals, seat for seat; each player compared with those
who held his cards at the other tables):
  baska tournament draw t.json --round 2 --duplicate -o t.json
  baska tournament deals t.json --round 2

Exit codes: 0 fine; 1 the file was rejected (its coded error is printed as JSON); 2 usage error.`,
    );

  cmd
    .command('new')
    .description('a new tournament file from a list of players, a format and a seed')
    .argument(
      '[players]',
      'one name per line, or a CSV with a header ("name", optional "id"); standard input when absent or -',
    )
    .option('--name <name>', "the tournament's name", '')
    .option('--format <format>', 'a format preset (znin) or a JSON object {"format": "znin", ...options}', 'znin')
    .option('--rules <rules>', 'the game rules at the tables: a preset or a JSON rules object', 'znin')
    .option('--seed <seed>', 'the seed every draw is made from (default: a random one)')
    .addOption(outOption())
    .addHelpText(
      'after',
      `
Examples:
  baska tournament new players.txt --name "Grand Prix Żnina, turniej 3" --seed gp-2026-3 -o t.json
  baska tournament new players.csv --format '{"format":"znin","rounds":3,"deals":{"4":24,"5":30}}'`,
    )
    .action(
      async (
        players: string | undefined,
        o: { name: string; format: string; rules: string; seed?: string; out?: string },
      ) => {
        const list = parsePlayers(await readAll(players));
        if (!list.ok) return rejected(exit, list.error);
        const t = newTournament({
          name: o.name,
          format: presetOrJson(o.format),
          rules: presetOrJson(o.rules) as never,
          seed: o.seed ?? newSeed(),
          players: list.value,
        });
        if (!t.ok) return rejected(exit, t.error);
        emit(makeTournament(t.value.file), o.out);
      },
    );

  cmd
    .command('draw')
    .description("draw a round's tables and seats: tables of four, and of five as the number of players needs")
    .argument('<file>', 'the tournament file; - for standard input')
    .addOption(roundOption())
    .option(
      '--duplicate',
      "a duplicate round: every table is dealt the same deals, from a seed the file's seed and the round give",
    )
    .addOption(outOption())
    .addHelpText(
      'after',
      `
From round 2 on the draw keeps repeated table-mates as few as it can. The same file and seed
always give the same draw. To seat a round by hand, write its tables into the file instead.
A duplicate round seats only tables of four (a number of players divisible by 4).

Examples:
  baska tournament draw t.json --round 1 -o t.json
  baska tournament draw t.json --round 2 > t2.json
  baska tournament draw t.json --round 3 --duplicate -o t.json`,
    )
    .action(async (file: string, o: { round: number; duplicate?: boolean; out?: string }) => {
      const t = await load(file);
      if (!t.ok) return rejected(exit, t.error);
      // The file is its owner's: the seed is written openly (the server keeps its own secret until the round ends).
      const duplicate = o.duplicate ? { seed: `${t.value.file.seed}:r${o.round}:duplicate` } : undefined;
      const drawn = drawInto(t.value, o.round, duplicate);
      if (!drawn.ok) return rejected(exit, drawn.error);
      emit(makeTournament(drawn.value.file), o.out);
    });

  cmd
    .command('play')
    .description("play a round's unfinished tables with computer players, filling their protocols")
    .argument('<file>', 'the tournament file; - for standard input')
    .addOption(roundOption())
    .addOption(new Option('--bots <level>', "the computer players' level").choices(BOT_LEVELS).default('basic'))
    .addOption(outOption())
    .addHelpText(
      'after',
      `
Every deal is played through the rules engine; the games are fixed by the file's seed, the
round and the table. In a duplicate round every table is dealt the deals of the round's seed.
A progress bar shows on a terminal.

Examples:
  baska tournament play t.json --round 1 -o t.json
  baska tournament play t.json --round 2 --bots expert -o t.json`,
    )
    .action(async (file: string, o: { round: number; bots: string; out?: string }) => {
      const t = await load(file);
      if (!t.ok) return rejected(exit, t.error);
      if (!t.value.file.rounds[o.round - 1])
        return rejected(exit, {
          code: 'ERR_ROUND',
          message:
            o.round > t.value.format.rounds
              ? `the format has ${t.value.format.rounds} rounds, not ${o.round}`
              : `round ${o.round} is not drawn: run baska tournament draw first`,
          round: o.round,
        });
      const played = await playRound(t.value, o.round, botByName(o.bots)!, `runda ${o.round}`);
      if (!played.ok) return rejected(exit, played.error);
      emit(makeTournament(played.value.file), o.out);
    });

  cmd
    .command('standings')
    .description('check the file and print the standings: big points, tie-breaks, shared places, tournament points')
    .argument('<file>', 'the tournament file; - for standard input')
    .option('--json', 'print the standings as JSON (docs/spec/tournament.md)')
    .option('--csv', 'print the standings as CSV, one line a player')
    .addOption(langOption())
    .addHelpText(
      'after',
      '\nExamples:\n  baska tournament standings t.json\n  baska tournament standings t.json --csv > standings.csv',
    )
    .action(async (file: string, o: { json?: boolean; csv?: boolean; lang: Lang }) => {
      if (o.json && o.csv) throw new UsageError('--json or --csv, not both');
      const t = await load(file);
      if (!t.ok) return rejected(exit, t.error);
      const s = standings(t.value);
      emit(
        o.json
          ? JSON.stringify(standingsJson(s)) + '\n'
          : o.csv
            ? standingsCsv(s)
            : standingsText(t.value, s, o.lang) + '\n',
        undefined,
      );
    });

  cmd
    .command('season')
    .description("a season's ranking over several tournaments: each player's best results")
    .argument('<files...>', 'the tournament files of the season, in order')
    .option(
      '--best <n>',
      "how many of each player's results count (default: the first file's season.best)",
      wholeNumber('--best', 1, 1000),
    )
    .option('--json', 'print the season as JSON')
    .option('--csv', 'print the season as CSV')
    .addOption(langOption())
    .addHelpText(
      'after',
      '\nExamples:\n  baska tournament season gp1.json gp2.json gp3.json\n  baska tournament season gp*.json --best 6 --json',
    )
    .action(async (files: string[], o: { best?: number; json?: boolean; csv?: boolean; lang: Lang }) => {
      if (o.json && o.csv) throw new UsageError('--json or --csv, not both');
      const ts: Tournament[] = [];
      for (const f of files) {
        const t = await load(f);
        if (!t.ok) return rejected(exit, { ...t.error, file: f }); // which of the season's files
        ts.push(t.value);
      }
      const rows = season(ts, o.best);
      emit(
        o.json
          ? JSON.stringify(seasonJson(rows, ts)) + '\n'
          : o.csv
            ? seasonCsv(rows)
            : seasonText(rows, ts, o.lang) + '\n',
        undefined,
      );
    });

  cmd
    .command('protocol')
    .description("a round's table protocols as a page to print on A4: a row per deal, running totals, signatures")
    .argument('<file>', 'the tournament file; - for standard input')
    .addOption(roundOption())
    .option(
      '--table <t>',
      'only this table (default: every table of the round, one a page)',
      wholeNumber('--table', 1, 1000),
    )
    .addOption(langOption())
    .addOption(outOption())
    .addHelpText(
      'after',
      `
A blank protocol for a round about to be played by hand, or a filled one to sign: open the page in a
browser and print it.

Examples:
  baska tournament protocol t.json --round 1 -o round1.html
  baska tournament protocol t.json --round 2 --table 3 --lang en -o table3.html`,
    )
    .action(async (file: string, o: { round: number; table?: number; lang: Lang; out?: string }) => {
      const t = await load(file);
      if (!t.ok) return rejected(exit, t.error);
      const round = t.value.file.rounds[o.round - 1];
      if (!round)
        return rejected(exit, { code: 'ERR_ROUND', message: `round ${o.round} is not drawn`, round: o.round });
      if (o.table !== undefined && !round.tables[o.table - 1])
        return rejected(exit, {
          code: 'ERR_ROUND',
          message: `round ${o.round} has ${round.tables.length} tables, not ${o.table}`,
          round: o.round,
          table: o.table,
        });
      emit(protocolPage(t.value, o.round, o.table === undefined ? undefined : [o.table], o.lang), o.out);
    });

  cmd
    .command('deals')
    .description(
      "a duplicate round's deals from its seed: the hands every table was dealt, to check against the records",
    )
    .argument('<file>', 'the tournament file; - for standard input')
    .addOption(roundOption())
    .option('--json', 'one JSON object a line: deal, dealer, seed, commitment, hands')
    .addHelpText(
      'after',
      `
Deal n (from 1) of a duplicate round is dealt from HMAC-SHA256(round seed, "deal:n") with no
contributions, as a verifiable deal of the server (docs/spec/records.md); its seed and commitment are
those the table's record shows, so baska verify and this list together check a table's cards.

Examples:
  baska tournament deals t.json --round 2
  baska tournament deals t.json --round 2 --json > deals.jsonl`,
    )
    .action(async (file: string, o: { round: number; json?: boolean }) => {
      const t = await load(file);
      if (!t.ok) return rejected(exit, t.error);
      const round = t.value.file.rounds[o.round - 1];
      if (!round)
        return rejected(exit, { code: 'ERR_ROUND', message: `round ${o.round} is not drawn`, round: o.round });
      if (round.duplicate?.seed === undefined)
        return rejected(exit, {
          code: 'ERR_DUPLICATE',
          message: round.duplicate
            ? `round ${o.round}'s seed is not in the file (it is revealed when the round ends)`
            : `round ${o.round} is not a duplicate round`,
          round: o.round,
        });
      const cards = (mask: number) => CARD_CODES.filter((_, c) => mask & (1 << c)).join(' ');
      const deals = await duplicateDeals(round.duplicate.seed, t.value.format.deals[4]);
      const lines = deals.map((d) =>
        o.json
          ? JSON.stringify({ ...d, hands: d.hands.map(cards) })
          : `${String(d.deal).padStart(2)}  ${d.hands.map(cards).join('  |  ')}`,
      );
      emit(lines.join('\n') + '\n', undefined);
    });

  return cmd;
}

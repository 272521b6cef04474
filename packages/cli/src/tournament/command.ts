// `baska tournament`: new, draw, play, standings, season, protocol, deals (docs/spec/tournament.md),
// with the help of each in Polish and English side by side (HELP).
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
import { UsageError, cannot, readAll } from '../io.js';
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
    throw cannot('write', out, e);
  }
}

/** A format or rules option: a preset name, or a JSON object. */
function presetOrJson(value: string): string | Record<string, unknown> {
  if (!value.trimStart().startsWith('{')) return value;
  try {
    return JSON.parse(value) as Record<string, unknown>;
  } catch {
    throw new UsageError({ pl: `to nie jest poprawny JSON: ${value}`, en: `not valid JSON: ${value}` });
  }
}

const notBoth = () => new UsageError({ pl: '--json albo --csv, nie oba naraz', en: '--json or --csv, not both' });

const HELP = {
  pl: {
    description: 'turniej: gracze, losowanie stolików w każdej rundzie, protokoły stolików, klasyfikacja i sezony',
    after: `
Plik turnieju (JSON, docs/spec/tournament.md) zawiera format, graczy, stoliki każdej rundy i
protokół każdego stolika (małe punkty każdego rozdania). Klasyfikację zawsze liczy się z niego.

Przykłady: cały turniej rozegrany przez graczy komputerowych
  baska tournament new gracze.txt --name "Grand Prix Żnina" --seed gp1 -o t.json
  baska tournament draw t.json --round 1 -o t.json
  baska tournament play t.json --round 1 --bots basic -o t.json
  baska tournament protocol t.json --round 1 -o runda1.html
  baska tournament standings t.json

Runda duplikatowa (każdy stolik dostaje te same rozdania, miejsce w miejsce; każdego gracza
porównuje się z tymi, którzy przy innych stolikach mieli jego karty):
  baska tournament draw t.json --round 2 --duplicate -o t.json
  baska tournament deals t.json --round 2

Kody wyjścia: 0 w porządku; 1 plik odrzucony (jego błąd z kodem wypisany jako JSON); 2 błąd użycia.`,
    file: ['<plik>', 'plik turnieju; - to standardowe wejście'],
    round: ['--round <k>', 'runda, licząc od 1'],
    out: ['-o, --out <plik>', 'zapisz wynik do tego pliku (może to być plik wejściowy) zamiast na standardowe wyjście'],
    new: {
      description: 'nowy plik turnieju z listy graczy, formatu i ziarna',
      players: [
        '[gracze]',
        'jeden gracz w wierszu albo CSV z nagłówkiem ("name", opcjonalnie "id"); bez niego albo z - standardowe wejście',
      ],
      name: ['--name <nazwa>', 'nazwa turnieju'],
      format: ['--format <format>', 'format (znin) albo obiekt JSON {"format": "znin", ...opcje}'],
      rules: ['--rules <zasady>', 'zasady gry przy stolikach: zestaw zasad albo obiekt JSON'],
      seed: ['--seed <ziarno>', 'ziarno wszystkich losowań (domyślnie losowe)'],
      after: `
Przykłady:
  baska tournament new gracze.txt --name "Grand Prix Żnina, turniej 3" --seed gp-2026-3 -o t.json
  baska tournament new gracze.csv --format '{"format":"znin","rounds":3,"deals":{"4":24,"5":30}}'`,
    },
    draw: {
      description:
        'losowanie stolików i miejsc rundy: stoliki czteroosobowe, a pięcioosobowe, gdy liczba graczy tego wymaga',
      duplicate: [
        '--duplicate',
        'runda duplikatowa: każdy stolik dostaje te same rozdania, z ziarna wyliczonego z ziarna pliku i numeru rundy',
      ],
      after: `
Od drugiej rundy losowanie jak najrzadziej sadza razem tych, którzy już razem grali. Ten sam plik i
to samo ziarno dają zawsze to samo losowanie. Żeby rozsadzić rundę ręcznie, wpisz jej stoliki do
pliku. Runda duplikatowa ma tylko stoliki czteroosobowe (liczba graczy podzielna przez 4).

Przykłady:
  baska tournament draw t.json --round 1 -o t.json
  baska tournament draw t.json --round 2 > t2.json
  baska tournament draw t.json --round 3 --duplicate -o t.json`,
    },
    play: {
      description: 'rozegraj niedokończone stoliki rundy graczami komputerowymi i wypełnij ich protokoły',
      bots: ['--bots <poziom>', 'poziom graczy komputerowych'],
      label: (k: number) => `runda ${k}`,
      after: `
Każde rozdanie rozgrywa silnik zasad; gry wyznaczają ziarno pliku, runda i stolik. W rundzie
duplikatowej każdy stolik dostaje rozdania z ziarna rundy. W terminalu widać pasek postępu.

Przykłady:
  baska tournament play t.json --round 1 -o t.json
  baska tournament play t.json --round 2 --bots expert -o t.json`,
    },
    standings: {
      description: 'sprawdź plik i wypisz klasyfikację: duże punkty, dogrywki, miejsca ex aequo, punkty turniejowe',
      json: ['--json', 'klasyfikacja jako JSON (docs/spec/tournament.md)'],
      csv: ['--csv', 'klasyfikacja jako CSV, jeden gracz w wierszu'],
      after: `
Przykłady:
  baska tournament standings t.json
  baska tournament standings t.json --csv > klasyfikacja.csv`,
    },
    season: {
      description: 'klasyfikacja sezonu z kilku turniejów: najlepsze wyniki każdego gracza',
      files: ['<pliki...>', 'pliki turniejów sezonu, po kolei'],
      best: ['--best <n>', 'ile wyników każdego gracza się liczy (domyślnie season.best z pierwszego pliku)'],
      json: ['--json', 'sezon jako JSON'],
      csv: ['--csv', 'sezon jako CSV'],
      after: `
Przykłady:
  baska tournament season gp1.json gp2.json gp3.json
  baska tournament season gp*.json --best 6 --json`,
    },
    protocol: {
      description: 'protokoły stolików rundy jako strona do druku na A4: wiersz na rozdanie, sumy bieżące, podpisy',
      table: ['--table <t>', 'tylko ten stolik (domyślnie każdy stolik rundy, po jednym na stronę)'],
      after: `
Pusty protokół rundy, którą zagra się ręcznie, albo wypełniony do podpisu: otwórz stronę w
przeglądarce i wydrukuj.

Przykłady:
  baska tournament protocol t.json --round 1 -o runda1.html
  baska tournament protocol t.json --round 2 --table 3 -o stolik3.html`,
    },
    deals: {
      description:
        'rozdania rundy duplikatowej z jej ziarna: ręce, które dostał każdy stolik, do sprawdzenia z zapisami',
      json: ['--json', 'jeden obiekt JSON w wierszu: deal, dealer, seed, commitment, hands'],
      after: `
Rozdanie n (od 1) rundy duplikatowej pochodzi z HMAC-SHA256(ziarno rundy, "deal:n") bez wkładów
graczy, jak sprawdzalne rozdanie serwera (docs/spec/records.md); jego ziarno i zobowiązanie są te,
które pokazuje zapis gry stolika, więc baska verify i ta lista razem sprawdzają karty stolika.
Ręce są wypisane miejscami 1–4, kartami tak jak w zapisach (Ah, Th, Qc, Jd).

Przykłady:
  baska tournament deals t.json --round 2
  baska tournament deals t.json --round 2 --json > rozdania.jsonl`,
    },
  },
  en: {
    description: 'run a tournament: players, the draw of each round, table protocols, standings and seasons',
    after: `
A tournament file (JSON, docs/spec/tournament.md) holds the format, the players, each round's
tables and each table's protocol (the small points of every deal). Standings are always computed
from it.

Examples: a whole tournament, simulated by computer players
  baska tournament new players.txt --name "Grand Prix Żnina" --seed gp1 -o t.json
  baska tournament draw t.json --round 1 -o t.json
  baska tournament play t.json --round 1 --bots basic -o t.json
  baska tournament protocol t.json --round 1 --lang en -o round1.html
  baska tournament standings t.json --lang en

A duplicate round (every table dealt the same deals, seat for seat; each player compared with those
who held his cards at the other tables):
  baska tournament draw t.json --round 2 --duplicate -o t.json
  baska tournament deals t.json --round 2

Exit codes: 0 fine; 1 the file was rejected (its coded error is printed as JSON); 2 usage error.`,
    file: ['<file>', 'the tournament file; - for standard input'],
    round: ['--round <k>', 'the round, from 1'],
    out: ['-o, --out <file>', 'write the result to this file (it may be the input) instead of standard output'],
    new: {
      description: 'a new tournament file from a list of players, a format and a seed',
      players: [
        '[players]',
        'one name per line, or a CSV with a header ("name", optional "id"); standard input when absent or -',
      ],
      name: ['--name <name>', "the tournament's name"],
      format: ['--format <format>', 'a format preset (znin) or a JSON object {"format": "znin", ...options}'],
      rules: ['--rules <rules>', 'the game rules at the tables: a preset or a JSON rules object'],
      seed: ['--seed <seed>', 'the seed every draw is made from (default: a random one)'],
      after: `
Examples:
  baska tournament new players.txt --name "Grand Prix Żnina, turniej 3" --seed gp-2026-3 -o t.json
  baska tournament new players.csv --format '{"format":"znin","rounds":3,"deals":{"4":24,"5":30}}'`,
    },
    draw: {
      description: "draw a round's tables and seats: tables of four, and of five as the number of players needs",
      duplicate: [
        '--duplicate',
        "a duplicate round: every table is dealt the same deals, from a seed the file's seed and the round give",
      ],
      after: `
From round 2 on the draw keeps repeated table-mates as few as it can. The same file and seed
always give the same draw. To seat a round by hand, write its tables into the file instead.
A duplicate round seats only tables of four (a number of players divisible by 4).

Examples:
  baska tournament draw t.json --round 1 -o t.json
  baska tournament draw t.json --round 2 > t2.json
  baska tournament draw t.json --round 3 --duplicate -o t.json`,
    },
    play: {
      description: "play a round's unfinished tables with computer players, filling their protocols",
      bots: ['--bots <level>', "the computer players' level"],
      label: (k: number) => `round ${k}`,
      after: `
Every deal is played through the rules engine; the games are fixed by the file's seed, the
round and the table. In a duplicate round every table is dealt the deals of the round's seed.
A progress bar shows on a terminal.

Examples:
  baska tournament play t.json --round 1 -o t.json
  baska tournament play t.json --round 2 --bots expert -o t.json`,
    },
    standings: {
      description: 'check the file and print the standings: big points, tie-breaks, shared places, tournament points',
      json: ['--json', 'print the standings as JSON (docs/spec/tournament.md)'],
      csv: ['--csv', 'print the standings as CSV, one line a player'],
      after: `
Examples:
  baska tournament standings t.json --lang en
  baska tournament standings t.json --csv > standings.csv`,
    },
    season: {
      description: "a season's ranking over several tournaments: each player's best results",
      files: ['<files...>', 'the tournament files of the season, in order'],
      best: ['--best <n>', "how many of each player's results count (default: the first file's season.best)"],
      json: ['--json', 'print the season as JSON'],
      csv: ['--csv', 'print the season as CSV'],
      after: `
Examples:
  baska tournament season gp1.json gp2.json gp3.json --lang en
  baska tournament season gp*.json --best 6 --json`,
    },
    protocol: {
      description: "a round's table protocols as a page to print on A4: a row per deal, running totals, signatures",
      table: ['--table <t>', 'only this table (default: every table of the round, one a page)'],
      after: `
A blank protocol for a round about to be played by hand, or a filled one to sign: open the page in a
browser and print it.

Examples:
  baska tournament protocol t.json --round 1 --lang en -o round1.html
  baska tournament protocol t.json --round 2 --table 3 --lang en -o table3.html`,
    },
    deals: {
      description:
        "a duplicate round's deals from its seed: the hands every table was dealt, to check against the records",
      json: ['--json', 'one JSON object a line: deal, dealer, seed, commitment, hands'],
      after: `
Deal n (from 1) of a duplicate round is dealt from HMAC-SHA256(round seed, "deal:n") with no
contributions, as a verifiable deal of the server (docs/spec/records.md); its seed and commitment are
those the table's record shows, so baska verify and this list together check a table's cards. The
hands are listed by seat, 1–4, the cards written as in the records (Ah, Th, Qc, Jd).

Examples:
  baska tournament deals t.json --round 2
  baska tournament deals t.json --round 2 --json > deals.jsonl`,
    },
  },
} as const satisfies Record<Lang, unknown>;

export function tournamentCommand(exit: Exit, lang: Lang): Command {
  const h = HELP[lang];
  const roundOption = () =>
    new Option(h.round[0], h.round[1]).argParser(wholeNumber('--round', 1, 100, lang)).makeOptionMandatory();
  const outOption = () => new Option(h.out[0], h.out[1]);
  const cmd = new Command('tournament')
    .description(h.description)
    .addOption(langOption(lang)) // before a subcommand's name: baska tournament --lang en standings
    .addHelpText('after', h.after);

  cmd
    .command('new')
    .description(h.new.description)
    .argument(h.new.players[0], h.new.players[1])
    .option(h.new.name[0], h.new.name[1], '')
    .option(h.new.format[0], h.new.format[1], 'znin')
    .option(h.new.rules[0], h.new.rules[1], 'znin')
    .option(h.new.seed[0], h.new.seed[1])
    .addOption(outOption())
    .addOption(langOption(lang, true))
    .addHelpText('after', h.new.after)
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
    .description(h.draw.description)
    .argument(h.file[0], h.file[1])
    .addOption(roundOption())
    .option(h.draw.duplicate[0], h.draw.duplicate[1])
    .addOption(outOption())
    .addOption(langOption(lang, true))
    .addHelpText('after', h.draw.after)
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
    .description(h.play.description)
    .argument(h.file[0], h.file[1])
    .addOption(roundOption())
    .addOption(new Option(h.play.bots[0], h.play.bots[1]).choices(BOT_LEVELS).default('basic'))
    .addOption(outOption())
    .addOption(langOption(lang, true))
    .addHelpText('after', h.play.after)
    .action(async (file: string, o: { round: number; bots: string; out?: string; lang: Lang }) => {
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
      const played = await playRound(t.value, o.round, botByName(o.bots)!, HELP[o.lang].play.label(o.round), o.lang);
      if (!played.ok) return rejected(exit, played.error);
      emit(makeTournament(played.value.file), o.out);
    });

  cmd
    .command('standings')
    .description(h.standings.description)
    .argument(h.file[0], h.file[1])
    .option(h.standings.json[0], h.standings.json[1])
    .option(h.standings.csv[0], h.standings.csv[1])
    .addOption(langOption(lang))
    .addHelpText('after', h.standings.after)
    .action(async (file: string, o: { json?: boolean; csv?: boolean; lang: Lang }) => {
      if (o.json && o.csv) throw notBoth();
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
    .description(h.season.description)
    .argument(h.season.files[0], h.season.files[1])
    .option(h.season.best[0], h.season.best[1], wholeNumber('--best', 1, 1000, lang))
    .option(h.season.json[0], h.season.json[1])
    .option(h.season.csv[0], h.season.csv[1])
    .addOption(langOption(lang))
    .addHelpText('after', h.season.after)
    .action(async (files: string[], o: { best?: number; json?: boolean; csv?: boolean; lang: Lang }) => {
      if (o.json && o.csv) throw notBoth();
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
    .description(h.protocol.description)
    .argument(h.file[0], h.file[1])
    .addOption(roundOption())
    .option(h.protocol.table[0], h.protocol.table[1], wholeNumber('--table', 1, 1000, lang))
    .addOption(langOption(lang))
    .addOption(outOption())
    .addHelpText('after', h.protocol.after)
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
    .description(h.deals.description)
    .argument(h.file[0], h.file[1])
    .addOption(roundOption())
    .option(h.deals.json[0], h.deals.json[1])
    .addOption(langOption(lang, true))
    .addHelpText('after', h.deals.after)
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

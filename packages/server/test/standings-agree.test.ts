// The standings read the same everywhere a person reads them, during a round and after it: the
// tournament's page and the projector (the server's view, as the page writes its cells), the CSV for
// Excel, the plain CSV, and `baska tournament standings` on the file the director downloads. In one
// process, against the server's own functions (no server started); the command is the real one.
// - During a round: each player's small points so far at his unfinished table, as entered, in a
//   column of their own; places only from complete tables (before one ends, nobody is "first").
// - Tournament points are exact in the JSON and rounded the same way for people everywhere
//   (49,33 on the page and in Excel, 49.33 in the plain CSV; never 49.333333333333336).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ProtocolRow, type Tournament, drawInto, newTournament, peopleTable, withDeals } from '@baska/tournament';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { type Stored, emptyState } from '../src/tournaments/store.js';
import { fileFor, standingsCsvFor, tournamentView } from '../src/tournaments/view.js';

const BASKA = fileURLToPath(new URL('../../cli/bin/baska.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'baska-agree-'));

const NAMES = [
  'Anna',
  'Bartek',
  'Celina',
  'Dawid',
  'Ewa',
  'Franek',
  'Gosia',
  'Henryk',
  'Irena',
  'Jan',
  'Kasia',
  'Leon',
];

function must<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Twelve players at three tables of four, two rounds of two deals: every table of round 1 all square. */
function tournament(): Tournament {
  let t = must(
    newTournament({
      name: 'Turniej remisów',
      format: { format: 'znin', rounds: 2, deals: { 4: 2 } },
      rules: 'znin',
      seed: 'remisy',
      players: NAMES.map((name, i) => ({ id: `p${i + 1}`, name })),
    }),
  );
  t = must(drawInto(t, 1));
  return t;
}

const play = (t: Tournament, round: number, table: number, rows: ProtocolRow[]) =>
  must(withDeals(t, round, table, rows));

/** The server's side of it: a hall tournament whose rounds 1…started have started. */
const stored = (t: Tournament, started: number): Stored => ({
  id: 'remisy-1',
  directorId: 1,
  directorName: 'Sędzia',
  name: t.file.name ?? '',
  mode: 'hall',
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  t,
  state: { ...emptyState(), started },
});

type Cells = { place: string; big: string; small: string; running?: string; tp: string };

/** Everything a person reads of the standings, by player name, from each place he reads it. */
function surfaces(s: Stored) {
  const none = new Set<number>();
  // The page and the projector: the view's rows, written as the Standings component writes them.
  const view = tournamentView(s).standings;
  const table = peopleTable(view, 'pl', true);
  const page = new Map<string, Cells>(
    view.map((r, k) => {
      const c = table[k]!;
      const cells = { place: c.place || '—', big: c.bigPoints, small: c.smallPoints, tp: c.tournamentPoints || '—' };
      return [r.name, c.running === undefined ? cells : { ...cells, running: c.running || '—' }];
    }),
  );
  const csvRows = (text: string, delimiter: string) =>
    parse(text.replace(/^\uFEFF/, ''), { columns: true, delimiter, bom: true }) as Record<string, string>[];
  const plain = standingsCsvFor(s, none);
  const excel = standingsCsvFor(s, none, 'pl');
  // The command, on the file the director downloads.
  const path = join(
    dir,
    `${s.t.file.rounds.map((r) => r.tables.map((x) => x.protocol.length).join('-')).join('_')}.json`,
  );
  writeFileSync(path, fileFor(s, none));
  const cli = (args: string[]) =>
    execFileSync(process.execPath, [BASKA, 'tournament', 'standings', path, ...args], { encoding: 'utf8' });
  const text = cli([]);
  const lines = text.split('\n');
  const head = lines.findIndex((l) => l.startsWith('Miejsce'));
  const columns = lines[head]!.split(/\s{2,}/);
  const people = lines
    .slice(head + 2)
    .filter((l) => l.trim() && !l.startsWith('*'))
    .map((l) =>
      Object.fromEntries(
        l
          .trim()
          .split(/\s{2,}/)
          .map((cell, i) => [columns[i]!, cell]),
      ),
    );
  return {
    view,
    page,
    plain,
    excel,
    csvRows,
    cliCsv: cli(['--csv']),
    cliJson: JSON.parse(cli(['--json'])),
    table: people,
  };
}

/** Every surface says what the page says: the same cells, with the language's decimal mark where it is Polish. */
function agree(s: Stored) {
  const x = surfaces(s);
  // The plain CSV is the command's, byte for byte; the JSON is the view's numbers, exact.
  expect(x.plain).toBe(x.cliCsv);
  expect(x.cliJson.standings.map(({ placesCount: _, ...r }: { placesCount: unknown }) => r)).toEqual(x.view);
  const dot = (cell: string) => cell.replace(',', '.');
  for (const r of x.csvRows(x.plain, ',')) {
    const page = x.page.get(r.name!)!;
    expect([r.place || '—', r.bigPoints, r.smallPoints, r.tournamentPoints || '—'], r.name).toEqual([
      page.place,
      dot(page.big),
      dot(page.small),
      dot(page.tp),
    ]);
    expect(r.running === undefined ? undefined : r.running || '—', r.name).toBe(page.running);
  }
  for (const r of x.csvRows(x.excel, ';')) {
    const page = x.page.get(r.Gracz!)!;
    expect([r.Miejsce || '—', r['Duże pkt'], r['Małe pkt'], r['Pkt turniejowe'] || '—'], r.Gracz).toEqual([
      page.place,
      page.big,
      page.small,
      page.tp,
    ]);
    const running = r['Małe pkt w toku (tymczasowe)'];
    expect(running === undefined ? undefined : running || '—', r.Gracz).toBe(page.running);
  }
  for (const r of x.table) {
    const page = x.page.get(r.Gracz!)!;
    expect([r.Miejsce, r['Duże pkt'], r['Małe pkt'], r['Pkt turniejowe']], r.Gracz).toEqual([
      page.place,
      page.big,
      page.small,
      page.tp,
    ]);
    expect(r['W toku*'], r.Gracz).toBe(page.running);
  }
  expect(x.table).toHaveLength(NAMES.length);
  // No number a person reads has more than two decimals.
  for (const text of [x.plain, x.excel]) expect(text).not.toMatch(/\d[.,]\d{3}/);
  return x.page;
}

describe('the standings agree on the page, the projector, both CSV files and the command', () => {
  it('during round 1, before any table ends: no places, the small points so far marked as in progress', () => {
    let t = tournament();
    t = play(t, 1, 1, [[6, -2, -2, -2]]);
    t = play(t, 1, 2, [[-4, 4, -4, 4]]);
    const page = agree(stored(t, 1));
    // Nobody is "first": no places and no tournament points until a table is complete.
    expect([...page.values()].map((c) => [c.place, c.tp])).toEqual(NAMES.map(() => ['—', '—']));
    const players = t.file.rounds[0]!.tables[0]!.players.map((id) => t.names.get(id)!);
    expect(players.map((n) => page.get(n)!.running)).toEqual(['6', '-2', '-2', '-2']);
    // Table 3 has entered nothing yet: its players are in the round, with nothing so far.
    const idle = t.file.rounds[0]!.tables[2]!.players.map((id) => t.names.get(id)!);
    expect(idle.map((n) => page.get(n)!.running)).toEqual(['0', '0', '0', '0']);
  });

  it('during round 2: places from round 1, a shared place’s tournament points rounded alike, round 2’s points so far', () => {
    let t = tournament();
    // Every table of round 1 ends all square: the twelve share 1st place and the average of places 1–12.
    for (const table of [1, 2, 3])
      t = play(t, 1, table, [
        [2, -2, 2, -2],
        [-2, 2, -2, 2],
      ]);
    t = must(drawInto(t, 2));
    t = play(t, 2, 1, [
      [12, -4, -4, -4],
      [0, 0, 0, 0],
    ]);
    t = play(t, 2, 2, [[3, -1, -1, -1]]);
    const page = agree(stored(t, 2));
    const round2 = t.file.rounds[1]!.tables;
    const name = (table: number, seat: number) => t.names.get(round2[table - 1]!.players[seat]!)!;
    // Table 1 finished: its winner leads alone; the three it beat share 2nd–4th with 4 table points
    // each (53,33 tournament points); nothing of theirs is still in progress.
    expect(page.get(name(1, 0))).toMatchObject({ place: '1', big: '13', tp: '60', running: '—' });
    expect(page.get(name(1, 1))).toMatchObject({ place: '2', big: '9', tp: '53,33', running: '—' });
    // Table 2 is half way: its players keep round 1's 5 points, ranked among the others, and their 3 and −1 are shown apart.
    expect([0, 1].map((seat) => page.get(name(2, seat)))).toMatchObject([
      { big: '5', running: '3' },
      { big: '5', running: '-1' },
    ]);
    // Eight players share 5th place: the average of places 5 to 12 is 46.5 → "46,5" for everyone.
    expect(page.get(name(3, 0))).toMatchObject({ place: '5', tp: '46,5' });
  });

  it('after the last round: no provisional column, and a shared place of twelve reads 49,33 everywhere', () => {
    let t = tournament();
    for (const table of [1, 2, 3])
      t = play(t, 1, table, [
        [2, -2, 2, -2],
        [-2, 2, -2, 2],
      ]);
    t = must(drawInto(t, 2));
    for (const table of [1, 2, 3])
      t = play(t, 2, table, [
        [0, 0, 0, 0],
        [0, 0, 0, 0],
      ]);
    const s = stored(t, 2);
    const page = agree(s);
    // (60 + 56 + 53 + 51 + 50 + … + 43) / 12 = 592 / 12: exact in the JSON, 49,33 for people.
    expect(tournamentView(s).standings[0]!.tournamentPoints).toBeCloseTo(592 / 12, 12);
    expect([...page.values()].map((c) => [c.place, c.tp, c.running])).toEqual(
      NAMES.map(() => ['1', '49,33', undefined]),
    );
    expect(standingsCsvFor(s, new Set())).toContain(',49.33\n');
  });
});

// Standings and seasons as the spec's JSON and as CSV for spreadsheets.
import { stringify } from 'csv-stringify/sync';
import { type Tournament, isFinished } from './file.js';
import type { Standings } from './ranking.js';
import type { SeasonRow } from './season.js';
import { peopleCells, pointsText } from './points.js';

/**
 * `baska tournament standings --json` (docs/spec/tournament.md). The duplicate comparison's fields
 * are there only when the file has a duplicate round; `from` and `until` only on a late entry's and
 * a withdrawn player's rows; `placed: false` only on the row of a player no complete table ranks yet;
 * `running` only on the row of a player at a table being played.
 */
export function standingsJson(s: Standings) {
  return {
    rounds: s.rounds.map((r) => ({
      round: r.round,
      complete: r.complete,
      ...(r.duplicate && { duplicate: true }),
      tables: r.tables.map((t) => ({
        table: t.table,
        complete: t.complete,
        players: t.players,
        smallPoints: t.smallPoints,
        places: t.places,
        tablePoints: t.tablePoints?.map((p) => p.toNumber()) ?? null,
        ...(r.duplicate && { duplicate: t.duplicate?.map((p) => p.toNumber()) ?? null }),
      })),
    })),
    standings: s.standings.map((row) => ({
      place: row.place,
      player: row.player,
      name: row.name,
      bigPoints: row.bigPoints.toNumber(),
      smallPoints: row.smallPoints,
      placesCount: row.placesCount,
      tournamentPoints: row.tournamentPoints.toNumber(),
      ...(s.duplicate && { duplicate: row.duplicate.toNumber() }),
      // A late entry's first round and a withdrawn player's last (spec "Late entries and withdrawals").
      ...(row.from !== undefined && { from: row.from }),
      ...(row.until !== undefined && { until: row.until }),
      ...(!row.placed && { placed: false as const }),
      ...(row.running !== null && { running: row.running }),
    })),
  };
}

/**
 * `baska tournament season --json`. With the tournaments given, `tournaments` says of each (in the
 * same order) whether it is finished: one in progress counts for nobody.
 */
export function seasonJson(rows: readonly SeasonRow[], tournaments?: readonly Tournament[]) {
  return {
    ...(tournaments && {
      tournaments: tournaments.map((t) => ({ name: t.file.name ?? '', finished: isFinished(t) })),
    }),
    standings: rows.map((row) => ({
      place: row.place,
      player: row.player,
      name: row.name,
      score: row.score.toNumber(),
      total: row.total.toNumber(),
      played: row.played,
      results: row.results.map((r) => r?.toNumber() ?? null),
    })),
  };
}

/** Rows under a header; a name that starts like a formula (=HYPERLINK(…)) stays text in a spreadsheet. */
const csv = (rows: unknown[][], columns: string[]): string =>
  stringify(rows, { header: true, escape_formulas: true, columns });

/**
 * One line a player, with a header; numbers with a decimal point, as spreadsheets import them, and
 * rounded as people read them (points.ts). A player no complete table ranks yet has an empty place
 * and tournament points; while a round is played, a last column `running` holds the small points
 * entered so far at the tables not yet complete.
 */
export function standingsCsv(s: Standings): string {
  return csv(
    s.standings.map((r) => {
      // Numbers stay numbers (a "-12" as text would be taken for a formula and quoted), rounded for people.
      const cells = peopleCells(r, 'en');
      const n = (cell: string | undefined) => (cell ? Number(cell) : '');
      return [
        n(cells.place),
        r.player,
        r.name,
        n(cells.bigPoints),
        n(cells.smallPoints),
        ...r.placesCount,
        n(cells.tournamentPoints),
        ...(s.duplicate ? [n(cells.duplicate)] : []),
        ...(s.roster ? [r.from ?? '', r.until ?? ''] : []),
        ...(s.running ? [n(cells.running)] : []),
      ];
    }),
    [
      'place',
      'player',
      'name',
      'bigPoints',
      'smallPoints',
      'first',
      'second',
      'third',
      'fourth',
      'fifth',
      'tournamentPoints',
      ...(s.duplicate ? ['duplicate'] : []),
      ...(s.roster ? ['from', 'until'] : []),
      ...(s.running ? ['running'] : []),
    ],
  );
}

export function seasonCsv(rows: readonly SeasonRow[]): string {
  const count = rows[0]?.results.length ?? 0;
  return csv(
    rows.map((r) => [
      r.place,
      r.player,
      r.name,
      pointsText(r.score, 'en'),
      pointsText(r.total, 'en'),
      r.played,
      ...r.results.map((x) => (x ? pointsText(x, 'en') : '')),
    ]),
    [
      'place',
      'player',
      'name',
      'score',
      'total',
      'played',
      ...Array.from({ length: count }, (_, i) => `tournament${i + 1}`),
    ],
  );
}

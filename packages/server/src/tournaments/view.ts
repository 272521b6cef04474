// What everyone may see of a tournament: players, each round's tables with their progress and
// protocol rows, and the standings by the core's ranking. No hands, no games' insides: only the
// small points each table wrote. A duplicate round being played is sealed (duplicate.ts): its rows,
// its games and what the standings would take from them are the director's until it is complete;
// a player sees the link to his own table's game.
import type { TournamentView } from '@baska/protocol';
import {
  type SheetLang,
  type TableSize,
  isComplete,
  makeTournament,
  spreadsheetCsv,
  standings,
  standingsCsv,
  standingsJson,
} from '@baska/tournament';
import { publicTournament, sealedFor, sealedRounds } from './duplicate.js';
import { ONLINE_CLOCK } from './online.js';
import type { Stored } from './store.js';

/** The next round the director may draw now, or null (rounds are drawn in order; a started one is fixed). */
export function drawable(s: Stored): number | null {
  const drawn = s.t.file.rounds.length;
  if (drawn < s.t.format.rounds && s.state.started >= drawn) return drawn + 1;
  // The last drawn round may be drawn again while it has not started.
  if (drawn > 0 && s.state.started < drawn) return drawn;
  return null;
}

/**
 * `director`: the hall tables' codes and a sealed round's rows are shown (the codes let a phone write
 * into a protocol). `viewer`: the account asking, whose own table's game a sealed round still links.
 */
export function tournamentView(s: Stored, director = false, viewer?: number): TournamentView {
  const { file, format, names } = s.t;
  const sealed = sealedRounds(s.t);
  // What this viewer may not see yet: the director sees a sealed round unless he plays in it.
  const hiddenRounds = director ? sealedFor(s, s.directorId) : sealed;
  const shown = publicTournament(s.t, hiddenRounds);
  const ranked = standingsJson(standings(shown));
  const mine = viewer === undefined ? undefined : `u${viewer}`;
  return {
    id: s.id,
    name: s.name,
    mode: s.mode,
    director: { id: s.directorId, name: s.directorName },
    version: s.version,
    format: { preset: format.preset, rounds: format.rounds, deals: { 4: format.deals[4], 5: format.deals[5] } },
    rules: file.rules,
    ...(s.mode === 'online' && { clock: s.state.clock ?? ONLINE_CLOCK }),
    players: file.players.map((p) => ({
      id: p.id,
      name: p.name,
      ...(s.mode === 'online' && { joined: s.state.accounts[p.id] !== undefined }),
      ...(p.from !== undefined && { from: p.from }),
      ...(p.until !== undefined && { until: p.until }),
    })),
    rounds: file.rounds.map((r, i) => {
      const result = ranked.rounds[i]!;
      const hidden = hiddenRounds.has(i + 1);
      const tables = r.tables.map((t, k) => {
        const game = s.state.games[`${i + 1}:${t.table}`];
        const linked = game && (!hidden || (mine !== undefined && t.players.includes(mine)));
        return {
          table: t.table,
          players: t.players.map((id) => ({ id, name: names.get(id) ?? id })),
          deals: t.protocol.length,
          of: format.deals[t.players.length as TableSize],
          complete: isComplete(t, format),
          protocol: shown.file.rounds[i]!.tables[k]!.protocol,
          ...(linked ? { game } : {}),
          ...(r.duplicate ? { duplicate: result.tables[k]!.duplicate ?? null } : {}),
          ...hallOf(s, i + 1, t.table, director),
        };
      });
      return {
        round: i + 1,
        started: s.state.started > i,
        complete: tables.every((t) => t.complete),
        ...(r.duplicate && {
          duplicate: { commitment: r.duplicate.commitment ?? null, seed: r.duplicate.seed ?? null },
          sealed: sealed.has(i + 1),
        }),
        tables,
      };
    }),
    standings: ranked.standings.map((r) => ({
      place: r.place,
      player: r.player,
      name: r.name,
      bigPoints: r.bigPoints,
      smallPoints: r.smallPoints,
      tournamentPoints: r.tournamentPoints,
      ...(r.duplicate !== undefined && { duplicate: r.duplicate }),
      ...(r.from !== undefined && { from: r.from }),
      ...(r.until !== undefined && { until: r.until }),
      ...(r.placed === false && { placed: false as const }),
      ...(r.running !== undefined && { running: r.running }),
    })),
    drawable: drawable(s),
    createdAt: s.createdAt,
  };
}

function hallOf(s: Stored, round: number, table: number, director: boolean) {
  const hall = s.state.hall[`${round}:${table}`];
  if (!hall) return {};
  return {
    pending: hall.deals.filter((d) => d.confirmedBy === null).length,
    rejected: hall.deals.flatMap((d, k) => (d.rejectedBy !== undefined ? [k] : [])),
    phone: hall.deals.length > 0,
    // The director corrects a deal in the words the table said it in (the entry without its id).
    ...(director ? { code: hall.code, said: hall.deals.map(({ entry: { id: _, ...said } }) => said) } : {}),
  };
}

/** The tournament file a reader downloads: without what is hidden from him (a sealed round's rows). */
export const fileFor = (s: Stored, hidden: Set<number>): string => makeTournament(publicTournament(s.t, hidden).file);

/**
 * The standings as CSV for that reader: the plain one, byte for byte what `baska tournament
 * standings --csv` prints for the file he downloads, or (`lang`) the same for a spreadsheet.
 */
export function standingsCsvFor(s: Stored, hidden: Set<number>, lang?: SheetLang): string {
  const csv = standingsCsv(standings(publicTournament(s.t, hidden)));
  return lang ? spreadsheetCsv(csv, lang) : csv;
}

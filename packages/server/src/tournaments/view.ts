// What everyone may see of a tournament: players, each round's tables with their progress and
// protocol rows, and the standings by the core's ranking. No hands, no games' insides: only the
// small points each table wrote.
import type { TournamentView } from '@baska/protocol';
import { type TableSize, isComplete, standings, standingsJson } from '@baska/tournament';
import type { Stored } from './store.js';

/** The next round the director may draw now, or null (rounds are drawn in order; a started one is fixed). */
export function drawable(s: Stored): number | null {
  const drawn = s.t.file.rounds.length;
  if (drawn < s.t.format.rounds && s.state.started >= drawn) return drawn + 1;
  // The last drawn round may be drawn again while it has not started.
  if (drawn > 0 && s.state.started < drawn) return drawn;
  return null;
}

/** `director`: the hall tables' codes are shown (they let a phone write into a protocol). */
export function tournamentView(s: Stored, director = false): TournamentView {
  const { file, format, names } = s.t;
  const ranked = standingsJson(standings(s.t));
  return {
    id: s.id,
    name: s.name,
    mode: s.mode,
    director: { id: s.directorId, name: s.directorName },
    version: s.version,
    format: { preset: format.preset, rounds: format.rounds, deals: { 4: format.deals[4], 5: format.deals[5] } },
    players: file.players.map((p) => ({ id: p.id, name: p.name })),
    rounds: file.rounds.map((r, i) => {
      const tables = r.tables.map((t) => ({
        table: t.table,
        players: t.players.map((id) => ({ id, name: names.get(id) ?? id })),
        deals: t.protocol.length,
        of: format.deals[t.players.length as TableSize],
        complete: isComplete(t, format),
        protocol: t.protocol,
        ...(s.state.games[`${i + 1}:${t.table}`] ? { game: s.state.games[`${i + 1}:${t.table}`] } : {}),
        ...hallOf(s, i + 1, t.table, director),
      }));
      return { round: i + 1, started: s.state.started > i, complete: tables.every((t) => t.complete), tables };
    }),
    standings: ranked.standings.map((r) => ({
      place: r.place,
      player: r.player,
      name: r.name,
      bigPoints: r.bigPoints,
      smallPoints: r.smallPoints,
      tournamentPoints: r.tournamentPoints,
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
    phone: hall.deals.length > 0,
    ...(director ? { code: hall.code } : {}),
  };
}

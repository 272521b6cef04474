// Changes to a tournament: a new file, a round drawn, a table's protocol filled.
import type { RulesSpec } from '@baska/engine';
import { drawRound, tableSizes } from './draw.js';
import { playersOfRound } from './roster.js';
import { type TResult, fail } from './errors.js';
import {
  type DuplicateRound,
  type Tournament,
  type TournamentFile,
  type TournamentPlayer,
  type ProtocolRow,
  checkTournament,
} from './file.js';

export interface NewTournament {
  name: string;
  format: TournamentFile['format'];
  rules: RulesSpec;
  seed: string;
  players: TournamentPlayer[];
}

/** A tournament with its players and no round drawn yet, checked like any file. */
export function newTournament(o: NewTournament): TResult<Tournament> {
  // A number of players no draw can seat is told now, not at the first draw.
  if (!tableSizes(o.players.length))
    return fail('ERR_PLAYERS', `${o.players.length} players cannot be seated at tables of four and five`);
  return checkTournament({
    name: o.name,
    format: o.format,
    rules: o.rules,
    seed: o.seed,
    players: o.players,
    rounds: [],
  });
}

/**
 * Draw round `k` (from 1): every earlier round must be drawn; a round being played, or one
 * followed by a drawn round, is not drawn again (its seating is fixed by then). With `duplicate`
 * the round is a duplicate round (its tables must then all seat four: ERR_DUPLICATE otherwise).
 */
export function drawInto(t: Tournament, k: number, duplicate?: DuplicateRound): TResult<Tournament> {
  const { file, format } = t;
  if (!Number.isInteger(k) || k < 1 || k > format.rounds)
    return fail('ERR_ROUND', `round ${k} is not one of the format's rounds 1–${format.rounds}`, { round: k });
  if (k > file.rounds.length + 1)
    return fail('ERR_ROUND', `round ${k - 1} is not drawn yet: draw the rounds in order`, { round: k });
  if (k < file.rounds.length)
    return fail('ERR_ROUND', `round ${k + 1} is already drawn: round ${k} can no longer be drawn again`, { round: k });
  const played = file.rounds[k - 1]?.tables.find((table) => table.protocol.length > 0);
  if (played)
    return fail('ERR_ROUND', `round ${k} is being played (table ${played.table} has deals): it is not drawn again`, {
      round: k,
    });
  const earlier = file.rounds.slice(0, k - 1).flatMap((r) => r.tables.map((table) => table.players));
  // Only the players of round k: a late entry from his round on, a withdrawn player up to his (roster.ts).
  const drawn = drawRound(playersOfRound(file, k), earlier, file.seed, k);
  if (!drawn.ok) return fail('ERR_PLAYERS', drawn.message, { round: k });
  const rounds = file.rounds.slice(0, k - 1);
  const tables = drawn.value.map((players, i) => ({ table: i + 1, players, protocol: [] }));
  rounds.push(duplicate ? { duplicate, tables } : { tables });
  return checkTournament({ ...file, rounds });
}

/** A table's protocol with more deals played (and the bok-round deals among them). */
export function withDeals(
  t: Tournament,
  round: number,
  table: number,
  rows: readonly ProtocolRow[],
  bokDeals: readonly number[] = [],
): TResult<Tournament> {
  const where = { round, table };
  const target = t.file.rounds[round - 1]?.tables[table - 1];
  if (!target) return fail('ERR_ROUND', `round ${round} has no table ${table}`, where);
  const file = structuredClone(t.file);
  const into = file.rounds[round - 1]!.tables[table - 1]!;
  const before = into.protocol.length;
  into.protocol.push(...rows.map((r) => [...r]));
  const bok = [...(into.bokDeals ?? []), ...bokDeals.map((d) => d + before)];
  if (bok.length) into.bokDeals = bok;
  return checkTournament(file);
}

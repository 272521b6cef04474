// Duplicate rounds online (docs/decisions/010): every table of the round is dealt the same deals,
// seat for seat. The server draws a secret seed for the round, writes only its SHA-256 into the
// file at the draw, deals every table from it (the seed is each table's seed, with no
// contributions), and writes the seed itself into the file once every table is complete, so anyone
// can check the deals with `baska tournament deals`. Until then the round is sealed: nobody but the
// director sees its tables' rows or games (they would tell a table what the same cards did elsewhere),
// and not even he while he has a seat in it himself.
import { createHash, randomBytes } from 'node:crypto';
import type { TournamentEventView } from '@baska/protocol';
import { type Tournament, type TournamentFile, checkTournament, drawInto, isComplete } from '@baska/tournament';
import { GameError } from '../errors.js';
import { must } from './must.js';
import type { Stored } from './store.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * Round `round` drawn as a duplicate round: its secret seed and the tournament with the seed's
 * commitment in the file. Refused (ERR_DUPLICATE) in a hall, where the server deals no cards, and
 * with fewer than two tables or a table of five (docs/decisions/007).
 */
export function drawDuplicate(s: Stored, round: number): { t: Tournament; secret: string; commitment: string } {
  if (s.mode !== 'online')
    throw new GameError('ERR_DUPLICATE', 'duplicate rounds are played online: in a hall the server deals no cards');
  const secret = randomBytes(16).toString('hex');
  const commitment = sha256(secret);
  const t = must(drawInto(s.t, round, { commitment }));
  const tables = t.file.rounds[round - 1]!.tables;
  if (tables.length < 2)
    throw new GameError(
      'ERR_DUPLICATE',
      'a duplicate round needs two tables or more: one table has nobody to compare with',
    );
  return { t, secret, commitment };
}

/** The tournament with a duplicate round's seed revealed, once every table of the round is complete. */
export function revealWhenComplete(s: Stored, t: Tournament, round: number): Tournament {
  const r = t.file.rounds[round - 1];
  const secret = s.state.duplicate[round];
  if (!r?.duplicate || secret === undefined || r.duplicate.seed !== undefined) return t;
  if (!r.tables.every((x) => isComplete(x, t.format))) return t;
  const file = structuredClone(t.file);
  file.rounds[round - 1]!.duplicate = { ...r.duplicate, seed: secret };
  return must(checkTournament(file));
}

/** The duplicate rounds being played (drawn, not every table complete): their rows are the director's only. */
export function sealedRounds(t: Tournament): Set<number> {
  const out = new Set<number>();
  t.file.rounds.forEach((r, i) => {
    if (r.duplicate && !r.tables.every((x) => isComplete(x, t.format))) out.add(i + 1);
  });
  return out;
}

/**
 * The rounds sealed for `viewer` (an account; undefined: nobody signed in): every sealed round, but for
 * the director only those where he plays himself — there the rows of the other tables would tell him,
 * as any player, what the same cards did elsewhere.
 */
export function sealedFor(s: Stored, viewer: number | undefined): Set<number> {
  const sealed = sealedRounds(s.t);
  if (viewer === undefined || viewer !== s.directorId) return sealed;
  const plays = (round: number) =>
    s.t.file.rounds[round - 1]!.tables.some((t) => t.players.some((p) => s.state.accounts[p] === viewer));
  return new Set([...sealed].filter(plays));
}

/** The tournament with the `sealed` rounds' tables without rows (by default every round being played). */
export function publicTournament(t: Tournament, sealed = sealedRounds(t)): Tournament {
  if (!sealed.size) return t;
  const file: TournamentFile = structuredClone(t.file);
  for (const r of sealed)
    for (const table of file.rounds[r - 1]!.tables) {
      table.protocol = [];
      delete table.bokDeals;
    }
  return must(checkTournament(file));
}

/** The event log with the `sealed` rounds' rows and corrections saying only where. */
export function publicEvents(
  t: Tournament,
  events: TournamentEventView[],
  sealed = sealedRounds(t),
): TournamentEventView[] {
  if (!sealed.size) return events;
  return events.map((e) => {
    const body = e.body as { round?: unknown; table?: unknown } | null;
    if (!body || typeof body.round !== 'number' || !sealed.has(body.round)) return e;
    if (e.kind !== 'played' && e.kind !== 'row' && e.kind !== 'corrected') return e;
    return { ...e, body: { round: body.round, table: body.table } };
  });
}

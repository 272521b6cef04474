// The hall: each table of a started round has a short code; the phone that opens it enters the
// deals in the game's words or as small points (entry.ts, through a score pad, so bok-rounds follow
// RULES §5 by themselves), and a second phone at the table, or the director, confirms each one — or
// disagrees with it, and the table enters it again. Confirmed deals go into the tournament file in
// order; an unconfirmed deal stops the ones after it. A phone is one the server gave this table a
// token (`issuePhone`): a string the phone made up is no phone, so one phone cannot pose as two.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { HallView } from '@baska/protocol';
import {
  type Pad,
  type TableSize,
  type Tournament,
  checkTournament,
  newPad,
  padAdd,
  padNext,
  withDeals,
} from '@baska/tournament';
import { GameError } from '../errors.js';
import { must } from './must.js';
import type { Change, HallTable, Stored } from './store.js';

/** Letters and digits nobody misreads on a phone or a printed sheet (no 0/O, 1/I/L). */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A table's code: 6 of 31 signs, about 30 bits; the HTTP limits make guessing one slow. */
export const newCode = () => Array.from({ length: 6 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/**
 * New codes for the tables of round `round` (as drawn in `t`) that have none yet: made at the draw,
 * so the seating list printed before the round starts carries them. A table drawn again keeps its
 * code (the code is the table's, whoever the draw seats there).
 */
export function hallCodes(s: Stored, t: Tournament, round: number): { code: string; round: number; table: number }[] {
  return t.file.rounds[round - 1]!.tables.flatMap((x) =>
    s.state.hall[`${round}:${x.table}`] ? [] : [{ code: newCode(), round, table: x.table }],
  );
}

/** The table's deals as a score pad (seat labels for names: players' names may repeat in a hall). */
export function padOf(s: Stored, round: number, table: number, hall: HallTable): Pad {
  return padOfEntries(
    s,
    round,
    table,
    hall.deals.map((d) => d.entry),
  );
}

/** A score pad of these entries, in order, at this table. */
function padOfEntries(s: Stored, round: number, table: number, entries: readonly Record<string, unknown>[]): Pad {
  const size = s.t.file.rounds[round - 1]!.tables[table - 1]!.players.length;
  let pad = must(
    newPad(
      s.t.rules,
      Array.from({ length: size }, (_, i) => String(i + 1)),
    ),
  );
  for (const e of entries) pad = must(padAdd(pad, e));
  return pad;
}

/**
 * Phones a table may be given: its four or five players and a few more for a phone that lost its
 * token (a cleared browser); beyond them the director confirms. A bound, so nobody mints phones to
 * confirm his own deals with.
 */
export const HALL_PHONES = 10;

/** A token as the state keeps it: its SHA-256, so the stored state does not hold a phone's secret. */
const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * A new phone for a table opened by its code: a random token of 128 bits for the phone to keep, and
 * the phone's number at the table (1, 2, …), which is all the event log and the deals record of it.
 */
export function issuePhone(s: Stored, round: number, table: number): { change: Change; token: string } {
  const hall = tableAt(s, round, table);
  const phones = hall.phones ?? [];
  if (phones.length >= HALL_PHONES)
    throw new GameError(
      'ERR_TOO_MANY',
      `table ${table} has ${HALL_PHONES} phones already: the director confirms its deals`,
    );
  const token = randomBytes(16).toString('base64url');
  const state = structuredClone(s.state);
  state.hall[`${round}:${table}`]!.phones = [...phones, digest(token)];
  const device = String(phones.length + 1);
  return { change: { kind: 'phone', body: { round, table, device }, state }, token };
}

/** The number of the table's phone that holds this token; a token the server did not give this table is refused. */
export function phoneOf(hall: HallTable, table: number, token: string): string {
  const k = (hall.phones ?? []).indexOf(digest(token));
  if (k < 0)
    throw new GameError('ERR_DEVICE', `this phone was not given table ${table}: open the table by its code again`);
  return String(k + 1);
}

/**
 * Where a code leads, checked: a hall table of a started round. A code given at the draw opens its
 * table once the round starts (till then the phone is told so, and its page tries again by itself);
 * a table the round no longer has (drawn again with fewer players) is none.
 */
export function tableAt(s: Stored, round: number, table: number): HallTable {
  if (s.mode !== 'hall') throw new GameError('ERR_ROUND', 'this tournament is played online');
  const hall = s.state.hall[`${round}:${table}`];
  if (!hall || !s.t.file.rounds[round - 1]?.tables[table - 1]) throw new GameError('ERR_NOT_FOUND', 'no such table');
  if (round > s.state.started)
    throw new GameError('ERR_ROUND', `round ${round} has not started`, { why: 'round-not-started', round });
  return hall;
}

/** A phone's deal added to its table (not yet in the protocol: it waits for a confirmation). */
export function enterDeal(
  s: Stored,
  round: number,
  table: number,
  token: string,
  entry: Record<string, unknown> & { id: string },
): Change {
  const hall = tableAt(s, round, table);
  const device = phoneOf(hall, table, token);
  const t = s.t.file.rounds[round - 1]!.tables[table - 1]!;
  const deals = s.t.format.deals[t.players.length as TableSize];
  if (hall.deals.length === 0 && t.protocol.length > 0)
    throw new GameError('ERR_ROUND', `the director enters the deals of table ${table}`);
  if (hall.deals.length >= deals)
    throw new GameError('ERR_ROUND', `table ${table} has entered all its ${deals} deals of round ${round}`);
  const pad = must(padAdd(padOf(s, round, table, hall), entry));
  const state = structuredClone(s.state);
  state.hall[`${round}:${table}`]!.deals.push({
    entry: pad.entries.at(-1) as HallDeal['entry'],
    device,
    confirmedBy: null,
  });
  return {
    kind: 'entered',
    body: { round, table, deal: hall.deals.length, row: pad.rows.at(-1)!.scores, device },
    state,
  };
}

type HallDeal = HallTable['deals'][number];

/** Who confirmed a deal from the director's page, as the deal and the log record it (a phone is a number). */
export const DIRECTOR = 'director';

/**
 * A deal confirmed by another phone (`who`: its token) or the director; the confirmed deals in order
 * go into the file.
 */
export function confirmDeal(
  s: Stored,
  round: number,
  table: number,
  deal: number,
  who: { token: string } | typeof DIRECTOR,
): Change | null {
  const hall = tableAt(s, round, table);
  const by = who === DIRECTOR ? DIRECTOR : phoneOf(hall, table, who.token);
  const d = hall.deals[deal];
  if (!d) throw new GameError('ERR_PROTOCOL', `table ${table} has no deal ${deal + 1} entered`);
  if (d.confirmedBy !== null) return null; // confirmed already: nothing changes
  if (by !== DIRECTOR && d.device === by)
    throw new GameError('ERR_SAME_DEVICE', 'a second player at the table confirms a deal, on another phone');
  const state = structuredClone(s.state);
  const mine = state.hall[`${round}:${table}`]!;
  mine.deals[deal]!.confirmedBy = by;
  // A deal sent back and then confirmed as it stands (the table agreed after all, or the director
  // decided) is no longer waiting to be fixed.
  delete mine.deals[deal]!.rejectedBy;
  const pad = padOf(s, round, table, mine);
  let confirmed = 0;
  while (confirmed < mine.deals.length && mine.deals[confirmed]!.confirmedBy !== null) confirmed++;
  const have = s.t.file.rounds[round - 1]!.tables[table - 1]!.protocol.length;
  const fresh = pad.rows.slice(have, confirmed);
  const t = fresh.length
    ? must(
        withDeals(
          s.t,
          round,
          table,
          fresh.map((r) => r.scores),
          fresh.flatMap((r, i) => (r.bokRound ? [i] : [])),
        ),
      )
    : undefined;
  return {
    kind: 'confirmed',
    body: { round, table, deal, by },
    state,
    ...(t ? { t } : {}),
  };
}

/** This table's deal whose entry has this id (as a phone saw it): not a deal of another table, nor one fixed since. */
function dealById(hall: HallTable, table: number, id: string): number {
  const deal = hall.deals.findIndex((d) => d.entry.id === id);
  if (deal < 0) throw new GameError('ERR_NOT_FOUND', `table ${table} has no deal entered as ${id}`);
  return deal;
}

/** What a table may still change of its deal: one not yet confirmed (a confirmed one is the director's to correct). */
function unconfirmed(hall: HallTable, deal: number): HallDeal {
  const d = hall.deals[deal]!;
  if (d.confirmedBy !== null)
    throw new GameError('ERR_CONFIRMED', `deal ${deal + 1} is confirmed: only the director corrects it now`);
  return d;
}

/**
 * A second phone disagrees with a deal ("Nie zgadzam się"): it stays unconfirmed, and the table
 * enters it again (`fixDeal`). The phone that entered it cannot, as it cannot confirm it.
 */
export function rejectDeal(s: Stored, round: number, table: number, id: string, token: string): Change | null {
  const hall = tableAt(s, round, table);
  const device = phoneOf(hall, table, token);
  const deal = dealById(hall, table, id);
  const d = unconfirmed(hall, deal);
  if (d.device === device)
    throw new GameError('ERR_SAME_DEVICE', 'a second player at the table disagrees with a deal, on another phone');
  if (d.rejectedBy) return null; // sent back already: nothing changes
  const state = structuredClone(s.state);
  state.hall[`${round}:${table}`]!.deals[deal]!.rejectedBy = device;
  const row = padOf(s, round, table, hall).rows[deal]!.scores;
  return { kind: 'rejected', body: { round, table, deal, row, device }, state };
}

/**
 * A deal sent back, entered again in its place (by any phone of the table: it is then that phone's
 * entry, for another to confirm). The deals after it are scored again (a 52:52 fixed away ends its
 * bok-round); one whose row changes so loses its confirmation. None of them is in the file yet: the
 * deal fixed was unconfirmed, and it held them back.
 */
export function fixDeal(
  s: Stored,
  round: number,
  table: number,
  token: string,
  fixes: string,
  entry: Record<string, unknown> & { id: string },
): Change {
  const hall = tableAt(s, round, table);
  const device = phoneOf(hall, table, token);
  const deal = dealById(hall, table, fixes);
  const d = unconfirmed(hall, deal);
  if (!d.rejectedBy)
    throw new GameError('ERR_NOT_REJECTED', `deal ${deal + 1} is fixed at the table once a second phone disagrees`);
  const before = padOf(s, round, table, hall);
  const pad = padOfEntries(
    s,
    round,
    table,
    hall.deals.map((x, k) => (k === deal ? entry : x.entry)),
  );
  // An entry id the pad already holds would be taken as a resend (pad.ts), dropping a deal.
  if (pad.entries.length !== hall.deals.length)
    throw new GameError('ERR_ENTRY', 'a fixed deal is a new entry, with an id of its own');
  const state = structuredClone(s.state);
  const mine = state.hall[`${round}:${table}`]!;
  mine.deals[deal] = { entry: pad.entries[deal] as HallDeal['entry'], device, confirmedBy: null };
  for (let k = deal + 1; k < mine.deals.length; k++) {
    const [was, now] = [before.rows[k]!, pad.rows[k]!];
    if (JSON.stringify([was.scores, was.bokRound]) !== JSON.stringify([now.scores, now.bokRound]))
      mine.deals[k]!.confirmedBy = null;
  }
  return {
    kind: 'fixed',
    body: { round, table, deal, was: before.rows[deal]!.scores, row: pad.rows[deal]!.scores, device },
    state,
  };
}

/** A deal as the director corrects it: small points typed (`tie`: a 52:52) or the phones' words. */
export type Correction = { scores: (number | null)[]; tie?: boolean } | { words: unknown };

/** The same row: the same small points, in a bok-round or out of one alike. */
const sameRow = (a: Pad['rows'][number], b: Pad['rows'][number]) =>
  JSON.stringify([a.scores, a.bokRound]) === JSON.stringify([b.scores, b.bokRound]);

/**
 * The director's correction of a deal the table's phones entered and the protocol holds, in the
 * phones' words or as small points: the deal's entry is replaced (his now, confirmed by him), and the
 * table's deals are scored again from what each was said to be. A later deal whose row so changes (a
 * 52:52 corrected away ends its bok-round, RULES §5) is corrected with it in the protocol, or, not in
 * it yet, loses its confirmation. Anything the entry module refuses changes nothing.
 */
export function correctDeal(
  s: Stored,
  round: number,
  table: number,
  deal: number,
  fix: Correction,
  reason: string,
): Change {
  const hall = tableAt(s, round, table);
  const target = s.t.file.rounds[round - 1]!.tables[table - 1]!;
  const was = target.protocol[deal];
  if (!was || !hall.deals[deal])
    throw new GameError('ERR_PROTOCOL', `table ${table} of round ${round} has no deal ${deal + 1} yet`);
  const before = padOf(s, round, table, hall);
  // A new id: the pad takes an id it holds already for a resend of that deal.
  const entry = { ...fix, id: randomBytes(12).toString('base64url') };
  const pad = padOfEntries(
    s,
    round,
    table,
    hall.deals.map((x, k) => (k === deal ? entry : x.entry)),
  );
  const state = structuredClone(s.state);
  const mine = state.hall[`${round}:${table}`]!;
  mine.deals[deal] = { entry: pad.entries[deal] as HallDeal['entry'], device: DIRECTOR, confirmedBy: DIRECTOR };
  const file = structuredClone(s.t.file);
  const into = file.rounds[round - 1]!.tables[table - 1]!;
  into.protocol[deal] = pad.rows[deal]!.scores;
  const later: { deal: number; was: (number | null)[]; row: (number | null)[] }[] = [];
  for (let k = deal + 1; k < mine.deals.length; k++) {
    if (sameRow(before.rows[k]!, pad.rows[k]!)) continue;
    const row = pad.rows[k]!.scores;
    if (k < into.protocol.length) {
      if (JSON.stringify(into.protocol[k]) !== JSON.stringify(row))
        later.push({ deal: k, was: into.protocol[k]!, row });
      into.protocol[k] = row;
    } else mine.deals[k]!.confirmedBy = null;
  }
  // RULES §5: the protocol marks the deals played in a bok-round, as they are now.
  const bok = pad.rows.slice(0, into.protocol.length).flatMap((r, k) => (r.bokRound ? [k] : []));
  if (bok.length) into.bokDeals = bok;
  else delete into.bokDeals;
  const { id: _, ...said } = pad.entries[deal]!;
  return {
    kind: 'corrected',
    body: { round, table, deal, was, row: pad.rows[deal]!.scores, reason, said, ...(later.length ? { later } : {}) },
    state,
    t: must(checkTournament(file)),
  };
}

/** The table as a phone sees it (`token`: its own, to mark the deals it entered; one not given this table is refused). */
export function hallView(s: Stored, round: number, table: number, token: string | undefined): HallView {
  const hall = tableAt(s, round, table);
  const device = token === undefined ? undefined : phoneOf(hall, table, token);
  const t = s.t.file.rounds[round - 1]!.tables[table - 1]!;
  const pad = padOf(s, round, table, hall);
  return {
    tournament: s.name,
    round,
    table,
    names: t.players.map((p) => s.t.names.get(p) ?? p),
    rules: s.t.file.rules,
    of: s.t.format.deals[t.players.length as TableSize],
    rows: pad.rows.map((r, deal) => ({
      deal,
      id: hall.deals[deal]!.entry.id,
      entry: hall.deals[deal]!.entry,
      scores: r.scores,
      bokRound: r.bokRound,
      offence: r.offence !== null,
      confirmed: hall.deals[deal]!.confirmedBy !== null,
      rejected: hall.deals[deal]!.rejectedBy !== undefined,
      mine: device !== undefined && hall.deals[deal]!.device === device,
    })),
    next: padNext(pad),
  };
}

// A list of players for a new tournament: one name per line, or a CSV with a header row.
import { parse } from 'csv-parse/sync';
import { type TResult, fail, ok } from './errors.js';
import type { TournamentPlayer } from './file.js';

const NAME_HEADERS = ['name', 'nazwa', 'gracz', 'imię i nazwisko', 'imie i nazwisko', 'zawodnik'];

/** A name in a list: longer than any name with a club beside it, short enough for a seating list's column. */
export const MAX_PLAYER_NAME = 100;

/** A name as compared between tournaments: case, spacing and Unicode forms aside. */
const nameKey = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('pl');

/**
 * Players from text. A first line with a `name` column (or `gracz`, `zawodnik`, …) makes it a
 * CSV (comma, semicolon or tab, as spreadsheets save and paste it), with an optional `id` column; otherwise
 * every non-empty line is a name. A header without a name column is refused rather than read as a player.
 *
 * A player without an id takes the id of the same name among `earlier` (the players of the
 * director's earlier tournaments, newest first): a season matches players by id, so the same person
 * must keep his id from one month's list to the next, and a newcomer must not take an id someone
 * else had. Others get `p1`, `p2`, … in list order, skipping every id the list or `earlier` holds.
 */
export function parsePlayers(text: string, earlier: readonly TournamentPlayer[] = []): TResult<TournamentPlayer[]> {
  const body = text.replace(/^\uFEFF/, '');
  const first = body.split(/\r?\n/, 1)[0] ?? '';
  if (/^\s*[[{]/.test(body)) return fail('ERR_PLAYERS', 'this looks like JSON, not a list of players');
  const delimiter = first.includes('\t') ? '\t' : first.includes(';') && !first.includes(',') ? ';' : ',';
  const header = first.split(delimiter).map((h) => h.trim().toLowerCase().replace(/^"|"$/g, ''));
  const nameColumn = header.findIndex((h) => NAME_HEADERS.includes(h));
  let rows: { id?: string; name: string }[];
  if (nameColumn < 0 && (first.includes(';') || first.includes('\t') || header.includes('id')))
    return fail(
      'ERR_PLAYERS',
      `the first line looks like a CSV header without a name column (one of: ${NAME_HEADERS.join(', ')})`,
    );
  if (nameColumn >= 0) {
    let records: string[][];
    try {
      records = parse(body, { delimiter, skip_empty_lines: true, trim: true, relax_column_count: true }) as string[][];
    } catch (e) {
      return fail('ERR_SCHEMA', `the CSV cannot be read: ${(e as Error).message}`);
    }
    const idColumn = header.indexOf('id');
    rows = records
      .slice(1)
      .map((r) => ({ id: idColumn >= 0 ? r[idColumn] || undefined : undefined, name: r[nameColumn] ?? '' }));
  } else {
    rows = body
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean)
      .map((name) => ({ name }));
  }
  const players: TournamentPlayer[] = [];
  const ids = new Set<string>();
  for (const row of rows) {
    if (row.id === undefined) continue;
    if (ids.has(row.id)) return fail('ERR_PLAYERS', `player id "${row.id}" appears twice`);
    ids.add(row.id);
  }
  const known = new Map<string, string>();
  for (const p of earlier) if (!known.has(nameKey(p.name))) known.set(nameKey(p.name), p.id);
  const taken = new Set([...ids, ...earlier.map((p) => p.id)]);
  let next = 1;
  for (const [i, row] of rows.entries()) {
    if (!row.name) return fail('ERR_PLAYERS', `player ${i + 1} of the list has no name`);
    if ([...row.name].length > MAX_PLAYER_NAME)
      return fail('ERR_PLAYERS', `player ${i + 1} of the list has a name over ${MAX_PLAYER_NAME} characters`);
    let id = row.id;
    const same = known.get(nameKey(row.name));
    // The same name twice in one list is two people: only the first takes the earlier id.
    if (id === undefined && same !== undefined && !ids.has(same)) id = same;
    if (id === undefined) {
      while (taken.has(`p${next}`)) next++;
      id = `p${next++}`;
    }
    ids.add(id);
    taken.add(id);
    players.push({ id, name: row.name });
  }
  if (!players.length) return fail('ERR_PLAYERS', 'the list has no players');
  return ok(players);
}

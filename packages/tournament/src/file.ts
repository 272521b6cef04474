// The tournament file: parse and check it with the spec's coded errors, and write it back.
// docs/spec/tournament.md "Tournament file". Fields this module does not know are kept as they are.
import { type Rules, type RulesSpec, resolveRules } from '@baska/engine';
import { type TResult, fail, ok } from './errors.js';
import { type Format, type TableSize, resolveFormat } from './format.js';
import { checkRoster, playsIn } from './roster.js';

export interface TournamentPlayer {
  id: string;
  name: string;
  /** A late entry: the first round he plays (roster.ts). */
  from?: number;
  /** Withdrawn: the last round he plays; he plays none after it (roster.ts). */
  until?: number;
}

/** A deal's small points by seat; at a table of five the dealer's entry is null. */
export type ProtocolRow = (number | null)[];

export interface TournamentTable {
  /** Numbered from 1 in each round. */
  table: number;
  /** Player ids in seat order, seat 0 first. */
  players: string[];
  protocol: ProtocolRow[];
  /** Deals (from 0) played in a bok-round, where known (written by `play` and by score pads). */
  bokDeals?: number[];
}

/**
 * A duplicate round (docs/spec/tournament.md): every table is dealt the same deals, seat for seat.
 * `seed` deals them (duplicate.ts); `commitment` is its SHA-256, published before the seed is.
 */
export interface DuplicateRound {
  commitment?: string;
  seed?: string;
}

export interface TournamentRound {
  /** Present when the round is a duplicate round. */
  duplicate?: DuplicateRound;
  tables: TournamentTable[];
}

export interface TournamentFile {
  name?: string;
  format: string | Record<string, unknown>;
  rules: RulesSpec;
  seed: string;
  players: TournamentPlayer[];
  rounds: TournamentRound[];
}

/** A checked file with its format and rules resolved. */
export interface Tournament {
  readonly file: TournamentFile;
  readonly format: Format;
  readonly rules: Rules;
  readonly names: ReadonlyMap<string, string>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const schema = (message: string, where = {}) => fail('ERR_SCHEMA', message, where);

/** At a table of five, deal `i` (from 0) is dealt by seat `i mod 5`, who sits out. RULES §9 */
export const sittingOut = (size: number, deal: number): number | null => (size === 5 ? deal % 5 : null);

export const isComplete = (t: TournamentTable, format: Format): boolean =>
  t.protocol.length === format.deals[t.players.length as TableSize];

/** Every round of the format drawn and every table of it complete: the tournament is over. */
export const isFinished = (t: Tournament): boolean =>
  t.file.rounds.length === t.format.rounds &&
  t.file.rounds.every((r) => r.tables.every((x) => isComplete(x, t.format)));

/** Parse a tournament file's text. */
export function parseTournament(text: string): TResult<Tournament> {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, '')); // a file saved by Notepad starts with a BOM
  } catch (e) {
    return fail('ERR_JSON', `not valid JSON: ${(e as Error).message}`);
  }
  return checkTournament(value);
}

/** Check a parsed JSON value as a tournament file: shape, format, rules, players, rounds, protocols. */
export function checkTournament(value: unknown): TResult<Tournament> {
  const shape = checkShape(value);
  if (!shape.ok) return shape;
  const file = structuredClone(shape.value);
  for (const round of file.rounds) for (const t of round.tables) t.protocol ??= [];
  const format = resolveFormat(file.format);
  if (!format.ok) return format;
  const rules = resolveRules(file.rules);
  if (!rules.ok) return fail('ERR_RULES', rules.error.message);
  const names = new Map<string, string>();
  if (file.players.length > MAX_PLAYERS)
    return fail('ERR_PLAYERS', `a tournament has at most ${MAX_PLAYERS} players, not ${file.players.length}`);
  for (const p of file.players) {
    const length = [...p.id].length;
    if (length < 1 || length > 64) return fail('ERR_PLAYERS', `player id "${p.id}" must have 1 to 64 characters`);
    if (names.has(p.id)) return fail('ERR_PLAYERS', `player id "${p.id}" appears twice`);
    const roster = checkRoster(p, format.value);
    if (!roster.ok) return roster;
    names.set(p.id, p.name);
  }
  if (file.rounds.length > format.value.rounds)
    return fail('ERR_ROUND', `the file has ${file.rounds.length} rounds; the format has ${format.value.rounds}`, {
      round: format.value.rounds + 1,
    });
  for (const [r, round] of file.rounds.entries()) {
    const checked = checkRound(round, r + 1, file.players, names, format.value);
    if (!checked.ok) return checked;
  }
  return ok({ file, format: format.value, rules: rules.value, names });
}

/** Nesting deeper than any tournament file needs; deeper values are refused before they are copied. */
const MAX_DEPTH = 32;
/** More players than any hall seats: the draw's work grows with the square of it. */
export const MAX_PLAYERS = 2000;
/** Small points beyond any real deal (a hirsz in a bok-round is worth a few hundred). */
const MAX_POINTS = 1_000_000;

function depthWithin(v: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[v, 1]];
  while (stack.length) {
    const [x, d] = stack.pop()!;
    if (x === null || typeof x !== 'object') continue;
    if (d > limit) return false;
    for (const y of Object.values(x)) stack.push([y, d + 1]);
  }
  return true;
}

function checkShape(v: unknown): TResult<TournamentFile> {
  if (!isObject(v)) return schema('a tournament file must be a JSON object');
  if (!depthWithin(v, MAX_DEPTH)) return schema(`the file is nested more than ${MAX_DEPTH} levels deep`);
  if (v.name !== undefined && typeof v.name !== 'string') return schema('"name" must be a string');
  if (!('format' in v)) return schema('the file has no "format"');
  if (!('rules' in v)) return schema('the file has no "rules"');
  if (typeof v.rules !== 'string' && !isObject(v.rules)) return schema('"rules" must be a preset name or an object');
  if (typeof v.seed !== 'string') return schema('"seed" must be a string');
  if (!Array.isArray(v.players)) return schema('"players" must be a list');
  for (const [i, p] of v.players.entries()) {
    if (!isObject(p) || typeof p.id !== 'string' || typeof p.name !== 'string')
      return schema(`players[${i}] must be an object {"id": string, "name": string}`);
    for (const key of ['from', 'until'] as const)
      if (p[key] !== undefined && !(typeof p[key] === 'number' && Number.isSafeInteger(p[key])))
        return schema(`players[${i}].${key} must be a round number (a whole number)`);
  }
  if (!Array.isArray(v.rounds)) return schema('"rounds" must be a list');
  for (const [r, round] of v.rounds.entries()) {
    const at = { round: r + 1 };
    if (!isObject(round) || !Array.isArray(round.tables))
      return schema('a round must be an object {"tables": [...]}', at);
    if (round.duplicate !== undefined) {
      const d = round.duplicate;
      if (!isObject(d)) return schema('a round\'s "duplicate" must be an object {"commitment"?, "seed"?}', at);
      if (d.commitment !== undefined && !(typeof d.commitment === 'string' && /^[0-9a-f]{64}$/.test(d.commitment)))
        return schema('"duplicate.commitment" must be a SHA-256 in 64 lower-case hex digits', at);
      if (d.seed !== undefined && !(typeof d.seed === 'string' && d.seed.length >= 1 && d.seed.length <= 200))
        return schema('"duplicate.seed" must be a string of 1 to 200 characters', at);
    }
    for (const [i, t] of round.tables.entries()) {
      const where = { round: r + 1, table: i + 1 };
      if (!isObject(t)) return schema('a table must be an object', where);
      if (t.table !== i + 1) return schema(`tables are numbered from 1 in order: expected "table": ${i + 1}`, where);
      if (!Array.isArray(t.players) || !t.players.every((p) => typeof p === 'string'))
        return schema('a table\'s "players" must be a list of player ids', where);
      if (t.protocol !== undefined && !Array.isArray(t.protocol))
        return schema('a table\'s "protocol" must be a list of rows', where);
      if (t.bokDeals !== undefined && !(Array.isArray(t.bokDeals) && t.bokDeals.every((d) => Number.isInteger(d))))
        return schema('a table\'s "bokDeals" must be a list of deal numbers', where);
    }
  }
  return ok(v as unknown as TournamentFile);
}

function checkRound(
  round: TournamentRound,
  r: number,
  players: readonly TournamentPlayer[],
  names: ReadonlyMap<string, string>,
  format: Format,
): TResult<void> {
  const playing = new Set(players.filter((p) => playsIn(p, r)).map((p) => p.id));
  const seated = new Map<string, number>();
  for (const t of round.tables) {
    const where = { round: r, table: t.table };
    const size = t.players.length;
    if (size !== 4 && size !== 5) return fail('ERR_PLAYERS', `a table seats 4 or 5 players, not ${size}`, where);
    // A duplicate round compares the same cards seat for seat; at a table of five the seats that
    // play a deal are not those of a table of four (docs/decisions/007).
    if (round.duplicate && size !== 4)
      return fail(
        'ERR_DUPLICATE',
        `a duplicate round is played at tables of four; table ${t.table} seats ${size}`,
        where,
      );
    for (const id of t.players) {
      if (!names.has(id)) return fail('ERR_PLAYERS', `unknown player "${id}"`, where);
      // A late entry plays from his `from`, a withdrawn player up to his `until` (roster.ts).
      if (!playing.has(id)) {
        const p = players.find((x) => x.id === id)!;
        const why =
          p.until !== undefined && r > p.until ? `withdrawn after round ${p.until}` : `enters in round ${p.from}`;
        return fail('ERR_PLAYERS', `player "${id}" does not play in round ${r}: ${why}`, where);
      }
      const other = seated.get(id);
      if (other !== undefined)
        return fail(
          'ERR_PLAYERS',
          other === t.table ? `player "${id}" sits twice at this table` : `player "${id}" is also at table ${other}`,
          where,
        );
      seated.set(id, t.table);
    }
    const protocol = checkProtocol(t, format, r);
    if (!protocol.ok) return protocol;
  }
  for (const id of playing)
    if (!seated.has(id)) return fail('ERR_PLAYERS', `player "${id}" has no table in round ${r}`, { round: r });
  return ok(undefined);
}

function checkProtocol(t: TournamentTable, format: Format, r: number): TResult<void> {
  const size = t.players.length as TableSize;
  const deals = format.deals[size];
  for (const [i, row] of t.protocol.entries()) {
    const where = { round: r, table: t.table, row: i };
    const bad = (message: string) => fail('ERR_PROTOCOL', message, where);
    if (i >= deals) return bad(`more rows than the ${deals} deals of a table of ${size}`);
    if (!Array.isArray(row) || row.length !== size) return bad(`a row has one entry per seat: ${size}`);
    const out = sittingOut(size, i);
    let sum = 0;
    for (const [seat, v] of row.entries()) {
      if (seat === out) {
        if (v !== null) return bad(`seat ${seat} deals deal ${i} and sits out: its entry must be null`);
      } else if (v === null) return bad(`seat ${seat} plays deal ${i}: its entry cannot be null`);
      else if (typeof v !== 'number' || !Number.isSafeInteger(v))
        return bad(`seat ${seat}: small points are whole numbers`);
      else if (Math.abs(v) > MAX_POINTS) return bad(`seat ${seat}: ${v} small points in one deal is beyond any game`);
      else sum += v;
    }
    if (sum !== 0) return bad(`the row sums to ${sum}, not 0`);
  }
  if (t.bokDeals) {
    const bok = t.bokDeals;
    if (!bok.every((d, k) => d >= 0 && d < t.protocol.length && (k === 0 || d > bok[k - 1]!)))
      return fail('ERR_PROTOCOL', '"bokDeals" must list played deals (from 0) in rising order', {
        round: r,
        table: t.table,
      });
  }
  return ok(undefined);
}

/**
 * The file as text: two-space JSON with each list of numbers or strings on one line, so a
 * protocol reads as rows.
 */
export function makeTournament(file: TournamentFile): string {
  return print(file, '') + '\n';
}

function print(v: unknown, indent: string): string {
  if (Array.isArray(v)) {
    if (v.every((x) => x === null || typeof x !== 'object')) return `[${v.map((x) => JSON.stringify(x)).join(', ')}]`;
    const inner = indent + '  ';
    return `[\n${v.map((x) => inner + print(x, inner)).join(',\n')}\n${indent}]`;
  }
  if (v !== null && typeof v === 'object') {
    const entries = Object.entries(v).filter(([, x]) => x !== undefined);
    if (!entries.length) return '{}';
    const flat = `{${entries.map(([k, x]) => `${JSON.stringify(k)}: ${JSON.stringify(x)}`).join(', ')}}`;
    if (entries.every(([, x]) => x === null || typeof x !== 'object') && flat.length <= 100) return flat;
    const inner = indent + '  ';
    return `{\n${entries.map(([k, x]) => `${inner}${JSON.stringify(k)}: ${print(x, inner)}`).join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(v);
}

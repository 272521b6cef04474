// A score pad: deal after deal at one table with real cards, its totals and bok-rounds. RULES §5, §9
//
//   newPad(rules, names, {firstDealer?})  four or five names; rules as a preset or {preset, …options}
//   padAdd(pad, entry)                    an entry of entry.ts ({id?, words} or {id?, scores, tie?});
//                                         an id the pad already holds changes nothing (idempotent)
//   padUndo(pad)                          the pad without its last deal
//   padNext(pad)                          the next deal: its number, dealer, who sits out, bok-round
//   padMoney(pad, stakeGroszy)            each seat's total in groszy at a stake per point
//   padFile(pad) / padOfFile(json)        the pad as JSON ({rules, names, firstDealer, entries}) and back
//
// A pad is immutable: every function returns a new one. Its rows are always recomputed from the
// entries, so a stored pad is only its file.
import { type Result, type Rules, type RulesSpec, moneyGroszy, resolveRules, rulesSpecOf } from '@baska/engine';
import { type Entry, type EntryResult, type EntryRow, entryOf, parseEntry } from './entry.js';

export interface Pad {
  readonly rules: Rules;
  readonly names: readonly string[];
  /** The seat that dealt the first deal; at a table of five the dealer sits his deal out. RULES §9 */
  readonly firstDealer: number;
  readonly entries: readonly Entry[];
  readonly rows: readonly EntryRow[];
  /** Running totals by seat. */
  readonly totals: readonly number[];
  /** Deals still owed at double value after a 52:52 tie. RULES §5 */
  readonly bokDealsLeft: number;
}

/** What a pad stores. */
export interface PadFile {
  rules: RulesSpec;
  names: string[];
  firstDealer: number;
  entries: Entry[];
}

export interface NextDeal {
  /** Counted from 0. */
  deal: number;
  dealer: number;
  /** The seat sitting the deal out (the dealer at a table of five), or null. */
  out: number | null;
  inBokRound: boolean;
}

/** A name as people write it: 1 to 40 characters after trimming. */
export const MAX_NAME = 40;
/** More deals than any evening holds: a pad past it is refused. */
export const MAX_DEALS = 2000;

const fail = (message: string, field?: string): EntryResult<never> => ({
  ok: false,
  error: field === undefined ? { code: 'ERR_PAD', message } : { code: 'ERR_PAD', message, field },
});

export function newPad(rules: unknown, names: unknown, opts: { firstDealer?: unknown } = {}): EntryResult<Pad> {
  const r: Result<Rules, { message: string }> =
    typeof rules === 'object' && rules !== null && 'preset' in rules && 'games' in rules
      ? { ok: true, value: rules as Rules } // already resolved
      : resolveRules(rules);
  if (!r.ok) return { ok: false, error: { code: 'ERR_RULES', message: r.error.message, field: 'rules' } };
  if (!Array.isArray(names) || (names.length !== 4 && names.length !== 5))
    return fail('a pad has four or five names', 'names');
  const clean: string[] = [];
  for (const [i, n] of names.entries()) {
    const t = typeof n === 'string' ? n.trim().normalize('NFC') : '';
    if (t.length === 0 || t.length > MAX_NAME || /\p{Cc}/u.test(t))
      return fail(`name ${i + 1} must be 1 to ${MAX_NAME} characters`, `names[${i}]`);
    if (clean.some((c) => c.toLocaleLowerCase('pl') === t.toLocaleLowerCase('pl')))
      return fail(`"${t}" is at the table twice`, `names[${i}]`);
    clean.push(t);
  }
  const firstDealer = opts.firstDealer ?? 0;
  if (
    typeof firstDealer !== 'number' ||
    !Number.isInteger(firstDealer) ||
    firstDealer < 0 ||
    firstDealer >= clean.length
  )
    return fail(`the first dealer is a seat from 0 to ${clean.length - 1}`, 'firstDealer');
  return {
    ok: true,
    value: {
      rules: r.value,
      names: clean,
      firstDealer,
      entries: [],
      rows: [],
      totals: clean.map(() => 0),
      bokDealsLeft: 0,
    },
  };
}

/** The next deal at the pad's table. RULES §1 (the deal passes clockwise), §5, §9 */
export function padNext(pad: Pad): NextDeal {
  const deal = pad.rows.length;
  const dealer = (pad.firstDealer + deal) % pad.names.length;
  return { deal, dealer, out: pad.names.length === 5 ? dealer : null, inBokRound: pad.bokDealsLeft > 0 };
}

/** Add a deal. An entry whose id the pad already holds returns the pad unchanged. */
export function padAdd(pad: Pad, input: unknown): EntryResult<Pad> {
  const e = parseEntry(input);
  if (!e.ok) return e;
  const entry = e.value;
  if (entry.id !== undefined && pad.entries.some((x) => x.id === entry.id)) return { ok: true, value: pad };
  if (pad.rows.length >= MAX_DEALS) return fail(`a pad holds at most ${MAX_DEALS} deals`);
  const next = padNext(pad);
  const row = entryOf(entry, {
    rules: pad.rules,
    size: pad.names.length as 4 | 5,
    out: next.out,
    inBokRound: next.inBokRound,
  });
  if (!row.ok) return row;
  // A bok-round never overlaps another: a tie inside one adds four deals after those owed. RULES §5
  let bok = pad.bokDealsLeft;
  if (next.inBokRound) bok--;
  if (row.value.tie && pad.rules.bokRound) bok += 4;
  return {
    ok: true,
    value: {
      ...pad,
      entries: [...pad.entries, storedEntry(entry, row.value)],
      rows: [...pad.rows, row.value],
      totals: pad.totals.map((t, s) => t + (row.value.scores[s] ?? 0)),
      bokDealsLeft: bok,
    },
  };
}

/** The entry as checked: words normalised as parsed, so a stored pad replays to the same rows. */
function storedEntry(entry: Entry, row: EntryRow): Entry {
  const id = entry.id === undefined ? {} : { id: entry.id };
  if ('scores' in entry) return { ...id, scores: row.scores, ...(row.tie ? { tie: true } : {}) };
  return { ...id, words: structuredClone(entry.words) };
}

/** The pad without its last deal (the same pad when it has none). */
export function padUndo(pad: Pad): Pad {
  if (pad.rows.length === 0) return pad;
  return replay(pad, pad.entries.slice(0, -1));
}

function replay(pad: Pad, entries: readonly Entry[]): Pad {
  let p: Pad = { ...pad, entries: [], rows: [], totals: pad.names.map(() => 0), bokDealsLeft: 0 };
  for (const e of entries) {
    const r = padAdd(p, e);
    if (!r.ok) throw new Error(`a stored entry no longer scores: ${r.error.message}`); // entries were checked on the way in
    p = r.value;
  }
  return p;
}

/** Each seat's total in groszy at a stake per point (in groszy). RULES §5 */
export function padMoney(pad: Pad, stakeGroszyPerPoint: number): number[] {
  return pad.totals.map((t) => moneyGroszy(t, stakeGroszyPerPoint));
}

export function padFile(pad: Pad): PadFile {
  return {
    rules: rulesSpecOf(pad.rules),
    names: [...pad.names],
    firstDealer: pad.firstDealer,
    entries: structuredClone([...pad.entries]),
  };
}

/** A pad from its stored file; every entry is checked again. */
export function padOfFile(input: unknown): EntryResult<Pad> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return fail('a pad file is an object');
  const f = input as Record<string, unknown>;
  const made = newPad(f.rules, f.names, { firstDealer: f.firstDealer });
  if (!made.ok) return made;
  if (!Array.isArray(f.entries)) return fail('entries is a list', 'entries');
  if (f.entries.length > MAX_DEALS) return fail(`a pad holds at most ${MAX_DEALS} deals`, 'entries');
  let pad = made.value;
  for (const [i, e] of f.entries.entries()) {
    const r = padAdd(pad, e);
    if (!r.ok)
      return { ok: false, error: { ...r.error, field: `entries[${i}]${r.error.field ? '.' + r.error.field : ''}` } };
    pad = r.value;
  }
  return { ok: true, value: pad };
}

// A tournament's format: rounds, deals per table size, table points, ties, tie-breaks, tournament
// points and the season. docs/spec/tournament.md "Format options"; the `znin` preset is seed 002.
import { type TResult, fail, ok } from './errors.js';

/** Table sizes a round may seat. RULES §9 */
export type TableSize = 4 | 5;
export const TABLE_SIZES: readonly TableSize[] = [4, 5];

export type Tiebreak = 'smallPoints' | 'places' | 'duplicate';
export const TIEBREAKS: readonly Tiebreak[] = ['smallPoints', 'places', 'duplicate'];

/** What ranks the standings first: big points, or the duplicate comparison (duplicate.ts). */
export type Order = 'bigPoints' | 'duplicate';
export const ORDERS: readonly Order[] = ['bigPoints', 'duplicate'];

export interface Format {
  /** The preset it starts from. */
  readonly preset: FormatPreset;
  readonly rounds: number;
  readonly deals: Readonly<Record<TableSize, number>>;
  readonly tablePoints: Readonly<Record<TableSize, readonly number[]>>;
  readonly tableTies: 'share';
  readonly tiebreak: readonly Tiebreak[];
  /** `duplicate`: ranked by the duplicate comparison, then big points, then `tiebreak`. */
  readonly order: Order;
  readonly tournamentPoints: readonly number[];
  readonly tournamentPointsRest: number;
  readonly season: { readonly tournaments: number; readonly best: number };
}

export const FORMAT_PRESETS = ['znin'] as const;
export type FormatPreset = (typeof FORMAT_PRESETS)[number];
export const FORMAT_OPTIONS = [
  'rounds',
  'deals',
  'tablePoints',
  'tableTies',
  'tiebreak',
  'order',
  'tournamentPoints',
  'tournamentPointsRest',
  'season',
] as const;

/** Seed 002: 60, 56, 53, 51, then 50 falling by one to place 52 (= 3); places 53 and 54: 2. */
const ZNIN_TOURNAMENT_POINTS: readonly number[] = [
  60,
  56,
  53,
  51,
  ...Array.from({ length: 48 }, (_, i) => 50 - i),
  2,
  2,
];

export const PRESET_FORMATS: Readonly<Record<FormatPreset, Format>> = {
  // Seed 002, "System rozgrywek": 4 rounds of 32 deals (36 at a table of five), 8/6/4/2 big points.
  znin: {
    preset: 'znin',
    rounds: 4,
    deals: { 4: 32, 5: 36 },
    tablePoints: { 4: [8, 6, 4, 2], 5: [8, 6, 4, 2, 2] },
    tableTies: 'share',
    tiebreak: ['smallPoints', 'places'],
    order: 'bigPoints',
    tournamentPoints: ZNIN_TOURNAMENT_POINTS,
    tournamentPointsRest: 1,
    season: { tournaments: 8, best: 6 },
  },
};

/** Tournament points for a final place (from 1). */
export const tournamentPointsAt = (format: Format, place: number): number =>
  format.tournamentPoints[place - 1] ?? format.tournamentPointsRest;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
// Points are whole numbers so that averages of shared places stay exact fractions.
const isPoints = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && Math.abs(v) <= 1e9;

const bad = (message: string) => fail('ERR_FORMAT', message);

/** The format a file names: a preset, or `{"format": preset, option: value, …}`. */
export function resolveFormat(spec: unknown): TResult<Format> {
  if (typeof spec === 'string') {
    if (!(FORMAT_PRESETS as readonly string[]).includes(spec))
      return bad(`unknown format preset "${spec}" (known: ${FORMAT_PRESETS.join(', ')})`);
    return ok(PRESET_FORMATS[spec as FormatPreset]);
  }
  if (!isObject(spec)) return bad('"format" must be a preset name or an object {"format": preset, ...options}');
  const base = spec.format;
  if (typeof base !== 'string' || !(FORMAT_PRESETS as readonly string[]).includes(base))
    return bad(`"format.format" must name a preset (${FORMAT_PRESETS.join(', ')})`);
  let f: Format = PRESET_FORMATS[base as FormatPreset];
  for (const [key, value] of Object.entries(spec)) {
    if (key === 'format') continue;
    const next = withOption(f, key, value);
    if (!next.ok) return next;
    f = next.value;
  }
  if (f.season.best > f.season.tournaments)
    return bad(`season.best (${f.season.best}) cannot exceed season.tournaments (${f.season.tournaments})`);
  return ok(f);
}

/** One option over a format; objects keyed by table size or season fields override key by key. */
function withOption(f: Format, key: string, value: unknown): TResult<Format> {
  switch (key) {
    case 'rounds':
      return isCount(value, 1, 100)
        ? ok({ ...f, rounds: value })
        : bad('"rounds" must be a whole number from 1 to 100');
    case 'deals': {
      const sizes = bySize<number>(value, (v) => isCount(v, 1, 1000), 'a whole number of deals from 1 to 1000');
      return sizes.ok ? ok({ ...f, deals: { ...f.deals, ...sizes.value } }) : sizes;
    }
    case 'tablePoints': {
      const sizes = bySize<number[]>(
        value,
        (v, size) => Array.isArray(v) && v.length === size && v.every(isPoints),
        'a list of whole numbers, one per place at the table',
      );
      return sizes.ok ? ok({ ...f, tablePoints: { ...f.tablePoints, ...sizes.value } }) : sizes;
    }
    case 'tableTies':
      return value === 'share' ? ok({ ...f, tableTies: 'share' }) : bad('"tableTies" must be "share"');
    case 'tiebreak':
      return Array.isArray(value) &&
        value.every((v) => (TIEBREAKS as readonly unknown[]).includes(v)) &&
        new Set(value).size === value.length
        ? ok({ ...f, tiebreak: value as Tiebreak[] })
        : bad(`"tiebreak" must be a list of distinct ${TIEBREAKS.map((t) => `"${t}"`).join(', ')}`);
    case 'order':
      return (ORDERS as readonly unknown[]).includes(value)
        ? ok({ ...f, order: value as Order })
        : bad(`"order" must be ${ORDERS.map((o) => `"${o}"`).join(' or ')}`);
    case 'tournamentPoints':
      return Array.isArray(value) && value.length <= 10_000 && value.every(isPoints)
        ? ok({ ...f, tournamentPoints: value as number[] })
        : bad('"tournamentPoints" must be a list of whole numbers, place 1 first');
    case 'tournamentPointsRest':
      return isPoints(value)
        ? ok({ ...f, tournamentPointsRest: value })
        : bad('"tournamentPointsRest" must be a whole number');
    case 'season': {
      if (!isObject(value)) return bad('"season" must be an object {"tournaments": n, "best": k}');
      let season = f.season;
      for (const [k, v] of Object.entries(value)) {
        if (k !== 'tournaments' && k !== 'best') return bad(`unknown season option "${k}"`);
        if (!isCount(v, 1, 1000)) return bad(`"season.${k}" must be a whole number from 1 to 1000`);
        season = { ...season, [k]: v };
      }
      return ok({ ...f, season });
    }
    default:
      return bad(`unknown format option "${key}" (known: ${FORMAT_OPTIONS.join(', ')})`);
  }
}

function bySize<T>(
  value: unknown,
  valid: (v: unknown, size: TableSize) => boolean,
  what: string,
): TResult<Partial<Record<TableSize, T>>> {
  if (!isObject(value)) return bad(`expected an object keyed by table size ("4", "5")`);
  const out: Partial<Record<TableSize, T>> = {};
  for (const [k, v] of Object.entries(value)) {
    const size = Number(k);
    if (k !== '4' && k !== '5') return bad(`table size "${k}" is not 4 or 5`);
    if (!valid(v, size as TableSize)) return bad(`at a table of ${k}: ${what}`);
    out[size as TableSize] = v as T;
  }
  return ok(out);
}

/** The format as a file writes it: the preset's name when unchanged, else the preset and the options that differ. */
export function makeFormat(f: Format): string | Record<string, unknown> {
  const base = PRESET_FORMATS[f.preset];
  const out: Record<string, unknown> = { format: f.preset };
  for (const key of FORMAT_OPTIONS) if (JSON.stringify(f[key]) !== JSON.stringify(base[key])) out[key] = f[key];
  return Object.keys(out).length === 1 ? f.preset : out;
}

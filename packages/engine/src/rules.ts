// Rulesets: a preset name plus option overrides, validated once. RULES §6, §7, §8.
import { type EngineError, type Result, fail, ok } from './result.js';

/** Declarable games, ranked low to high (seed 000). RULES §2 */
export const GAMES = ['wesele', 'zollo-bieda', 'gran', 'zollo', 'gran-du', 'zollo-du', 'mester', 'baszka'] as const;
export type Game = (typeof GAMES)[number];
export const CONTRACTS = ['zwyczajna', 'cicha', ...GAMES] as const;
export type Contract = (typeof CONTRACTS)[number];

/** Games that are not played: the declarer wins on showing the hand, and they cannot be doubled. RULES §2 */
export const THROWN_GAMES: readonly Game[] = ['zollo-bieda', 'mester', 'baszka'];
export const GRAN_GAMES: readonly Contract[] = ['gran', 'gran-du'];
export const DU_GAMES: readonly Contract[] = ['gran-du', 'zollo-du'];
export const isThrown = (c: Contract): boolean => (THROWN_GAMES as readonly string[]).includes(c);
export const isDu = (c: Contract): boolean => DU_GAMES.includes(c);
/** Contracts played two against two; the rest are one against three. RULES §2 */
export const isPartnership = (c: Contract): boolean => c === 'zwyczajna' || c === 'wesele';

export const PRESETS = ['standard', 'leborsk', 'znin', 'kop'] as const;
export type Preset = (typeof PRESETS)[number];

export interface Options {
  /** Games that may be declared at this table. */
  games: Game[];
  /** Who makes the first call: position 2 (`second`) or forehand. */
  auctionStart: 'second' | 'forehand';
  /** Highest doubling level (4 = hirsz). */
  maxDoubling: number;
  /** Who wins a 52:52 tie in a game decided by points. */
  tie: 'young' | 'lastDoubler';
  /** Whether a tie starts a bok-round (the next four deals count double). */
  bokRound: boolean;
  /** The losers' wyjście thresholds. */
  wyjscie: { young: number; old: number };
  /** When the old lose: ×2 for every contract (`all`), only for zwyczajna and wesele (`partnership`), never (`none`). */
  oldLossFactor: 'all' | 'partnership' | 'none';
  /** May a player who answered a kontra with a redouble while no game was declared still declare wesele? */
  weseleAfterOwnRedouble: boolean;
  /** A sure-win cicha may not be passed into (RULES §7). */
  cichaMustBeLosable: boolean;
  /** Normal order or as–trzy–dychy (RULES §8). */
  cardOrder: 'normal' | 'asTrzyDychy';
  /** In gran, a player with no card of the led suit who cannot overtrump must still play a jack. */
  granMustTrump: boolean;
  /** The wesele declarer names his partner's jack (`wesele:Js`). */
  weseleNamedJack: boolean;
  /** The wesele declarer may give the first kontra on his own wesele. */
  weseleSelfKontra: boolean;
}

export interface Rules extends Options {
  readonly preset: Preset;
}

/** How a record or a table states its rules: a preset's name, or a preset with overrides. */
export type RulesSpec = Preset | ({ preset: Preset } & Partial<Options>);

const BASE: Options = {
  games: [...GAMES],
  auctionStart: 'second',
  maxDoubling: 4,
  tie: 'young',
  bokRound: true,
  wyjscie: { young: 26, old: 27 },
  oldLossFactor: 'all',
  weseleAfterOwnRedouble: true,
  cichaMustBeLosable: false,
  cardOrder: 'normal',
  granMustTrump: true,
  weseleNamedJack: false,
  weseleSelfKontra: false,
};

/** The presets, one per rule book. RULES §6 */
export const PRESET_OPTIONS: Readonly<Record<Preset, Options>> = {
  standard: BASE, // seed 000
  leborsk: {
    // seed 004
    ...BASE,
    games: ['wesele', 'gran', 'zollo', 'gran-du', 'zollo-du'],
    cichaMustBeLosable: true,
  },
  znin: {
    // seed 002
    ...BASE,
    games: ['wesele', 'gran', 'zollo', 'gran-du', 'zollo-du', 'baszka'],
    oldLossFactor: 'partnership',
    weseleAfterOwnRedouble: false,
  },
  kop: {
    // seed 001
    ...BASE,
    games: ['wesele', 'zollo', 'zollo-du'],
    auctionStart: 'forehand',
    tie: 'lastDoubler',
    bokRound: false,
    wyjscie: { young: 26, old: 26 },
    oldLossFactor: 'none',
  },
};

/** What each preset calls the doubling levels on screen (records always use kontra, rekontra, bok, hirsz). RULES §6 */
export const DOUBLING_NAMES: Readonly<Record<Preset, readonly string[]>> = {
  standard: ['kontra', 'rekontra', 'bok', 'hirsz'],
  leborsk: ['kontra', 'rekontra', 'hirsch', 'bok'],
  znin: ['kontra', 'rekontra', 'bok', 'hirsh'],
  kop: ['kontra', 're', 'bok', 'słup'],
};

export const OPTION_NAMES = Object.keys(BASE) as (keyof Options)[];

const cloneOptions = (o: Options): Options => ({ ...o, games: [...o.games], wyjscie: { ...o.wyjscie } });

const isBool = (v: unknown): v is boolean => typeof v === 'boolean';
const isIntIn = (v: unknown, lo: number, hi: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= lo && v <= hi;
const oneOf =
  <T extends string>(...values: T[]) =>
  (v: unknown): v is T =>
    typeof v === 'string' && (values as string[]).includes(v);

const CHECKS: { [K in keyof Options]: [(v: unknown) => boolean, string] } = {
  games: [
    (v) =>
      Array.isArray(v) &&
      v.every((g) => (GAMES as readonly unknown[]).includes(g)) &&
      new Set(v as unknown[]).size === v.length,
    `an array of distinct game names (${GAMES.join(', ')})`,
  ],
  auctionStart: [oneOf('second', 'forehand'), '"second" or "forehand"'],
  maxDoubling: [(v) => isIntIn(v, 0, 30), 'a whole number from 0 to 30'],
  tie: [oneOf('young', 'lastDoubler'), '"young" or "lastDoubler"'],
  bokRound: [isBool, 'true or false'],
  wyjscie: [
    (v) =>
      typeof v === 'object' &&
      v !== null &&
      !Array.isArray(v) &&
      Object.keys(v).every((k) => k === 'young' || k === 'old') &&
      isIntIn((v as { young?: unknown }).young, 0, 104) &&
      isIntIn((v as { old?: unknown }).old, 0, 104),
    '{"young": points, "old": points} with points from 0 to 104',
  ],
  oldLossFactor: [oneOf('all', 'partnership', 'none'), '"all", "partnership" or "none"'],
  weseleAfterOwnRedouble: [isBool, 'true or false'],
  cichaMustBeLosable: [isBool, 'true or false'],
  cardOrder: [oneOf('normal', 'asTrzyDychy'), '"normal" or "asTrzyDychy"'],
  granMustTrump: [isBool, 'true or false'],
  weseleNamedJack: [isBool, 'true or false'],
  weseleSelfKontra: [isBool, 'true or false'],
};

/** Resolve a preset name or a `{preset, ...overrides}` object into complete, validated rules. */
export function resolveRules(spec: unknown): Result<Rules, EngineError> {
  if (typeof spec === 'string') {
    if (!(PRESETS as readonly string[]).includes(spec))
      return fail('ERR_RULES', `unknown preset "${spec}" (known: ${PRESETS.join(', ')})`);
    return ok({ preset: spec as Preset, ...cloneOptions(PRESET_OPTIONS[spec as Preset]) });
  }
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec))
    return fail('ERR_SCHEMA', 'rules must be a preset name or an object {"preset": ..., <option>: <value>}');
  const obj = spec as Record<string, unknown>;
  if (!Object.hasOwn(obj, 'preset')) return fail('ERR_RULES', 'rules object needs a "preset"');
  const base = resolveRules(obj.preset);
  if (!base.ok) return fail('ERR_RULES', base.error.message);
  const rules = base.value as Rules & Record<string, unknown>;
  for (const [key, value] of Object.entries(obj)) {
    if (key === 'preset') continue;
    // Only the known options, never a member every object inherits (toString, constructor, __proto__).
    const check = Object.hasOwn(CHECKS, key) ? CHECKS[key as keyof Options] : undefined;
    if (!check) return fail('ERR_RULES', `unknown rules option "${key}" (known: ${OPTION_NAMES.join(', ')})`);
    if (!check[0](value)) return fail('ERR_RULES', `rules option "${key}" must be ${check[1]}`);
    rules[key] = key === 'games' ? [...(value as Game[])] : key === 'wyjscie' ? { ...(value as object) } : value;
  }
  return ok(rules);
}

/** Rules from a trusted spec; throws on a bad one (for code, tests and benchmarks, not for user input). */
export function rulesOf(spec: RulesSpec = 'standard'): Rules {
  const r = resolveRules(spec);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** The smallest spec that gives these rules: the preset's name, or the preset with the options that differ. */
export function rulesSpecOf(rules: Rules): RulesSpec {
  const base = PRESET_OPTIONS[rules.preset];
  const diff: Partial<Options> = {};
  for (const k of OPTION_NAMES) {
    if (JSON.stringify(rules[k]) !== JSON.stringify(base[k])) (diff as Record<string, unknown>)[k] = rules[k];
  }
  return Object.keys(diff).length === 0 ? rules.preset : { preset: rules.preset, ...diff };
}

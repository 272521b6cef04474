// Calls of the auction as small integers, with their canonical names. RULES §3, docs/spec/records.md
import { type Card, JC, JD, JH, JS, cardCode, cardSymbol, parseCard } from './cards.js';
import { type Game, GAMES, DOUBLING_NAMES, type Preset } from './rules.js';

/** A call inside the engine: PASS, a game, a doubling level, or a wesele naming a jack. */
export type Call = number;

export const PASS: Call = 0;
const GAME_BASE = 1; // 1..8: GAMES[i - 1]
const DOUBLING_BASE = 16; // 16 + level
const NAMED_WESELE_BASE = 64; // 64 + jack card

export const gameCall = (game: Game): Call => GAME_BASE + GAMES.indexOf(game);
export const doublingCall = (level: number): Call => DOUBLING_BASE + level;
export const namedWeseleCall = (jack: Card): Call => NAMED_WESELE_BASE + jack;

export const isGameCall = (c: Call): boolean =>
  (c >= GAME_BASE && c < GAME_BASE + GAMES.length) || c >= NAMED_WESELE_BASE;
export const isDoublingCall = (c: Call): boolean => c > DOUBLING_BASE && c < NAMED_WESELE_BASE;
/** The game a game call declares. */
export const gameOf = (c: Call): Game => (c >= NAMED_WESELE_BASE ? 'wesele' : GAMES[c - GAME_BASE]!);
/** Rank of the declared game, 0 (wesele) to 7 (baszka). */
export const gameRank = (c: Call): number => (c >= NAMED_WESELE_BASE ? 0 : c - GAME_BASE);
export const doublingLevel = (c: Call): number => c - DOUBLING_BASE;
/** The jack a `wesele:Jx` call names, or -1. */
export const namedJack = (c: Call): Card => (c >= NAMED_WESELE_BASE ? c - NAMED_WESELE_BASE : -1);

export const WESELE_JACKS: readonly Card[] = [JC, JS, JH, JD];
const CANONICAL_DOUBLINGS = ['kontra', 'rekontra', 'bok', 'hirsz'];

/** The canonical name of a call, as records write it: `pass`, `zollo`, `wesele:Js`, `rekontra`, `double5`. */
export function callName(c: Call): string {
  if (c === PASS) return 'pass';
  if (c >= NAMED_WESELE_BASE) return `wesele:${cardCode(c - NAMED_WESELE_BASE)}`;
  if (isGameCall(c)) return gameOf(c);
  const level = doublingLevel(c);
  return CANONICAL_DOUBLINGS[level - 1] ?? `double${level}`;
}

/** Parse a canonical call name. Returns `undefined` for an unknown spelling (whether it is legal is another matter). */
export function parseCall(name: string): Call | undefined {
  if (name === 'pass') return PASS;
  const g = GAMES.indexOf(name as Game);
  if (g >= 0) return GAME_BASE + g;
  const d = CANONICAL_DOUBLINGS.indexOf(name);
  if (d >= 0) return doublingCall(d + 1);
  const m = /^double([1-9][0-9]?)$/.exec(name);
  if (m && Number(m[1]) >= 5 && Number(m[1]) <= 30) return doublingCall(Number(m[1]));
  if (name.startsWith('wesele:')) {
    const jack = parseCard(name.slice(7));
    if (jack !== undefined && WESELE_JACKS.includes(jack) && cardCode(jack) === name.slice(7))
      return namedWeseleCall(jack);
  }
  return undefined;
}

/** What a doubling level is called at a table of this preset (`re`, `słup`, `hirsch` …). RULES §6 */
export function doublingDisplayName(level: number, preset: Preset): string {
  return DOUBLING_NAMES[preset][level - 1] ?? `${level}× kontra`;
}

const GAME_DISPLAY: Readonly<Record<'pl' | 'en', Record<string, string>>> = {
  pl: { pass: 'pas' },
  en: { pass: 'pass' },
};

/** A call for display at a table of this preset: `pas`, `zollo`, `wesele (W♠)`, `re`. */
export function callDisplayName(c: Call, preset: Preset, lang: 'pl' | 'en' = 'pl'): string {
  if (c === PASS) return GAME_DISPLAY[lang].pass!;
  if (isDoublingCall(c)) return doublingDisplayName(doublingLevel(c), preset);
  if (c >= NAMED_WESELE_BASE) return `wesele (${cardSymbol(c - NAMED_WESELE_BASE, lang)})`;
  return gameOf(c);
}

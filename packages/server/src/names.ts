// The keys for comparing player names, computed here and nowhere else: `nameKey` (the database stores
// it in `player.name_key`; registration and login look players up by it) and `lookalikeKey` (names
// that look the same), with the rules a new name keeps (one script, not a bot's name).
//
// The name key is the name under Unicode compatibility normalisation (NFKC: a fullwidth 'Ｌ' is 'L', a
// ligature 'ﬁ' is 'fi', an 'e' with a combining acute is the one letter 'é') and case folding,
// with runs of spaces made one. JavaScript has no full case fold (toLowerCase is not one: 'ß'
// stays, 'ẞ' becomes 'ß'); upper-casing and then lower-casing is, for names, a close stand-in:
// 'ß' and 'ẞ' both become 'ss', the Greek final and non-final sigma become the same letter, 'Ł'
// and 'ł' and 'ŁUKASZ' and 'łukasz' meet. It is repeated until nothing changes ('ẞ' needs two
// rounds), so that the key of a key is itself (checked for every code point up to U+2FFFF). The
// mapping does not depend on the server's locale (no Turkish dotless-i rule: 'I' is 'i').
// Look-alikes from other scripts (Cyrillic 'а', Latin 'a') stay different names under this key;
// `lookalikeKey` below is the one that meets them, and `oneScript` refuses a name that mixes them
// (docs/decisions/016).
import { LEVELS } from '@baska/protocol';
import unhomoglyph from 'unhomoglyph';

/**
 * Changing this function changes which names are the same: existing keys would then need to be
 * recomputed (db.ts fills the column only where it is empty).
 */
export function nameKey(name: string): string {
  let key = name.normalize('NFKC').trim().replace(/\s+/gu, ' ');
  for (let i = 0; i < 4; i++) {
    const next = key.toUpperCase().toLowerCase().normalize('NFKC');
    if (next === key) break;
    key = next;
  }
  return key;
}

/**
 * The key of a registered player whose name shares its key with an older one: possible only in a
 * database from before `name_key` (the old check compared lower(name), which on SQLite folds only
 * ASCII). He keeps his account and logs in under his exact spelling. '~' is not allowed in a name,
 * so this key is never the key of a name.
 */
export function legacyKey(name: string): string {
  return `~${name}`;
}

/**
 * The key under which two names look the same: the confusable skeleton of Unicode TR39 (each
 * character by its prototype in the Unicode confusables data: Cyrillic 'а' is 'a', 'ѕ' is 's', 'm'
 * is 'rn', '0' is 'O'), taken of the name's key (case folded first, as TR39 says for names compared
 * without case), and again until nothing changes. Stored as `player.name_skeleton` for registered
 * players: a guest or a new registration whose skeleton is a registered player's is refused. Letters
 * with their marks keep them ('Łukasz' is not 'Lukasz', 'Józef' is not 'Jozef'): the skeleton's
 * letters are decomposed (NFD), as TR39's are. Like `nameKey`, changing it changes which names meet.
 */
export function lookalikeKey(name: string): string {
  // Capitals first: a name in another script's capitals ('ТОЅІА', Cyrillic) looks like the Latin
  // one ('TOSIA'), though its small letters ('тоѕіа') look like no Latin small letters; the skeleton
  // of the capitals, then of the small letters as below, meets both.
  let key = nameKey(unhomoglyph(nameKey(name).toUpperCase().normalize('NFD')));
  for (let i = 0; i < 4; i++) {
    const next = nameKey(unhomoglyph(key.normalize('NFD'))).normalize('NFD');
    if (next === key) break;
    key = next;
  }
  return key;
}

/** What a table calls the bot at each seat (room.ts; its level follows in brackets). */
export const BOT_NAMES = ['Bot Józef', 'Bot Marta', 'Bot Grzegorz', 'Bot Jana', 'Bot Kazimierz'] as const;
const botKeys = new Set<string>(LEVELS.map(lookalikeKey));
const botWord = lookalikeKey('Bot');
/**
 * Does the name look like a bot's: a level's ('basic', 'expert', 'random') or a table's bot's, any
 * name whose first word is 'Bot' ('Bot Marta', 'BOT', 'B0t Zenek'), under lookalikeKey?
 */
export function isBotName(name: string): boolean {
  const key = lookalikeKey(name);
  return botKeys.has(key) || key === botWord || key.startsWith(`${botWord} `);
}

/**
 * The scripts a name's letters may be written in, one of them per name (a letter in none is of a
 * script of its own, 'other'). Japanese, Chinese and Korean mix Han with their own letters, so
 * those three are each one script here, as TR39's augmented script sets have it.
 */
const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Georgian',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Nko',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Khmer',
  'Mongolian',
  'Ethiopic',
  'Cherokee',
  'Canadian_Aboriginal',
  'Coptic',
  'Lisu',
  'Vai',
  'Tifinagh',
  'Runic',
  'Ogham',
  'Yi',
  'Han',
  'Hiragana',
  'Katakana',
  'Hangul',
  'Bopomofo',
] as const;
const SCRIPT_OF = SCRIPTS.map((s) => [s, new RegExp(`\\p{Script_Extensions=${s}}`, 'u')] as const);
/** Han goes with Japanese, Chinese and Korean; each of their own letters with its language's set. */
const AUGMENTED: Partial<Record<(typeof SCRIPTS)[number], string[]>> = {
  Han: ['Han', 'Japanese', 'Korean', 'Bopomofo'],
  Hiragana: ['Japanese'],
  Katakana: ['Japanese'],
  Hangul: ['Korean'],
  Bopomofo: ['Bopomofo'],
};

/**
 * Are the name's letters all of one script (TR39's "single script": digits, space, _ . - and
 * combining marks go with any)? 'Anna', 'Łukasz', 'Kaszëbë', 'Straße', 'Анна' and '山田はな' are;
 * 'Аnna' (a Cyrillic 'А') and 'Lukaѕz' (a Cyrillic 'ѕ') are not.
 */
export function oneScript(name: string): boolean {
  let common: string[] | null = null;
  for (const ch of name.normalize('NFD')) {
    if (!/\p{L}/u.test(ch)) continue;
    const sets = new Set<string>();
    for (const [script, re] of SCRIPT_OF) if (re.test(ch)) for (const s of AUGMENTED[script] ?? [script]) sets.add(s);
    if (sets.size === 0) sets.add('other');
    common = (common ?? [...sets]).filter((s) => sets.has(s));
    if (common.length === 0) return false;
  }
  return true;
}

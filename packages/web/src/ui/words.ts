// The game's words for display: calls and contracts as the preset names them (kept in Polish in
// every language, as players say them), grades, seats.
import { type CardCode, type Preset, callDisplayName, parseCall } from '@baska/engine';
import type { Level, TableInfo } from '@baska/protocol';
import { lang, t } from '../i18n.js';
import { currencyName as currencyOf, zloty, zlotyAmount } from '../i18n/format.js';
import { cardLabel } from './card-words.js';

/** A call as the table's preset names it: `pas`, `zollo`, `kontra`, `hirsz`, `wesele (W♠)`. */
export function callLabel(call: string, preset: string): string {
  const c = parseCall(call);
  return c === undefined ? call : callDisplayName(c, preset as Preset, 'pl');
}

export const GRADES: Record<number, string> = { 1: 'z wyjściem', 2: 'bez wyjścia', 3: 'bez bitki' };

/**
 * A game term as the page says it: Polish on every page, with the page's language explaining it
 * beside it in English and German ("bez bitki (the losers took no trick)"), as "old (starzy)" is.
 */
export const glossed = (term: string): string => t().glossed(term);

/** A grade (RULES §5) in words, glossed: "bez wyjścia", "bez wyjścia (the losers fell short of their points)". */
export const gradeName = (grade: number): string => glossed(GRADES[grade] ?? String(grade));

/**
 * A seat's name as this client shows it: "ty" for oneself, the bot's level, or "wolne". A guest's
 * name is marked "gość" (anyone may take any name as a guest, a registered player's or a bot's),
 * unless the caller shows that with a badge of its own (`guestMark` false).
 */
export function seatName(info: TableInfo | null, seat: number, mine: number | null, guestMark = true): string {
  const w = t();
  const s = info?.seats[seat];
  if (!s?.name) return w.empty;
  const name = botName(s).name;
  // One named "Du" (the offline table's name for one who never gave one) is not "Du (du)".
  const you = seat === mine && name.toLocaleLowerCase() !== w.you.toLocaleLowerCase();
  const notes = [...(s.guest && guestMark ? [w.guest] : []), ...(you ? [w.you] : [])];
  return notes.length ? `${name} (${notes.join(', ')})` : name;
}

/**
 * A seat's name inside a sentence ("Lewę bierze Józek"): the plain name, no "(gość, ty)" marks the
 * seat's badges already show; `null` for oneself, whom the sentence addresses ("Bierzesz lewę").
 */
export function nameInSentence(info: TableInfo | null, seat: number, mine: number | null): string | null {
  if (seat === mine) return null;
  const s = info?.seats[seat];
  return s?.name ? botName(s).name : t().empty;
}

/**
 * A seat's name inside a line that cannot address the reader ("Gra: gran — Józek", "Zapis: ty +8",
 * "starzy: Ola i ty"): `nameInSentence`, oneself as plain "ty"; never "(gość, ty)".
 */
export const nameInLine = (info: TableInfo | null, seat: number, mine: number | null): string =>
  nameInSentence(info, seat, mine) ?? t().you;

const LEVELS = ['random', 'basic', 'expert'] as const;

/**
 * A bot's name without the level the server writes after it ("Bot Marta (expert)"), and that level,
 * to be shown once, in the page's language (`botBadge`); anyone else's name as it is.
 */
export function botName(s: { name: string | null; bot: boolean }): { name: string; level: Level | null } {
  const m = s.bot && s.name ? / \(([a-z]+)\)$/.exec(s.name) : null;
  const level = LEVELS.find((l) => l === m?.[1]) ?? null;
  return { name: level ? s.name!.slice(0, -m![0].length) : (s.name ?? ''), level };
}

/** A move as the table names it: a card by its name, a call as the preset says it, a claim. */
export function moveLabel(action: string, preset: string): string {
  if (action === 'claim') return t().claim;
  return parseCall(action) === undefined ? cardLabel(action as CardCode) : callLabel(action, preset);
}

/** The badge of a bot's seat: "komputer" and its level in words ("komputer · mocny"). */
export function botBadge(s: { name: string | null; bot: boolean }): string {
  const w = t();
  const { level } = botName(s);
  return level ? `${w.bot} · ${w.levels[level]}` : w.bot;
}

/**
 * A seat's name for a narrow column (the score sheet, the score line): a bot by its first name,
 * oneself as "ty", long names cut; the full name goes in the column's title.
 */
export function shortSeatName(info: TableInfo | null, seat: number, mine: number | null): string {
  const w = t();
  const s = info?.seats[seat];
  if (!s?.name) return w.empty;
  if (seat === mine) return w.you;
  const name = s.bot ? s.name.replace(/^Bot /, '').replace(/ \(.*\)$/, '') : s.name;
  // A guest's name gets a "g" after it (the full "gość" is in the title): cut shorter to keep the width.
  const room = s.guest ? 6 : 9;
  const cut = name.length > room ? `${name.slice(0, room - 1)}…` : name;
  return s.guest ? `${cut} (${w.guest[0]})` : cut;
}

/** Money at the table's stake (grosze per point), in złoty, as the page's language writes it. */
export const money = (points: number, stake: number): string => zloty(lang.value, (points * stake) / 100);

/**
 * The same amount without its currency, for a column whose heading names it (`currencyName`): a
 * protocol's four or five columns of money then fit a phone.
 */
export const moneyAmount = (points: number, stake: number): string => zlotyAmount(lang.value, (points * stake) / 100);

/** The złoty as the page's language writes it with an amount: "zł", "PLN". */
export const currencyName = (): string => currencyOf(lang.value);

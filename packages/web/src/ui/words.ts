// The game's words for display: calls and contracts as the preset names them (kept in Polish in
// every language, as players say them), grades, seats.
import { type Preset, callDisplayName, parseCall } from '@baska/engine';
import type { TableInfo } from '@baska/protocol';
import { t } from '../i18n.js';

/** A call as the table's preset names it: `pas`, `zollo`, `kontra`, `hirsz`, `wesele (W♠)`. */
export function callLabel(call: string, preset: string): string {
  const c = parseCall(call);
  return c === undefined ? call : callDisplayName(c, preset as Preset, 'pl');
}

export const GRADES: Record<number, string> = { 1: 'z wyjściem', 2: 'bez wyjścia', 3: 'bez bitki' };

/**
 * A seat's name as this client shows it: "ty" for oneself, the bot's level, or "wolne". A guest's
 * name is marked "gość" (anyone may take any name as a guest, a registered player's or a bot's),
 * unless the caller shows that with a badge of its own (`guestMark` false).
 */
export function seatName(info: TableInfo | null, seat: number, mine: number | null, guestMark = true): string {
  const w = t();
  const s = info?.seats[seat];
  if (!s?.name) return w.empty;
  const notes = [...(s.guest && guestMark ? [w.guest] : []), ...(seat === mine ? [w.you] : [])];
  return notes.length ? `${s.name} (${notes.join(', ')})` : s.name;
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

/** Money at the table's stake (grosze per point), in złoty. */
export function money(points: number, stake: number): string {
  return `${((points * stake) / 100).toFixed(2)} zł`;
}

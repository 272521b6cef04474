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

/** A seat's name as this client shows it: "ty" for oneself, the bot's level, or "wolne". */
export function seatName(info: TableInfo | null, seat: number, mine: number | null): string {
  const w = t();
  const s = info?.seats[seat];
  if (!s?.name) return w.empty;
  return seat === mine ? `${s.name} (${w.you})` : s.name;
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
  return name.length > 9 ? `${name.slice(0, 8)}…` : name;
}

/** Money at the table's stake (grosze per point), in złoty. */
export function money(points: number, stake: number): string {
  return `${((points * stake) / 100).toFixed(2)} zł`;
}

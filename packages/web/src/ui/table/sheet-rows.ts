// The score sheet's rows as the screen shows them: the table's description carries the last ones
// (TableInfo.sheet, after `sheetFrom` earlier deals); the earlier ones come from the server a page at
// a time when the reader asks (GET /api/tables/:id/sheet). A deal's row never changes once it is
// over, so the rows loaded are kept, and once the reader has asked, so are the description's as the
// table plays on: the rows he has seen stay on the screen.
import type { SheetRow, TableInfo } from '@baska/protocol';

/** How many earlier rows one ask loads. */
export const SHEET_PAGE = 50;

/** Rows by deal (from 0) that the screen has: loaded, or kept from the descriptions. */
export type KnownRows = Map<number, SheetRow>;

/**
 * The rows to show: the description's, and before them the known ones that join on to them without
 * a gap; `from` is the first one's deal (from 0): rows before it are for the reader to ask for.
 */
export function shownRows(
  info: Pick<TableInfo, 'sheet' | 'sheetFrom'>,
  known: KnownRows,
): { from: number; rows: SheetRow[] } {
  let from = info.sheetFrom;
  while (from > 0 && known.has(from - 1)) from--;
  const rows: SheetRow[] = [];
  for (let n = from; n < info.sheetFrom; n++) rows.push(known.get(n)!);
  return { from, rows: [...rows, ...info.sheet] };
}

/** The page to ask for before the first row shown (`from`), or null when the sheet is whole. */
export function earlierPage(from: number, page = SHEET_PAGE): { from: number; size: number } | null {
  if (from <= 0) return null;
  const start = Math.max(0, from - page);
  return { from: start, size: from - start };
}

/** Keep rows `from`, `from` + 1, … (a page loaded, or a description's rows once the reader has asked). */
export function keep(known: KnownRows, from: number, rows: readonly SheetRow[]): void {
  rows.forEach((row, i) => known.set(from + i, row));
}

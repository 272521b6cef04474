// The score sheet's rows on the screen (ui/table/sheet-rows.ts): the table's last rows, the earlier
// ones a page at a time when asked, and the rows once seen kept as the table's window moves on.
import type { SheetRow } from '@baska/protocol';
import { describe, expect, it } from 'vitest';
import { type KnownRows, earlierPage, keep, shownRows } from '../src/ui/table/sheet-rows.js';

const row = (n: number): SheetRow => ({
  dealer: n % 4,
  contract: `c${n}`,
  declarer: 0,
  bokRound: false,
  scores: [n, -n, 0, 0],
});
const rows = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => row(from + i));
/** The table's description after `complete` deals, carrying the last `recent`. */
const info = (complete: number, recent = 24) => ({
  sheetFrom: Math.max(0, complete - recent),
  sheet: rows(Math.max(0, complete - recent), complete),
});

describe('the score sheet’s rows on the screen', () => {
  it('shows the table’s rows alone until the reader asks, then the earlier ones a page at a time down to the first', () => {
    const known: KnownRows = new Map();
    expect(shownRows(info(130), known)).toEqual({ from: 106, rows: rows(106, 130) });
    expect(earlierPage(106, 50)).toEqual({ from: 56, size: 50 });
    keep(known, 56, rows(56, 106));
    expect(shownRows(info(130), known)).toEqual({ from: 56, rows: rows(56, 130) });
    expect(earlierPage(56, 50)).toEqual({ from: 6, size: 50 });
    keep(known, 6, rows(6, 56));
    expect(earlierPage(6, 50)).toEqual({ from: 0, size: 6 });
    keep(known, 0, rows(0, 6));
    expect(shownRows(info(130), known)).toEqual({ from: 0, rows: rows(0, 130) });
    expect(earlierPage(0)).toBeNull();
  });

  it('keeps every row seen once the reader has asked, as the table plays on', () => {
    const known: KnownRows = new Map();
    keep(known, 0, rows(0, 6));
    keep(known, 6, info(30).sheet);
    // Ten deals later the table carries deals 17–40: the rows seen before still join on.
    expect(shownRows(info(40), known)).toEqual({ from: 0, rows: rows(0, 40) });
  });

  it('shows no rows it does not have: a gap (a reader back after a long time) leaves the earlier ones to ask for again', () => {
    const known: KnownRows = new Map();
    keep(known, 0, rows(0, 30));
    expect(shownRows(info(100), known)).toEqual({ from: 76, rows: rows(76, 100) });
    expect(earlierPage(76, 50)).toEqual({ from: 26, size: 50 });
    keep(known, 26, rows(26, 76));
    expect(shownRows(info(100), known)).toEqual({ from: 0, rows: rows(0, 100) });
  });

  it('shows a short game whole, with nothing to ask for', () => {
    expect(shownRows(info(5), new Map())).toEqual({ from: 0, rows: rows(0, 5) });
    expect(earlierPage(0)).toBeNull();
  });
});

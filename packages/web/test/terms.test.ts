// One word for one thing in Polish: the four doubled deals after a 52:52 are the "bok-runda", as the
// regulations call them (seed 004 §8: "rozpoczyna się bok-runda"; seed 002 §14, seed 000) and as the
// printed protocol and the command line say. The phone's score pad said "runda bokowa" while the
// paper said "bok-runda": a table reading both wondered whether they were two things.
import { readFileSync } from 'node:fs';
import { parseTournament, protocolPage } from '@baska/tournament';
import { describe, expect, it } from 'vitest';
import { pl } from '../src/i18n/pl.js';

const source = (path: string) => readFileSync(new URL(`../src/${path}`, import.meta.url), 'utf8');

/** Everything the Polish dictionary says: its strings, and its functions for a few numbers. */
function said(tree: unknown): string[] {
  if (typeof tree === 'string') return [tree];
  if (typeof tree === 'function') return [1, 2, 5].map((n) => String((tree as (...a: number[]) => unknown)(n, n, n)));
  if (tree && typeof tree === 'object') return Object.values(tree).flatMap(said);
  return [];
}

/** "runda bokowa", "rundy bokowej", "rundę bokową", "Rundy bokowe"… */
const OTHER_WORD = /rund\p{L}*\s+bokow/iu;

describe('the bok-round in Polish', () => {
  it('is "bok-runda" in the dictionary, never "runda bokowa"', () => {
    const all = said(pl);
    expect(all.filter((s) => OTHER_WORD.test(s))).toEqual([]);
    expect(all.filter((s) => /bok-rund/i.test(s)).length).toBeGreaterThanOrEqual(8);
    expect(pl.pad.bokLeft(2)).toBe('bok-runda: jeszcze 2 rozdania');
  });

  it('is "bok-runda" in the Polish rules and the table options', () => {
    for (const file of ['rules/pl.tsx', 'options.ts']) {
      const text = source(file);
      expect(text.match(new RegExp(OTHER_WORD, 'giu')), file).toBeNull();
      expect(text, file).toMatch(/bok-rund/i);
    }
  });

  it('is "bok-runda" on the printed protocol too', () => {
    const t = parseTournament(
      JSON.stringify({
        name: 'Turniej',
        format: { format: 'znin', rounds: 1, deals: { 4: 1 } },
        rules: 'znin',
        seed: 's',
        players: 'abcd'.split('').map((id) => ({ id, name: id })),
        rounds: [{ tables: [{ table: 1, players: ['a', 'b', 'c', 'd'], protocol: [] }] }],
      }),
    );
    if (!t.ok) throw new Error(t.error.message);
    const page = protocolPage(t.value, 1);
    expect(page).toContain('bok-rundzie');
    expect(page).not.toMatch(OTHER_WORD);
  });
});

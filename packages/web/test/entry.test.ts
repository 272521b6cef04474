// The tournament page's word to the signed-in person: a withdrawn player is not told he is entered.
import { describe, expect, it } from 'vitest';
import { myEntry } from '../src/ui/tournament/entry.js';
import { en } from '../src/i18n/en.js';
import { pl } from '../src/i18n/pl.js';

const players = [
  { id: 'p1', name: 'Ala' },
  { id: 'u7', name: 'Kaszub', joined: true, from: 2 },
  { id: 'u8', name: 'Ola', joined: true, until: 1 },
];

describe('myEntry', () => {
  it('tells apart a person not in the list, one in it, and one withdrawn after a round', () => {
    expect(myEntry(players, undefined)).toEqual({ kind: 'out' });
    expect(myEntry(players, 'u9')).toEqual({ kind: 'out' });
    expect(myEntry(players, 'u7')).toEqual({ kind: 'in' });
    expect(myEntry(players, 'u8')).toEqual({ kind: 'withdrawn', after: 1 });
    expect(pl.tour.withdrawnMe(1)).toBe('Sędzia wycofał cię po 1.\u00a0rundzie.');
    expect(en.tour.withdrawnMe(1)).toBe('The director withdrew you after round\u00a01.');
  });
});

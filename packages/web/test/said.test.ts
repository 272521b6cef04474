// A deal read back in the phones' words (pad/said.ts): each kind of result as a person reads it, in
// Polish, and the entry form's starting choices giving back the words they were read from (a deal
// sent back reopens as it was entered). The browser test (e2e/hall-said.test.ts) reads a grade, card
// points, a 52:52, an offence and small points typed; these are the rest.
import { resolveRules } from '@baska/engine';
import { type DealWords, entryOfWords } from '@baska/tournament';
import { describe, expect, it } from 'vitest';
import { saidOf, saidWords, wordsStart } from '../src/pad/said.js';

const rules = (() => {
  const r = resolveRules('znin');
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
})();
const NAMES = ['Mścisław Bożydar', 'Grzegorz Brzęczyszczykiewicz', 'Anna', 'Jan'];
const ctx = { rules, size: 4 as const, out: null, inBokRound: false };

/** The phrases of a deal in words, with the row the entry module scores from them. */
function read(words: DealWords): string {
  const row = entryOfWords(words, ctx);
  if (!row.ok) throw new Error(row.error.message);
  return saidWords({ words }, row.value, NAMES, rules).join(' · ');
}

describe('a deal read back in words', () => {
  it('names a thrown game, a solo lost, a wesele lost bez bitki, the side that doubled last, a shown hand', () => {
    expect(read({ contract: 'baszka', old: [2] })).toBe('baszka · gra Anna · wygrana bez gry');
    expect(read({ contract: 'gran', old: [0], winner: 'young', doublings: 2 })).toBe(
      'gran · gra Mścisław Bożydar · rekontra · przegrana',
    );
    expect(read({ contract: 'wesele', old: [1, 3], winner: 'young', grade: 3, doublings: 0 })).toBe(
      'wesele · starzy: Grzegorz Brzęczyszczykiewicz i Jan · bez kontry · wygrali młodzi bez bitki',
    );
    expect(read({ contract: 'zwyczajna', old: [0, 1], oldPoints: 30, doublings: 1, lastDoubler: 'young' })).toBe(
      'zwyczajna · starzy: Mścisław Bożydar i Grzegorz Brzęczyszczykiewicz · kontra · ostatnią kontrę dali młodzi · oczka starych 30:74 — wygrali młodzi z wyjściem',
    );
    expect(read({ contract: 'zollo', old: [3], offence: { seat: 0, kind: 'shown', tookRest: false } })).toBe(
      'zollo · gra Jan · bez kontry · wykroczenie: Mścisław Bożydar — pokazał karty · wygrana',
    );
    expect(
      read({ contract: 'zollo', old: [3], winner: 'young', offence: { seat: 0, kind: 'shown', tookRest: true } }),
    ).toBe(
      'zollo · gra Jan · bez kontry · wykroczenie: Mścisław Bożydar — pokazał karty, wziął sam wszystkie pozostałe lewy · przegrana',
    );
  });

  it('an entry that is neither words nor small points reads as nothing', () => {
    for (const x of [null, 'zwyczajna', [1, 2], { words: 'x' }, { scores: 'x' }]) expect(saidOf(x)).toBeNull();
    expect(saidOf({ scores: [1, -1, 1, -1], tie: true })).toEqual({ scores: [1, -1, 1, -1], tie: true });
  });

  it('the form starts from the choices that give the same words back', () => {
    const cases: DealWords[] = [
      { contract: 'zwyczajna', old: [0, 2], winner: 'old', grade: 2, doublings: 1 },
      { contract: 'gran', old: [1], winner: 'young', doublings: 0 },
      { contract: 'zwyczajna', old: [1, 3], oldPoints: 52, doublings: 0 },
      { contract: 'zollo', old: [2], oldPoints: 60, doublings: 3 },
      { contract: 'zollo', old: [2], doublings: 0, offence: { seat: 0, kind: 'shown', tookRest: true }, winner: 'old' },
      { contract: 'baszka', old: [3], doublings: 0 },
    ];
    for (const words of cases) {
      const s = wordsStart(words);
      // What the form sends from these choices (Entry.tsx's Words).
      const back: Record<string, unknown> = { contract: s.contract, old: s.old, doublings: s.doublings };
      if (s.offence)
        back.offence = s.offence.kind === 'shown' ? s.offence : { seat: s.offence.seat, kind: s.offence.kind };
      const r = s.result;
      if (r?.kind === 'grade') Object.assign(back, { winner: r.winner, grade: r.grade });
      else if (r?.kind === 'winner') back.winner = r.winner;
      else if (r?.kind === 'tie') back.oldPoints = 52;
      else if (r?.kind === 'points') back.oldPoints = Number(r.points);
      expect(back).toEqual(words);
    }
  });
});

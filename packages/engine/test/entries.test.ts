import { describe, expect, it } from 'vitest';
import * as engine from '@baska/engine';
import * as fast from '@baska/engine/fast';

// The package's two doors: the named public surface, and the integer/mask API for search.
describe('entry points', () => {
  it('the main entry keeps rule internals inside: following, the auction bookkeeping, result helpers', () => {
    for (const name of ['legalCards', 'beats', 'Auction', 'fail', 'ok', 'err', 'sortByOrder', 'scoreInto', 'PASS'])
      expect(Object.keys(engine)).not.toContain(name);
  });

  it('the fast entry has what the solver needs, and shares its bindings with the main entry', () => {
    for (const name of ['legalCards', 'beats', 'POINTS', 'popcount', 'cardsOf', 'PASS', 'isGameCall', 'scoreInto'])
      expect(Object.keys(fast)).toContain(name);
    for (const name of Object.keys(fast).filter((n) => n in engine))
      expect(fast[name as keyof typeof fast]).toBe(engine[name as keyof typeof engine]);
  });

  it('the fast entry allocates no friendly API: no card codes, no Deal', () => {
    for (const name of ['Deal', 'cardCode', 'parseCard', 'callName']) expect(Object.keys(fast)).not.toContain(name);
  });
});

// A hint never uses hidden cards: two deals that agree on all the viewer knows (his hand, the calls,
// the cards played) but not on the other hands give him the same hint.
import { describe, expect, it } from 'vitest';
import { type Deal, Deal as DealClass, SeededRng, dealMasks, randomInt, rulesOf, viewFor } from '@baska/engine';
import { AuctionReplay, forEachHolding, forcedHint, hintFor, hintOfParts, hintPart, knowledgeOf } from '@baska/ai';

/** Another deal the seat to act cannot tell from `d`: the last layout his knowledge allows, replayed. */
function twin(d: Deal): Deal | null {
  const seat = d.toAct;
  const k = knowledgeOf(d, seat);
  const replay = new AuctionReplay(k);
  let other: Deal | null = null;
  forEachHolding(k, (h) => {
    if ([0, 1, 2, 3].every((s) => h[s] === d.hand[s])) return;
    const r = replay.replay(h, k.calls);
    if (!r) return;
    const x = r.clone();
    for (let i = 0; i < d.nPlays; i++) if (x.applyMove(d.plays[i]!) !== null) return;
    other = x;
  });
  return other;
}

describe('hints', () => {
  it('are the same for two deals that agree on the viewer’s knowledge, in the auction and in play', () => {
    const rng = new SeededRng(180);
    const buf: number[] = [];
    let compared = 0;
    for (let i = 0; compared < 16; i++) {
      const dealer = randomInt(rng, 4);
      const d = DealClass.of(rulesOf(i % 2 ? 'kop' : 'standard'), dealer, dealMasks(rng, dealer));
      const steps = randomInt(rng, 12);
      for (let j = 0; j < steps && !d.isComplete; j++) {
        const n = d.legalMovesInto(buf);
        d.applyMove(d.phase === 'auction' && rng.nextUint32() % 3 ? 0 : buf[randomInt(rng, n)]!);
      }
      if (d.isComplete || d.legal().length < 2) continue;
      const other = twin(d);
      if (!other) continue;
      expect([0, 1, 2, 3].some((s) => other.hand[s] !== d.hand[s])).toBe(true);
      const a = viewFor(d, d.toAct);
      const b = viewFor(other, d.toAct);
      expect(b).toEqual(a);
      const ha = hintFor(a, 50);
      expect(hintFor(b, 50)).toEqual(ha);
      expect(ha.values.map((v) => v.action).sort()).toEqual([...a.legal].sort());
      expect(ha.values.every((v) => Number.isFinite(v.expectedScore))).toBe(true);
      compared++;
    }
  });

  it('split in blocks (the browser spreads them over its workers) add up to the hint of one thread', () => {
    const rng = new SeededRng(1818);
    const buf: number[] = [];
    let compared = 0;
    for (let i = 0; compared < 12; i++) {
      const dealer = randomInt(rng, 4);
      const d = DealClass.of(rulesOf(i % 2 ? 'kop' : 'standard'), dealer, dealMasks(rng, dealer));
      const steps = randomInt(rng, 14);
      for (let j = 0; j < steps && !d.isComplete; j++) {
        const n = d.legalMovesInto(buf);
        d.applyMove(d.phase === 'auction' && rng.nextUint32() % 3 ? 0 : buf[randomInt(rng, n)]!);
      }
      if (d.isComplete || d.legal().length < 2) continue;
      const view = viewFor(d, d.toAct);
      const budget = compared < 3 ? 400 : 50; // 400: the budget of a hint in the browser
      const whole = hintFor(view, budget);
      for (const parts of [1, 3, 20]) {
        const blocks = Array.from({ length: parts }, (_, p) => hintPart(view, p, parts, budget));
        expect(hintOfParts(blocks)).toEqual(whole);
      }
      compared++;
    }
  });

  it('a view with no choice has its hint at once: forced with one legal action, empty with none', () => {
    const d = DealClass.of(rulesOf('standard'), 0, dealMasks(new SeededRng(7), 0));
    const v = viewFor(d, d.toAct);
    expect(forcedHint(v)).toBeNull();
    expect(forcedHint({ ...v, legal: ['pass'] })).toEqual({ values: [], layouts: 0, exhaustive: false, forced: true });
    expect(forcedHint({ ...v, legal: [] })).toEqual(hintFor({ ...v, legal: [] }));
    expect(() => hintPart({ ...v, legal: ['pass'] }, 0, 1)).toThrow();
  });
});

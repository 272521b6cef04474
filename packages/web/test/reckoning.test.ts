// The summary's reckoning against the engine: over many random deals of every preset, the sides it
// tells are the engine's old side, the doublings it counts are the engine's count, and the product
// of the factors is the engine's value. Plus seed 000's worked example of effective doublings.
import {
  Deal,
  PRESETS,
  type RulesSpec,
  SeededRng,
  dealMasks,
  parseCards,
  randomInt,
  rulesOf,
  viewFor,
} from '@baska/engine';
import { describe, expect, it } from 'vitest';
import { gradeReason, isDoubling, sidesStory, valueFactors, weighDoublings } from '../src/ui/table/reckoning.js';

/** A deal played to its end by random legal moves: wesele and doublings chosen often, other games less
 * and never over a wesele (so that every way of finding the sides comes up). */
function randomDeal(spec: RulesSpec, seed: number): Deal {
  const rng = new SeededRng(seed);
  const dealer = seed % 4;
  const deal = Deal.of(rulesOf(spec), dealer, Array.from(dealMasks(rng, dealer)), seed % 7 === 0);
  while (deal.phase !== 'complete') {
    const legal = deal.legal();
    if (deal.phase === 'play') {
      deal.apply(legal[randomInt(rng, legal.length)]!);
      continue;
    }
    const wesele = legal.filter((a) => a.startsWith('wesele'));
    const doublings = legal.filter(isDoubling);
    const games = legal.filter((a) => a !== 'pass' && !isDoubling(a));
    const r = rng.nextUint32() / 2 ** 32;
    const pool =
      wesele.length > 0 && r < 0.6
        ? wesele
        : doublings.length > 0 && r < 0.4
          ? doublings
          : deal.declaredGame === 'wesele'
            ? legal.filter((a) => !games.includes(a))
            : games.length > 0 && r < 0.48
              ? games
              : legal;
    const done = deal.apply(pool[randomInt(rng, pool.length)]!);
    if (!done.ok) throw new Error(done.error.message);
  }
  return deal;
}

describe('the reckoning of a deal agrees with the engine', () => {
  const specs: RulesSpec[] = [...PRESETS, { preset: 'standard', weseleNamedJack: true }];
  for (const spec of specs)
    it(`random deals, ${typeof spec === 'string' ? spec : 'named wesele'}`, () => {
      const kinds = new Set<string>();
      const verdicts = new Set<string>();
      for (let seed = 1; seed <= 600; seed++) {
        const view = viewFor(randomDeal(spec, seed), seed % 4);
        const s = view.score!;
        const story = sidesStory(view)!;
        kinds.add(story.kind);
        const old =
          story.kind === 'ordinary'
            ? story.old.map((o) => o.seat)
            : story.kind === 'wesele'
              ? [story.declarer, ...(story.partner === null ? [] : [story.partner])]
              : [story.kind === 'cicha' ? story.seat : story.declarer];
        expect(old.sort()).toEqual(s.old);
        if (story.kind === 'ordinary') expect(story.old.map((o) => o.queen).sort()).toEqual(['Qc', 'Qs']);
        if (story.kind === 'wesele' && story.partner !== null) {
          // the partner played the jack that made him old
          const by = view.tricks.flatMap((t) => t.cards.map((c, i) => [c, (t.leader + i) % 4] as const));
          expect(by.find(([c]) => c === story.jack)?.[1]).toBe(story.partner);
        }
        const weighed = weighDoublings(view);
        weighed.forEach((d) => verdicts.add(d.verdict));
        expect(weighed.filter((d) => d.verdict === 'counted').length).toBe(s.counted);
        const v = valueFactors(view)!;
        expect(v.value).toBe(s.value);
        expect(Math.abs(s.scores[s.old[0]!]!)).toBe(v.value * (v.solo ? 3 : 1));
        const g = gradeReason(view);
        expect(g?.grade ?? null).toBe(s.grade);
        if (g) {
          if (g.grade === 3) expect(g.tricks).toBe(0);
          else expect(g.points < g.wyjscie).toBe(g.grade === 2);
        }
      }
      // the random deals reached every way of finding the sides the preset allows, and every verdict
      expect(kinds.has('ordinary') && kinds.has('solo') && kinds.has('wesele')).toBe(true);
      expect([...verdicts].sort()).toEqual(['cancelled', 'counted', 'sameSide']);
    });

  it("seed 000's example: kontra by I, rekontra by III, bok by IV, hirsz by III, I and III old", () => {
    // Seats 0..3 are I..IV; dealer IV (3), so II (1) calls first. I and III hold the black queens.
    const deal = Deal.of(rulesOf('standard'), 3, [
      parseCards('Qc Ac Tc Td')!,
      parseCards('Ah Th Jc Js')!,
      parseCards('Qs Qh Qd Jh')!,
      parseCards('Jd Ad As Ts')!,
    ]);
    for (const a of 'pass pass pass kontra pass rekontra bok pass pass hirsz pass pass pass'.split(' ')) {
      const r = deal.apply(a);
      if (!r.ok) throw new Error(`${a}: ${r.error.message}`);
    }
    while (deal.phase !== 'complete') deal.apply(deal.legal()[0]!);
    const verdicts = weighDoublings(viewFor(deal, 0)).map((d) => `${d.seat}:${d.call}:${d.verdict}`);
    expect(verdicts).toEqual(['0:kontra:counted', '2:rekontra:sameSide', '3:bok:counted', '2:hirsz:counted']);
    expect(valueFactors(viewFor(deal, 0))!.doublings).toBe(8);
  });
});

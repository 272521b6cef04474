// The rating arithmetic is openskill's: the numbers here are the library's own worked examples
// (its README), not ours, so a change of model, option or order of seats fails here.
import { describe, expect, it } from 'vitest';
import { newSkill, rateGame, shown } from '../src/ratings/rate.js';
import { places } from '../src/ratings/store.js';

describe('rating a table', () => {
  it('ranks four newcomers by their totals as openskill’s Plackett–Luce does (its README: scores 37, 19, 37, 42)', () => {
    const after = rateGame([newSkill(), newSkill(), newSkill(), newSkill()], places([37, 19, 37, 42]));
    const r = (x: number) => Math.round(x * 1000) / 1000;
    expect(after.map((s) => [r(s.mu), r(s.sigma)])).toEqual([
      [24.689, 8.18],
      [22.826, 8.18],
      [24.689, 8.18], // a tie shares the place: the same numbers as the other 37
      [27.795, 8.264],
    ]);
  });

  it('reads the totals as small points, higher better, whatever the sign (the README’s ranks 4, 1, 3, 2)', () => {
    const after = rateGame([newSkill(), newSkill(), newSkill(), newSkill()], places([-60, 90, 0, 30]));
    expect(after.map((s) => Math.round(s.mu * 1000) / 1000)).toEqual([20.962, 27.795, 24.689, 26.553]);
  });

  it('shows mu − 3·sigma: a newcomer starts at 0 and can rise even when he comes last', () => {
    expect(shown(newSkill())).toBeCloseTo(0, 10);
    const after = rateGame([newSkill(), newSkill(), newSkill(), newSkill()], places([10, 20, 30, 40]));
    expect(shown(after[0]!)).toBeCloseTo(after[0]!.mu - 3 * after[0]!.sigma, 10);
  });

  it('places equal totals together (1, 2, 2, 4)', () => {
    expect(places([50, 20, 20, -90])).toEqual([1, 2, 2, 4]);
    expect(places([0, 0, 0, 0])).toEqual([1, 1, 1, 1]);
  });

  it('places whoever left behind everyone who stayed, and the leavers among themselves by totals', () => {
    expect(places([50, 20, 20, -90], [true, false, false, false])).toEqual([4, 1, 1, 3]);
    expect(places([50, 20, 20, -90], [true, false, true, false])).toEqual([3, 1, 4, 2]);
  });
});

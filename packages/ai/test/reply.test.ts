import { describe, expect, it } from 'vitest';
import { type Deal, type Preset, rulesOf, viewFor } from '@baska/engine';
import { Arena, arenaDeal, basicAction, bestReply, dealOf, scoreSteps } from '../src/index.js';

/** Our seats' scores minus the others' at a complete deal. */
function valueOf(d: Deal, ours: number): number {
  let v = 0;
  for (let s = 0; s < 4; s++) v += ((ours >> s) & 1 ? 1 : -1) * d.outcome.scores[s]!;
  return v;
}

/**
 * The reference: every line of our seats' choices, the others asked at each of their turns, no
 * play shared between auctions. The one shortcut, exact: a play is not searched when no old-side
 * total could give more than the best line found so far.
 */
function exhaustive(start: Deal, ours: number): number {
  let best = -Infinity;
  const walk = (d: Deal): void => {
    while (!d.isComplete && ((ours >> d.toAct) & 1) === 0) d.apply(basicAction(viewFor(d, d.toAct)));
    if (d.isComplete) {
      best = Math.max(best, valueOf(d, ours));
      return;
    }
    if (d.phase === 'play' && d.nPlays === 0) {
      let most = -Infinity;
      for (let p = 0; p <= 104; p++) {
        let v = 0;
        for (let s = 0; s < 4; s++) v += ((ours >> s) & 1 ? 1 : -1) * scoreSteps(d, s).scores[p]!;
        most = Math.max(most, v);
      }
      if (most <= best) return;
    }
    for (const action of d.legal()) {
      const next = d.clone();
      next.apply(action);
      walk(next);
    }
  };
  walk(start.clone());
  return best;
}

const dealAt = (preset: Preset, i: number) => {
  const { dealer, hands } = arenaDeal('2026', i);
  return dealOf(rulesOf(preset), dealer, hands);
};

describe('the best reply to basic', () => {
  it.each([
    ['kop', 1, 0b1010],
    ['kop', 2, 0b1010],
    ['kop', 4, 0b0101],
    ['standard', 1, 0b1010],
  ] as const)(
    '%s deal %i, seats %i: the value of every line searched one by one, and its line scores it',
    (preset, i, ours) => {
      const d = dealAt(preset, i);
      const reply = bestReply(d, ours, basicAction);
      expect(reply.value).toBe(exhaustive(d, ours));
      // Played out with basic answering, the line ends the deal with that value.
      const played = d.clone();
      let k = 0;
      while (!played.isComplete) {
        if ((ours >> played.toAct) & 1) expect(played.applyMove(reply.line[k]!)).toBeNull();
        else {
          played.apply(basicAction(viewFor(played, played.toAct)));
          expect(played.nCalls + played.nPlays - d.nCalls - d.nPlays).toBe(k + 1);
          expect(reply.line[k]).toBe(
            played.phase === 'auction' || played.nPlays === 0
              ? played.calls[played.nCalls - 1]
              : played.plays[played.nPlays - 1],
          );
        }
        k++;
      }
      expect(k).toBe(reply.line.length);
      expect(valueOf(played, ours)).toBe(reply.value);
      expect(d.nCalls + d.nPlays).toBe(0); // the deal searched is not changed
    },
  );

  it("in the arena no player's lead over basic passes the oracle's, deal by deal (the double-dummy oracle's did)", () => {
    const arena = new Arena({
      rules: rulesOf('kop'),
      seed: '2026',
      bots: ['expert', 'expert-1'],
      gapDeals: 6,
      gapAgainst: 'basic',
    });
    for (let i = 0; i < 6; i++) {
      const gap = arena.play(i).gap!;
      expect(gap.oracle).toBeGreaterThanOrEqual(gap.expert!);
      expect(gap.oracle).toBeGreaterThanOrEqual(gap['expert-1']!);
      expect(gap.oracle).toBeGreaterThanOrEqual(0);
    }
  });
});

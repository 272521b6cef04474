// A card choice is a mistake when another card had a higher expected score (as `baska analyze`
// marks them); equal values, to rounding, are no mistake.
import { describe, expect, it } from 'vitest';
import { judge } from '../src/ui/replay/mistakes.js';

const v = (action: string, expectedScore: number) => ({ action, expectedScore, winProbability: 0 });

describe('judging a card choice', () => {
  it('a worse card than the best is a mistake, with the best card and the score given away', () => {
    expect(judge([v('Jh', 39.88), v('Ad', 39.88), v('Qh', 38.67)], 'Qh')).toEqual({ best: 'Jh', loss: 39.88 - 38.67 });
  });
  it('a best card, or one equal to it, is none', () => {
    expect(judge([v('Jh', 1.5), v('Ad', 1.5), v('Qh', -2)], 'Ad')).toBeNull();
    expect(judge([v('Jh', 0.1 + 0.2), v('Ad', 0.3)], 'Ad')).toBeNull();
  });
});

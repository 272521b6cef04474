import { describe, it } from 'vitest';
import { checkPreset } from './properties.js';

// Property tests, split in two files so that they run on two cores. RULES §1–§5
describe('random legal games: conservation, legality, hidden cards, sides, zero-sum scores, record round trip', () => {
  it('znin: 2,000 random deals', () => checkPreset('znin'));
  it('kop: 2,000 random deals', () => checkPreset('kop'));
});

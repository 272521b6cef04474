// @baska/engine/fast: the integer and mask API for search (the AI's solver, layouts and analysis).
// Cards are 0–15, hands 16-bit masks, calls small integers; nothing here allocates. The deal's own
// hot path is `Deal.legalMovesInto` and `Deal.applyMove`, from the main entry.

// Cards as integers, hands as masks, card points. RULES §1, §5
export type { Card, CardMask } from './cards.js';
export { BLACK_QUEENS, POINTS, cardsOf, maskOf, popcount } from './cards.js';

// The card orders as tables, and following and trick winners as mask operations. RULES §4
export type { CardOrder } from './order.js';
export { GRAN_ORDER, ORDERS } from './order.js';
export { beats, legalCards } from './follow.js';

// Calls as integers. RULES §3
export type { Call } from './calls.js';
export { PASS, gameOf, isDoublingCall, isGameCall, namedJack } from './calls.js';

// A deal's score written in place. RULES §5
export type { Outcome, ScoreInput } from './score.js';
export { newOutcome, scoreInto } from './score.js';

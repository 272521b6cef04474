// @baska/ai: computer players and exact analysis. Bots see only a PlayerView.
// solve/: the double-dummy solver, layouts, exact analysis, the oracle and the cicha judge;
// bots/: the levels; play/: tables and deals with the judge bound, and the one play-out loop;
// arena/: duplicate matches and their statistics; pool/ (imported as '@baska/ai/pool'): threads.
export * from './bots/bot.js';
export * from './bots/basic.js';
export * from './bots/expert.js';
export * from './solve/oracle.js';
export * from './solve/reply.js';
export * from './arena/arena.js';
export * from './arena/summary.js';
export * from './solve/position.js';
export * from './solve/brute.js';
export * from './solve/solver.js';
export * from './solve/layouts.js';
export * from './solve/analysis.js';
export * from './solve/cicha.js';
export * from './play/judged.js';
export * from './play/play-out.js';
export * from './solve/claim.js';
export * from './bots/hint.js';

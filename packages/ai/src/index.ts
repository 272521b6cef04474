// @baska/ai: computer players and exact analysis. Bots see only a PlayerView.
export * from './bot.js';
export * from './basic.js';
export * from './expert.js';
export * from './oracle.js';
export * from './arena.js';
export * from './position.js';
export * from './brute.js';
export * from './solver.js';
export * from './layouts.js';
export * from './analysis.js';
export * from './cicha.js';

// @baska/engine: the rules of Baśka and Kop. See docs/rules.md (the "RULES §n" of comments) and docs/spec/records.md.
export * from './cards.js';
export * from './order.js';
export * from './follow.js';
export * from './result.js';
export * from './rules.js';
export * from './calls.js';
export * from './random.js';
export * from './score.js';
export * from './deal.js';
export * from './view.js';
export * from './table.js';
export * from './record.js';
export * from './table-five.js';

// @baska/ai: computer players. Bots see only a PlayerView.
export * from './bot.js';

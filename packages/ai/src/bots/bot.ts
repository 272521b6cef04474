// A bot is a function of one seat's view, a random source and a time budget (ARCHITECTURE "AI").
// It never sees another hand: the view is all it gets. The oracle, which sees every card, is not
// a bot a player can pick: it lives in arena.ts as a yardstick.
import { type PlayerView, type Rng, randomInt } from '@baska/engine';
import { basicAction } from './basic.js';
import { EXPERT_1, type Explanation, explainExpert } from './expert.js';

export interface Bot {
  /** The level's name, as players pick it: `random`, `basic`, `expert`. */
  readonly name: string;
  /** A legal action (a call name or a card code) for the seat whose view this is; it is that seat's turn. */
  decide(view: PlayerView, rng: Rng, budgetMs?: number): string;
  /** Why: the values of the alternatives, where the level weighs them. */
  explain?(view: PlayerView, rng: Rng, budgetMs?: number): Explanation;
}

function mustDecide(view: PlayerView): void {
  if (view.legal.length === 0) throw new Error(`seat ${view.seat} has nothing to decide`);
}

/** Uniformly random legal actions: the yardstick every other level must beat. */
export const randomBot: Bot = {
  name: 'random',
  decide(view, rng) {
    mustDecide(view);
    return view.legal[randomInt(rng, view.legal.length)]!;
  },
};

/** The rules of thumb of a club player (basic.ts, docs/bots.md). Deterministic: the source is not used. */
export const basicBot: Bot = {
  name: 'basic',
  decide(view) {
    mustDecide(view);
    return basicAction(view);
  },
};

/** The exact analysis on the layouts the view allows, weighted by the other players' calls (expert.ts). */
export const expertBot: Bot = {
  name: 'expert',
  decide: (view, rng, budgetMs) => explainExpert(view, rng, budgetMs).action,
  explain: (view, rng, budgetMs) => explainExpert(view, rng, budgetMs),
};

/** The first expert (issue 13), kept as a yardstick for the arena only: no player can pick it. */
export const expert1Bot: Bot = {
  name: 'expert-1',
  decide: (view, rng, budgetMs) => explainExpert(view, rng, budgetMs, undefined, EXPERT_1).action,
  explain: (view, rng, budgetMs) => explainExpert(view, rng, budgetMs, undefined, EXPERT_1),
};

/** Bots that may sit in an arena besides the levels (and the oracle, which arena.ts seats itself). */
export const ARENA_BOTS: Readonly<Record<string, Bot>> = { 'expert-1': expert1Bot };

/** A level, or an arena-only bot. */
export const arenaBotByName = (name: string): Bot | undefined =>
  botByName(name) ?? (Object.hasOwn(ARENA_BOTS, name) ? ARENA_BOTS[name] : undefined);

/** The levels a player can pick, weakest first. */
export const BOTS: Readonly<Record<string, Bot>> = { random: randomBot, basic: basicBot, expert: expertBot };
export const BOT_LEVELS = Object.keys(BOTS);

export const botByName = (name: string): Bot | undefined => (Object.hasOwn(BOTS, name) ? BOTS[name] : undefined);

// A bot is a function of one seat's view, a random source and a time budget (ARCHITECTURE "AI").
// It never sees another hand: the view is all it gets.
import { type PlayerView, type Rng, randomInt } from '@baska/engine';

export interface Bot {
  /** The level's name, as players pick it: `random`, … */
  readonly name: string;
  /** A legal action (a call name or a card code) for the seat whose view this is; it is that seat's turn. */
  decide(view: PlayerView, rng: Rng, budgetMs?: number): string;
}

/** Uniformly random legal actions: the yardstick every other level must beat. */
export const randomBot: Bot = {
  name: 'random',
  decide(view, rng) {
    if (view.legal.length === 0) throw new Error(`seat ${view.seat} has nothing to decide`);
    return view.legal[randomInt(rng, view.legal.length)]!;
  },
};

/** The levels a player can pick today. The stronger levels (basic, expert) are not built yet. */
export const BOTS: Readonly<Record<string, Bot>> = { random: randomBot };
export const BOT_LEVELS = Object.keys(BOTS);

export const botByName = (name: string): Bot | undefined => BOTS[name];

// One rated result through openskill's Plackett–Luce model (not a home-made formula): a whole game
// at one table is one result, its four players ranked by their places (store.ts: by small-point
// totals as a tournament table ranks them, ties sharing a place, and whoever left the game behind
// everyone who stayed, decision 015). The shown rating is conservative: mu − 3·sigma, so that a
// newcomer with one lucky evening is not at the top.
import { ordinal, rate, rating } from 'openskill';

export interface Skill {
  mu: number;
  sigma: number;
}

/** A player who has not played a rated game yet (openskill's defaults: mu 25, sigma 25/3). */
export const newSkill = (): Skill => rating();

/** The ratings after a game, each player's own team of one, by his `place` (1 is best; equal places tie). */
export function rateGame(before: Skill[], place: number[]): Skill[] {
  const after = rate(
    before.map((s) => [rating({ mu: s.mu, sigma: s.sigma })]),
    { rank: place },
  );
  return after.map(([s]) => ({ mu: s!.mu, sigma: s!.sigma }));
}

/** The rating shown and ranked by: mu − 3·sigma. */
export const shown = (s: Skill): number => ordinal(s);

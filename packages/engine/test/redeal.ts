// Re-deals for the secrecy tests: the cards a viewer has not seen, dealt again among the other seats.
import { type Deal, type Rng, SPECTATOR, randomInt } from '@baska/engine';
import { popcount } from '@baska/engine/fast';
import { FULL_DECK } from '../src/cards.js';

/**
 * The deal's hands dealt again for `viewer` (a seat, or SPECTATOR): the viewer's own hand and every
 * played card stay with their seats, each other seat keeps its hand size, the rest is shuffled anew.
 * Whether the history still replays legally on these hands is for the caller to check.
 */
export function redeal(deal: Deal, viewer: number, rng: Rng): number[] {
  let played = 0;
  const playedBy = [0, 0, 0, 0];
  for (let i = 0; i < deal.nPlays; i++) {
    played |= 1 << deal.plays[i]!;
    playedBy[deal.players[i]!]! |= 1 << deal.plays[i]!;
  }
  const own = viewer === SPECTATOR ? 0 : deal.dealt[viewer]!;
  const hidden: number[] = [];
  for (let c = 0; c < 16; c++) if (((FULL_DECK & ~played & ~own) >> c) & 1) hidden.push(c);
  for (let i = hidden.length - 1; i > 0; i--) {
    const j = randomInt(rng, i + 1);
    [hidden[i], hidden[j]] = [hidden[j]!, hidden[i]!];
  }
  return [0, 1, 2, 3].map((s) => {
    if (s === viewer) return own;
    let hand = playedBy[s]!;
    while (popcount(hand) < 4) hand |= 1 << hidden.pop()!;
    return hand;
  });
}

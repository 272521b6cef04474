// Following rules and trick winners as mask operations, shared by the engine and the solver. RULES §4
import type { Card, CardMask } from './cards.js';
import { type CardOrder, GRAN_ORDER } from './order.js';

/**
 * The cards of `hand` that may be played to a trick. `led` is the trick's first card and `win` the
 * card winning it so far; pass `led = -1` when leading.
 */
export function legalCards(order: CardOrder, granMustTrump: boolean, hand: CardMask, led: Card, win: Card): CardMask {
  if (led < 0) return hand;
  const ledGroup = order.group[led]!;
  const trumpInTrick = order.group[win] === 0;
  const trumps = hand & order.trumps;
  if (ledGroup !== 0) {
    const same = hand & order.groupMask[ledGroup]!;
    if (same !== 0) {
      // Follow the led suit (a fela: the other fela of that suit); beat it if you can while no trump is in.
      if (trumpInTrick) return same;
      const beat = same & order.above[win]!;
      return beat !== 0 ? beat : same;
    }
    const beat = trumpInTrick ? trumps & order.above[win]! : trumps;
    if (beat !== 0) return beat;
    const mustTrump = order !== GRAN_ORDER || granMustTrump;
    return trumps !== 0 && mustTrump ? trumps : hand;
  }
  // A trump is led: beat the highest trump if you can, else any trump, else any card.
  const beat = trumps & order.above[win]!;
  return beat !== 0 ? beat : trumps !== 0 ? trumps : hand;
}

/** Does `card` take the trick from `win`? The highest trump wins; with none, the highest card of the led group. */
export function beats(order: CardOrder, card: Card, win: Card): boolean {
  const g = order.group[card]!;
  const wg = order.group[win]!;
  return (g === 0 && wg !== 0) || (g === wg && order.strength[card]! > order.strength[win]!);
}

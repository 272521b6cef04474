// The `cichaMustBeLosable` judge (RULES §7): with no game declared, the holder of both black queens
// may not pass when his cicha would be won in every layout of the other twelve cards with perfect
// play by all. The engine asks; the solver answers.
import { type CichaJudge, type Rules } from '@baska/engine';
import { type CardMask, ORDERS } from '@baska/engine/fast';
import { forEachHolding, knowledgeOfHand } from './layouts.js';
import { Solver } from './solver.js';

const solver = new Solver();

/**
 * Is this cicha a sure win: at least 53 of the card points (RULES §5) in every one of the 34,650
 * layouts? Stops at the first layout where it can be beaten.
 */
export const cichaIsSure: CichaJudge = (hand: CardMask, seat: number, dealer: number, rules: Rules): boolean => {
  const k = knowledgeOfHand(rules, dealer, seat, hand);
  const order = ORDERS[rules.cardOrder]; // cicha is played in the preset's order, never gran's
  let sure = true;
  forEachHolding(k, (hands) => {
    const p = {
      order,
      granMustTrump: rules.granMustTrump,
      hands: [hands[0]!, hands[1]!, hands[2]!, hands[3]!] as [number, number, number, number],
      oldSeats: 1 << seat,
      leader: (dealer + 1) & 3, // forehand leads. RULES §4
      trick: [],
      oldPoints: 0,
    };
    if (!solver.atLeast(p, 53)) sure = false;
    return !sure;
  });
  return sure;
};

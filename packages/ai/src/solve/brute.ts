// The reference: a plain minimax over every legal card, no pruning, no tables, no shortcuts.
// The solver must agree with it on every position.
import { POINTS, beats, legalCards } from '@baska/engine/fast';
import { type Position, trickState } from './position.js';

/** Card points the old side takes in all (so far + with perfect play from here). */
export function bruteForce(p: Position): number {
  const t = trickState(p);
  const hands = [...p.hands];
  const { order, granMustTrump: gmt, oldSeats } = p;
  const go = (seat: number, n: number, led: number, win: number, winSeat: number, pts: number): number => {
    if (n === 0 && (hands[0]! | hands[1]! | hands[2]! | hands[3]!) === 0) return 0;
    const old = (oldSeats >> seat) & 1;
    let best = old ? -1 : 1000;
    for (let m = legalCards(order, gmt, hands[seat]!, n === 0 ? -1 : led, win); m !== 0; m &= m - 1) {
      const c = 31 - Math.clz32(m & -m);
      hands[seat]! &= ~(1 << c);
      const takes = n === 0 || beats(order, c, win);
      const w = takes ? c : win;
      const ws = takes ? seat : winSeat;
      let v: number;
      if (n === 3) {
        const total = pts + POINTS[c]!;
        v = ((oldSeats >> ws) & 1 ? total : 0) + go(ws, 0, -1, -1, -1, 0);
      } else {
        v = go((seat + 1) & 3, n + 1, n === 0 ? c : led, w, ws, pts + POINTS[c]!);
      }
      hands[seat]! |= 1 << c;
      best = old ? Math.max(best, v) : Math.min(best, v);
    }
    return best;
  };
  return p.oldPoints + go(t.toAct, p.trick.length, t.led, t.win, t.winSeat, t.points);
}

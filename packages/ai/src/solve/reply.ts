// The best reply to a known player. With every card seen, and the other seats' level deterministic
// (`basic` decides from its view alone), the rest of a deal follows from our seats' choices alone,
// the others' actions being worked out by asking the level itself; the best we can do against it
// is a search over our choices. No player at our seats, however it decides, scores more against
// that level on that deal: the arena's oracle against `basic` (docs/bots.md, "The oracle"), a
// yardstick no player's lead can pass (it does not invert) and that sees what no player sees (it
// does not saturate).
//
// The search: every auction our seats can bring about, and at the end of each the old side's
// points our cards can lead to (the score is a step function of them, RULES §5); an auction's play
// is skipped when no total of points would beat the best line found. The level's card play reads
// its view's knowledge of the contract and sides, which the game calls and a kontra before any
// game shape (engine view.ts), not the doublings after a game nor the passes: auctions that end
// alike in those share one search of the play (test/reply.test.ts checks it against a search
// that shares nothing).
import { type Deal, type PlayerView, doublingCall, parseCall, parseCard, viewFor } from '@baska/engine';
import { isGameCall } from '@baska/engine/fast';
import { scoreSteps } from './analysis.js';

/** A deterministic player: the same view always gets the same action. */
export type Model = (view: PlayerView) => string;

export interface Reply {
  /** Our seats' scores minus the others' at the end of the best line. */
  value: number;
  /** The moves (calls, then cards, as engine move numbers) from the position to the deal's end. */
  line: number[];
}

const KONTRA = doublingCall(1);

/** Our side's value of a complete deal: our seats' scores minus the others'. */
function valueOf(d: Deal, ours: number): number {
  let v = 0;
  for (let s = 0; s < 4; s++) v += ((ours >> s) & 1 ? 1 : -1) * d.outcome.scores[s]!;
  return v;
}

/** Our side's value by the old side's points, once the auction has ended. RULES §5 */
function valueByPoints(d: Deal, ours: number): Float64Array {
  const v = new Float64Array(105);
  for (let s = 0; s < 4; s++) {
    const scores = scoreSteps(d, s).scores;
    const sign = (ours >> s) & 1 ? 1 : -1;
    for (let p = 0; p <= 104; p++) v[p]! += sign * scores[p]!;
  }
  return v;
}

/** What the level's card play can depend on from the auction (see the head of this file). */
function playKey(d: Deal): string {
  let key = `${d.contract}|${d.oldSeats}|${d.declarer}|`;
  let game = false;
  for (let i = 0; i < d.nCalls; i++) {
    const call = d.calls[i]!;
    if (isGameCall(call)) {
      game = true;
      key += `${d.callers[i]}:${call},`;
    } else if (call === KONTRA && !game) key += `k${d.callers[i]},`;
  }
  return key;
}

/** The level's actions, in place, until one of our seats is to act or the deal ends. */
function letModelAct(d: Deal, ours: number, model: Model, line: number[]): void {
  while (!d.isComplete && ((ours >> d.toAct) & 1) === 0) {
    const action = model(viewFor(d, d.toAct));
    const move = d.phase === 'auction' ? parseCall(action) : parseCard(action);
    const error = move === undefined ? { message: 'not a move' } : d.applyMove(move);
    if (error) throw new Error(`the model chose ${action}: ${error.message}`);
    line.push(move!);
  }
}

/**
 * The best line for our seats (bit s of `ours` set for seat s) from `deal` against `model` at the
 * other seats, all cards seen. Ties go to the first line found. `deal` is not changed.
 */
export function bestReply(deal: Deal, ours: number, model: Model): Reply {
  let best: Reply = { value: -Infinity, line: [] };
  const line: number[] = [];
  const plays = new Map<string, Map<number, number[]>>();
  const moves: number[] = [];

  const auction = (d: Deal): void => {
    const from = line.length;
    letModelAct(d, ours, model, line);
    if (d.isComplete) {
      const v = valueOf(d, ours); // no game: the deal was thrown in
      if (v > best.value) best = { value: v, line: line.slice() };
    } else if (d.phase !== 'auction') {
      const byPoints = valueByPoints(d, ours);
      let most = -Infinity;
      for (const v of byPoints) if (v > most) most = v;
      if (most > best.value) {
        const key = playKey(d);
        let ends = plays.get(key);
        if (!ends) plays.set(key, (ends = endsOfPlay(d, ours, model)));
        for (const [points, rest] of ends)
          if (byPoints[points]! > best.value) best = { value: byPoints[points]!, line: [...line, ...rest] };
      }
    } else {
      const n = d.legalMovesInto(moves);
      const calls = moves.slice(0, n);
      for (const call of calls) {
        const next = d.clone();
        next.applyMove(call);
        line.push(call);
        auction(next);
        line.pop();
      }
    }
    line.length = from;
  };
  auction(deal.clone());
  return best;
}

/** Every total of the old side's points our cards can bring about from the start of play, each with a line to it. */
function endsOfPlay(start: Deal, ours: number, model: Model): Map<number, number[]> {
  const ends = new Map<number, number[]>();
  const line: number[] = [];
  const play = (d: Deal): void => {
    const from = line.length;
    letModelAct(d, ours, model, line);
    if (d.isComplete) {
      let points = 0;
      for (let s = 0; s < 4; s++) if ((d.oldSeats >> s) & 1) points += d.seatPoints[s]!;
      if (!ends.has(points)) ends.set(points, line.slice());
    } else {
      const cards: number[] = [];
      const n = d.legalMovesInto(cards);
      for (let k = 0; k < n; k++) {
        const next = d.clone();
        next.applyMove(cards[k]!);
        line.push(cards[k]!);
        play(next);
        line.pop();
      }
    }
    line.length = from;
  };
  play(start.clone());
  return ends;
}

// viewFor hides what a viewer cannot know (RULES §2, ARCHITECTURE "viewFor is the one place where hidden
// information is removed"), proved as a property rather than case by case: whatever the viewer sees must be
// the same in every deal that the viewer cannot tell apart from the real one. Those deals are the re-deals of
// the cards it has not seen — each other seat keeps the cards it has played, the unplayed unseen cards are
// dealt among the other seats anew, hand sizes kept — under which every call and card of the history so far
// replays legally (a re-deal that makes the history illegal is not consistent with it).
import { describe, expect, it } from 'vitest';
import { redeal } from './redeal.js';
import {
  Deal,
  type Rng,
  type RulesSpec,
  SPECTATOR,
  SeededRng,
  dealMasks,
  randomInt,
  rulesOf,
  viewFor,
} from '@baska/engine';

/** Every preset, and variants of RULES §8 that change what the cards and calls give away. */
const SPECS: RulesSpec[] = [
  'standard',
  'leborsk',
  'znin',
  'kop',
  { preset: 'standard', cardOrder: 'asTrzyDychy' },
  { preset: 'standard', weseleNamedJack: true },
  { preset: 'kop', weseleNamedJack: true, weseleSelfKontra: true, cardOrder: 'asTrzyDychy' },
  { preset: 'znin', granMustTrump: false, maxDoubling: 6 },
  { preset: 'leborsk', cardOrder: 'asTrzyDychy', weseleNamedJack: true, weseleAfterOwnRedouble: false },
];
const DEALS_PER_SPEC = 250;
const TRIES_PER_VIEWER = 4;
const VIEWERS = [0, 1, 2, 3, SPECTATOR];

/** Plain assertions inside the loops (vitest's expect is slow when called this often). */
function check(condition: boolean, message: () => string): void {
  if (!condition) throw new Error(message());
}

/** A random deal played to a random point: its setup and the moves (calls and cards as integers) so far. */
function randomHistory(spec: RulesSpec, rng: Rng) {
  const rules = rulesOf(spec);
  const dealer = randomInt(rng, 4);
  const hands = Array.from(dealMasks(rng, dealer));
  const inBokRound = randomInt(rng, 4) === 0;
  const deal = Deal.of(rules, dealer, hands, inBokRound);
  const passBias = [0, 0.5, 0.8, 0.95][randomInt(rng, 4)]!; // many deals with no game declared
  const stop = randomInt(rng, 36); // often the whole deal, often part of it
  const moves: number[] = [];
  const buf: number[] = [];
  while (!deal.isComplete && moves.length < stop) {
    const n = deal.legalMovesInto(buf);
    const pass = deal.phase === 'auction' && buf[0] === 0 && rng.nextUint32() / 2 ** 32 < passBias;
    const move = pass ? 0 : buf[randomInt(rng, n)]!;
    check(deal.applyMove(move) === null, () => 'a legal move was refused');
    moves.push(move);
  }
  return { rules, dealer, hands, inBokRound, moves, deal };
}

/** The views of one viewer after each move of the history (index 0: before the first). */
function viewsAlong(deal: Deal, moves: number[], viewer: number): string[] | null {
  const out = [JSON.stringify(viewFor(deal, viewer))];
  for (const m of moves) {
    if (deal.applyMove(m) !== null) return null; // the history is illegal on these hands
    out.push(JSON.stringify(viewFor(deal, viewer)));
  }
  return out;
}

describe('viewFor gives away nothing the viewer cannot know // RULES §2', () => {
  const totals = { deals: 0, compared: 0, differing: 0, sidesDiffer: 0, inconsistent: 0, views: 0 };

  it.each(SPECS.map((s) => [typeof s === 'string' ? s : JSON.stringify(s), s] as const))(
    '%s: each viewer sees the same in every re-deal consistent with the history',
    (_, spec) => {
      const rng = new SeededRng(`view-secrecy:${JSON.stringify(spec)}`);
      for (let n = 0; n < DEALS_PER_SPEC; n++) {
        const { rules, dealer, hands, inBokRound, moves, deal } = randomHistory(spec, rng);
        totals.deals++;
        for (const viewer of VIEWERS) {
          const truth = viewsAlong(Deal.of(rules, dealer, hands, inBokRound), moves, viewer)!;
          for (let t = 0; t < TRIES_PER_VIEWER; t++) {
            const other = redeal(deal, viewer, rng);
            const replayed = Deal.of(rules, dealer, other, inBokRound);
            const views = viewsAlong(replayed, moves, viewer);
            if (!views) {
              totals.inconsistent++;
              continue;
            }
            totals.compared++;
            if (other.some((h, s) => h !== hands[s])) totals.differing++;
            // The re-deal changes what the engine knows and the viewer must not: the contract or who is old.
            if (replayed.contract !== deal.contract || replayed.oldSeats !== deal.oldSeats) totals.sidesDiffer++;
            for (let k = 0; k < views.length; k++) {
              totals.views++;
              check(
                views[k] === truth[k],
                () =>
                  `viewer ${viewer}, ${JSON.stringify(spec)}, dealer ${dealer}, hands ${hands.join(',')} ` +
                  `re-dealt ${other.join(',')}, after ${k} of moves ${moves.join(',')}:\n  real:    ${truth[k]}\n` +
                  `  re-deal: ${views[k]}`,
              );
            }
          }
        }
      }
    },
  );

  it('compared enough re-deals that differ from the real deal for the property to mean something', () => {
    expect(totals.deals).toBe(SPECS.length * DEALS_PER_SPEC);
    expect(totals.differing).toBeGreaterThan(totals.deals * 5);
    expect(totals.sidesDiffer).toBeGreaterThan(totals.deals / 2);
    expect(totals.views).toBeGreaterThan(totals.deals * 100);
    console.log(`view secrecy: ${JSON.stringify(totals)}`);
  });
});

// Random positions for the solvers' agreement tests: every preset, the as–trzy–dychy order and gran
// without the duty to trump, every contract a random auction reaches, from the first lead to the
// last trick, mid-trick too.
import {
  type Contract,
  type Deal,
  type Preset,
  Deal as DealClass,
  SeededRng,
  dealMasks,
  randomInt,
  rulesOf,
} from '@baska/engine';
import { BLACK_QUEENS } from '@baska/engine/fast';
import { type Position, positionOf } from '@baska/ai';

export const PRESETS: Preset[] = ['standard', 'leborsk', 'znin', 'kop'];

/** Random positions: a random auction (pass-biased), then a random number of random cards. */
export function* randomPositions(count: number, seed: number): Generator<{ deal: Deal; p: Position }> {
  const rng = new SeededRng(seed);
  const buf: number[] = [];
  let made = 0;
  for (let i = 0; made < count; i++) {
    const preset = PRESETS[i & 3]!;
    const variant =
      i % 7 === 0
        ? { preset, cardOrder: 'asTrzyDychy' as const }
        : i % 11 === 0
          ? { preset, granMustTrump: false }
          : preset;
    const dealer = randomInt(rng, 4);
    const d = DealClass.of(rulesOf(variant), dealer, dealMasks(rng, dealer));
    while (d.phase === 'auction') {
      const k = d.legalMovesInto(buf);
      d.applyMove(rng.nextUint32() % 3 !== 0 ? 0 : buf[randomInt(rng, k)]!);
    }
    if (d.phase !== 'play') continue;
    const skip = randomInt(rng, 13);
    for (let j = 0; j < skip; j++) {
      const k = d.legalMovesInto(buf);
      d.applyMove(buf[randomInt(rng, k)]!);
    }
    made++;
    yield { deal: d, p: positionOf(d) };
  }
}

/**
 * Whole deals of one contract from the first lead (as bench/deals.js makes them): random deals,
 * the declarer calling the contract and the others passing; cicha and wesele need a hand with both
 * black queens, zwyczajna a deal without one.
 */
export function firstLeadsOf(contract: Contract, count: number, seed: number): Position[] {
  const rng = new SeededRng(`${seed}:${contract}`);
  const rules = rulesOf('standard');
  const out: Position[] = [];
  while (out.length < count) {
    const dealer = randomInt(rng, 4);
    const hands = dealMasks(rng, dealer);
    const bq = [0, 1, 2, 3].find((s) => (hands[s]! & BLACK_QUEENS) === BLACK_QUEENS);
    const d = DealClass.of(rules, dealer, hands);
    const declarer = contract === 'cicha' || contract === 'wesele' ? (bq ?? -1) : randomInt(rng, 4);
    if ((contract === 'cicha' || contract === 'wesele') && declarer < 0) continue;
    if (contract === 'zwyczajna' && bq !== undefined) continue;
    while (d.phase === 'auction') {
      const call =
        d.toAct === declarer && d.declaredGame === null && contract !== 'cicha' && contract !== 'zwyczajna'
          ? contract
          : 'pass';
      if (!d.apply(call).ok) throw new Error(`cannot call ${call}`);
    }
    if (d.contract !== contract) throw new Error(`wanted ${contract}, got ${d.contract}`);
    out.push(positionOf(d));
  }
  return out;
}

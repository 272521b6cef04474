// The benchmarks' deals, seeded: random deals played into each contract to the first lead. No
// Node-only import here: the browser's A/B page (solver-wasm-chromium.js) uses them too.
import { Deal, SeededRng, dealMasks, randomInt, rulesOf } from '@baska/engine';
import { BLACK_QUEENS } from '@baska/engine/fast';
import { positionOf } from '@baska/ai';

export const CONTRACTS = ['zwyczajna', 'cicha', 'wesele', 'gran', 'zollo', 'gran-du', 'zollo-du'];

/** Random deals (dealer rotating) played into the given contract; the positions at the first lead. */
export function positions(contract, n, seed) {
  const rng = new SeededRng(`${seed}:${contract}`);
  const rules = rulesOf({ preset: 'standard' });
  const out = [];
  while (out.length < n) {
    const dealer = randomInt(rng, 4);
    const hands = dealMasks(rng, dealer);
    const bq = [0, 1, 2, 3].find((s) => (hands[s] & BLACK_QUEENS) === BLACK_QUEENS);
    const d = Deal.of(rules, dealer, hands);
    let declarer = -1;
    if (contract === 'cicha' || contract === 'wesele') declarer = bq ?? -1;
    else if (contract !== 'zwyczajna') declarer = randomInt(rng, 4);
    if ((contract === 'cicha' || contract === 'wesele') && declarer < 0) continue;
    if (contract === 'zwyczajna' && bq !== undefined) continue;
    while (d.phase === 'auction') {
      const call = d.toAct === declarer && d.declaredGame === null && contract !== 'cicha' ? contract : 'pass';
      if (!d.apply(call).ok) throw new Error(`cannot call ${call}`);
    }
    if (d.contract !== contract) throw new Error(`wanted ${contract}, got ${d.contract}`);
    out.push(positionOf(d));
  }
  return out;
}

/** Deals at the first lead, each contract of `positions` in bench/solver; here zwyczajna and gran. */
export function firstLeads(n, seed) {
  const rng = new SeededRng(`${seed}:analysis`);
  const out = [];
  while (out.length < n) {
    const dealer = randomInt(rng, 4);
    const d = Deal.of(rulesOf('standard'), dealer, dealMasks(rng, dealer));
    const game = out.length % 2 === 0 ? null : 'gran';
    const declarer = randomInt(rng, 4);
    while (d.phase === 'auction') {
      const call = game && d.toAct === declarer && d.declaredGame === null ? game : 'pass';
      if (!d.apply(call).ok) break;
    }
    if (d.phase === 'play') out.push(d);
  }
  return out;
}

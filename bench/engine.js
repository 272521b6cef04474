// bench/engine: random complete deals per second on one core (issue: at least 300,000).
// Each deal: a shuffle, a random legal auction, random legal play, scoring.
import { Deal, SeededRng, dealMasks, randomInt, rulesOf, shuffleDeck } from '@baska/engine';

const TARGET = 300_000;

/** Play `n` random deals on one Deal object; returns deals per second. */
export function randomDeals(preset, n, seed = 1) {
  const rng = new SeededRng(seed);
  const deck = new Uint8Array(16);
  const moves = new Uint8Array(64);
  const hands = new Uint16Array(4);
  const deal = Deal.of(rulesOf(preset), 0, [0x000f, 0x00f0, 0x0f00, 0xf000]);
  const contracts = new Map();
  let dealer = 0;
  let checksum = 0;
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    dealer = (dealer + 1) & 3;
    deal.reset(dealer, dealMasks(rng, dealer, shuffleDeck(rng, deck), hands));
    while (!deal.isComplete) {
      const count = deal.legalMovesInto(moves);
      // A random legal auction in which a player passes three times in four (so that every contract
      // turns up, not only the zollo-du that uniform choice among calls reaches), then uniform play.
      const pick =
        deal.phase === 'auction' && moves[0] === 0 && (rng.nextUint32() & 3) !== 0 ? 0 : randomInt(rng, count);
      const error = deal.applyMove(moves[pick]);
      if (error) throw new Error(error.message);
    }
    checksum += deal.outcome.scores[0];
    contracts.set(deal.contract, (contracts.get(deal.contract) ?? 0) + 1);
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return { preset, deals: n, seconds, perSecond: n / seconds, contracts, checksum };
}

export function run() {
  console.log('bench/engine — random complete deals (shuffle, random legal auction, random play, score), one core');
  randomDeals('standard', 50_000); // warm-up
  const rows = [];
  for (const preset of ['standard', 'leborsk', 'znin', 'kop']) {
    const r = randomDeals(preset, 1_000_000, 7);
    rows.push(r);
    const mix = [...r.contracts]
      .sort((a, b) => b[1] - a[1])
      .map(([c, k]) => `${c} ${((100 * k) / r.deals).toFixed(1)}%`);
    console.log(
      `  ${preset.padEnd(9)} ${Math.round(r.perSecond).toLocaleString('en').padStart(9)} deals/s  (${r.deals.toLocaleString('en')} deals in ${r.seconds.toFixed(2)} s)  ${mix.join(', ')}`,
    );
  }
  const worst = Math.min(...rows.map((r) => r.perSecond));
  console.log(
    `  slowest preset: ${Math.round(worst).toLocaleString('en')} deals/s — target ${TARGET.toLocaleString('en')}: ${worst >= TARGET ? 'met' : 'NOT met'}`,
  );
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) run();

// bench/analysis: a complete first-lead decision (every legal card × every layout of the twelve
// unseen cards) and a complete bidding analysis of one hand (every contract it may declare and
// passing × every layout), on one core and with the worker pool on all cores.
// The targets: a first-lead decision in at most 250 ms on one core; a bidding analysis in
// at most 1 s on one core.
import { availableParallelism } from 'node:os';
import { SeededRng, dealMasks, randomInt, rulesOf } from '@baska/engine';
import {
  AuctionReplay,
  Solver,
  afterCard,
  bruteForce,
  decisionJob,
  forEachHolding,
  knowledgeOf,
  positionOf,
  runJob,
} from '@baska/ai';
import { AnalysisPool } from '@baska/ai/pool';
import { firstLeads } from './deals.js';

const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;

/**
 * The brute-force reference on the first `n` layouts of a first-lead decision: milliseconds per
 * (layout, card), each the plain minimax of the position after the card.
 */
function bruteLead(deal, n) {
  const k = knowledgeOf(deal, deal.toAct);
  const replay = new AuctionReplay(k);
  const base = positionOf(deal);
  const cards = [];
  for (let m = deal.legalCardMask(); m !== 0; m &= m - 1) cards.push(31 - Math.clz32(m & -m));
  const positions = [];
  forEachHolding(k, (h) => {
    const d = replay.replay(h, k.calls);
    if (d !== null) positions.push({ ...base, hands: [h[0], h[1], h[2], h[3]], oldSeats: d.oldSeats });
    return positions.length >= n;
  });
  const t0 = process.hrtime.bigint();
  let x = 0;
  for (const p of positions) for (const c of cards) x += bruteForce(afterCard(p, c));
  return { perProblem: ms(t0) / (positions.length * cards.length), checksum: x };
}

export async function run(count = 6) {
  console.log(`bench/analysis — ${count} first-lead decisions and ${count} bidding analyses (standard)`);
  const deals = firstLeads(count, 1);
  const solver = new Solver();
  runJob(decisionJob(deals[0]), 0, 1, { solver }); // warm-up
  let worst = 0;
  let sum = 0;
  let problems = 0;
  for (const d of deals) {
    const t0 = process.hrtime.bigint();
    const s = runJob(decisionJob(d), 0, 1, { solver: new Solver() });
    const t = ms(t0);
    sum += t;
    problems += s.actions.length * s.layouts;
    worst = Math.max(worst, t);
    console.log(
      `  first lead, ${d.contract.padEnd(9)} ${s.actions.length} cards × ${s.layouts.toLocaleString('en')} layouts: ${t.toFixed(0)} ms`,
    );
  }
  const leadMean = sum / deals.length;
  // The brute-force reference in the same run, on the first 60 layouts of every deal.
  let brutePer = 0;
  for (const d of deals) brutePer += bruteLead(d, 60).perProblem / deals.length;
  const solverPer = sum / problems;
  console.log(
    `  brute force: ${(brutePer * 1000).toFixed(0)} µs per layout and card; the solver ${(solverPer * 1000).toFixed(1)} µs, ${(brutePer / solverPer).toFixed(0)}× faster`,
  );
  const pool = new AnalysisPool(availableParallelism());
  let poolSum = 0;
  await pool.run(decisionJob(deals[0])); // warm-up of the workers
  for (const d of deals) {
    const t0 = process.hrtime.bigint();
    await pool.run(decisionJob(d));
    poolSum += ms(t0);
  }
  console.log(
    `  first-lead decision, one core: mean ${leadMean.toFixed(0)} ms, slowest ${worst.toFixed(0)} ms (target ≤ 250 ms: ${leadMean <= 250 ? 'met' : 'NOT met'}, ${(250 / leadMean).toFixed(2)}× the target's speed; brute force would take ${((brutePer * problems) / deals.length / 1000).toFixed(0)} s); pool of ${pool.size}: mean ${(poolSum / deals.length).toFixed(0)} ms`,
  );
  const rng = new SeededRng('2:hands');
  let handSum = 0;
  let handWorst = 0;
  let handPool = 0;
  for (let i = 0; i < count; i++) {
    const dealer = randomInt(rng, 4);
    const hands = dealMasks(rng, dealer);
    const seat = randomInt(rng, 4);
    const job = { kind: 'hand', rules: rulesOf('standard'), inBokRound: false, dealer, seat, hand: hands[seat] };
    let t0 = process.hrtime.bigint();
    const s = runJob(job, 0, 1, { solver: new Solver() });
    const t = ms(t0);
    handSum += t;
    handWorst = Math.max(handWorst, t);
    t0 = process.hrtime.bigint();
    await pool.run(job);
    handPool += ms(t0);
    console.log(
      `  bidding, ${s.actions.join(' ').padEnd(40)} × ${s.layouts.toLocaleString('en')} layouts: ${t.toFixed(0)} ms`,
    );
  }
  await pool.close();
  const handMean = handSum / count;
  console.log(
    `  bidding analysis, one core: mean ${handMean.toFixed(0)} ms, slowest ${handWorst.toFixed(0)} ms (target ≤ 1000 ms: ${handMean <= 1000 ? 'met' : 'NOT met'}, ${(1000 / handMean).toFixed(2)}× the target's speed); pool of ${pool.size}: mean ${(handPool / count).toFixed(0)} ms`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await run();

// bench/analysis: a complete first-lead decision (every legal card × every layout of the twelve
// unseen cards) and a complete bidding analysis of one hand (every contract it may declare and
// passing × every layout), on one core and with the worker pool on all cores.
// The targets: a first-lead decision in at most 250 ms on one core; a bidding analysis in
// at most 1 s on one core.
import { availableParallelism } from 'node:os';
import { Deal, SeededRng, dealMasks, randomInt, rulesOf } from '@baska/engine';
import { Solver, decisionJob, runJob } from '@baska/ai';
import { AnalysisPool } from '@baska/ai/pool';

/** Deals at the first lead, each contract of `positions` in bench/solver; here zwyczajna and gran. */
function firstLeads(n, seed) {
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

const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;

export async function run(count = 6) {
  console.log(`bench/analysis — ${count} first-lead decisions and ${count} bidding analyses (standard)`);
  const deals = firstLeads(count, 1);
  const solver = new Solver();
  runJob(decisionJob(deals[0]), 0, 1, { solver }); // warm-up
  let worst = 0;
  let sum = 0;
  for (const d of deals) {
    const t0 = process.hrtime.bigint();
    const s = runJob(decisionJob(d), 0, 1, { solver: new Solver() });
    const t = ms(t0);
    sum += t;
    worst = Math.max(worst, t);
    console.log(
      `  first lead, ${d.contract.padEnd(9)} ${s.actions.length} cards × ${s.layouts.toLocaleString('en')} layouts: ${t.toFixed(0)} ms`,
    );
  }
  const leadMean = sum / deals.length;
  const pool = new AnalysisPool(availableParallelism());
  let poolSum = 0;
  await pool.run(decisionJob(deals[0])); // warm-up of the workers
  for (const d of deals) {
    const t0 = process.hrtime.bigint();
    await pool.run(decisionJob(d));
    poolSum += ms(t0);
  }
  console.log(
    `  first-lead decision, one core: mean ${leadMean.toFixed(0)} ms, slowest ${worst.toFixed(0)} ms (target ≤ 250 ms: ${leadMean <= 250 ? 'met' : 'NOT met'}, ${(250 / leadMean).toFixed(2)}× the target's speed); pool of ${pool.size}: mean ${(poolSum / deals.length).toFixed(0)} ms`,
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

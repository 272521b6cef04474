// bench/bots: decision times of each level on one core, over complete deals in which it holds all
// four seats (standard and kop). The targets: basic under 1 ms a decision; expert median at
// most 50 ms and 99th percentile at most 300 ms (also reported by every `baska arena` run).
import { SeededRng, rulesOf, viewFor } from '@baska/engine';
import { ARENA_BOTS, BOTS, newTable } from '@baska/ai';

function quantile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

function timeLevel(name, preset, deals) {
  const bot = BOTS[name] ?? ARENA_BOTS[name];
  const table = newTable({ rules: rulesOf(preset), seed: `bench:${preset}` });
  const rng = new SeededRng(`bench:${name}`);
  const all = [];
  const choice = [];
  for (let i = 0; i < deals; i++) {
    const d = table.newDeal().value;
    while (!d.isComplete) {
      const view = viewFor(d, d.toAct);
      const t0 = process.hrtime.bigint();
      const action = bot.decide(view, rng);
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      all.push(ms);
      if (view.legal.length > 1) choice.push(ms);
      table.apply(action);
    }
  }
  const sorted = Float64Array.from(all).sort();
  const chosen = Float64Array.from(choice).sort();
  const mean = all.reduce((a, b) => a + b, 0) / all.length;
  return {
    decisions: all.length,
    mean,
    median: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    max: sorted[sorted.length - 1],
    choiceMedian: quantile(chosen, 0.5),
    choiceP99: quantile(chosen, 0.99),
  };
}

export function run() {
  console.log('bench/bots — decision times on one core (ms), each level in all four seats');
  for (const [name, deals] of [
    ['basic', 4000],
    ['expert', 150],
    ['expert-1', 150],
  ]) {
    for (const preset of ['standard', 'kop']) {
      timeLevel(name, preset, Math.ceil(deals / 20)); // warm-up
      const t = timeLevel(name, preset, deals);
      const f = (x) => x.toFixed(3);
      console.log(
        `  ${name.padEnd(8)} ${preset.padEnd(8)} ${deals} deals, ${t.decisions} decisions: mean ${f(t.mean)}, median ${f(t.median)}, p99 ${f(t.p99)}, max ${t.max.toFixed(1)}; with a choice: median ${f(t.choiceMedian)}, p99 ${f(t.choiceP99)}`,
      );
    }
  }
  console.log(
    '  targets: basic under 1 ms; expert median ≤ 50 ms, p99 ≤ 300 ms (expert-1, the first expert, for comparison)',
  );
}

if (import.meta.url === `file://${process.argv[1]}`) run();

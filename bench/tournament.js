// bench/tournament: the standings of a 250-player tournament with 4 complete rounds (32 deals a
// table of four, 36 at a table of five) and the draw of its 4th round, each on one core
// (issue: each well under a second).
import { SeededRng, randomInt } from '@baska/engine';
import {
  checkTournament,
  drawInto,
  makeTournament,
  parseTournament,
  repeatedPairs,
  standings,
  withDeals,
} from '@baska/tournament';

const PLAYERS = 250;
const VALUES = [1, 1, 1, 2, 2, 3, 4, 5, 5, 10, 15];

/** A deal's scores as the game makes them: two against two (±v) or one against three (±3v, ∓v). */
export function row(rng, size, deal) {
  const out = size === 5 ? deal % 5 : -1;
  const seats = [...Array(size).keys()].filter((s) => s !== out);
  const v = VALUES[randomInt(rng, VALUES.length)] * (randomInt(rng, 2) ? 1 : -1);
  const r = Array(size).fill(0);
  if (out >= 0) r[out] = null;
  if (randomInt(rng, 3) === 0) {
    const solo = seats[randomInt(rng, 4)];
    for (const s of seats) r[s] = s === solo ? 3 * v : -v;
  } else {
    const partner = seats[1 + randomInt(rng, 3)];
    for (const s of seats) r[s] = s === seats[0] || s === partner ? v : -v;
  }
  return r;
}

function fill(t, k, rng) {
  for (const table of t.file.rounds[k - 1].tables) {
    const size = table.players.length;
    const rows = Array.from({ length: t.format.deals[size] }, (_, i) => row(rng, size, i));
    const next = withDeals(t, k, table.table, rows);
    if (!next.ok) throw new Error(next.error.message);
    t = next.value;
  }
  return t;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
function time(f, runs) {
  const ms = [];
  let value;
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    value = f();
    ms.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return { ms: median(ms), value };
}

export function run() {
  console.log(`bench/tournament — ${PLAYERS} players, 4 rounds, one core (target: each well under 1 s)`);
  const rng = new SeededRng('bench-tournament');
  const players = Array.from({ length: PLAYERS }, (_, i) => ({ id: `p${i + 1}`, name: `Gracz ${i + 1}` }));
  let t = checkTournament({ name: 'bench', format: 'znin', rules: 'znin', seed: 'bench', players, rounds: [] }).value;
  for (let k = 1; k <= 3; k++) t = fill(drawInto(t, k).value, k, rng);
  const draw = time(() => drawInto(t, 4), 5);
  if (!draw.value.ok) throw new Error(draw.value.error.message);
  const earlier = t.file.rounds.flatMap((r) => r.tables.map((x) => x.players));
  const repeats = repeatedPairs(
    draw.value.value.file.rounds[3].tables.map((x) => x.players),
    earlier,
  );
  t = fill(draw.value.value, 4, rng);
  const text = makeTournament(t.file);
  const deals = t.file.rounds.flatMap((r) => r.tables).reduce((s, x) => s + x.protocol.length, 0);
  const s = time(() => {
    const parsed = parseTournament(text);
    if (!parsed.ok) throw new Error(parsed.error.message);
    return standings(parsed.value);
  }, 9);
  console.log(
    `  standings (parse + check + rank, ${deals} protocol rows, ${(text.length / 1024).toFixed(0)} KiB): ${s.ms.toFixed(1)} ms`,
  );
  console.log(
    `  draw of round 4 (${draw.value.value.file.rounds[3].tables.length} tables): ${draw.ms.toFixed(1)} ms, ${repeats} repeated pairs`,
  );
  const met = s.ms < 1000 && draw.ms < 1000;
  console.log(`  target (each under 1000 ms): ${met ? 'met' : 'NOT met'}`);
  return { standingsMs: s.ms, drawMs: draw.ms, repeats };
}

if (import.meta.url === `file://${process.argv[1]}`) run();

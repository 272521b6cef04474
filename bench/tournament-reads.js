// bench/tournament-reads: what an anonymous reader costs the server on a large tournament: a legal
// online tournament of 2,000 players (500 tables) with two complete rounds of 32 deals a table,
// imported into a real server process; then each public read (the page, the event log, the file,
// both CSV files, a round's protocols) asked again and again, one at a time, timed from outside.
// The first read of a tournament's version may compute; every further read of the same version
// must not (issue: a few clients reading a 2,000-player tournament slowed every table). Prints, for
// each, the first read's time, the later reads' median time (the client's reading of a large answer
// included) and the server's CPU time per later read (from /proc), against the target: under 20 ms
// of the server's CPU a later read.
//
//   node bench/tournament-reads.js [--players 2000] [--rounds 2] [--reads 30]
import { parseArgs } from 'node:util';
import { SeededRng } from '@baska/engine';
import { checkTournament, drawInto, makeTournament } from '@baska/tournament';
import { cpuSeconds, startServer } from './server.js';
import { row } from './tournament.js';

const TARGET_MS = 20;
/** The tournament file: drawn round by round by the core, every table's protocol full. */
function tournamentFile(players, rounds) {
  const rng = new SeededRng('bench-tournament-reads');
  const list = Array.from({ length: players }, (_, i) => ({ id: `p${i + 1}`, name: `Gracz ${i + 1}` }));
  let t = checkTournament({
    name: 'Wielki turniej',
    format: 'znin',
    rules: 'znin',
    seed: 'reads',
    players: list,
    rounds: [],
  }).value;
  for (let k = 1; k <= rounds; k++) {
    const drawn = drawInto(t, k);
    if (!drawn.ok) throw new Error(drawn.error.message);
    const file = JSON.parse(JSON.stringify(drawn.value.file));
    for (const table of file.rounds[k - 1].tables) {
      const size = table.players.length;
      table.protocol = Array.from({ length: t.format.deals[size] }, (_, i) => row(rng, size, i));
    }
    const checked = checkTournament(file);
    if (!checked.ok) throw new Error(checked.error.message);
    t = checked.value;
  }
  return makeTournament(t.file);
}

async function call(url, cookie, method, path, body) {
  const r = await fetch(url + path, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await r.text();
  if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${text.slice(0, 300)}`);
  return { text, cookie: r.headers.get('set-cookie')?.split(';')[0] ?? cookie };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

export async function run(argv = []) {
  const { values } = parseArgs({
    args: argv,
    options: { players: { type: 'string' }, rounds: { type: 'string' }, reads: { type: 'string' } },
  });
  const players = Number(values.players ?? 2000);
  const rounds = Number(values.rounds ?? 2);
  const reads = Number(values.reads ?? 30);
  const file = tournamentFile(players, rounds);
  console.log(
    `bench/tournament-reads — ${players} players, ${rounds} complete rounds (${(file.length / 1024).toFixed(0)} KiB), ` +
      `${reads} anonymous reads of each, one at a time (target: under ${TARGET_MS} ms of the server's CPU a later read)`,
  );
  const server = await startServer({ BASKA_HTTP_PER_SECOND: '1000000' });
  try {
    const { cookie } = await call(server.url, '', 'POST', '/api/register', {
      name: 'Sędzia Wielki',
      password: 'kaszëbë-1234',
    });
    const imported = await call(server.url, cookie, 'POST', '/api/tournaments/import', { file, mode: 'online' });
    const id = JSON.parse(imported.text).tournament.id;
    const paths = {
      page: `/api/tournaments/${id}`,
      events: `/api/tournaments/${id}/events`,
      file: `/api/tournaments/${id}/file`,
      'standings.csv': `/api/tournaments/${id}/standings.csv`,
      'standings.csv (Excel)': `/api/tournaments/${id}/standings.csv?excel=pl`,
      'protocols (round 1)': `/api/tournaments/${id}/protocols?round=1`,
    };
    let worst = 0;
    for (const [name, path] of Object.entries(paths)) {
      const ms = [];
      let bytes = 0;
      let cpu = 0;
      for (let i = 0; i < reads; i++) {
        if (i === 1) cpu = cpuSeconds(server.pid);
        const t0 = performance.now();
        bytes = (await call(server.url, '', 'GET', path)).text.length;
        ms.push(performance.now() - t0);
      }
      const cpuMs = ((cpuSeconds(server.pid) - cpu) * 1000) / (reads - 1);
      worst = Math.max(worst, cpuMs);
      console.log(
        `  ${name.padEnd(22)} ${(bytes / 1024).toFixed(0).padStart(5)} KiB: first ${ms[0].toFixed(1)} ms, ` +
          `later ${median(ms.slice(1)).toFixed(1)} ms (server CPU ${cpuMs.toFixed(1)} ms a read)`,
      );
    }
    console.log(
      `  target (under ${TARGET_MS} ms of the server's CPU a later read): ${worst < TARGET_MS ? 'met' : 'NOT met'} (most ${worst.toFixed(1)} ms)`,
    );
    return { worstServerCpuMs: worst };
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run(process.argv.slice(2));

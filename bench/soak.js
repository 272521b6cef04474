// bench/soak: endless tables played deal after deal against one server process for some minutes,
// printing the server's memory over time (RSS, and the heap after a full garbage collection) and
// its slope in MB a minute and KB a deal, each with its 95% confidence interval. A table's memory
// must not grow with the deals it has played: once the tables are set up and their recent events and
// rows have filled up (the warm-up), the heap's slope should be indistinguishable from zero. Each table seats one client (a guest who
// plays a random legal card or call after `thinkMs`) and three of the server's bots; `deals: 0`,
// no pause between deals. The server runs with `--expose-gc` and bench/soak-probe.js, which answers
// the samples over an IPC channel.
//
//   node bench/soak.js [--tables 30] [--minutes 4] [--warmup-deals 40] [--server FILE ...]
//   node bench/soak.js --tables 100 --minutes 10          (the soak; long: not by default)
//
// `--server FILE` (repeatable) runs another checkout's packages/server/bin/baska-server.js beside
// this one's: each server gets its own tables and the same load, so two builds are compared in one
// run. `--snapshots DIR` writes a heap snapshot of each server at the first sample and at the end
// (bench/heap-diff.js compares two by constructor).
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { io } from 'socket.io-client';
import { http, startServer } from './server.js';

const USAGE = `usage: node bench/soak.js [options]

  --tables N          endless tables per server, each one client and three bots (default 30)
  --minutes M         how long the tables play (default 4)
  --sample-seconds S  seconds between memory samples (default 5); the first is taken after S
  --warmup-deals D    samples before each table has played D deals on average are printed but
                      left out of the slopes (default 40): each table's recent events for resync
                      (history.ts, 512 of them, some 25 deals') and its last rows of the sheet
                      (24) fill up meanwhile, a bounded growth; on a busy machine that takes longer
  --warmup-seconds S  and at least S seconds (default 60)
  --think-ms MS       the client's thinking time before each move, ±50% (default 100)
  --bot-delay-ms MS   the server's bots' delay before each move (BASKA_BOT_DELAY_MS, default 100)
  --level LEVEL       the bots' level: random, basic or expert (default basic)
  --db WHICH          sqlite or postgres (default sqlite; PostgreSQL at BASKA_BENCH_PG_URL, default
                      the local server, in a schema of its own that is dropped afterwards)
  --server FILE       a server's bin/baska-server.js (repeatable; default this checkout's): each
                      runs with its own tables, side by side
  --snapshots DIR     heap snapshots of each server at the first sample and at the end (writing
                      one raises the RSS by a lasting 100+ MB: read the heap's figures then)

The issue's soak, 100 tables for 10 minutes: --tables 100 --minutes 10`;

const THIS_SERVER = fileURLToPath(new URL('../packages/server/bin/baska-server.js', import.meta.url));
const PROBE = fileURLToPath(new URL('./soak-probe.js', import.meta.url));
const PG_URL = process.env.BASKA_BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/test';
const MB = 1024 * 1024;
/**
 * The target: a deal adds (next to) nothing to the heap once the tables have warmed up (a table
 * keeps its last rows only; every deal's row and record entry is in the database). Met when the
 * upper end of the 95% interval of the heap's growth a deal is under this bound; "flat" when the
 * interval holds 0. Before, a table kept every deal's row, record entry and proof, some 1.3–1.4 KB
 * a deal, and a whole Deal, some 4 KB, before that. A long run shows a slower fill-up for some
 * minutes after the warm-up (some 0.3 MB at 30 tables), then none.
 */
const TARGET_KB_PER_DEAL = 0.25;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** One server process with the probe preloaded; `ask(m)` sends the probe a message and resolves with its answer. */
async function startSoakServer(main, env) {
  const server = await startServer(env, undefined, { main, execArgv: ['--expose-gc', '--import', PROBE], ipc: true });
  return {
    main,
    pid: server.pid,
    url: server.url,
    ask: (m) =>
      new Promise((resolve) => {
        server.child.once('message', resolve);
        server.child.send(m);
      }),
    stop: server.stop,
  };
}

/** One endless table: a guest at seat 0 who plays at random, three bots; started. Counts its deals. */
async function startTable(server, n, opts, state) {
  const { cookie } = await http(server.url, '', 'POST', '/api/guest', { nickname: `Gracz ${n}` });
  const created = await http(server.url, cookie, 'POST', '/api/tables', {
    seat: 0,
    secondsPerMove: 3600,
    deals: 0,
    pauseSeconds: 0,
    public: false,
    bots: opts.level,
  });
  const id = created.json.table.id;
  const socket = await new Promise((resolve, reject) => {
    const s = io(server.url, { extraHeaders: { cookie }, transports: ['websocket'], reconnection: false });
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
  let acted = -1;
  socket.on('message', (m) => {
    if (m.type === 'error') state.errors++;
    if (m.type === 'event' && m.event.type === 'deal') state.deals++;
    const view = m.view;
    if (state.stopping || !view || view.toAct !== m.seat || !view.legal.length || m.version <= acted) return;
    acted = m.version;
    const action = view.legal[Math.floor(Math.random() * view.legal.length)];
    setTimeout(
      () => state.stopping || socket.emit('message', { type: 'act', table: id, version: m.version, action }),
      opts.thinkMs * (0.5 + Math.random()),
    );
  });
  const joined = new Promise((r) => socket.once('message', r));
  socket.emit('message', { type: 'join', table: id });
  await joined;
  await http(server.url, cookie, 'POST', `/api/tables/${id}/start`);
  return socket;
}

/** Student's t at 97.5% for `df` degrees of freedom (a 95% two-sided interval). */
function t975(df) {
  const table = [
    12.71, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131,
  ];
  if (df < 1) return NaN;
  if (df <= table.length) return table[df - 1];
  return df <= 30 ? 2.042 + (2.131 - 2.042) * ((30 - df) / 15) : 1.96 + 0.082 * (30 / df); // near enough
}

/**
 * The least-squares slope of y over x, with the half-width of its 95% confidence interval (from the
 * scatter of the points about the line: `slope ± half` holds the true slope 19 times in 20).
 */
export function fit(xs, ys) {
  const n = xs.length;
  if (n < 3) return { slope: n === 2 ? (ys[1] - ys[0]) / (xs[1] - xs[0]) : NaN, half: NaN };
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  const slope = num / den;
  let sse = 0;
  for (let i = 0; i < n; i++) sse += (ys[i] - my - slope * (xs[i] - mx)) ** 2;
  return { slope, half: t975(n - 2) * Math.sqrt(sse / (n - 2) / den) };
}

/** The soak itself; `envOf(i)` is server i's environment (its database). */
async function soak(opts, envOf) {
  const servers = [];
  for (const [i, main] of opts.servers.entries()) servers.push(await startSoakServer(main, envOf(i)));
  const states = servers.map(() => ({ deals: 0, errors: 0, stopping: false, samples: [] }));
  const sockets = [];
  for (let n = 0; n < opts.tables; n++)
    for (const [i, server] of servers.entries()) sockets.push(await startTable(server, n, opts, states[i]));
  const t0 = performance.now();
  const names = servers.map((_, i) => `server ${i + 1}`);
  servers.forEach((s, i) => console.log(`  ${names[i]}: ${s.main} (pid ${s.pid})`));
  console.log(`  ${''.padStart(5)}` + names.map((n) => ` | ${n.padEnd(22)}`).join(''));
  console.log(
    `  ${'s'.padStart(5)}` +
      names.map(() => ` | ${'deals'.padStart(6)} ${'RSS MB'.padStart(7)} ${'heap MB'.padStart(7)}`).join(''),
  );
  const sample = async (label) => {
    const t = (performance.now() - t0) / 1000;
    const cells = [];
    for (const [i, server] of servers.entries()) {
      const { memory } = await server.ask('sample');
      const st = states[i];
      st.samples.push({ t, deals: st.deals, rss: memory.rss / MB, heap: memory.heapUsed / MB, memory });
      cells.push(
        ` | ${String(st.deals).padStart(6)} ${(memory.rss / MB).toFixed(1).padStart(7)} ${(memory.heapUsed / MB).toFixed(1).padStart(7)}`,
      );
      if (opts.snapshots && (st.samples.length === 1 || label === 'last')) {
        const file = resolve(
          opts.snapshots,
          `server${i + 1}-${st.samples.length === 1 ? 'first' : 'last'}.heapsnapshot`,
        );
        await server.ask({ snapshot: file });
      }
    }
    console.log(`  ${t.toFixed(0).padStart(5)}${cells.join('')}`);
  };
  const end = t0 + opts.minutes * 60_000;
  while (performance.now() + opts.sampleSeconds * 1000 < end + 500) {
    await sleep(opts.sampleSeconds * 1000);
    await sample(performance.now() + opts.sampleSeconds * 1000 < end + 500 ? '' : 'last');
  }
  for (const st of states) st.stopping = true;
  for (const s of sockets) s.close();
  for (const s of servers) await s.stop();
  return servers.map((s, i) => {
    const st = states[i];
    const warm = (p) => p.t >= opts.warmupSeconds && p.deals >= opts.warmupDeals * opts.tables;
    const samples = st.samples.filter(warm);
    const xs = samples.map((p) => p.t / 60);
    const d = samples.map((p) => p.deals);
    const heap = samples.map((p) => p.heap);
    // What the heap grows by per deal played (at this server's pace): the per-deal leak, if any.
    const perDeal = fit(d, heap);
    return {
      server: names[i],
      main: s.main,
      deals: st.deals,
      errors: st.errors,
      samples: samples.length,
      from: samples[0]?.t,
      rssPerMinute: fit(
        xs,
        samples.map((p) => p.rss),
      ),
      heapPerMinute: fit(xs, heap),
      // The heap V8 has reserved (used or not), and the memory outside it (RSS − heapTotal: native
      // buffers, SQLite, the bot workers' own heaps, the allocator's free pages).
      reservedPerMinute: fit(
        xs,
        samples.map((p) => p.memory.heapTotal / MB),
      ),
      outsidePerMinute: fit(
        xs,
        samples.map((p) => (p.memory.rss - p.memory.heapTotal) / MB),
      ),
      heapPerDealKB: { slope: perDeal.slope * 1024, half: perDeal.half * 1024 },
      dealsPerMinute: fit(xs, d).slope,
      first: st.samples[0]?.memory,
      last: st.samples.at(-1)?.memory,
    };
  });
}

export async function run(argv = []) {
  const { values } = parseArgs({
    args: argv,
    options: {
      tables: { type: 'string', default: '30' },
      minutes: { type: 'string', default: '4' },
      'sample-seconds': { type: 'string', default: '5' },
      'warmup-seconds': { type: 'string', default: '60' },
      'warmup-deals': { type: 'string', default: '40' },
      'think-ms': { type: 'string', default: '100' },
      'bot-delay-ms': { type: 'string', default: '100' },
      level: { type: 'string', default: 'basic' },
      db: { type: 'string', default: 'sqlite' },
      server: { type: 'string', multiple: true },
      snapshots: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return [];
  }
  const opts = {
    tables: Number(values.tables),
    minutes: Number(values.minutes),
    sampleSeconds: Number(values['sample-seconds']),
    warmupSeconds: Number(values['warmup-seconds']),
    warmupDeals: Number(values['warmup-deals']),
    thinkMs: Number(values['think-ms']),
    level: values.level,
    servers: (values.server ?? [THIS_SERVER]).map((f) => resolve(f)),
    snapshots: values.snapshots && resolve(values.snapshots),
  };
  if (opts.snapshots) mkdirSync(opts.snapshots, { recursive: true });
  const env = { BASKA_BOT_DELAY_MS: values['bot-delay-ms'] };
  console.log(
    `bench/soak: ${opts.tables} endless tables (one client, three ${opts.level} bots; client thinks ${opts.thinkMs} ms ±50%, ` +
      `bots wait ${values['bot-delay-ms']} ms) on ${values.db === 'postgres' ? 'PostgreSQL' : 'SQLite'} for ${opts.minutes} min, ` +
      `memory after a full GC every ${opts.sampleSeconds} s; slopes once each table has played ${opts.warmupDeals} deals on average (and from ${opts.warmupSeconds} s on)`,
  );
  let results;
  if (values.db === 'postgres') {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    const schemas = opts.servers.map((_, i) => `soak_${process.pid}_${Date.now()}_${i}`);
    for (const s of schemas) await c.query(`create schema ${s}`);
    const urlOf = (schema) => {
      const u = new URL(PG_URL);
      u.searchParams.set('options', `-c search_path=${schema}`);
      return u.toString();
    };
    try {
      results = await soak(opts, (i) => ({ ...env, DATABASE_URL: urlOf(schemas[i]) }));
    } finally {
      for (const s of schemas) await c.query(`drop schema ${s} cascade`);
      await c.end();
    }
  } else results = await soak(opts, () => env);
  const f = (x, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : '–');
  const ci = ({ slope, half }, d = 2) => `${f(slope, d)} ± ${f(half, d)}`;
  const met = ({ slope, half }) => slope + half < TARGET_KB_PER_DEAL;
  /** Flat: the 95% interval of the heap's growth a deal holds zero. */
  const flat = ({ slope, half }) => slope - half <= 0;
  console.log('slopes after the warm-up, each ± the half-width of its 95% confidence interval:');
  console.log(
    `server      deals  deals/min   RSS MB/min        heap MB/min       heap KB/deal    errors  flat  target KB/deal < ${TARGET_KB_PER_DEAL} (the interval's top)`,
  );
  for (const r of results)
    console.log(
      `${r.server.padEnd(10)} ${String(r.deals).padStart(6)} ${f(r.dealsPerMinute, 0).padStart(10)} ${ci(r.rssPerMinute).padStart(16)} ` +
        `${ci(r.heapPerMinute, 3).padStart(18)} ${ci(r.heapPerDealKB, 3).padStart(16)} ${String(r.errors).padStart(7)}  ` +
        (r.samples < 3
          ? 'too few samples after the warm-up'
          : `${(flat(r.heapPerDealKB) ? 'yes' : 'no').padEnd(5)} ${met(r.heapPerDealKB) ? 'met' : 'NOT met'}`) +
        ` (${r.samples} samples from ${f(r.from, 0)} s)`,
    );
  // Where the RSS is, first sample → last: the heap V8 holds, the memory outside it (buffers, SQLite).
  for (const r of results) {
    const [a, b] = [r.first, r.last].map((m) => m ?? {});
    const part = (k) => `${k} ${f(a[k] / MB, 1)} → ${f(b[k] / MB, 1)}`;
    console.log(
      `  ${r.server} (MB): ${['heapTotal', 'external', 'arrayBuffers'].map(part).join(', ')}; after the warm-up, ` +
        `heapTotal ${ci(r.reservedPerMinute)} MB/min, outside the heap ${ci(r.outsidePerMinute)} MB/min`,
    );
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await run(process.argv.slice(2));
  process.exit(0);
}

// bench/server: N tables of four bot clients over real websockets on loopback against one server
// process, playing continuously (deal after deal). Prints actions per second and the latency from a
// client's action to the moment every seat of its table has the update (p50/p99/max), on SQLite and
// on PostgreSQL. The target on this 2-core machine: 500 tables (2,000 sockets), p99 under
// 100 ms. The clients think `thinkMs` (±50%) before each move, a brisk human pace. With
// `--bot-tables N`, N more tables seat one client and three expert bots of the server (moving after
// the same thinking time), so that the bots' thinking shares the server with the measured tables.
// With `--processes N` (N > 1), on PostgreSQL and this machine's Redis: the same load through nginx
// to one process, then to N processes, for each count of tables (`--tables 500,1500`), and the
// ratio of their throughputs.
//
//   node bench/server.js [--tables 500] [--bot-tables 0] [--seconds 30] [--warmup 5] [--think-ms 1000] [--db sqlite|postgres|both]
//   node bench/server.js --processes 3 [--tables 500,1500]
//
// BASKA_BENCH_CPU_PROF=DIR runs each server process with `node --cpu-prof`: each run's profiles
// (one .cpuprofile per process, written when it stops) go to DIR/<processes>p-<tables>t/. Each run
// also prints how long the phases of its setup took per table, early and late in the setup (what
// grows with the tables already set up shows there).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createClient } from 'redis';
import { io } from 'socket.io-client';
import { startNginx } from '../scripts/nginx.js';

const USAGE = `usage: node bench/server.js [options]

  --tables N      tables of four bot clients (default 500: 2,000 sockets)
  --bot-tables N  more tables of one client and three expert bots of the server (default 0);
                  not measured themselves: they load the server as players against bots do
  --seconds S     measured seconds (default 30)
  --warmup S      seconds of play before measuring (default 5)
  --think-ms MS   a client's thinking time before each move, ±50% (default 1000)
  --db WHICH      sqlite, postgres or both (default both; PostgreSQL at BASKA_BENCH_PG_URL,
                  default the local server, in a schema of its own that is dropped afterwards)
  --processes N   N server processes on PostgreSQL and Redis (BASKA_BENCH_REDIS_URL, default the
                  local one) behind nginx, next to one process behind the same nginx; --tables
                  may then list several counts (500,1500)

  BASKA_BENCH_CPU_PROF=DIR  profile each server process (node --cpu-prof) into DIR/<N>p-<tables>t/
  BASKA_BENCH_SERVER=FILE   run another checkout's packages/server/bin/baska-server.js (its build)`;

// BASKA_BENCH_SERVER: another checkout's server (its bin/baska-server.js, which runs that checkout's
// build), to measure two builds with the same load.
const MAIN =
  process.env.BASKA_BENCH_SERVER || fileURLToPath(new URL('../packages/server/bin/baska-server.js', import.meta.url));
const PG_URL = process.env.BASKA_BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BASKA_BENCH_REDIS_URL || 'redis://127.0.0.1:6379';
const CPU_PROF = process.env.BASKA_BENCH_CPU_PROF;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function quantile(sorted, q) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] : NaN;
}

/** A progress line on a terminal's stderr (nothing when piped). */
function progress(text) {
  if (process.stderr.isTTY) process.stderr.write(`\r\x1b[K${text}`);
}

/**
 * A server process on a port of its own, its limits per address lifted (every simulated player comes
 * from this one address), resolved when it prints its address. `opts.main`: another build's
 * bin/baska-server.js; `opts.execArgv`: node's own flags (a probe preloaded with --import);
 * `opts.ipc`: a channel to the process (`child.send`, the probe's answers as 'message'). `stop()`
 * ends it with SIGTERM, and with SIGKILL when a stuck event loop does not answer within 3 s.
 */
export async function startServer(env, profileDir, opts = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'baska-bench-'));
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(process.execPath, [...profile, ...(opts.execArgv ?? []), opts.main ?? MAIN], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      BASKA_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      BASKA_HTTP_PER_SECOND: '1000000',
      BASKA_MESSAGES_PER_SECOND: '1000',
      // Every simulated player comes from this one address: lift the caps per address.
      BASKA_SOCKETS_PER_ADDRESS: '100000',
      BASKA_OPEN_TABLES_PER_ADDRESS: '100000',
      BASKA_JOINS_PER_MINUTE: '1000000',
      BASKA_TRICK_PAUSE_MS: '0',
      // Setting up 1,500 tables takes longer than the grace after which a table nobody joined closes.
      BASKA_GRACE_SECONDS: '3600',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe', ...(opts.ipc ? ['ipc'] : [])],
  });
  if (opts.ipc) child.on('error', () => {}); // a message to a process that is gone
  let out = '';
  const url = await new Promise((resolve, reject) => {
    const onData = (d) => {
      out += d;
      const m = /open (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', (d) => (out += d));
    child.on('exit', (code) => reject(new Error(`the server exited (${code}):\n${out}`)));
  });
  return {
    url,
    pid: child.pid,
    child,
    stop: async () => {
      child.kill('SIGTERM');
      const exited = new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      if ((await Promise.race([exited.then(() => true), sleep(3000)])) !== true) child.kill('SIGKILL');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** CPU seconds the process has used (user + system), from /proc (NaN where there is none). */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

export async function http(url, cookie, method, path, body) {
  const r = await fetch(url + path, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const set = r.headers.get('set-cookie');
  const json = await r.json();
  if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(json)}`);
  return { json, cookie: set ? set.split(';')[0] : cookie };
}

/**
 * One table: four guests (or, with `bots`, one guest and three of the server's bots of that level),
 * seated, connected. Returns its state for the play loop.
 */
async function setUpTable(url, n, bots) {
  const phases = {};
  let t = performance.now();
  const lap = (phase) => {
    const now = performance.now();
    phases[phase] = now - t;
    t = now;
  };
  const guests = [];
  for (let s = 0; s < (bots ? 1 : 4); s++)
    guests.push((await http(url, '', 'POST', '/api/guest', { nickname: `Gracz ${n}-${s}` })).cookie);
  lap('guests');
  const created = await http(url, guests[0], 'POST', '/api/tables', {
    seat: 0,
    secondsPerMove: 3600,
    deals: 0,
    pauseSeconds: 0, // the load is deal after deal: no pause for people to read the summary
    public: false,
    ...(bots ? { bots } : {}),
  });
  const id = created.json.table.id;
  lap('create');
  for (let s = 1; s < guests.length; s++) await http(url, guests[s], 'POST', `/api/tables/${id}/sit`, { seat: s });
  lap('sit');
  const sockets = await Promise.all(
    guests.map(
      (cookie) =>
        new Promise((resolve, reject) => {
          const socket = io(url, { extraHeaders: { cookie }, transports: ['websocket'], reconnection: false });
          socket.once('connect', () => resolve(socket));
          socket.once('connect_error', reject);
        }),
    ),
  );
  lap('connect');
  return { id, guests, sockets, measured: !bots, phases };
}

/**
 * Each setup phase's mean milliseconds per table over the first and the last fifth of the tables:
 * a phase whose cost grows with the tables already there shows a late mean above the early one.
 */
function phasesOf(tables) {
  const fifth = Math.max(1, Math.floor(tables.length / 5));
  const mean = (ts, phase) => ts.reduce((sum, t) => sum + t.phases[phase], 0) / ts.length;
  return Object.fromEntries(
    Object.keys(tables[0]?.phases ?? {}).map((phase) => [
      phase,
      [mean(tables.slice(0, fifth), phase), mean(tables.slice(-fifth), phase)],
    ]),
  );
}

/** The details of a run: the messages per action and the server CPU per action; the setup (each phase per table early → late), the joins and the starts. */
function detailLines(r) {
  const phases = Object.entries(r.phases)
    .map(([phase, [early, late]]) => `${phase} ${early.toFixed(0)}→${late.toFixed(0)}`)
    .join(', ');
  const perAction = Object.entries(r.received)
    .map(([type, n]) => `${type} ${(n / r.actions).toFixed(2)}`)
    .join(', ');
  return (
    `  messages per action: ${perAction}; server CPU per action ${((r.serverCpu * 1000) / r.actionsPerSecond).toFixed(2)} ms; ` +
    `the clients' process ${(r.clientCpu * 100).toFixed(0)}% CPU\n` +
    `  setup ${r.setupSeconds.toFixed(1)} s (ms per table, first fifth → last fifth: ${phases}); ` +
    `joins ${r.joinSeconds.toFixed(1)} s, starts ${r.startSeconds.toFixed(1)} s`
  );
}

/** A free port on loopback (for nginx). */
function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** `n` server processes (one after the other: the first creates the schema) behind nginx. */
async function startBehindNginx(n, env, profileDir) {
  const servers = [];
  for (let i = 0; i < n; i++) servers.push(await startServer(env, profileDir));
  const dir = mkdtempSync(join(tmpdir(), 'baska-bench-nginx-'));
  const nginx = await startNginx({ port: await freePort(), upstreams: servers.map((s) => new URL(s.url).host), dir });
  return {
    url: nginx.url,
    pids: servers.map((s) => s.pid),
    stop: async () => {
      await nginx.stop();
      for (const s of servers) await s.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function runOn(name, env, opts) {
  const serverEnv = { BASKA_BOT_DELAY_MS: String(opts.thinkMs), ...env };
  const profileDir = CPU_PROF && join(CPU_PROF, `${opts.processes ?? 1}p-${opts.tables}t`);
  const server = opts.processes
    ? await startBehindNginx(opts.processes, serverEnv, profileDir)
    : await startServer(serverEnv, profileDir).then((s) => ({ ...s, pids: [s.pid] }));
  const t0 = Date.now();
  const tables = [];
  const all = opts.tables + opts.botTables;
  for (let i = 0; i < all; i += 25) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(25, all - i) }, (_, k) =>
        setUpTable(server.url, i + k, i + k >= opts.tables ? 'expert' : undefined),
      ),
    );
    tables.push(...batch);
    progress(`${name}: ${tables.length}/${all} tables set up`);
  }
  const setupSeconds = (Date.now() - t0) / 1000;

  let measuring = false;
  let stopping = false;
  const latencies = [];
  let actions = 0;
  let errors = 0;
  const errorCodes = new Map();
  /** Messages the clients received while measuring, by type. */
  const received = new Map();
  for (const t of tables) {
    /** version → { sent, seen }: when the action that makes it was sent, and how many seats have it. */
    t.pending = new Map();
    t.sockets.forEach((socket, seat) => {
      let acted = -1;
      socket.on('message', (m) => {
        if (measuring) received.set(m.type, (received.get(m.type) ?? 0) + 1);
        if (m.type === 'error') {
          errors++;
          errorCodes.set(m.code, (errorCodes.get(m.code) ?? 0) + 1);
          return;
        }
        const version = m.version;
        if (m.type === 'event') {
          const p = t.pending.get(version);
          if (p && ++p.seen === t.sockets.length) {
            t.pending.delete(version);
            if (p.measured && t.measured) {
              latencies.push(performance.now() - p.sent);
              actions++;
            }
          }
        }
        const view = m.view;
        if (stopping || !view || view.toAct !== seat || !view.legal.length || version <= acted) return;
        acted = version;
        const action = view.legal[Math.floor(Math.random() * view.legal.length)];
        setTimeout(
          () => {
            if (stopping) return;
            t.pending.set(version + 1, { sent: performance.now(), seen: 0, measured: measuring });
            socket.emit('message', { type: 'act', table: t.id, version, action });
          },
          opts.thinkMs * (0.5 + Math.random()),
        );
      });
    });
  }
  // Join every seat (and wait for every snapshot), then start every table.
  const j0 = performance.now();
  let joined = 0;
  const socketCount = tables.reduce((n, t) => n + t.sockets.length, 0);
  const everyoneJoined = new Promise((resolve) => {
    for (const t of tables)
      for (const s of t.sockets)
        s.once('message', () => {
          if (++joined === socketCount) resolve(); // the answer to a join is its first message
        });
  });
  for (const t of tables) t.sockets.forEach((s) => s.emit('message', { type: 'join', table: t.id }));
  await everyoneJoined;
  const joinSeconds = (performance.now() - j0) / 1000;
  const s0 = performance.now();
  for (const [i, t] of tables.entries()) {
    await http(server.url, t.guests[0], 'POST', `/api/tables/${t.id}/start`);
    if (i % 25 === 24) progress(`${name}: ${i + 1}/${tables.length} tables started`);
  }
  const startSeconds = (performance.now() - s0) / 1000;
  for (let s = 0; s < opts.warmup; s++) {
    progress(`${name}: warming up ${s}/${opts.warmup} s`);
    await sleep(1000);
  }
  const cpuAll = () => server.pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const cpu0 = cpuAll();
  const client0 = process.cpuUsage();
  const m0 = performance.now();
  measuring = true;
  for (let s = 0; s < opts.seconds; s++) {
    progress(`${name}: measuring ${s}/${opts.seconds} s, ${actions} actions`);
    await sleep(1000);
  }
  measuring = false;
  const wall = (performance.now() - m0) / 1000;
  const cpu = cpuAll() - cpu0;
  const client = process.cpuUsage(client0);
  await sleep(Math.min(2000, opts.thinkMs * 2)); // let the last measured actions arrive
  stopping = true;
  progress('');
  const sorted = Float64Array.from(latencies).sort();
  for (const t of tables) for (const s of t.sockets) s.close();
  await server.stop();
  return {
    database: name,
    processes: opts.processes ?? 1,
    tables: opts.tables,
    botTables: opts.botTables,
    sockets: socketCount,
    setupSeconds,
    phases: phasesOf(tables),
    joinSeconds,
    startSeconds,
    seconds: wall,
    actions,
    actionsPerSecond: actions / wall,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    max: sorted.length ? sorted[sorted.length - 1] : NaN,
    serverCpu: cpu / wall,
    // This process (every client's socket): near 100% it is the bench that limits the figures.
    clientCpu: (client.user + client.system) / 1e6 / wall,
    errors,
    errorCodes: Object.fromEntries(errorCodes),
    received: Object.fromEntries(received),
  };
}

async function pgReachable() {
  const c = new pg.Client({ connectionString: PG_URL });
  try {
    await c.connect();
    return c;
  } catch {
    return null;
  }
}

export async function run(argv = []) {
  const { values } = parseArgs({
    args: argv,
    options: {
      tables: { type: 'string', default: '500' },
      'bot-tables': { type: 'string', default: '0' },
      seconds: { type: 'string', default: '30' },
      warmup: { type: 'string', default: '5' },
      'think-ms': { type: 'string', default: '1000' },
      db: { type: 'string', default: 'both' },
      processes: { type: 'string', default: '1' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return [];
  }
  const processes = Number(values.processes);
  if (processes > 1) return runProcesses(values, processes);
  const opts = {
    tables: Number(values.tables),
    botTables: Number(values['bot-tables']),
    seconds: Number(values.seconds),
    warmup: Number(values.warmup),
    thinkMs: Number(values['think-ms']),
  };
  console.log(
    `bench/server: ${opts.tables} tables × 4 bot clients over websockets (loopback), one server process, ` +
      `clients think ${opts.thinkMs} ms ±50%, ${opts.warmup} s warm-up then ${opts.seconds} s measured`,
  );
  if (opts.botTables)
    console.log(`  and ${opts.botTables} tables of one client and three expert bots of the server (not measured)`);
  console.log('latency: from a client sending its action to the moment all four seats have the update');
  const results = [];
  if (values.db !== 'postgres') results.push(await runOn('SQLite', {}, opts));
  if (values.db !== 'sqlite') {
    const c = await pgReachable();
    if (!c) console.log(`PostgreSQL: not measured (cannot connect to ${new URL(PG_URL).host})`);
    else {
      const schema = `bench_${process.pid}_${Date.now()}`;
      await c.query(`create schema ${schema}`);
      const u = new URL(PG_URL);
      u.searchParams.set('options', `-c search_path=${schema}`);
      try {
        results.push(await runOn('PostgreSQL', { DATABASE_URL: u.toString() }, opts));
      } finally {
        await c.query(`drop schema ${schema} cascade`);
        await c.end();
      }
    }
  }
  const f = (x, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '–');
  console.log('database     tables sockets  actions/s  p50 ms  p99 ms  max ms  server CPU  errors  target p99<100');
  for (const r of results) {
    console.log(
      `${r.database.padEnd(12)} ${String(r.tables).padStart(6)} ${String(r.sockets).padStart(7)} ${f(r.actionsPerSecond).padStart(10)} ` +
        `${f(r.p50).padStart(7)} ${f(r.p99).padStart(7)} ${f(r.max).padStart(7)} ${(f(r.serverCpu * 100, 0) + '%').padStart(11)} ` +
        `${String(r.errors).padStart(7)}  ${r.p99 < 100 ? 'met' : 'NOT met'}`,
    );
    if (r.errors) console.log(`  errors: ${JSON.stringify(r.errorCodes)}`);
    console.log(detailLines(r));
  }
  return results;
}

/** A fresh PostgreSQL schema for one run (a run's tables must not be resumed by the next). */
async function withSchema(job) {
  const c = await pgReachable();
  if (!c) throw new Error(`PostgreSQL: cannot connect to ${new URL(PG_URL).host}`);
  const schema = `bench_${process.pid}_${Date.now()}`;
  await c.query(`create schema ${schema}`);
  const u = new URL(PG_URL);
  u.searchParams.set('options', `-c search_path=${schema}`);
  try {
    return await job(u.toString(), schema);
  } finally {
    await c.query(`drop schema ${schema} cascade`);
    await c.end();
    await dropRedisKeys(schema);
  }
}

/** The run's keys in Redis (its prefix is the schema's name): the caps, graces and streams would stay for days. */
async function dropRedisKeys(prefix) {
  const r = createClient({ url: REDIS_URL });
  r.on('error', () => {});
  try {
    await r.connect();
    const keys = [];
    for await (const batch of r.scanIterator({ MATCH: `${prefix}:*`, COUNT: 1000 })) keys.push(...batch);
    for (let i = 0; i < keys.length; i += 1000) await r.del(keys.slice(i, i + 1000));
  } catch (err) {
    console.log(`  (the run's keys in Redis were not deleted: ${err.message})`);
  } finally {
    if (r.isOpen) await r.close();
  }
}

/** `--processes N`: one process and N processes behind nginx, on PostgreSQL, at each count of tables. */
async function runProcesses(values, n) {
  const counts = String(values.tables).split(',').map(Number);
  const base = {
    botTables: Number(values['bot-tables']),
    seconds: Number(values.seconds),
    warmup: Number(values.warmup),
    thinkMs: Number(values['think-ms']),
  };
  console.log(
    `bench/server --processes ${n}: ${counts.join(', then ')} tables × 4 bot clients over websockets through nginx, ` +
      `on PostgreSQL; one process, then ${n} processes with Redis (${new URL(REDIS_URL).host}); clients think ` +
      `${base.thinkMs} ms ±50%, ${base.warmup} s warm-up then ${base.seconds} s measured`,
  );
  console.log('latency: from a client sending its action to the moment all four seats have the update');
  const results = [];
  const f = (x, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '–');
  const row = (r) =>
    `${r.database.padEnd(12)} ${String(r.tables).padStart(7)} ${String(r.sockets).padStart(7)} ${f(r.actionsPerSecond).padStart(10)} ` +
    `${f(r.p50).padStart(7)} ${f(r.p99).padStart(7)} ${f(r.max).padStart(7)} ${(f(r.serverCpu * 100, 0) + '%').padStart(11)} ` +
    `${String(r.errors).padStart(7)}  ${r.p99 < 100 ? 'met' : 'NOT met'}`;
  for (const tables of counts)
    for (const processes of [1, n]) {
      results.push(
        await withSchema((url, schema) =>
          runOn(
            `${processes} process${processes > 1 ? 'es' : ''}`,
            {
              DATABASE_URL: url,
              ...(processes > 1 && { REDIS_URL, BASKA_REDIS_PREFIX: schema }),
            },
            { ...base, tables, processes },
          ),
        ),
      );
      console.log(`  done: ${row(results.at(-1))}`); // as each comes: an interrupted run keeps its figures
      console.log(detailLines(results.at(-1)));
    }
  console.log('server        tables sockets  actions/s  p50 ms  p99 ms  max ms  server CPU  errors  target p99<100');
  for (const r of results) {
    console.log(row(r));
    if (r.errors) console.log(`  errors: ${JSON.stringify(r.errorCodes)}`);
  }
  for (const tables of counts) {
    const [one, many] = results.filter((r) => r.tables === tables);
    console.log(
      `${tables} tables: ${n} processes : 1 = ${f(many.actionsPerSecond / one.actionsPerSecond, 2)} in actions/s ` +
        `(${f(one.actionsPerSecond)} → ${f(many.actionsPerSecond)}), p99 ${f(one.p99)} → ${f(many.p99)} ms`,
    );
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await run(process.argv.slice(2));
  process.exit(0);
}

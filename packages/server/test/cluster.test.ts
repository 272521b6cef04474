// Three server processes on one PostgreSQL and a Redis, behind nginx (issue 20, decision 008).
// Tables of two people and two bots play fixed-seed games, one person through nginx and the other
// straight to a process; a reference run has no fault. The second run kills one process with -9 in
// the middle of the deals and restarts Redis (without its data) later on: every table must end with
// the very log and record of the reference run (so no action was lost and no bot or clock moved
// twice), and the other processes must take the dead one's tables within a few seconds.
// PostgreSQL is needed (several processes cannot share a SQLite file): skipped without
// BASKA_TEST_PG_URL, which CI sets. Redis is a redis-server of the test's own, on a free port, so
// that it can be restarted; nginx is Debian's, in a directory of its own (scripts/nginx.js).
import type { ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerMessage } from '@baska/protocol';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startNginx } from '../../../scripts/nginx.js';
import { Client, DATABASES, type Running, start, stopAll, unsigned, versionOf, viewOf } from './harness.js';
import { freePort, startRedis, stopChild } from './redis.js';

const postgres = DATABASES.find((d) => d.name === 'PostgreSQL');
const TABLES = 6;
const DEALS = 3;
const LEASE_MS = 3000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The processes of a deployment sign with one key, given to each (README, "Running several processes"). */
const SIGNING_KEY = join(mkdtempSync(join(tmpdir(), 'baska-key-')), 'signing-key.pem');
writeFileSync(SIGNING_KEY, generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }));

const stops: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const stop of stops.splice(0).reverse()) await stop().catch(() => {});
  await stopAll();
});

const isFinished = (m: ServerMessage) =>
  (m.type === 'event' && m.event.type === 'finished') ||
  (m.type === 'snapshot' && m.table.status === 'finished') ||
  (m.type === 'missed' && m.events.some((e) => e.event.type === 'finished'));

/**
 * Play a seat (always the first legal action) until the game ends. When the socket's process dies,
 * connect to `fallback` and join again with the last version seen: what was missed comes back.
 */
function play(c: Client, table: string, fallback: string, notes: string[], ms = 150_000): Promise<void> {
  return new Promise((resolve, reject) => {
    let acted = -1;
    let seen = -1;
    let over = false;
    const timer = setTimeout(
      () =>
        reject(new Error(`table ${table} did not end; last: ${JSON.stringify(c.messages.slice(-2)).slice(0, 800)}`)),
      ms,
    );
    const onMessage = (m: ServerMessage) => {
      if (over) return;
      if (m.type === 'error') {
        if (m.code !== 'ERR_STALE' && m.code !== 'ERR_INTERNAL') return reject(new Error(`${m.code}: ${m.message}`));
        notes.push(`${table}: ${m.code}`);
        acted = -1;
        return c.send({ type: 'join', table, version: seen });
      }
      seen = Math.max(seen, versionOf(m));
      if (isFinished(m)) {
        over = true;
        clearTimeout(timer);
        return resolve();
      }
      const v = viewOf(m);
      const version = versionOf(m);
      const info = m.type === 'event' ? m.info : m.type === 'snapshot' || m.type === 'missed' ? m.table : null;
      const seat = m.type === 'event' || m.type === 'snapshot' || m.type === 'missed' ? m.seat : null;
      if (info?.pause && seat !== null && info.pause.seats.includes(seat) && version > acted) {
        acted = version;
        c.send({ type: 'ready', table });
      }
      if (v && v.toAct === v.seat && v.legal.length > 0 && version > acted && version === seen) {
        acted = version;
        c.send({ type: 'act', table, version, action: v.legal[0]! });
      }
    };
    const attach = () => {
      c.socket!.on('message', onMessage);
      c.socket!.once('disconnect', () => void again());
    };
    const again = async () => {
      if (over) return;
      notes.push(`${table}: reconnects to ${fallback}`);
      c.url = fallback;
      acted = -1;
      for (let i = 0; ; i++) {
        try {
          await c.connect();
          break;
        } catch (e) {
          if (i > 50) return reject(e as Error);
          await sleep(200);
        }
      }
      attach();
      c.send({ type: 'join', table, version: seen });
    };
    attach();
    const last = c.messages.at(-1);
    if (last) onMessage(last);
  });
}

interface Cluster {
  procs: Running[];
  nginx: { url: string; stop(): Promise<void> };
  env: Record<string, string>;
}

/** The environment of a cluster's processes: one PostgreSQL schema, Redis under `prefix`. */
const clusterEnv = (redisPort: number, prefix: string, extra: Record<string, string> = {}): Record<string, string> => ({
  ...postgres!.env(),
  REDIS_URL: `redis://127.0.0.1:${redisPort}`,
  BASKA_REDIS_PREFIX: prefix,
  BASKA_LEASE_MS: String(LEASE_MS),
  BASKA_TABLE_SEED: 'cluster',
  BASKA_GRACE_SECONDS: '60',
  BASKA_BOT_DELAY_MS: '100',
  BASKA_BOT_THREADS: '1',
  BASKA_TRUST_PROXY: 'loopback', // nginx forwards the client's address
  BASKA_SIGNING_KEY_FILE: SIGNING_KEY,
  LOG_LEVEL: 'info',
  ...extra,
});

async function cluster(redisPort: number, prefix: string, extra: Record<string, string> = {}): Promise<Cluster> {
  const env = clusterEnv(redisPort, prefix, extra);
  const procs: Running[] = [];
  for (let i = 0; i < 3; i++) procs.push(await start(env)); // one after the other: the first creates the schema
  const dir = mkdtempSync(join(tmpdir(), 'baska-nginx-'));
  const nginx = await startNginx({ port: await freePort(), upstreams: procs.map((p) => new URL(p.url).host), dir });
  stops.push(() => nginx.stop());
  return { procs, nginx, env };
}

interface Seated {
  id: string;
  players: { c: Client; fallback: string }[];
}

/**
 * Table i: created straight on process i % 3 (whose lease it is at first), a second person sits
 * over nginx, two bots; the creator plays through nginx, the second person straight through
 * process (i + 1) % 3.
 */
async function seatTables(k: Cluster): Promise<Seated[]> {
  const tables: Seated[] = [];
  for (let i = 0; i < TABLES; i++) {
    const owner = new Client(k.procs[i % 3]!.url);
    await owner.guest(`Gospodarz${i}`);
    const r = await owner.http('POST', '/api/tables', { seat: 0, secondsPerMove: 600, deals: DEALS, pauseSeconds: 0 });
    expect(r.status).toBe(200);
    const id = r.body.table.id as string;
    const guest = new Client(k.nginx.url);
    await guest.guest(`Gość${i}`);
    expect((await guest.http('POST', `/api/tables/${id}/sit`, { seat: 1 })).status).toBe(200);
    for (const seat of [2, 3])
      expect((await owner.http('POST', `/api/tables/${id}/bot`, { seat, level: 'basic' })).status).toBe(200);
    owner.url = k.nginx.url;
    guest.url = k.procs[(i + 1) % 3]!.url;
    tables.push({
      id,
      players: [
        { c: owner, fallback: k.nginx.url },
        { c: guest, fallback: k.procs[(i + 2) % 3]!.url },
      ],
    });
  }
  for (const t of tables)
    for (const p of t.players) {
      await p.c.connect();
      p.c.send({ type: 'join', table: t.id });
      await p.c.next((m) => m.type === 'snapshot', 20_000, 0);
    }
  return tables;
}

async function logs(url: string, ids: string[]): Promise<string[][]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const out: string[][] = [];
    for (const id of ids) {
      const r = await c.query('select seq, body from game_event where game_id = $1 order by seq', [id]);
      r.rows.forEach((row: { seq: number }, i) => expect(Number(row.seq)).toBe(i + 1)); // no gap, no version twice
      out.push(r.rows.map((row: { body: string }) => row.body));
    }
    return out;
  } finally {
    await c.end();
  }
}

async function eventCount(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return Number((await c.query('select count(*) as n from game_event')).rows[0].n);
  } finally {
    await c.end();
  }
}

/** The log lines a process wrote that say `msg`, parsed (pino writes JSON lines). */
function lines(p: Running, msg: string): { time: number; table?: string; process?: string }[] {
  return p.log
    .join('')
    .split('\n')
    .filter((l) => l.includes(`"msg":"${msg}"`))
    .map((l) => JSON.parse(l));
}

describe.skipIf(!postgres)('three processes on PostgreSQL and Redis behind nginx', () => {
  let redisPort = 0;
  let redis: ChildProcess;
  let reference: { logs: string[][]; records: unknown[]; events: number };

  it('plays the reference games: players on different processes see every event, the lobby and spectators are the same everywhere', async () => {
    redisPort = await freePort();
    redis = await startRedis(redisPort);
    stops.push(() => stopChild(redis));
    const k = await cluster(redisPort, 'ref');
    const tables = await seatTables(k);
    // The lobby is the same from every process (and through nginx).
    const lobbies = await Promise.all(
      [...k.procs.map((p) => p.url), k.nginx.url].map(async (url) => {
        const r = await fetch(`${url}/api/tables`);
        return ((await r.json()) as { tables: { id: string; seats: unknown }[] }).tables
          .map((t) => JSON.stringify([t.id, t.seats]))
          .sort();
      }),
    );
    for (const l of lobbies) expect(l).toEqual(lobbies[0]);
    expect(lobbies[0]).toHaveLength(TABLES);
    // The site's own page through nginx on a port of its own: its Origin names the port, and so
    // must the Host nginx forwards, or the page could neither change anything nor open a socket.
    const page = new Client(k.nginx.url);
    page.headers = { origin: k.nginx.url, 'sec-fetch-site': 'same-origin' };
    expect((await page.http('POST', '/api/guest', { nickname: 'Strona' })).status).toBe(200);
    await page.connect();
    page.close();
    // A spectator on process 2 is counted for the players of table 0, who are on nginx and process 1.
    const watcher = new Client(k.procs[2]!.url);
    await watcher.guest('Kibic');
    await watcher.connect();
    watcher.send({ type: 'join', table: tables[0]!.id });
    await watcher.next((m) => m.type === 'snapshot');
    const second = tables[0]!.players[1]!.c;
    await second.next((m) => m.type === 'spectators' && m.spectators === 1, 10_000, 0);
    // Health reports the database and Redis.
    for (const p of k.procs)
      expect(await (await fetch(`${p.url}/healthz`)).json()).toMatchObject({ ok: true, database: 'up', redis: 'up' });

    const notes: string[] = [];
    for (const t of tables) expect((await t.players[0]!.c.http('POST', `/api/tables/${t.id}/start`)).status).toBe(200);
    await Promise.all(tables.flatMap((t) => t.players.map((p) => play(p.c, t.id, p.fallback, notes))));
    // The spectator on process 2 saw table 0 to its end as well, hands hidden.
    await watcher.next((m) => m.type === 'event' && m.event.type === 'finished', 10_000, 0);
    for (const m of watcher.messages) if (m.type === 'event') expect(m.view?.hand ?? []).toEqual([]);
    // Each player's history is the same from every process.
    const histories = await Promise.all(
      k.procs.map(async (p) => {
        const r = await fetch(`${p.url}/api/me/games`, { headers: { cookie: second.cookie } });
        return r.json();
      }),
    );
    for (const h of histories) expect(h).toEqual(histories[0]);
    // Every process hands out a table's record signed alike, by the deployment's one key (decision 013).
    const signedRecords = await Promise.all(
      k.procs.map(async (p) => {
        const r = await fetch(`${p.url}/api/games/${tables[0]!.id}/record`, { headers: { cookie: second.cookie } });
        return r.json();
      }),
    );
    for (const r of signedRecords) expect(r).toEqual(signedRecords[0]);
    expect(signedRecords[0]).toHaveProperty('signature.value');
    const url = k.env.DATABASE_URL!;
    const records = await Promise.all(
      tables.map(async (t) => unsigned((await second.http('GET', `/api/games/${t.id}/record`)).body)),
    );
    for (const r of records) expect((r as { deals: unknown[] }).deals.length).toBeGreaterThanOrEqual(DEALS);
    reference = {
      logs: await logs(
        url,
        tables.map((t) => t.id),
      ),
      records,
      events: await eventCount(url),
    };
    expect(notes).toEqual([]);
    for (const t of tables) for (const p of t.players) p.c.close();
    watcher.close();
    for (const p of k.procs) await p.stop();
    await k.nginx.stop();
  });

  it('kill -9 of a process in the middle of the deals, and a Redis restart later: the same logs and records', async () => {
    expect(reference).toBeDefined();
    const k = await cluster(redisPort, 'crash');
    const url = k.env.DATABASE_URL!;
    const tables = await seatTables(k);
    const notes: string[] = [];
    const base = await eventCount(url);
    for (const t of tables) expect((await t.players[0]!.c.http('POST', `/api/tables/${t.id}/start`)).status).toBe(200);
    const done = Promise.all(tables.flatMap((t) => t.players.map((p) => play(p.c, t.id, p.fallback, notes))));
    const progress = async (share: number) => {
      while ((await eventCount(url)) - base < share * (reference.events - base)) await sleep(20);
    };

    await progress(0.3);
    const victim = k.procs[1]!;
    const killedAt = Date.now();
    await victim.stop('SIGKILL');
    const atKill = (await eventCount(url)) - base;
    // The dead process's tables (created on it, so its leases) are taken by the others.
    const alive = [k.procs[0]!, k.procs[2]!];
    const victimTables = tables.filter((_, i) => i % 3 === 1).map((t) => t.id);
    const takeover = (id: string) =>
      alive
        .flatMap((p, n) => lines(p, 'took over a table').map((l) => ({ ...l, by: n === 0 ? 0 : 2 })))
        .filter((l) => l.table === id && l.time >= killedAt)
        .sort((a, b) => a.time - b.time)[0];
    for (let i = 0; i < 300 && !victimTables.every(takeover); i++) await sleep(50);

    await progress(0.65);
    const redisDownAt = Date.now();
    await stopChild(redis, 'SIGKILL');
    await sleep(1000);
    redis = await startRedis(redisPort);
    const redisUpAt = Date.now();
    const atRedis = (await eventCount(url)) - base;

    await done.catch((e) => {
      // What each process said, to see why the game did not go on.
      for (const [n, p] of k.procs.entries())
        console.log(
          `process ${n} (exit ${p.child.exitCode ?? p.child.signalCode}):\n${p.log
            .join('')
            .split('\n')
            .filter((l) => !l.includes('"level":30'))
            .slice(-30)
            .join('\n')}`,
        );
      console.log(`notes: ${notes.join('; ')}`);
      throw e;
    });
    const got = await logs(
      url,
      tables.map((t) => t.id),
    );
    // The reference run played other tables: its records are compared without their signatures.
    const records = await Promise.all(
      tables.map(async (t) => unsigned((await t.players[1]!.c.http('GET', `/api/games/${t.id}/record`)).body)),
    );
    expect(got).toEqual(reference.logs);
    expect(records).toEqual(reference.records);

    // Who took which of the dead process's tables, and after how long.
    const report: string[] = [
      `killed process 1 (pid ${victim.child.pid}) after ${atKill} of ${reference.events - base} events; Redis down for ${redisUpAt - redisDownAt} ms after ${atRedis}`,
    ];
    for (const id of victimTables) {
      const took = takeover(id);
      if (took) expect(took.time).toBeLessThan(redisDownAt);
      expect(took, `table ${id} was taken over`).toBeDefined();
      const ms = took!.time - killedAt;
      report.push(`table ${id} (process 1's): taken by process ${took!.by} ${ms} ms after the kill`);
      expect(ms).toBeLessThan(LEASE_MS + 5000);
    }
    for (const p of alive) {
      const retaken = lines(p, 'took over a table').filter((l) => l.time >= redisDownAt);
      const lost = lines(p, 'lost the lease of a table; its time stops here').filter((l) => l.time >= redisDownAt);
      report.push(
        `after the Redis restart process ${p === alive[0] ? 0 : 2} lost ${lost.length} leases and took ${retaken.length} tables [${retaken.map((l) => `table ${tables.findIndex((t) => t.id === l.table)}`).join(', ')}] (first ${retaken.length ? Math.min(...retaken.map((l) => l.time)) - redisUpAt : '-'} ms after Redis was back)`,
      );
    }
    report.push(`players' notes: ${notes.join('; ') || 'none'}`);
    console.log(report.join('\n'));
    for (const t of tables) for (const p of t.players) p.c.close();
  }, 300_000); // a loaded 2-core machine: the players' own timeout (150 s) says what went wrong first

  it('a player with a tab on each of two processes keeps his seat when he closes one, and is away once both are closed', async () => {
    const k = await cluster(redisPort, 'tabs', { BASKA_GRACE_SECONDS: '1' });
    const [p0, p1] = k.procs;
    const tab0 = new Client(p0!.url);
    await tab0.guest('Dwie karty');
    const r = await tab0.http('POST', '/api/tables', { seat: 0, bots: 'basic', secondsPerMove: 600, deals: 1 });
    const id = r.body.table.id as string; // created on process 0: its time runs there
    const tab1 = new Client(p1!.url);
    tab1.cookie = tab0.cookie;
    const watcher = new Client(p1!.url);
    await watcher.guest('Kibic');
    for (const c of [tab0, tab1, watcher]) {
      await c.connect();
      c.send({ type: 'join', table: id });
      await c.next((m) => m.type === 'snapshot', 20_000, 0);
    }
    expect((await tab0.http('POST', `/api/tables/${id}/start`)).status).toBe(200);
    await watcher.next((m) => m.type === 'event' && m.event.type === 'deal', 10_000, 0);
    const away = (m: ServerMessage) => m.type === 'event' && m.event.type === 'away';
    // The tab on the process that runs the table's time closes: the grace (1 s) starts there, and
    // ends without marking him away, since his other tab is at the table on process 1.
    tab0.close();
    await sleep(3000);
    expect(watcher.messages.some(away)).toBe(false);
    // Now the other one: process 1 tells process 0, whose grace ends with a bot for him.
    tab1.close();
    await watcher.next(away, 10_000, 0);
    watcher.close();
    for (const p of k.procs) await p.stop();
    await k.nginx.stop();
  });

  it('a process that dies after writing a player’s move, before telling the others: the table’s own process reads the move from the log and the game goes on', async () => {
    // The table is created on `home`, which runs its time; the guest plays through `faulty`, which
    // kills itself once his first move is in the log and before its word goes out, and comes back
    // through `other`, which does not run the table. Nobody tells `home` of the move: it must read it.
    const env = clusterEnv(redisPort, 'word');
    const home = await start(env);
    const other = await start(env);
    const faulty = await start({ ...env, BASKA_TEST_FAULTS: 'die-after-move' });
    const host = new Client(home.url);
    await host.guest('Gospodarz');
    const r = await host.http('POST', '/api/tables', { seat: 0, secondsPerMove: 600, deals: 1, pauseSeconds: 0 });
    const id = r.body.table.id as string;
    const guest = new Client(faulty.url);
    await guest.guest('Gość');
    expect((await guest.http('POST', `/api/tables/${id}/sit`, { seat: 1 })).status).toBe(200);
    for (const seat of [2, 3])
      expect((await host.http('POST', `/api/tables/${id}/bot`, { seat, level: 'basic' })).status).toBe(200);
    for (const c of [host, guest]) {
      await c.connect();
      c.send({ type: 'join', table: id });
      await c.next((m) => m.type === 'snapshot', 20_000, 0);
    }
    expect((await host.http('POST', `/api/tables/${id}/start`)).status).toBe(200);
    const notes: string[] = [];
    // The seat to move after the guest waits 600 s on its clock if nobody reads the log: 30 s is plenty.
    await Promise.all([play(host, id, home.url, notes, 30_000), play(guest, id, other.url, notes, 30_000)]);
    expect(faulty.child.signalCode).toBe('SIGKILL'); // the fault was met
    expect(notes).toEqual([`${id}: reconnects to ${other.url}`]);
    await logs(env.DATABASE_URL!, [id]); // one event per version, no gap
    for (const c of [host, guest]) c.close();
    for (const p of [home, other]) await p.stop();
  }, 60_000);
});

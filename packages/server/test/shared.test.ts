// What several processes share besides the tables' logs (decision 008): two server processes on one
// PostgreSQL and a Redis of the test's own. People on process 0 and on process 1 at one table read
// each other's chat lines under the same rules (spectators' words never reach the players during a
// deal, a mute holds, one rate limit per person, a line written on one process can be reported on
// the other); who is online, an invitation and the fair-play mark are the same from both; a deal's
// contributions sent to either process go into the deal; the caps on open tables per address
// count both processes' tables; failed logins for a name lock it over both processes, and while
// Redis is away each process still limits on its own; and when the process that runs a table dies,
// the one that takes it over lets a dropped player's grace run out when it would have; "log out
// everywhere" closes the player's sockets on both processes.
// Every person comes from an address of his own (X-Forwarded-For, believed from loopback), so the
// caps and marks per address of one test do not touch another's. Needs BASKA_TEST_PG_URL (several
// processes cannot share a SQLite file).
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fairHands, fairInput } from '@baska/engine';
import type { ChatLine, OnlineAnswer, ServerMessage } from '@baska/protocol';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, DATABASES, type Running, start, stopAll } from './harness.js';
import { freePort, startRedis, stopChild } from './redis.js';

const postgres = DATABASES.find((d) => d.name === 'PostgreSQL');
const GRACE_MS = 5000;
const LEASE_MS = 1500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let redis: ChildProcess | undefined;
let redisPort = 0;
let procs: Running[] = [];
let databaseUrl = '';

afterAll(async () => {
  await stopAll();
  if (redis) await stopChild(redis);
});

/** A guest (or a registered player) from `address`, his HTTP calls and socket to `url`. */
async function person(url: string, name: string, address: string, register = false) {
  const c = new Client(url);
  c.headers = { 'x-forwarded-for': address };
  if (register) {
    const r = await c.http('POST', '/api/register', { name, password: PASSWORD });
    if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  } else await c.guest(name);
  await c.connect();
  const me = await c.http('GET', '/api/me');
  return { c, id: me.body.player.id as number };
}

/** The same person's second connection, to another process. */
async function alsoOn(url: string, c: Client): Promise<Client> {
  const d = new Client(url);
  d.cookie = c.cookie;
  d.headers = c.headers;
  await d.connect();
  return d;
}

async function join(c: Client, table: string) {
  const from = c.mark();
  c.send({ type: 'join', table });
  await c.next((m) => m.type === 'snapshot', 20_000, from);
}

const isChat = (test: (l: ChatLine) => boolean) => (m: ServerMessage) => m.type === 'chat' && m.lines.some(test);
const hears = (c: Client, test: (l: ChatLine) => boolean) => c.next(isChat(test), 10_000, 0);
const linesOf = (c: Client): ChatLine[] => c.messages.flatMap((m) => (m.type === 'chat' ? m.lines : []));
const errors = (c: Client, from = 0) =>
  c.messages.slice(from).flatMap((m) => (m.type === 'error' ? [m.code as string] : []));

const PASSWORD = 'kaszuby-1234';

/** A login sent to `url` from `address`: its status, error code and Retry-After. */
async function login(url: string, name: string, password: string, address = '10.0.7.1') {
  const r = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ name, password }),
  });
  const body = (await r.json()) as { error?: { code: string } };
  return { status: r.status, code: body.error?.code, retryAfter: r.headers.get('retry-after') };
}

async function query<T>(sql: string, args: unknown[]): Promise<T[]> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    return (await c.query(sql, args)).rows as T[];
  } finally {
    await c.end();
  }
}

describe.skipIf(!postgres)('two processes share chat, who is online, contributions, caps and graces', () => {
  beforeAll(async () => {
    const port = (redisPort = await freePort());
    redis = await startRedis(port);
    const env: Record<string, string> = {
      ...postgres!.env(),
      REDIS_URL: `redis://127.0.0.1:${port}`,
      BASKA_REDIS_PREFIX: 'shared',
      BASKA_LEASE_MS: String(LEASE_MS),
      BASKA_GRACE_SECONDS: String(GRACE_MS / 1000),
      BASKA_BOT_THREADS: '1',
      BASKA_TRUST_PROXY: 'loopback',
      BASKA_CHAT_PER_MINUTE: '20',
      BASKA_CONTRIBUTION_MS: '10000',
      BASKA_OPEN_TABLES_PER_ADDRESS: '3',
      BASKA_OPEN_TABLES_PER_PLAYER: '50',
      LOG_LEVEL: 'info',
    };
    databaseUrl = env.DATABASE_URL!;
    procs = [await start(env), await start(env)]; // one after the other: the first creates the schema
  }, 60_000);

  it('carries chat lines between the processes with the same rules: spectators apart, mutes, one limit, reports', async () => {
    const [p0, p1] = procs.map((p) => p.url) as [string, string];
    const a = await person(p0, 'Ania', '10.0.1.1');
    const b = await person(p1, 'Bartek', '10.0.1.2');
    const s = await person(p1, 'Sławek', '10.0.1.3'); // watches on process 1
    const t = await person(p0, 'Tosia', '10.0.1.4'); // watches on process 0
    const id = (await a.c.http('POST', '/api/tables', { seat: 0, secondsPerMove: 600, deals: 1 })).body.table
      .id as string;
    expect((await b.c.http('POST', `/api/tables/${id}/sit`, { seat: 1 })).status).toBe(200);
    for (const seat of [2, 3]) await a.c.http('POST', `/api/tables/${id}/bot`, { seat, level: 'basic' });
    for (const x of [a, b, s, t]) await join(x.c, id);

    // Before the deal everyone hears everyone, whichever process he is on.
    a.c.send({ type: 'chat', table: id, text: 'Dzień dobry' });
    for (const x of [b, s, t]) await hears(x.c, (l) => l.text === 'Dzień dobry' && l.from.id === a.id);
    b.c.send({ type: 'chat', table: id, text: 'Cześć' });
    for (const x of [a, s, t]) await hears(x.c, (l) => l.text === 'Cześć' && l.seat === 1);

    // During the deal: a spectator's words on process 1 reach the spectator on process 0, not the players.
    const dealt = a.c.mark();
    await a.c.http('POST', `/api/tables/${id}/start`);
    await a.c.next((m) => m.type === 'event' && m.event.type === 'deal', 20_000, dealt);
    const quiet = a.c.mark();
    a.c.send({ type: 'chat', table: id, text: 'mam asa' });
    await a.c.next((m) => m.type === 'error' && m.code === 'ERR_QUIET', 10_000, quiet);
    s.c.send({ type: 'chat', table: id, text: 'Ania ma asa' });
    const secret = await hears(t.c, (l) => l.text === 'Ania ma asa' && l.to === 'spectators');
    a.c.send({ type: 'chat', table: id, phrase: 'goodGame' });
    for (const x of [b, s, t]) await hears(x.c, (l) => l.phrase === 'goodGame');
    await sleep(300);
    for (const x of [a, b]) expect(linesOf(x.c).some((l) => l.text === 'Ania ma asa')).toBe(false);

    // A report on process 0 of a line written on process 1: kept; a player may not report what he could not read.
    const line = (secret as Extract<ServerMessage, { type: 'chat' }>).lines.find((l) => l.text === 'Ania ma asa')!;
    t.c.send({ type: 'report', table: id, line: line.id });
    const refused = a.c.mark();
    a.c.send({ type: 'report', table: id, line: line.id });
    await a.c.next((m) => m.type === 'error' && m.code === 'ERR_NOT_FOUND', 10_000, refused);
    await expect
      .poll(() => query<{ reporter_id: number; line: string }>('select reporter_id, line from chat_report', []))
      .toEqual([{ reporter_id: t.id, line: JSON.stringify(line) }]);

    // A mute on process 0 holds for the lines written on process 1.
    a.c.send({ type: 'mute', table: id, player: b.id, muted: true });
    await sleep(200);
    b.c.send({ type: 'chat', table: id, phrase: 'thanks' });
    for (const x of [s, t]) await hears(x.c, (l) => l.phrase === 'thanks');
    a.c.send({ type: 'chat', table: id, phrase: 'hello' });
    await hears(a.c, (l) => l.phrase === 'hello');
    expect(linesOf(a.c).some((l) => l.phrase === 'thanks')).toBe(false);

    // One limit per person over both processes: 20 a minute in bursts of 4, whichever process he writes to.
    const s0 = await alsoOn(p0, s.c);
    await join(s0, id);
    const marks = [s.c.mark(), s0.mark()];
    for (let i = 0; i < 4; i++) {
      s.c.send({ type: 'chat', table: id, text: `linia ${i} przez 1` });
      s0.send({ type: 'chat', table: id, text: `linia ${i} przez 0` });
    }
    await sleep(1000);
    const through = linesOf(t.c).filter((l) => l.text?.startsWith('linia'));
    expect(through.length).toBeLessThanOrEqual(4);
    expect(through.length + errors(s.c, marks[0]).length + errors(s0, marks[1]).length).toBe(8);

    // One who comes later gets the lines of both processes, numbered in one sequence.
    const u = await person(p0, 'Urszula', '10.0.1.5');
    await join(u.c, id);
    const history = await u.c.next((m) => m.type === 'chat', 10_000, 0);
    const got = (history as Extract<ServerMessage, { type: 'chat' }>).lines;
    expect(got.map((l) => l.text ?? l.phrase).slice(0, 3)).toEqual(['Dzień dobry', 'Cześć', 'Ania ma asa']);
    expect(got.map((l) => l.id)).toEqual([...got.map((l) => l.id)].sort((x, y) => x - y));
    expect(new Set(got.map((l) => l.id)).size).toBe(got.length);
    for (const x of [a.c, b.c, s.c, t.c, s0, u.c]) x.close();
  }, 60_000);

  it('lists who is online from either process, carries an invitation across, and marks one address at a rated table', async () => {
    const [p0, p1] = procs.map((p) => p.url) as [string, string];
    const o = await person(p0, 'Olga', '10.0.2.1', true);
    const p = await person(p1, 'Piotr', '10.0.2.1', true);
    const r = await person(p0, 'Renata', '10.0.2.2', true);
    const st = await person(p1, 'Stefan', '10.0.2.2', true);
    const online = async (url: string) =>
      ((await (await fetch(`${url}/api/online`)).json()) as OnlineAnswer).players.map((x) => x.player.name);
    for (const url of [p0, p1])
      await expect.poll(() => online(url)).toEqual(expect.arrayContaining(['Olga', 'Piotr', 'Renata', 'Stefan']));

    // Olga's rated table on process 0: process 1 lists her as seated there.
    const id = (await o.c.http('POST', '/api/tables', { rated: true, deals: 8, secondsPerMove: 600 })).body.table
      .id as string;
    await join(o.c, id);
    await expect
      .poll(async () => {
        const r = (await (await fetch(`${p1}/api/online`)).json()) as OnlineAnswer;
        return r.players.find((x) => x.player.id === o.id);
      })
      .toMatchObject({ seated: true, table: id });

    // An invitation sent on process 0 reaches Piotr's socket on process 1.
    expect((await o.c.http('POST', `/api/tables/${id}/invite`, { player: p.id })).status).toBe(200);
    expect(await p.c.next((m) => m.type === 'invite', 10_000, 0)).toEqual({
      type: 'invite',
      table: id,
      from: 'Olga',
      preset: 'standard',
      rated: true,
    });

    // One limit on invitations per person over both processes: bursts of five, then ERR_RATE.
    const o1 = new Client(p1);
    [o1.cookie, o1.headers] = [o.c.cookie, o.c.headers];
    const more = [];
    for (const c of [o1, o.c, o1, o.c, o1])
      more.push(await c.http('POST', `/api/tables/${id}/invite`, { player: p.id }));
    expect(more.map((r) => r.body.error?.code ?? r.status)).toEqual([200, 200, 200, 200, 'ERR_RATE']);

    // Seats 0 and 1 from one address, 2 and 3 from another, on both processes: each is told both pairs.
    for (const [seat, x] of [p, r, st].entries()) {
      expect((await x.c.http('POST', `/api/tables/${id}/sit`, { seat: seat + 1 })).status).toBe(200);
      await join(x.c, id);
    }
    const pairs = (m: ServerMessage) =>
      m.type === 'fairPlay' && m.table === id && JSON.stringify(m.sameAddress) === '[[0,1],[2,3]]';
    for (const x of [o, p, r, st]) await x.c.next(pairs, 10_000, 0);

    // Gone on process 1: gone from the list of process 0.
    p.c.close();
    await expect.poll(async () => (await online(p0)).includes('Piotr')).toBe(false);
    for (const x of [o, r, st]) x.c.close();
  }, 60_000);

  it('puts into the deal the contributions sent to either process', async () => {
    const [p0, p1] = procs.map((p) => p.url) as [string, string];
    const a = await person(p0, 'Wkładka', '10.0.3.1');
    const b = await person(p1, 'Wkładek', '10.0.3.2');
    const id = (await a.c.http('POST', '/api/tables', { seat: 0, secondsPerMove: 600, deals: 1 })).body.table
      .id as string;
    expect((await b.c.http('POST', `/api/tables/${id}/sit`, { seat: 1 })).status).toBe(200);
    for (const seat of [2, 3]) await a.c.http('POST', `/api/tables/${id}/bot`, { seat, level: 'basic' });
    for (const x of [a, b]) {
      await join(x.c, id);
      x.c.send({ type: 'contributes', table: id }); // both clients add their share to the deals
    }
    await sleep(300); // word of the contributors between the processes
    const from = [a.c.mark(), b.c.mark()];
    await a.c.http('POST', `/api/tables/${id}/start`);
    const committed = (m: ServerMessage) => m.type === 'event' && m.event.type === 'committed';
    await a.c.next(committed, 10_000, from[0]);
    await b.c.next(committed, 10_000, from[1]);
    // Process 0's player contributes first; process 1's player sees it, then adds his on process 1.
    a.c.send({ type: 'contribute', table: id, deal: 1, value: 'a1'.repeat(16) });
    await b.c.next((m) => m.type === 'event' && m.event.type === 'contributed' && m.event.seat === 0, 10_000, from[1]);
    b.c.send({ type: 'contribute', table: id, deal: 1, value: 'b2'.repeat(16) });
    await a.c.next((m) => m.type === 'event' && m.event.type === 'deal', 15_000, from[0]);
    expect([...errors(a.c), ...errors(b.c)]).toEqual([]);

    // The log: both contributions before the deal, whose hands are those the seed and both of them shuffle.
    const log = (
      await query<{ body: string }>('select body from game_event where game_id = $1 order by seq', [id])
    ).map(
      (e) => JSON.parse(e.body) as { type: string; seat?: number; value?: string; seed?: string; hands?: number[] },
    );
    const types = log.map((e) => e.type);
    const dealAt = types.indexOf('deal');
    expect(types.slice(types.indexOf('committed'), dealAt + 1)).toEqual([
      'committed',
      'contributed',
      'contributed',
      'deal',
    ]);
    const seed = log.find((e) => e.type === 'committed')!.seed!;
    const contributions = ['a1'.repeat(16), 'b2'.repeat(16), null, null];
    const started = log.find((e) => e.type === 'started') as unknown as { dealer: number };
    const digest = createHash('sha256').update(fairInput(seed, contributions)).digest('hex');
    expect(log[dealAt]!.hands).toEqual(fairHands(digest, started.dealer));
    for (const x of [a, b]) x.c.close();
  }, 60_000);

  it('caps the open tables per address over both processes', async () => {
    const [p0, p1] = procs.map((p) => p.url) as [string, string];
    const create = (c: Client) => c.http('POST', '/api/tables', { seat: 0, deals: 1 });
    // One after the other from one address, on process 0 and 1 in turn: three, then no more on either.
    const g = await person(p0, 'Zakładacz', '10.0.5.1');
    const g1 = new Client(p1);
    [g1.cookie, g1.headers] = [g.c.cookie, g.c.headers];
    const made: string[] = [];
    for (const c of [g.c, g1, g.c]) {
      const r = await create(c);
      expect(r.status).toBe(200);
      made.push(r.body.table.id as string);
    }
    for (const c of [g1, g.c]) expect((await create(c)).body.error?.code).toBe('ERR_TOO_MANY');

    // A burst from another address, half to each process at once: exactly three tables.
    const h = await person(p0, 'Pośpiech', '10.0.5.2');
    const h1 = new Client(p1);
    [h1.cookie, h1.headers] = [h.c.cookie, h.c.headers];
    const burst = await Promise.all([h.c, h1, h.c, h1, h.c, h1].map(create));
    expect(burst.filter((r) => r.status === 200)).toHaveLength(3);
    expect(burst.filter((r) => r.body.error?.code === 'ERR_TOO_MANY')).toHaveLength(3);

    // The first address's tables, left empty, close after the grace: it may open tables again.
    await expect
      .poll(
        async () => {
          const rows = await query<{ status: string }>('select status from game where id = any($1)', [made]);
          return rows.map((r) => r.status);
        },
        { timeout: GRACE_MS + 10_000, interval: 500 },
      )
      .toEqual(['finished', 'finished', 'finished']);
    expect((await create(g1)).status).toBe(200);
    for (const c of [g.c, h.c]) c.close();
  }, 60_000);

  it("log out everywhere, asked of one process, closes the player's sockets on both; another player's stay", async () => {
    const [p0, p1] = procs.map((p) => p.url) as [string, string];
    const a = await person(p0, 'Rozważny', '10.0.9.1', true);
    const also = await alsoOn(p1, a.c);
    const o = await person(p1, 'Obok', '10.0.9.2');
    const id = (await a.c.http('POST', '/api/tables', { seat: 0 })).body.table.id as string;
    for (const c of [a.c, also, o.c]) await join(c, id); // a join waits for its player: his sockets are known
    const closed = (c: Client) => new Promise<string>((r) => c.socket!.once('disconnect', r));
    const gone = Promise.all([closed(a.c), closed(also)]);
    expect((await a.c.http('POST', '/api/me/logout-all')).status).toBe(200);
    expect(await gone).toEqual(['io server disconnect', 'io server disconnect']);
    expect((await also.http('GET', '/api/me')).body.player).toBeNull();
    expect(o.c.socket!.connected).toBe(true);
    await join(o.c, id);
    for (const c of [a.c, also, o.c]) c.close();
  });

  it('lists who is online again after Redis restarts without its data', async () => {
    const [p0, p1] = procs.map((p) => p.url) as [string, string];
    const a = await person(p0, 'Ignacy', '10.0.6.1');
    const b = await person(p1, 'Jadwiga', '10.0.6.2');
    const names = async (url: string) =>
      ((await (await fetch(`${url}/api/online`)).json()) as OnlineAnswer).players.map((x) => x.player.name).sort();
    for (const url of [p0, p1]) await expect.poll(() => names(url)).toEqual(['Ignacy', 'Jadwiga']);
    await stopChild(redis!, 'SIGKILL');
    redis = await startRedis(redisPort);
    for (const url of [p0, p1])
      await expect.poll(() => names(url), { timeout: 10_000, interval: 200 }).toEqual(['Ignacy', 'Jadwiga']);
    for (const x of [a, b]) x.c.close();
  }, 60_000);

  it('locks a name after the same free failures when they are spread over both processes; both answer the lock', async () => {
    const [p0, p1] = procs.map((p) => p.url) as [string, string];
    const urls = [p0, p1];
    (await person(p0, 'Zapominalska', '10.0.7.1', true)).c.close();
    // Five free failures (BASKA_LOGIN_TRIES), sent to process 0 and 1 in turn; the sixth locks the name.
    for (let i = 0; i < 6; i++) expect((await login(urls[i % 2]!, 'zapominalska', `wrong-${i}`)).status).toBe(401);
    // No more guesses on either process (counted in each process's memory, three more got through on each).
    let more = 0;
    for (let i = 0; i < 8 && (await login(urls[i % 2]!, 'zapominalska', `more-${i}`)).status === 401; i++) more++;
    expect(more, 'wrong passwords that got through after the lock').toBe(0);
    for (const url of urls)
      expect(await login(url, 'Zapominalska', PASSWORD)).toEqual({ status: 429, code: 'ERR_RATE', retryAfter: '1' });
    // The next failure past the free ones, on the other process, doubles the lock on both.
    await sleep(1100);
    expect((await login(p1, 'zapominalska', 'wrong-again')).status).toBe(401);
    for (const url of urls)
      expect(await login(url, 'zapominalska', PASSWORD)).toEqual({ status: 429, code: 'ERR_RATE', retryAfter: '2' });
    // A success on one process frees the name on both.
    await sleep(2100);
    expect((await login(p0, 'zapominalska', PASSWORD)).status).toBe(200);
    expect((await login(p1, 'zapominalska', 'wrong-free')).status).toBe(401);
    expect((await login(p1, 'zapominalska', PASSWORD)).status).toBe(200);
  }, 60_000);

  it('keeps limiting while Redis is away, each process on its own, and shares the limits again when it is back', async () => {
    const [p0, p1] = procs.map((p) => p.url) as [string, string];
    (await person(p0, 'Cierpliwy', '10.0.8.1', true)).c.close();
    await stopChild(redis!, 'SIGKILL');
    await expect.poll(async () => (await (await fetch(`${p0}/healthz`)).json()).redis).toBe('down');
    // Failed logins: the insurance in process 0's memory counts them, five free, then the lock.
    for (let i = 0; i < 6; i++) expect((await login(p0, 'cierpliwy', `wrong-${i}`, '10.0.8.1')).status).toBe(401);
    expect(await login(p0, 'Cierpliwy', PASSWORD, '10.0.8.1')).toEqual({
      status: 429,
      code: 'ERR_RATE',
      retryAfter: '1',
    });
    // Requests from one address: 200 in a window of 4 s (50 a second), the rest refused, none failed.
    const answers = await Promise.all(
      Array.from({ length: 250 }, async () => {
        const r = await fetch(`${p1}/api/me`, { headers: { 'x-forwarded-for': '10.0.8.2' } });
        return r.status === 200 ? 200 : ((await r.json()) as { error: { code: string } }).error.code;
      }),
    );
    expect(answers.filter((a) => a !== 200 && a !== 'ERR_RATE')).toEqual([]);
    expect(answers.filter((a) => a === 'ERR_RATE').length).toBeGreaterThanOrEqual(50);
    expect(procs.map((p) => p.child.exitCode)).toEqual([null, null]);

    // Redis back (empty): the failures of a name are counted over both processes again.
    redis = await startRedis(redisPort);
    for (const url of [p0, p1])
      await expect
        .poll(async () => (await (await fetch(`${url}/healthz`)).json()).redis, { timeout: 10_000 })
        .toBe('up');
    for (let i = 0; i < 6; i++)
      expect((await login([p0, p1][i % 2]!, 'cierpliwy', `again-${i}`, '10.0.8.3')).status).toBe(401);
    for (const url of [p0, p1]) expect((await login(url, 'cierpliwy', PASSWORD, '10.0.8.3')).code).toBe('ERR_RATE');
  }, 60_000);

  it('resumes a dropped player’s grace where it was when the process running his table dies', async () => {
    const [p0, p1] = procs.map((p) => p.url) as [string, string];
    // The table is created on process 0, which runs its time; its player and a spectator are on process 1.
    const x = await person(p0, 'Znikający', '10.0.4.1');
    const id = (await x.c.http('POST', '/api/tables', { seat: 0, bots: 'basic', secondsPerMove: 600 })).body.table
      .id as string;
    x.c.close();
    x.c.url = p1;
    await x.c.connect();
    await join(x.c, id);
    const w = await person(p1, 'Widz', '10.0.4.2');
    await join(w.c, id);
    const from = w.c.mark();
    expect((await x.c.http('POST', `/api/tables/${id}/start`)).status).toBe(200);
    await w.c.next((m) => m.type === 'event' && m.event.type === 'deal', 10_000, from);

    // He drops (process 1 sees it and tells process 0, which starts his grace); process 0 dies.
    const droppedAt = Date.now();
    x.c.close();
    await sleep(500);
    const killedAt = Date.now();
    await procs[0]!.stop('SIGKILL');

    // Process 1 takes the table over and marks him away when his grace ends: not later, not never.
    const away = await w.c.next(
      (m) => m.type === 'event' && m.event.type === 'away' && m.event.seat === 0,
      GRACE_MS + 10_000,
      from,
    );
    const awayAt = Date.now();
    expect(away).toBeDefined();
    const took = procs[1]!.log
      .join('')
      .split('\n')
      .filter((l) => l.includes('"msg":"took over a table"') && l.includes(id))
      .map((l) => JSON.parse(l) as { time: number })[0];
    expect(took, 'process 1 took the table over').toBeDefined();
    console.log(
      `dropped; process 0 killed ${killedAt - droppedAt} ms later; process 1 took the table ${took!.time - killedAt} ms after the kill; away ${awayAt - droppedAt} ms after the drop (grace ${GRACE_MS} ms)`,
    );
    expect(took!.time).toBeLessThan(droppedAt + GRACE_MS - 1000); // taken over well within the grace
    expect(awayAt - droppedAt).toBeGreaterThanOrEqual(GRACE_MS - 400);
    expect(awayAt - droppedAt).toBeLessThan(GRACE_MS + 1500);
    w.c.close();
  }, 60_000);
});

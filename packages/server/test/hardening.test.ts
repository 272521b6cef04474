// What a public site is expected to withstand, against the real process: security headers, the
// socket's origin check, health checks a flood cannot lock out, caps per address and per player,
// finished tables served from memory instead of their logs, a private table shown to whoever has its
// link until its start and to its players only after, and guests marked as guests.
import type { ServerMessage } from '@baska/protocol';
import { io } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, DATABASES, type Running, autoplay, guestAtTable, start, stopAll, tableWithBots } from './harness.js';

afterAll(stopAll);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const finished = (m: ServerMessage) => m.type === 'event' && m.event.type === 'finished';

/** A socket.io connection with these headers: resolves with 'connected' or the refusal's message. */
function tryConnect(url: string, headers: Record<string, string>, transport: 'websocket' | 'polling' = 'websocket') {
  const s = io(url, { extraHeaders: headers, transports: [transport], reconnection: false });
  return new Promise<string>((resolve) => {
    s.once('connect', () => {
      s.close();
      resolve('connected');
    });
    s.once('connect_error', (e) => {
      s.close();
      resolve(`refused: ${e.message}`);
    });
  });
}

/** Delete a table's event log behind the server's back: whatever it still shows comes from memory. */
async function deleteLog(server: Running, id: string) {
  if (server.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: server.env.DATABASE_URL });
    await c.connect();
    await c.query('delete from game_event where game_id = $1', [id]);
    await c.end();
  } else {
    const { default: SQLite } = await import('better-sqlite3');
    const db = new SQLite(`${server.dataDir}/baska.db`);
    db.prepare('delete from game_event where game_id = ?').run(id);
    db.close();
  }
}

for (const database of DATABASES) {
  describe(`hardening on ${database.name}`, () => {
    it('sends security headers with every page: a CSP without inline script, nosniff, no framing, a referrer policy', async () => {
      const server = await start(database.env());
      for (const path of ['/', '/api/tables', '/healthz']) {
        const r = await fetch(server.url + path);
        expect(r.status, path).toBe(200);
        const csp = r.headers.get('content-security-policy') ?? '';
        const script = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? '';
        expect(script, `${path}: ${csp}`).toContain("'self'");
        expect(script).not.toContain('unsafe-inline');
        expect(csp).toMatch(/default-src 'self'/);
        expect(csp).toMatch(/frame-ancestors 'none'/);
        expect(csp).toMatch(/object-src 'none'/);
        expect(r.headers.get('x-content-type-options')).toBe('nosniff');
        expect(r.headers.get('referrer-policy')).toBeTruthy();
      }
      // The page itself loads no inline script.
      const page = await (await fetch(server.url)).text();
      expect(page).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      // Socket.IO's own client is still served, and a socket still plays.
      expect((await fetch(`${server.url}/socket.io/socket.io.js`)).status).toBe(200);
      const { c } = await guestAtTable(server.url, 'Nagłówek');
      c.close();
    });

    it('refuses a socket handshake from another site’s page (with the player’s cookie), accepts its own and the configured origins', async () => {
      const server = await start({ ...database.env(), BASKA_ALLOWED_ORIGINS: 'https://baska.example' });
      const c = new Client(server.url);
      await c.guest('Ofiara');
      const cookie = c.cookie;
      for (const transport of ['websocket', 'polling'] as const) {
        expect(await tryConnect(server.url, { cookie, origin: 'https://evil.example' }, transport)).toMatch(/^refused/);
        expect(await tryConnect(server.url, { cookie, origin: 'null' }, transport)).toMatch(/^refused/);
        expect(await tryConnect(server.url, { cookie, origin: server.url }, transport)).toBe('connected');
        expect(await tryConnect(server.url, { cookie, origin: 'https://baska.example' }, transport)).toBe('connected');
        // No Origin at all: not a browser page (browsers always send one on a websocket); allowed.
        expect(await tryConnect(server.url, { cookie }, transport)).toBe('connected');
      }
    });

    it('keeps /healthz and /readyz answering for an address whose HTTP requests are being refused', async () => {
      const server = await start({ ...database.env(), BASKA_HTTP_PER_SECOND: '1' });
      const statuses = await Promise.all(Array.from({ length: 30 }, () => fetch(`${server.url}/api/tables`)));
      expect(statuses.some((r) => r.status === 429)).toBe(true);
      expect((await fetch(`${server.url}/api/tables`)).status).toBe(429);
      for (let i = 0; i < 20; i++) {
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
        expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      }
    });

    it('caps the sockets of an address and the tables one socket watches, and the joins of an address', async () => {
      const server = await start({
        ...database.env(),
        BASKA_SOCKETS_PER_ADDRESS: '3',
        BASKA_TABLES_PER_SOCKET: '2',
        BASKA_JOINS_PER_MINUTE: '6',
      });
      const owner = new Client(server.url);
      await owner.guest('Właściciel');
      const ids = [await tableWithBots(owner), await tableWithBots(owner), await tableWithBots(owner)];
      const sockets = [new Client(server.url), new Client(server.url), new Client(server.url)];
      for (const s of sockets) await s.connect();
      expect(await tryConnect(server.url, {})).toMatch(/^refused/);
      sockets[2]!.close();
      await sleep(200);
      expect(await tryConnect(server.url, {})).toBe('connected');
      await sleep(200);

      const [a] = sockets;
      for (const id of ids.slice(0, 2)) {
        a!.send({ type: 'join', table: id });
        await a!.next((m) => m.type === 'snapshot' && m.table.id === id, 5000, 0);
      }
      const at = a!.mark();
      a!.send({ type: 'join', table: ids[2]! });
      expect(await a!.next((m) => m.type === 'error' || m.type === 'snapshot', 5000, at)).toMatchObject({
        type: 'error',
        code: 'ERR_TOO_MANY',
      });
      // Joining a table again does not count as another one.
      a!.send({ type: 'join', table: ids[0]! });
      await a!.next((m) => m.type === 'snapshot' && m.table.id === ids[0], 5000, at);
      // Joins of tables not in memory (each a read of the log, or of nothing): six a minute from this
      // address, on any socket; the next are refused. Tables in memory cost nothing and stay open.
      const b = sockets[1]!;
      const from = b.mark();
      for (let i = 0; i < 8; i++) b.send({ type: 'join', table: `nosuchtable${i}` });
      const answers: ServerMessage[] = [];
      for (let i = 0; i < 8; i++) answers.push(await b.next(() => true, 5000, from + i));
      const codes = answers.map((m) => (m.type === 'error' ? m.code : m.type));
      expect(codes.filter((c) => c === 'ERR_NOT_FOUND')).toHaveLength(6);
      expect(codes.filter((c) => c === 'ERR_RATE')).toHaveLength(2);
      const more = a!.mark();
      a!.send({ type: 'join', table: ids[1]! });
      await a!.next((m) => m.type === 'snapshot' && m.table.id === ids[1], 5000, more);
      for (const s of sockets) s.close();
    });

    it('serves a finished table’s description, snapshot and record from memory, without replaying its log again', async () => {
      const server = await start(database.env());
      const { c, id } = await guestAtTable(server.url, 'Archiwista');
      await c.http('POST', `/api/tables/${id}/start`);
      await autoplay(c, id, finished);
      c.close(); // the last watcher goes: the table leaves the set of tables in play
      await sleep(300);
      const record = await c.http('GET', `/api/games/${id}/record`);
      expect(record.status).toBe(200);
      await deleteLog(server, id);
      // Joins (a player and a spectator), the description and the record: all still the finished table.
      for (const who of [c, new Client(server.url)]) {
        await who.connect();
        const at = who.mark();
        who.send({ type: 'join', table: id });
        const snap = await who.next((m) => m.type === 'snapshot' || m.type === 'error', 5000, at);
        expect(snap).toMatchObject({ type: 'snapshot', table: { id, status: 'finished' } });
        who.close();
      }
      expect((await c.http('GET', `/api/tables/${id}`)).body.table.status).toBe('finished');
      expect((await c.http('GET', `/api/games/${id}/record`)).body).toEqual(record.body);
    });

    it('caps the open tables of a player and of an address with ERR_TOO_MANY', async () => {
      const server = await start({
        ...database.env(),
        BASKA_OPEN_TABLES_PER_PLAYER: '2',
        BASKA_OPEN_TABLES_PER_ADDRESS: '3',
      });
      const a = new Client(server.url);
      await a.guest('Zakładacz');
      const first = await tableWithBots(a);
      await tableWithBots(a);
      const third = await a.http('POST', '/api/tables', { bots: 'basic' });
      expect(third.status).toBe(409);
      expect(third.body.error.code).toBe('ERR_TOO_MANY');
      // Another guest from the same address: one more, then the address is full.
      const b = new Client(server.url);
      await b.guest('Sąsiad');
      await tableWithBots(b);
      expect((await b.http('POST', '/api/tables', { bots: 'basic' })).body.error.code).toBe('ERR_TOO_MANY');
      // A finished table no longer counts.
      await a.connect();
      a.send({ type: 'join', table: first });
      await a.next((m) => m.type === 'snapshot');
      await a.http('POST', `/api/tables/${first}/start`);
      await autoplay(a, first, finished);
      expect((await a.http('POST', '/api/tables', { bots: 'basic' })).status).toBe(200);
      a.close();
    });

    it('shows a private table to whoever has its link until the start, then to its players only', async () => {
      const server = await start(database.env());
      const a = new Client(server.url);
      await a.guest('Gospodarz');
      const id = (await a.http('POST', '/api/tables', { public: false, seat: 0 })).body.table.id as string;
      // The invited (Gość), one who sits and leaves again (Wędrowiec), and one who only looks (Ciekawski).
      const [b, c, s] = [new Client(server.url), new Client(server.url), new Client(server.url)];
      await b.guest('Gość');
      await c.guest('Wędrowiec');
      await s.guest('Ciekawski');
      for (const x of [a, b, c, s]) {
        await x.connect();
        x.send({ type: 'join', table: id });
        // The link is the invitation: the waiting room shows to all of them, seated or not.
        expect(await x.next((m) => m.type === 'snapshot' || m.type === 'error')).toMatchObject({
          type: 'snapshot',
          seat: x === a ? 0 : null,
          table: { id, public: false, status: 'open' },
        });
      }
      // The invited sits from the waiting room; the one who sat and left still sees it.
      const seen = new Map([b, c, s].map((x) => [x, x.mark()]));
      expect((await b.http('POST', `/api/tables/${id}/sit`, { seat: 1 })).status).toBe(200);
      await b.next((m) => m.type === 'event' && m.event.type === 'seated' && m.seat === 1, 5000, seen.get(b));
      expect((await c.http('POST', `/api/tables/${id}/sit`, { seat: 2 })).status).toBe(200);
      await c.next((m) => m.type === 'event' && m.event.type === 'seated' && m.seat === 2, 5000, seen.get(c));
      c.send({ type: 'leave', table: id });
      await c.next((m) => m.type === 'event' && m.event.type === 'left' && m.seat === null, 5000, seen.get(c));
      await s.next((m) => m.type === 'event' && m.event.type === 'left', 5000, seen.get(s));
      expect([...c.messages, ...s.messages].filter((m) => m.type === 'error')).toEqual([]);

      // The start: those without a seat are told the table no longer shows to them, and hear nothing more.
      for (const seat of [2, 3]) await a.http('POST', `/api/tables/${id}/bot`, { seat, level: 'basic' });
      const marks = new Map([c, s].map((x) => [x, x.mark()]));
      expect((await a.http('POST', `/api/tables/${id}/start`)).status).toBe(200);
      const dealt = await b.next((m) => m.type === 'event' && m.event.type === 'deal', 5000, seen.get(b));
      expect(dealt.type === 'event' && dealt.view?.hand.length).toBe(4);
      for (const x of [c, s]) {
        const from = marks.get(x)!;
        expect(await x.next((m) => m.type === 'error', 5000, from)).toMatchObject({ code: 'ERR_PRIVATE', table: id });
      }
      // Joining again, or for the first time, is refused now.
      const late = new Client(server.url);
      await late.guest('Spóźniony');
      await late.connect();
      for (const x of [s, late]) {
        const from = x.mark();
        x.send({ type: 'join', table: id });
        expect(await x.next((m) => m.type === 'error', 5000, from)).toMatchObject({ code: 'ERR_PRIVATE', table: id });
      }
      await sleep(500); // the bots play on meanwhile
      for (const x of [c, s, late]) {
        const after = x.messages.slice(marks.get(x) ?? 0);
        // Nothing of the game: no event, no snapshot, no view, no chat; only the refusals.
        expect(after.filter((m) => m.type !== 'error' && m.type !== 'spectators')).toEqual([]);
        expect(after.filter((m) => m.type === 'error').map((m) => m.type === 'error' && m.code)).toEqual(
          x === s ? ['ERR_PRIVATE', 'ERR_PRIVATE'] : ['ERR_PRIVATE'], // s joined again after the start
        );
        expect(JSON.stringify(after)).not.toMatch(/"hand"|"started"/);
      }
      for (const x of [a, b, c, s, late]) x.close();
    });

    it('marks each seat as a guest or not in the table’s description', async () => {
      const server = await start(database.env());
      const reg = new Client(server.url);
      expect((await reg.http('POST', '/api/register', { name: 'Prawdziwy', password: 'kaszuby-1234' })).status).toBe(
        200,
      );
      const g = new Client(server.url);
      await g.guest('Prawdziwa'); // a guest's name may be like a registered one (not its look-alike): the flag tells them apart
      const id = (await reg.http('POST', '/api/tables', { seat: 0 })).body.table.id as string;
      await g.http('POST', `/api/tables/${id}/sit`, { seat: 1 });
      await reg.http('POST', `/api/tables/${id}/bot`, { seat: 2, level: 'basic' });
      const info = (await g.http('GET', `/api/tables/${id}`)).body.table;
      expect(info.seats.map((s: { name: string | null; guest: boolean }) => [s.name, s.guest])).toEqual([
        ['Prawdziwy', false],
        ['Prawdziwa', true],
        ['Bot Grzegorz (basic)', false],
        [null, false],
      ]);
      const { c, id: other } = await guestAtTable(server.url, 'Przybysz');
      const snap = c.messages.find((m) => m.type === 'snapshot');
      expect(snap?.type === 'snapshot' && snap.table.seats.map((s) => s.guest)).toEqual([true, false, false, false]);
      expect(other).toBeTruthy();
      c.close();
    });
  });
}

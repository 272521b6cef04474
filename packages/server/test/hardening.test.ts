// What a public site is expected to withstand, against the real process: security headers, the
// socket's origin check, health checks a flood cannot lock out, caps per address and per player,
// finished tables served from memory instead of their logs, a private table shown to whoever has its
// link until its start and to its players only after, and guests marked as guests.
import type { ServerMessage } from '@baska/protocol';
import { io } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import {
  Client,
  DATABASES,
  type Running,
  autoplay,
  guestAtTable,
  registered,
  start,
  stopAll,
  tableWithBots,
} from './harness.js';

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

    it('takes a change only in JSON and from this site’s own pages: a same-site form joins no tournament in a player’s name', async () => {
      const server = await start({ ...database.env(), BASKA_ALLOWED_ORIGINS: 'https://baska.example' });
      const dir = (await registered(server.url, 'Sędzia Formularzy')).c;
      const created = await dir.http('POST', '/api/tournaments', {
        name: 'Turniej bez formularzy',
        format: { format: 'znin', rounds: 1, deals: { 4: 2, 5: 2 } },
        mode: 'online',
        players: 'Bot Ala\nBot Olek\nBot Ela',
      });
      const id = created.body.tournament.id as string;
      const victim = new Client(server.url);
      await victim.guest('Ofiara');
      const players = async () => (await dir.http('GET', `/api/tournaments/${id}`)).body.tournament.players;
      const before = await players();
      // The victim's browser, sent by another page (or a page of another host of the same site).
      const post = async (path: string, headers: Record<string, string>, body?: string) => {
        const r = await fetch(server.url + path, {
          method: 'POST',
          headers: { cookie: victim.cookie, ...headers },
          body,
        });
        return { status: r.status, code: ((await r.json()) as { error?: { code: string } }).error?.code };
      };
      const join = `/api/tournaments/${id}/join`;
      const sibling = 'https://gry.baska.example';
      const refused = [
        [{ 'content-type': 'text/plain' }, 'x=1', 415, 'ERR_CONTENT_TYPE'],
        [{ 'content-type': 'text/plain;charset=UTF-8' }, '{}', 415, 'ERR_CONTENT_TYPE'],
        [{ 'content-type': 'application/x-www-form-urlencoded' }, 'x=1', 415, 'ERR_CONTENT_TYPE'],
        [{ 'content-type': 'multipart/form-data; boundary=b' }, '--b--', 415, 'ERR_CONTENT_TYPE'],
        [{}, 'x=1', 415, 'ERR_CONTENT_TYPE'],
        [{ 'content-type': 'text/plain', origin: sibling, 'sec-fetch-site': 'same-site' }, '', 403, 'ERR_ORIGIN'],
        [{ 'content-type': 'application/json', origin: 'https://evil.example' }, '{}', 403, 'ERR_ORIGIN'],
        [{ 'content-type': 'application/json', origin: 'null' }, '{}', 403, 'ERR_ORIGIN'],
        [{ 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' }, '{}', 403, 'ERR_ORIGIN'],
        [{ 'content-type': 'application/json', 'sec-fetch-site': 'same-site' }, '{}', 403, 'ERR_ORIGIN'],
        // A page's own Origin does not make another page's Sec-Fetch-Site its own.
        [
          { 'content-type': 'application/json', origin: server.url, 'sec-fetch-site': 'same-site' },
          '{}',
          403,
          'ERR_ORIGIN',
        ],
        [{ origin: sibling }, undefined, 403, 'ERR_ORIGIN'], // body-less, as a fetch() with no body
      ] as const;
      for (const [headers, body, status, code] of refused)
        expect(await post(join, headers, body), JSON.stringify(headers)).toEqual({ status, code });
      expect(await players()).toEqual(before);
      // Nor is the victim signed out by another page.
      expect(await post('/api/logout', { 'sec-fetch-site': 'cross-site' })).toEqual({
        status: 403,
        code: 'ERR_ORIGIN',
      });
      expect((await victim.http('GET', '/api/me')).body.player.name).toBe('Ofiara');

      // The site's own page: JSON (as the web client sends every body), or no body at all.
      const own = { origin: server.url, 'sec-fetch-site': 'same-origin' };
      expect((await post(join, { ...own, 'content-type': 'application/json' }, '{}')).status).toBe(200);
      expect((await players()).length).toBe(before.length + 1);
      // The public origin, behind a proxy that rewrites Host (BASKA_ALLOWED_ORIGINS): its own page too.
      const publicPage = { origin: 'https://baska.example', 'sec-fetch-site': 'same-origin' };
      expect((await post('/api/tables', { ...publicPage, 'content-type': 'application/json' }, '{}')).status).toBe(200);
      // No headers of a page (curl, the CLI): as before. `none`: the person's own doing.
      expect((await post('/api/tables', { 'content-type': 'application/json; charset=utf-8' }, '{}')).status).toBe(200);
      expect((await post('/api/logout', { 'sec-fetch-site': 'none' })).status).toBe(200);
      // Reads are not changes: another page may still read what anyone may.
      expect((await fetch(`${server.url}/api/tables`, { headers: { origin: 'https://evil.example' } })).status).toBe(
        200,
      );
    });

    it('counts every limit per address of an IPv6 client by its /64 behind a trusted proxy', async () => {
      const server = await start({
        ...database.env(),
        BASKA_TRUST_PROXY: 'loopback',
        BASKA_HTTP_PER_SECOND: '2', // 8 requests in 4 seconds
        BASKA_SOCKETS_PER_ADDRESS: '2',
        BASKA_JOINS_PER_MINUTE: '2',
        BASKA_OPEN_TABLES_PER_ADDRESS: '1',
      });
      // Each request from another address of one subscriber's /64 (nginx forwards each as it came).
      const from = (net: string, host: number) => ({ 'x-forwarded-for': `2001:db8:${net}:1::${host.toString(16)}` });
      // HTTP requests, and with them the hall codes tried: 8 over the /64, then ERR_RATE.
      const codes: string[] = [];
      for (let i = 1; i <= 10; i++) {
        const r = await fetch(`${server.url}/api/hall/ABCDE${'23456789AB'[i - 1]}`, { headers: from('a', i) });
        codes.push(((await r.json()) as { error: { code: string } }).error.code);
      }
      expect(codes).toEqual([...Array<string>(8).fill('ERR_NOT_FOUND'), 'ERR_RATE', 'ERR_RATE']);
      // Sockets: two over the /64.
      const sockets: Client[] = [];
      for (const host of [1, 2]) {
        const c = new Client(server.url);
        c.headers = from('b', host);
        await c.connect();
        sockets.push(c);
      }
      expect(await tryConnect(server.url, from('b', 3))).toMatch(/^refused/);
      expect(await tryConnect(server.url, from('c', 3))).toBe('connected'); // another /64
      // Joins of tables not in memory: two a minute over the /64, whichever socket sends them.
      const answers: string[] = [];
      for (const [i, c] of [sockets[0]!, sockets[1]!, sockets[0]!, sockets[1]!].entries()) {
        const at = c.mark();
        c.send({ type: 'join', table: `nosuchtable${i}` });
        const m = await c.next((m) => m.type === 'error', 5000, at);
        answers.push(m.type === 'error' ? m.code : m.type);
      }
      expect(answers).toEqual(['ERR_NOT_FOUND', 'ERR_NOT_FOUND', 'ERR_RATE', 'ERR_RATE']);
      for (const c of sockets) c.close();
      // Open tables: one over the /64, whoever creates it.
      const creators: Client[] = [];
      for (const host of [1, 2]) {
        const c = new Client(server.url);
        c.headers = from('d', host);
        await c.guest(`Sąsiad ${host}`);
        creators.push(c);
      }
      await tableWithBots(creators[0]!);
      const second = await creators[1]!.http('POST', '/api/tables', { bots: 'basic' });
      expect(second.body.error?.code).toBe('ERR_TOO_MANY');
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

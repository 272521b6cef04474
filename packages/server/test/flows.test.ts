// The server's slower and rougher paths, as a real process over real sockets, on SQLite and (with
// BASKA_TEST_PG_URL) PostgreSQL: a player who drops and comes back (with what he missed), the move
// clock, rate limits and oversized messages, and a fuzz of random and mutated messages.
import { CARD_CODES, loadRecord, scoreRecord } from '@baska/engine';
import type { PublicEvent, ServerMessage } from '@baska/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import {
  Client,
  DATABASES,
  autoplay,
  guestAtTable,
  start,
  stopAll,
  tableWithBots,
  versionOf,
  viewOf,
} from './harness.js';

afterAll(stopAll);

const isEvent = (type: PublicEvent['type'], seat?: number) => (m: ServerMessage) =>
  m.type === 'event' && m.event.type === type && (seat === undefined || ('seat' in m.event && m.event.seat === seat));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A small seeded generator, so that a failing fuzz run can be repeated. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

for (const database of DATABASES) {
  describe(`server flows on ${database.name}`, () => {
    it('a player who drops is played by a bot after the grace period, gets what he missed on return, and takes his seat back; his history counts the game', async () => {
      const server = await start({ ...database.env(), BASKA_GRACE_SECONDS: '1', BASKA_BOT_DELAY_MS: '100' });
      const c = new Client(server.url);
      const reg = await c.http('POST', '/api/register', { name: 'Wracający', password: 'kaszuby-1234' });
      expect(reg.status).toBe(200);
      const d = new Client(server.url);
      await d.guest('Drugi');
      const created = await c.http('POST', '/api/tables', { seat: 0, secondsPerMove: 600, deals: 3 });
      const id = created.body.table.id as string;
      expect(created.body.invite).toBe(`/#/t/${id}`);
      expect((await d.http('POST', `/api/tables/${id}/sit`, { seat: 1 })).status).toBe(200);
      for (const seat of [2, 3]) await c.http('POST', `/api/tables/${id}/bot`, { seat, level: 'basic' });
      const s = new Client(server.url); // a spectator: sees every public event
      for (const x of [c, d, s]) {
        await x.connect();
        x.send({ type: 'join', table: id });
        await x.next((m) => m.type === 'snapshot');
      }
      await c.http('POST', `/api/tables/${id}/start`);
      const dPlays = autoplay(d, id, isEvent('finished'));
      await autoplay(c, id, () => false, 2);
      const seen = versionOf(c.messages.at(-1)!);
      c.close();
      const away = await s.next((m) => isEvent('away', 0)(m), 10_000);
      expect(versionOf(away)).toBeGreaterThan(seen);
      // A bot moves for the absent player, and everyone sees that it is a bot.
      await s.next(
        (m) => m.type === 'event' && m.event.type === 'action' && m.event.seat === 0 && m.event.by === 'bot',
      );
      expect(away.type === 'event' && away.info.seats[0]!.away).toBe(true);

      const back = c.mark();
      await c.connect();
      c.send({ type: 'join', table: id, version: seen });
      const missed = await c.next((m) => m.type === 'missed', 10_000, back);
      if (missed.type !== 'missed') throw new Error('unreachable');
      // Exactly the versions after the one he had, each the event the spectator saw.
      expect(missed.events.map((e) => e.version)).toEqual(
        Array.from({ length: missed.version - seen }, (_, i) => seen + 1 + i),
      );
      const spectatorSaw = new Map(s.messages.flatMap((m) => (m.type === 'event' ? [[m.version, m.event]] : [])));
      for (const e of missed.events) expect(e.event).toEqual(spectatorSaw.get(e.version));
      expect(missed.events.some((e) => e.event.type === 'away')).toBe(true);
      expect(JSON.stringify(missed.events)).not.toMatch(/"hands"/);
      await c.next((m) => isEvent('back', 0)(m), 10_000, back);
      const end = await autoplay(c, id, isEvent('finished'));
      await dPlays;
      if (end.type !== 'event') throw new Error('unreachable');
      expect(end.info.seats[0]!.away).toBe(false);

      // A join with a version the table never had, or none, gets a full snapshot.
      for (const version of [missed.version + 1000, undefined]) {
        const at = c.mark();
        c.send({ type: 'join', table: id, version });
        expect((await c.next((m) => m.type === 'snapshot' || m.type === 'missed', 10_000, at)).type).toBe('snapshot');
      }

      const history = await c.http('GET', '/api/me/games');
      expect(history.status).toBe(200);
      expect(history.body.games).toHaveLength(1);
      expect(history.body.games[0]).toMatchObject({
        id,
        status: 'finished',
        seat: 0,
        deals: end.info.dealsPlayed, // 3, or more when a bok-round was still running
        total: end.info.totals[0],
      });
      expect(end.info.dealsPlayed).toBeGreaterThanOrEqual(3);
      expect(history.body.stats).toMatchObject({ games: 1, deals: end.info.dealsPlayed, points: end.info.totals[0] });
      expect((await new Client(server.url).http('GET', '/api/me/games')).body.error.code).toBe('ERR_AUTH');
      for (const x of [c, d, s]) x.close();
    });

    it('tells a socket its own seat with every event: a second guest who sits down over HTTP learns his seat from the next event, without joining again', async () => {
      const server = await start(database.env());
      const c = new Client(server.url);
      await c.guest('Gospodyni');
      const created = await c.http('POST', '/api/tables', { seat: 0, secondsPerMove: 600, deals: 1 });
      const id = created.body.table.id as string;
      const d = new Client(server.url);
      await d.guest('Sąsiad');
      for (const x of [c, d]) {
        await x.connect();
        x.send({ type: 'join', table: id });
        await x.next((m) => m.type === 'snapshot', 10_000, 0);
      }
      expect(d.messages.find((m) => m.type === 'snapshot')).toMatchObject({ seat: null }); // he watches
      const at = d.mark();
      const ownerAt = c.mark();
      expect((await d.http('POST', `/api/tables/${id}/sit`, { seat: 2 })).status).toBe(200);
      const next = await d.next((m) => m.type === 'event', 10_000, at);
      expect(next).toMatchObject({ type: 'event', event: { type: 'seated', seat: 2 }, seat: 2 });
      // Everyone else hears the same event with his own seat.
      expect(await c.next((m) => m.type === 'event', 10_000, ownerAt)).toMatchObject({ seat: 0 });
      // Seats of bots reach him the same way, his own unchanged.
      const botAt = d.mark();
      await c.http('POST', `/api/tables/${id}/bot`, { seat: 1, level: 'basic' });
      expect(await d.next((m) => m.type === 'event', 10_000, botAt)).toMatchObject({
        event: { type: 'seated', seat: 1 },
        seat: 2,
      });
      // And leaving before the start takes his seat away in the next event.
      const before = d.mark();
      expect((await d.http('POST', `/api/tables/${id}/leave`)).status).toBe(200);
      expect(await d.next((m) => m.type === 'event', 10_000, before)).toMatchObject({
        event: { type: 'left', seat: 2 },
        seat: null,
      });
      expect(d.messages.slice(at).some((m) => m.type === 'snapshot' || m.type === 'missed')).toBe(false);
      for (const x of [c, d]) x.close();
    });

    it('the move clock: everyone sees whose time runs and until when; when it runs out a bot moves, marked as a timeout', async () => {
      const server = await start(database.env());
      const { c, id } = await guestAtTable(server.url, 'Powolny', 'basic', { secondsPerMove: 5 });
      await c.http('POST', `/api/tables/${id}/start`);
      const mine = await c.next((m) => {
        const v = viewOf(m);
        return v !== null && v.toAct === 0;
      });
      const got = Date.now();
      if (mine.type !== 'event') throw new Error('expected an event');
      expect(mine.info.clock?.seat).toBe(0);
      expect(Math.abs(mine.info.clock!.deadline - (got + 5000))).toBeLessThan(1500);
      const timeout = await c.next(
        (m) => m.type === 'event' && m.event.type === 'action' && m.event.seat === 0,
        12_000,
      );
      expect(timeout.type === 'event' && timeout.event.type === 'action' && timeout.event.by).toBe('timeout');
      expect(Date.now() - got).toBeGreaterThan(3500);
      c.close();
    });

    it('tells the table when people start or stop watching it, counting a person once however many tabs he has', async () => {
      const server = await start(database.env());
      const { c, id } = await guestAtTable(server.url, 'Gospodarz', 'basic');
      const count = (n: number) => (m: ServerMessage) =>
        m.type === 'spectators' && m.table === id && m.spectators === n;
      const watcher = new Client(server.url);
      await watcher.guest('Kibic');
      const tabs = [new Client(server.url), new Client(server.url)];
      // Each count is awaited from before what causes it: the first tab's count may come while the
      // second tab still connects (a busy machine took longer than the count's 250 ms pause).
      let from = c.mark();
      for (const tab of tabs) {
        tab.cookie = watcher.cookie; // the same person in two tabs
        await tab.connect();
        tab.send({ type: 'join', table: id });
      }
      await c.next(count(1), 5_000, from);
      const anon = new Client(server.url); // and someone not logged in at all
      from = c.mark();
      await anon.connect();
      anon.send({ type: 'join', table: id });
      await c.next(count(2), 5_000, from);
      const snap = await anon.next((m) => m.type === 'snapshot', 5_000, 0);
      expect(snap.type === 'snapshot' && snap.table.spectators).toBeGreaterThanOrEqual(1);
      from = c.mark();
      for (const x of [...tabs, anon]) x.close();
      await c.next(count(0), 5_000, from);
      // Told only on a change: no further count comes while nobody comes or goes.
      const mark = c.mark();
      await sleep(600);
      expect(c.messages.slice(mark).filter((m) => m.type === 'spectators')).toEqual([]);
      c.close();
    });

    it('closes a table nobody started once everyone has gone for the grace period, and keeps one whose creator comes back', async () => {
      const server = await start({ ...database.env(), BASKA_GRACE_SECONDS: '1' });
      const c = new Client(server.url);
      await c.guest('Niecierpliwy');
      const listed = async () =>
        ((await c.http('GET', '/api/tables')).body.tables as { id: string }[]).map((t) => t.id);
      const gone = await tableWithBots(c, 'basic');
      const kept = await tableWithBots(c, 'basic');
      await c.connect();
      c.send({ type: 'join', table: gone });
      c.send({ type: 'join', table: kept });
      await c.next((m) => m.type === 'snapshot' && m.table.id === kept, 5_000, 0);
      expect(await listed()).toEqual(expect.arrayContaining([gone, kept]));
      c.close(); // the tab is closed...
      await sleep(300);
      await c.connect(); // ...and a new one opened at one of the tables only, within the grace period
      c.send({ type: 'join', table: kept });
      await sleep(2_000);
      expect(await listed()).toContain(kept);
      expect(await listed()).not.toContain(gone);
      expect((await c.http('GET', `/api/tables/${gone}`)).body.table.status).toBe('finished');
      expect((await c.http('POST', `/api/tables/${gone}/start`)).body.error.code).toBe('ERR_GAME_OVER');
      expect((await c.http('GET', '/api/me/games')).body.games.map((g: { id: string }) => g.id)).not.toContain(gone);
      // The one still watched plays as usual.
      expect((await c.http('POST', `/api/tables/${kept}/start`)).status).toBe(200);
      await autoplay(c, kept, (m) => m.type === 'event' && m.event.type === 'finished');
      expect((await c.http('GET', '/healthz')).body).toMatchObject({ ok: true, tables: 1, sockets: 1 });
      c.close();
      await sleep(300); // a finished table nobody watches leaves memory; its record is still there
      expect((await c.http('GET', '/healthz')).body).toMatchObject({ ok: true, tables: 0, sockets: 0 });
      const rec = await c.http('GET', `/api/games/${kept}/record`);
      expect(rec.status).toBe(200);
      expect(loadRecord(rec.body).ok).toBe(true);
    });

    it('cuts off floods and oversized messages (per connection and per address) and answers in time with ERR_RATE', async () => {
      const server = await start({ ...database.env(), BASKA_MESSAGES_PER_SECOND: '5', BASKA_HTTP_PER_SECOND: '5' });
      const c = new Client(server.url);
      await c.guest('Zalewacz');
      // HTTP: 40 requests at once from one address overflow its bucket (5 a second, bursts of 20).
      const statuses = await Promise.all(Array.from({ length: 40 }, () => c.http('GET', '/api/tables')));
      const limited = statuses.filter((r) => r.status === 429);
      expect(limited.length).toBeGreaterThan(0);
      expect(limited[0]!.body.error.code).toBe('ERR_RATE');
      expect(statuses.every((r) => r.status === 200 || r.status === 429)).toBe(true);
      await sleep(4500); // the bucket refills
      const big = await c.http('POST', '/api/tables', { preset: 'standard', options: { pad: 'x'.repeat(20_000) } });
      expect(big.status).toBe(413);
      expect(big.body.error.code).toBe('ERR_TOO_BIG');

      // A socket: a burst over the limit is refused with ERR_RATE, the connection stays.
      await c.connect();
      for (let i = 0; i < 14; i++) c.send({ type: 'join', table: 'nosuchtable' });
      await c.next((m) => m.type === 'error' && m.code === 'ERR_RATE');
      expect(c.socket!.connected).toBe(true);
      await sleep(1500);
      const at = c.mark();
      c.send({ type: 'join', table: 'nosuchtable' });
      expect(await c.next((m) => m.type === 'error', 5000, at)).toMatchObject({ code: 'ERR_NOT_FOUND' });

      // A flood is cut off.
      const flood = new Client(server.url);
      await flood.connect();
      const cut = new Promise((r) => flood.socket!.once('disconnect', r));
      for (let i = 0; i < 100; i++) flood.send({ type: 'join', table: 'nosuchtable' });
      await cut;
      // So is a message over the size limit.
      const huge = new Client(server.url);
      await huge.connect();
      const cutHuge = new Promise((r) => huge.socket!.once('disconnect', r));
      huge.send({ type: 'join', table: 'x'.repeat(5000) });
      await cutHuge;
      // The server is unharmed.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      c.close();
    });

    it('survives thousands of random and mutated messages and requests, then plays a clean game', async () => {
      const server = await start({
        ...database.env(),
        BASKA_MESSAGES_PER_SECOND: '1000000',
        BASKA_HTTP_PER_SECOND: '1000000',
      });
      const rnd = prng(20261121);
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
      const { c, id } = await guestAtTable(server.url, 'Psotnik', 'random', { deals: 0 });
      await c.http('POST', `/api/tables/${id}/start`);

      const strings = [
        '',
        'pass',
        'kontra',
        'zollo',
        'wesele',
        'gran',
        'cicha',
        'Ah',
        '∅',
        'a'.repeat(300),
        '__proto__',
      ];
      const value = (depth: number): unknown => {
        const k = rnd();
        if (depth > 2 || k < 0.5) {
          return pick<unknown>([
            null,
            true,
            false,
            0,
            -1,
            1e308,
            -0.5,
            2 ** 53,
            Math.floor(rnd() * 100),
            pick(strings),
            pick(CARD_CODES),
            String.fromCharCode(...Array.from({ length: Math.floor(rnd() * 20) }, () => Math.floor(rnd() * 0xffff))),
          ]);
        }
        if (k < 0.75) return Array.from({ length: Math.floor(rnd() * 4) }, () => value(depth + 1));
        const o: Record<string, unknown> = {};
        for (let i = Math.floor(rnd() * 4); i > 0; i--)
          o[pick(['type', 'table', 'version', 'action', 'x', 'constructor'])] = value(depth + 1);
        return o;
      };
      const actions = [...CARD_CODES, 'pass', 'kontra', 're', 'zollo', 'gran', 'cicha', 'wesele', 'wesele:Jc', 'bok'];
      const mutated = (): unknown => {
        const version = Math.max(0, ...c.messages.slice(-50).map(versionOf));
        const base: Record<string, unknown> = pick([
          { type: 'act', table: id, version, action: pick(actions) },
          { type: 'join', table: id, version: Math.floor(rnd() * (version + 3)) },
          { type: 'join', table: id },
          { type: 'leave', table: id },
        ]);
        const r = rnd();
        if (r < 0.3) return base; // well-formed: may be taken, may be refused
        const key = pick(Object.keys(base));
        if (r < 0.5) delete base[key];
        else if (r < 0.8) base[key] = value(1);
        else base[pick(['extra', 'seat', 'by'])] = value(1);
        return base;
      };

      const MESSAGES = 3000;
      for (let i = 0; i < MESSAGES; i++) {
        if (rnd() < 0.03) c.socket!.emit(pick(['act', 'join', 'hello', 'disconnect_me']), value(0));
        else c.send(rnd() < 0.4 ? value(0) : mutated());
        if (i % 200 === 199) await sleep(20); // let the answers come back meanwhile
      }
      const paths = [
        '/api/tables',
        `/api/tables/${id}`,
        `/api/tables/${id}/sit`,
        `/api/tables/${id}/bot`,
        `/api/tables/${id}/start`,
        `/api/tables/${id}/leave`,
        '/api/guest',
        '/api/login',
        '/api/register',
        `/api/games/${id}/record`,
        '/api/me/games',
        '/api/tables/..%2F..%2Fetc',
      ];
      const answers: number[] = [];
      for (let i = 0; i < 400; i++) {
        const method = pick(['GET', 'POST', 'POST', 'PUT', 'DELETE']);
        const raw = rnd() < 0.2;
        const r = await fetch(server.url + pick(paths), {
          method,
          headers: { 'content-type': 'application/json', cookie: c.cookie },
          body: method === 'GET' ? undefined : raw ? '{"unclosed": [' : JSON.stringify(value(0)),
        });
        answers.push(r.status);
        if (r.status >= 500) throw new Error(`${r.status}: ${await r.text()}`);
      }
      // Wait until the answers stop coming.
      for (let n = -1; n !== c.messages.length;) {
        n = c.messages.length;
        await sleep(700);
      }
      const errors = c.messages.filter((m) => m.type === 'error');
      expect(errors.filter((m) => m.type === 'error' && m.code === 'ERR_INTERNAL')).toEqual([]);
      expect(errors.filter((m) => m.type === 'error' && m.code === 'ERR_SCHEMA').length).toBeGreaterThan(MESSAGES / 3);
      expect(answers.filter((s) => s >= 400).length).toBeGreaterThan(200);
      expect(server.log.join('')).not.toMatch(/"level":(50|60)/); // nothing logged as an error
      expect(server.child.exitCode).toBe(null);

      // The fuzzed table's log still replays into a valid record, if a deal was completed.
      const fuzzed = await c.http('GET', `/api/games/${id}/record`);
      if (fuzzed.status === 200) expect(loadRecord(fuzzed.body).ok).toBe(true);
      else expect(fuzzed.body.error.code).toBe('ERR_NOT_STARTED');
      c.close();

      // And a clean game, start to end.
      const clean = new Client(server.url);
      await clean.guest('Porządny');
      const table = await tableWithBots(clean, 'basic');
      await clean.connect();
      clean.send({ type: 'join', table });
      await clean.next((m) => m.type === 'snapshot');
      await clean.http('POST', `/api/tables/${table}/start`);
      const end = await autoplay(clean, table, isEvent('finished'));
      const rec = loadRecord((await clean.http('GET', `/api/games/${table}/record`)).body);
      expect(rec.ok).toBe(true);
      const scored = scoreRecord(rec.ok ? rec.value : (null as never));
      expect(scored.ok && scored.value.totals).toEqual(end.type === 'event' ? end.info.totals : null);
      clean.close();
    });
  });
}

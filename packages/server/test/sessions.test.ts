// Sessions that end (decision 016), on a real process over SQLite and (with BASKA_TEST_PG_URL)
// PostgreSQL: after their idle lifetime unused, after their absolute lifetime however used (the
// lifetimes made seconds through the environment), and all of a player's at once by "log out
// everywhere", which also closes his sockets while another player's stay open. An ended session is
// deleted, not only refused.
import SQLite from 'better-sqlite3';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, DATABASES, type Running, start, stopAll } from './harness.js';

afterAll(stopAll);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Seconds as the days the environment takes. */
const days = (seconds: number) => String(seconds / 86_400);

/** The sessions the server's database holds, by player id. */
async function sessionsOf(server: Running, playerId: number): Promise<number> {
  if (server.env.DATABASE_URL) {
    const c = new pg.Client({ connectionString: server.env.DATABASE_URL });
    await c.connect();
    const r = await c.query('select count(*)::int as n from session where player_id = $1', [playerId]);
    await c.end();
    return r.rows[0].n as number;
  }
  const db = new SQLite(join(server.dataDir, 'baska.db'), { readonly: true });
  const row = db.prepare('select count(*) as n from session where player_id = ?').get(playerId) as { n: number };
  db.close();
  return row.n;
}

const me = async (c: Client) => (await c.http('GET', '/api/me')).body.player as { id: number } | null;

async function signedIn(url: string, name: string) {
  const c = new Client(url);
  const r = await c.http('POST', '/api/login', { name, password: 'kaszëbë-1234' });
  expect(r.status).toBe(200);
  return c;
}

for (const database of DATABASES) {
  describe(`sessions on ${database.name}`, () => {
    it('a session unused for its idle lifetime ends and is deleted; one in use lives on', async () => {
      const server = await start({ ...database.env(), BASKA_SESSION_IDLE_DAYS: days(1.5) });
      const idle = new Client(server.url);
      const player = await idle.guest('Drzemiący');
      const busy = new Client(server.url);
      const other = await busy.guest('Czuwający');
      expect(await me(idle)).toMatchObject({ id: player.id });
      for (let i = 0; i < 8; i++) {
        await sleep(250);
        expect(await me(busy), `in use after ${(i + 1) * 250} ms`).toMatchObject({ id: other.id });
      }
      // 2 s since the idle one's last use: it has ended, the row is gone; the one in use has not.
      expect(await me(idle)).toBeNull();
      expect(await sessionsOf(server, player.id)).toBe(0);
      expect((await idle.http('POST', '/api/tables', { seat: 0 })).body.error.code).toBe('ERR_AUTH');
      expect(await me(busy)).toMatchObject({ id: other.id });
      expect(await sessionsOf(server, other.id)).toBe(1);
    });

    it('a session ends after its absolute lifetime however it is used', async () => {
      const server = await start({
        ...database.env(),
        BASKA_SESSION_IDLE_DAYS: days(1.5),
        BASKA_SESSION_MAX_DAYS: days(3),
      });
      const c = new Client(server.url);
      const player = await c.guest('Wytrwały');
      const from = Date.now();
      let last: { id: number } | null = player;
      while (Date.now() - from < 3600 && last) {
        last = await me(c);
        if (Date.now() - from < 2700) expect(last, `${Date.now() - from} ms after the login`).toMatchObject(player);
        await sleep(200);
      }
      expect(last).toBeNull();
      expect(await sessionsOf(server, player.id)).toBe(0);
    });

    it('log out everywhere: every session of the player ends and his sockets close; another player keeps his', async () => {
      const server = await start(database.env());
      const first = new Client(server.url);
      const player = await first.register('Ostrożny');
      const second = await signedIn(server.url, 'Ostrożny');
      const other = new Client(server.url);
      await other.guest('Sąsiad');
      expect(await sessionsOf(server, player.id)).toBe(2);
      // Everyone's sockets at one table (a join waits for its player: his socket is known by then).
      const table = (await first.http('POST', '/api/tables', { seat: 0 })).body.table.id as string;
      for (const c of [first, second, other]) {
        await c.connect();
        c.send({ type: 'join', table });
        await c.next((m) => m.type === 'snapshot', 20_000, 0);
      }
      const closed = (c: Client) => new Promise<string>((r) => c.socket!.once('disconnect', r));
      const gone = [closed(first), closed(second)];

      const out = await second.http('POST', '/api/me/logout-all');
      expect(out).toEqual({ status: 200, body: { ok: true } });
      expect(await Promise.all(gone)).toEqual(['io server disconnect', 'io server disconnect']);
      expect(await me(first)).toBeNull();
      expect(await me(second)).toBeNull();
      expect(await sessionsOf(server, player.id)).toBe(0);
      // The other player's socket and session are as they were.
      expect(other.socket!.connected).toBe(true);
      const mark = other.mark();
      other.send({ type: 'join', table });
      await other.next((m) => m.type === 'snapshot', 20_000, mark);
      expect(await me(other)).toMatchObject({ name: 'Sąsiad' });
      // Signed out, he is asked to sign in; signed in again, he is in.
      expect((await first.http('POST', '/api/me/logout-all')).body.error.code).toBe('ERR_AUTH');
      expect(await me(await signedIn(server.url, 'ostrożny'))).toMatchObject({ id: player.id });
      for (const c of [first, second, other]) c.close();
    });
  });
}

// Faults at a deal's end, on each database: a write that fails, a database locked by another
// writer, a process that died between the deal's last card and the next deal. Each time the table
// must finish its game with the record of a game played without the fault, and a locked database
// must not stop the server from answering.
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Client } from './harness.js';
import { DATABASES, type Running, autoplay, guestAtTable, start, stopAll, unsigned } from './harness.js';
import type { ServerMessage } from '@baska/protocol';

afterAll(stopAll);

const SEED = { BASKA_TABLE_SEED: 'faults', BASKA_GRACE_SECONDS: '60' };
const finished = (m: ServerMessage) => m.type === 'event' && m.event.type === 'finished';

/** Play the client's seat to the end of the game, sending again what the server could not save; resolves with how often. */
async function playToEnd(c: Client, table: string): Promise<number> {
  const resend = { refused: 0 };
  await autoplay(c, table, finished, Infinity, resend);
  return resend.refused;
}

/** A guest and three bots play three deals; returns the record and the running server. */
async function game(env: Record<string, string>) {
  const server = await start(env);
  const { c, id } = await guestAtTable(server.url, 'Rybak', 'basic', { deals: 3 });
  await c.http('POST', `/api/tables/${id}/start`);
  const refused = await playToEnd(c, id);
  // Each run plays its own table on its own server (its own key): the game is compared, not the signatures.
  const record = unsigned((await c.http('GET', `/api/games/${id}/record`)).body as { deals: unknown[] });
  return { server, c, id, record, refused };
}

/** Run SQL on the database of a server (its SQLite file, or its PostgreSQL schema). */
async function onDatabase<T>(
  server: Running,
  job: (q: (sql: string, args?: unknown[]) => Promise<unknown[]>) => Promise<T>,
) {
  const url = server.env.DATABASE_URL;
  if (url) {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return await job(async (sql, args = []) => {
        let n = 0;
        return (
          await c.query(
            sql.replace(/\?/g, () => `$${++n}`),
            args,
          )
        ).rows;
      });
    } finally {
      await c.end();
    }
  }
  const db = new SQLite(`${server.dataDir}/baska.db`);
  try {
    return await job(async (sql, args = []) => {
      const st = db.prepare(sql);
      return st.reader ? st.all(...args) : (st.run(...args), []);
    });
  } finally {
    db.close();
  }
}

describe.each(DATABASES)('faults at a deal’s end ($name)', (database) => {
  let clean: { deals: unknown[] };

  it('plays the reference game without faults', async () => {
    const g = await game({ ...database.env(), ...SEED });
    clean = g.record;
    expect(clean.deals.length).toBeGreaterThanOrEqual(3);
    expect(g.refused).toBe(0);
    await g.server.stop();
  });

  it('a write that fails at every deal’s end: nothing changes, the move is made again, the record is the same', async () => {
    const g = await game({ ...database.env(), ...SEED, BASKA_TEST_FAULTS: 'fail-deal-end' });
    expect(g.record).toEqual(clean);
    // Every deal's end met its fault: refused to the player when his card ended it, retried by the server when a bot's did.
    // The server's log comes through a pipe, maybe after the game's last message: wait for it a moment.
    const failures = () => (g.server.log.join('').match(/writing to the log failed/g) ?? []).length;
    for (let i = 0; i < 40 && failures() < clean.deals.length; i++) await new Promise((r) => setTimeout(r, 50));
    expect(failures()).toBe(clean.deals.length);
    expect(g.refused).toBeLessThanOrEqual(failures());
    await g.server.stop();
  });

  it('a database locked by another writer at every deal’s end: the server keeps answering, the record is the same', async () => {
    const env = { ...database.env(), ...SEED, BASKA_TEST_FAULTS: 'lock-deal-end:1500' };
    const server = await start(env);
    let worst = 0;
    let polling = true;
    const poll = (async () => {
      while (polling) {
        const t = performance.now();
        const r = await fetch(`${server.url}/healthz`);
        expect(r.status).toBe(200);
        worst = Math.max(worst, performance.now() - t);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const started = performance.now();
    const { c, id } = await guestAtTable(server.url, 'Rybak', 'basic', { deals: 3 });
    await c.http('POST', `/api/tables/${id}/start`);
    expect(await playToEnd(c, id)).toBe(0);
    const took = performance.now() - started;
    polling = false;
    await poll;
    const record = unsigned((await c.http('GET', `/api/games/${id}/record`)).body);
    expect(record).toEqual(clean);
    expect(took).toBeGreaterThan(1500 * clean.deals.length); // the locks were really held
    expect(worst).toBeLessThan(1000); // while the database was locked (1.5 s at a time), health was answered
    await server.stop();
  });

  it('a process that died between a deal’s last card and the next deal: the table moves on at restart', async () => {
    const g = await game({ ...database.env(), ...SEED });
    expect(g.record).toEqual(clean);
    g.c.close();
    await g.server.stop();
    // Write the log as a crash would have left it with the continuation written in separate steps:
    // the first deal complete, no second deal, the table still in play, no record yet.
    await onDatabase(g.server, async (q) => {
      const events = (await q('select seq, body from game_event where game_id = ? order by seq', [g.id])) as {
        seq: number;
        body: string;
      }[];
      const deals = events.filter((e) => (JSON.parse(e.body) as { type: string }).type === 'deal');
      await q('delete from game_event where game_id = ? and seq >= ?', [g.id, Number(deals[1]!.seq)]);
      await q("update game set status = 'playing', record = null where id = ?", [g.id]);
    });
    const server = await start(g.server.env, g.server.dataDir);
    g.c.messages.length = 0; // the first game's end is not this one's
    g.c.url = server.url;
    await g.c.connect();
    g.c.send({ type: 'join', table: g.id });
    await playToEnd(g.c, g.id);
    const record = unsigned((await g.c.http('GET', `/api/games/${g.id}/record`)).body);
    expect(record).toEqual(clean);
    await server.stop();
  });
});

// Who is online, invitations and the fair-play marks on the real server, on SQLite and (with
// BASKA_TEST_PG_URL) PostgreSQL. Every test client connects from 127.0.0.1, so the four accounts at
// a rated table share one address: the mark every one of them gets, and the operator's row.
import { join } from 'node:path';
import { type OnlineAnswer, type ServerMessage, leavesOften } from '@baska/protocol';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, DATABASES, type Running, start, stopAll, registered } from './harness.js';

afterAll(stopAll);

async function marks(server: Running): Promise<{ game_id: string; seats: string }[]> {
  const url = server.env.DATABASE_URL;
  const q = 'select game_id, seats from fair_play_mark';
  if (!url) {
    const db = new SQLite(join(server.dataDir, 'baska.db'), { readonly: true });
    try {
      return db.prepare(q).all() as { game_id: string; seats: string }[];
    } finally {
      db.close();
    }
  }
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(q)).rows;
  } finally {
    await c.end();
  }
}

async function joinTable(c: Client, table: string) {
  const from = c.mark();
  c.send({ type: 'join', table });
  await c.next((m) => m.type === 'snapshot', 20_000, from);
}

describe('leaving rated games repeatedly', () => {
  it('is twice or more and at least one game in five', () => {
    expect(leavesOften(10, 1)).toBe(false);
    expect(leavesOften(10, 2)).toBe(true);
    expect(leavesOften(11, 2)).toBe(false);
    expect(leavesOften(2, 2)).toBe(true);
  });
});

for (const database of DATABASES) {
  describe(`who is online on ${database.name}`, () => {
    it('lists the people connected, invites to a table, and marks accounts from one address at a rated table', async () => {
      const server = await start(database.env());
      const [a, b, c, d] = await Promise.all(
        ['Ania', 'Bartek', 'Celina', 'Dawid'].map((n) => registered(server.url, n)),
      );
      const g = new Client(server.url);
      const guest = await g.guest('Gość Gienek');
      await a!.c.connect();
      await g.connect();

      const online = async () => ((await a!.c.http('GET', '/api/online')).body as OnlineAnswer).players;
      await expect.poll(async () => (await online()).map((p) => p.player.name)).toEqual(['Ania', 'Gość Gienek']);

      // A rated table: Ania sits at it, and the list says so, with the table to watch.
      const created = await a!.c.http('POST', '/api/tables', { rated: true, deals: 8, secondsPerMove: 600 });
      const id = created.body.table.id as string;
      await joinTable(a!.c, id);
      const ania = (await online()).find((p) => p.player.id === a!.id)!;
      expect(ania).toMatchObject({ seated: true, table: id, ratings: [] });
      expect((await online()).find((p) => p.player.id === guest.id)).toMatchObject({ seated: false, table: null });

      // Invitations: to someone online (his socket hears it), not to someone offline, not by someone not seated.
      expect((await a!.c.http('POST', `/api/tables/${id}/invite`, { player: guest.id })).status).toBe(200);
      const invite = await g.next((m) => m.type === 'invite', 20_000, 0);
      expect(invite).toEqual({ type: 'invite', table: id, from: 'Ania', preset: 'standard', rated: true });
      const offline = await a!.c.http('POST', `/api/tables/${id}/invite`, { player: b!.id });
      expect([offline.status, offline.body.error.code]).toEqual([409, 'ERR_OFFLINE']);
      const notSeated = await g.http('POST', `/api/tables/${id}/invite`, { player: a!.id });
      expect(notSeated.body.error.code).toBe('ERR_NOT_SEATED');
      const bad = await a!.c.http('POST', `/api/tables/${id}/invite`, { player: 'Gienek' });
      expect(bad.body.error.code).toBe('ERR_SCHEMA');

      // Four accounts from one address at a rated table: each is told, the operator has the row.
      for (const [seat, p] of [b!, c!, d!].entries()) {
        expect((await p.c.http('POST', `/api/tables/${id}/sit`, { seat: seat + 1 })).status).toBe(200);
        await p.c.connect();
        await joinTable(p.c, id);
      }
      const isMark = (m: ServerMessage) =>
        m.type === 'fairPlay' && m.table === id && JSON.stringify(m.sameAddress) === '[[0,1,2,3]]';
      for (const p of [a!, b!, c!, d!]) await p.c.next(isMark, 20_000, 0);
      await expect.poll(() => marks(server)).toEqual([{ game_id: id, seats: '[[0,1,2,3]]' }]);

      // An unrated table marks nobody.
      const plain = await b!.c.http('POST', '/api/tables', { deals: 1, bots: 'basic' });
      const plainId = plain.body.table.id as string;
      await joinTable(b!.c, plainId);
      expect(b!.c.messages.some((m) => m.type === 'fairPlay' && m.table === plainId)).toBe(false);

      // Gone: a closed socket is no longer online.
      g.close();
      await expect.poll(async () => (await online()).some((p) => p.player.id === guest.id)).toBe(false);
      for (const p of [a!, b!, c!, d!]) p.c.close();
    }, 60_000);
  });
}

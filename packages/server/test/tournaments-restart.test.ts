// An online tournament round survives its server: the process is killed with SIGKILL in the middle
// of a round, a deal that was scored just before it died has not reached the protocol, and after the
// restart that deal is written (once, before anyone comes back) and the deals played afterwards follow
// it; the protocol ends equal to the game's own score sheet, each deal written exactly once. A real
// server process on SQLite and (with BASKA_TEST_PG_URL) PostgreSQL.
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { ServerMessage } from '@baska/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, DATABASES, type Running, autoplay, start, stopAll } from './harness.js';

afterAll(stopAll);

/** The tournament's stored row as SQL sees it, and a way to write it back. */
interface Row {
  file: string;
  version: number;
}

/**
 * What a process killed between a deal's end in the game's log and its row in the protocol leaves:
 * the tournament as it was before that row (file and version back by one, the `played` event gone).
 */
async function forgetLastRow(server: Running, id: string): Promise<number[]> {
  const rewind = (row: Row, event: { kind: string; body: string }) => {
    expect(event.kind).toBe('played');
    const file = JSON.parse(row.file);
    const table = file.rounds[0].tables[0];
    const gone = table.protocol.pop();
    expect(JSON.parse(event.body).rows).toEqual([gone]);
    if (table.bokDeals) table.bokDeals = table.bokDeals.filter((d: number) => d < table.protocol.length);
    return { file: JSON.stringify(file), gone };
  };
  if (server.env.DATABASE_URL) {
    const c = new pg.Client({ connectionString: server.env.DATABASE_URL });
    await c.connect();
    try {
      const row = (await c.query('select file, version from tournament where id = $1', [id])).rows[0] as Row;
      const event = (
        await c.query('select kind, body from tournament_event where tournament_id = $1 and seq = $2', [
          id,
          row.version,
        ])
      ).rows[0];
      const { file, gone } = rewind(row, event);
      await c.query('delete from tournament_event where tournament_id = $1 and seq = $2', [id, row.version]);
      await c.query('update tournament set file = $1, version = $2 where id = $3', [file, row.version - 1, id]);
      return gone;
    } finally {
      await c.end();
    }
  }
  const db = new SQLite(join(server.dataDir, 'baska.db'));
  try {
    const row = db.prepare('select file, version from tournament where id = ?').get(id) as Row;
    const event = db
      .prepare('select kind, body from tournament_event where tournament_id = ? and seq = ?')
      .get(id, row.version) as { kind: string; body: string };
    const { file, gone } = rewind(row, event);
    db.prepare('delete from tournament_event where tournament_id = ? and seq = ?').run(id, row.version);
    db.prepare('update tournament set file = ?, version = ? where id = ?').run(file, row.version - 1, id);
    return gone;
  } finally {
    db.close();
  }
}

const finished = (m: ServerMessage) =>
  (m.type === 'event' && m.event.type === 'finished') || (m.type === 'snapshot' && m.table.status === 'finished');

for (const database of DATABASES) {
  describe(`an online round across a restart on ${database.name}`, () => {
    it('a deal scored just before SIGKILL and the deals after the restart reach the protocol, each once', async () => {
      const env = database.env();
      let server = await start(env);
      const dir = new Client(server.url);
      expect((await dir.http('POST', '/api/register', { name: 'Sędzia Nocny', password: 'kaszëbë-1234' })).status).toBe(
        200,
      );
      const created = await dir.http('POST', '/api/tournaments', {
        name: 'Turniej do rana',
        format: { format: 'znin', rounds: 1, deals: { 4: 3 } },
        mode: 'online',
      });
      const id = created.body.tournament.id as string;
      const people: Client[] = [];
      for (const name of ['Kaszub', 'Kociewiak', 'Gburka', 'Zaboracz']) {
        const c = new Client(server.url);
        await c.guest(name);
        expect((await c.http('POST', `/api/tournaments/${id}/join`)).status).toBe(200);
        people.push(c);
      }
      await dir.http('POST', `/api/tournaments/${id}/draw`, { round: 1 });
      const started = await dir.http('POST', `/api/tournaments/${id}/start`, { round: 1 });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const game = started.body.tournament.rounds[0].tables[0].game as string;

      const tabs = async (url: string) =>
        Promise.all(
          people.map(async (p) => {
            const tab = new Client(url);
            tab.cookie = p.cookie;
            await tab.connect();
            tab.send({ type: 'join', table: game });
            return tab;
          }),
        );
      const protocol = async (length: number) => {
        let page;
        for (let i = 0; i < 200; i++) {
          page = (await dir.http('GET', `/api/tournaments/${id}`)).body.tournament;
          if (page.rounds[0].tables[0].protocol.length >= length) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        return page.rounds[0].tables[0].protocol as number[][];
      };

      // Deal 1 is played and written; deal 2 is under way when the process dies.
      let at = await tabs(server.url);
      const ended = await Promise.all(
        at.map((tab) => autoplay(tab, game, (m) => m.type === 'event' && m.info.sheet.length >= 1)),
      );
      expect(ended.map((m) => m.type === 'event' && m.info.sheet.length)).toEqual([1, 1, 1, 1]);
      expect(await protocol(1)).toHaveLength(1);
      const dealTwoUnderWay = (m: ServerMessage) =>
        m.type === 'event' && m.event.type === 'action' && m.info.sheet.length === 1;
      await Promise.all(at.map((tab) => autoplay(tab, game, dealTwoUnderWay)));
      for (const tab of at) tab.close();
      await server.stop('SIGKILL');
      // It died after the game's log took deal 1 but before the protocol did.
      const gone = await forgetLastRow(server, id);

      server = await start(env, server.dataDir);
      dir.url = server.url;
      // Written again at start, before anyone comes back to the table.
      expect((await protocol(1))[0]).toEqual(gone);
      // A director who thinks a deal was lost cannot type it in: the game's deals fill the protocol.
      const typed = await dir.http('POST', `/api/tournaments/${id}/rows`, {
        round: 1,
        table: 1,
        row: [3, -1, -1, -1],
        id: `typed-${process.pid}-row`,
      });
      expect(typed.body.error?.code).toBe('ERR_ROUND');
      at = await tabs(server.url);
      await Promise.all(at.map((tab) => autoplay(tab, game, finished)));
      for (const tab of at) tab.close();

      const rows = await protocol(3);
      const sheet = (await dir.http('GET', `/api/tables/${game}`)).body.table.sheet as { scores: number[] }[];
      expect(sheet).toHaveLength(3);
      expect(rows).toEqual(sheet.map((r) => r.scores));
      // Each deal written exactly once: the `played` events together hold the protocol, in order.
      const events = (await dir.http('GET', `/api/tournaments/${id}/events`)).body.events as {
        kind: string;
        body: { from: number; rows: number[][] };
      }[];
      const played = events.filter((e) => e.kind === 'played');
      expect(played.flatMap((e) => e.body.rows)).toEqual(rows);
      expect(played.map((e) => e.body.from)).toEqual(
        played.map((_, i) => played.slice(0, i).reduce((n, e) => n + e.body.rows.length, 0)),
      );
      const page = (await dir.http('GET', `/api/tournaments/${id}`)).body.tournament;
      expect(page.rounds[0].complete).toBe(true);
    });
  });
}

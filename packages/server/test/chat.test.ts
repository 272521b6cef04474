// Table chat on the real server, on SQLite and (with BASKA_TEST_PG_URL) PostgreSQL: lines reach
// the table as plain text; during a deal the players say quick phrases only and the spectators'
// words stay among spectators (seed 002 §6); mutes, limits, bad lines refused with codes; a report
// is kept for the operator.
import { join } from 'node:path';
import type { ChatLine, ServerMessage } from '@baska/protocol';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, DATABASES, type Running, start, stopAll } from './harness.js';

afterAll(stopAll);

const chatWith = (test: (l: ChatLine) => boolean) => (m: ServerMessage) => m.type === 'chat' && m.lines.some(test);
/** A chat line the client has had, at any time so far or from now on (every line here is unique). */
const hears = (c: Client, test: (l: ChatLine) => boolean) => c.next(chatWith(test), 20_000, 0);
const linesOf = (c: Client): ChatLine[] => c.messages.flatMap((m) => (m.type === 'chat' ? m.lines : []));
const errorOf = (code: string) => (m: ServerMessage) => m.type === 'error' && m.code === code;

/** The reports kept for the operator, read straight from the server's database. */
async function reports(server: Running): Promise<{ line: string; reporter_id: number }[]> {
  const url = server.env.DATABASE_URL;
  if (!url) {
    const db = new SQLite(join(server.dataDir, 'baska.db'), { readonly: true });
    try {
      return db.prepare('select line, reporter_id from chat_report').all() as { line: string; reporter_id: number }[];
    } finally {
      db.close();
    }
  }
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query('select line, reporter_id from chat_report')).rows;
  } finally {
    await c.end();
  }
}

async function person(url: string, name: string) {
  const c = new Client(url);
  const p = await c.guest(name);
  await c.connect();
  return { c, id: p.id as number };
}

for (const database of DATABASES) {
  describe(`table chat on ${database.name}`, () => {
    it('carries text and quick phrases, keeps spectators apart during a deal, mutes, limits and reports', async () => {
      const server = await start({ ...database.env(), BASKA_CHAT_PER_MINUTE: '20' });
      const a = await person(server.url, 'Ania');
      const b = await person(server.url, 'Bartek');
      const s = await person(server.url, 'Sławek');
      const created = await a.c.http('POST', '/api/tables', { seat: 0, secondsPerMove: 600, deals: 1 });
      const id = created.body.table.id as string;
      expect((await b.c.http('POST', `/api/tables/${id}/sit`, { seat: 1 })).status).toBe(200);
      for (const seat of [2, 3]) await a.c.http('POST', `/api/tables/${id}/bot`, { seat, level: 'basic' });

      // Not at the table: no chat.
      s.c.send({ type: 'chat', table: id, phrase: 'hello' });
      await s.c.next(errorOf('ERR_NOT_FOUND'));
      for (const p of [a, b, s]) {
        const from = p.c.mark();
        p.c.send({ type: 'join', table: id });
        await p.c.next((m) => m.type === 'snapshot', 20_000, from);
      }

      // Before the deal everyone hears everyone, and words stay words.
      const script = '<script>alert(1)</script>';
      a.c.send({ type: 'chat', table: id, text: `  ${script}\u0000 ` });
      for (const p of [a, b, s]) await hears(p.c, (l) => l.text === script);
      s.c.send({ type: 'chat', table: id, text: 'Powodzenia!' });
      for (const p of [a, b, s]) await hears(p.c, (l) => l.text === 'Powodzenia!' && l.to === 'all');
      const first = linesOf(b.c).find((l) => l.text === script)!;
      expect(first).toMatchObject({ from: { id: a.id, name: 'Ania' }, seat: 0, to: 'all' });

      // Bad lines: refused with a code, nothing sent.
      a.c.send({ type: 'chat', table: id, text: 'x'.repeat(201) });
      await a.c.next(errorOf('ERR_SCHEMA'));
      a.c.send({ type: 'chat', table: id, text: 'a', phrase: 'thanks' });
      await a.c.next(errorOf('ERR_SCHEMA'));
      a.c.send({ type: 'chat', table: id, text: ' \u0007 ' });
      await a.c.next(errorOf('ERR_SCHEMA'));

      // During the deal: players say quick phrases only; a spectator's words reach spectators only.
      const dealt = a.c.mark();
      await a.c.http('POST', `/api/tables/${id}/start`);
      await a.c.next((m) => m.type === 'event' && m.event.type === 'deal', 20_000, dealt);
      const quiet = a.c.mark();
      a.c.send({ type: 'chat', table: id, text: 'mam asa' });
      await a.c.next(errorOf('ERR_QUIET'), 20_000, quiet);
      s.c.send({ type: 'chat', table: id, text: 'Ania ma asa' });
      await hears(s.c, (l) => l.text === 'Ania ma asa' && l.to === 'spectators');
      a.c.send({ type: 'chat', table: id, phrase: 'goodGame' });
      for (const p of [a, b, s]) await hears(p.c, (l) => l.phrase === 'goodGame');
      // The players' lines after the spectator's came in order; the spectator's never reached them.
      for (const p of [a, b]) expect(linesOf(p.c).some((l) => l.text === 'Ania ma asa')).toBe(false);
      // A player who joins again gets the lines he may read, the spectators' not among them.
      const again = b.c.mark();
      b.c.send({ type: 'join', table: id });
      const history = (await b.c.next((m) => m.type === 'chat', 20_000, again)) as Extract<
        ServerMessage,
        { type: 'chat' }
      >;
      expect(history.lines.map((l) => l.text ?? l.phrase)).toEqual([script, 'Powodzenia!', 'goodGame']);

      // Mute: Bartek no longer hears Ania; the spectator still does.
      b.c.send({ type: 'mute', table: id, player: a.id, muted: true });
      a.c.send({ type: 'chat', table: id, phrase: 'thanks' });
      await hears(s.c, (l) => l.phrase === 'thanks');
      b.c.send({ type: 'chat', table: id, phrase: 'hello' });
      await hears(b.c, (l) => l.phrase === 'hello');
      expect(linesOf(b.c).some((l) => l.phrase === 'thanks')).toBe(false);

      // Report: kept with its words for the operator, once per reader.
      b.c.send({ type: 'report', table: id, line: first.id });
      b.c.send({ type: 'report', table: id, line: first.id });
      b.c.send({ type: 'report', table: id, line: 999 });
      await b.c.next(errorOf('ERR_NOT_FOUND'));
      let kept = await reports(server);
      for (let i = 0; i < 50 && kept.length === 0; i++)
        kept = await new Promise((r) => setTimeout(r, 100)).then(() => reports(server));
      await new Promise((r) => setTimeout(r, 200)); // the second report, written or not by now
      kept = await reports(server);
      expect(kept).toHaveLength(1);
      expect(kept[0]!.reporter_id).toBe(b.id);
      expect(JSON.parse(kept[0]!.line)).toMatchObject({ text: script, from: { id: a.id } });

      // The limit: 20 lines a minute, bursts of 4; the rest refused with ERR_RATE.
      const burst = s.c.mark();
      for (let i = 0; i < 8; i++) s.c.send({ type: 'chat', table: id, text: `linia ${i}` });
      await s.c.next(errorOf('ERR_RATE'), 20_000, burst);
      await hears(s.c, (l) => l.text === 'linia 0');
      await new Promise((r) => setTimeout(r, 300));
      const sent = linesOf(s.c).filter((l) => l.text?.startsWith('linia')).length;
      expect(sent).toBeGreaterThan(0);
      expect(sent).toBeLessThan(5);
      for (const p of [a, b, s]) p.c.close();
    }, 60_000);
  });
}

// A hall table's second phone disagrees with a deal ("Nie zgadzam się") on SQLite and (with
// BASKA_TEST_PG_URL) PostgreSQL, as a real server process: the deal goes back to the table unconfirmed,
// the table enters it again, the deals after it are scored anew (a 52:52 fixed away ends its
// bok-round, and a deal whose row so changes loses its confirmation), and every step is in the event
// log. Refused with codes, changing nothing: a confirmed deal, the phone that entered the deal, a
// deal of another table, a fix of a deal nobody sent back, a fix that does not add up.
import { afterAll, describe, expect, it } from 'vitest';
import { Client, DATABASES, hallPhone, hallRoundStarted, registered, start, stopAll } from './harness.js';

afterAll(stopAll);

const NAMES = ['Anna', 'Jan', 'Ewa', 'Piotr', 'Ola', 'Kazimierz', 'Marta', 'Józef'];

let entries = 0;
const entryId = () => `entry-${process.pid}-${entries++}`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers' JSON, checked field by field
type Answer = { status: number; body: any };
const code = (r: Answer) => r.body.error?.code as string | undefined;

for (const database of DATABASES) {
  describe(`a hall deal sent back on ${database.name}`, () => {
    it('the second phone disagrees, the table enters the deal again, the deals after it are scored anew; the refusals change nothing', async () => {
      const server = await start(database.env());
      const dir = (await registered(server.url, 'Sędzia Sali')).c;
      const { id, codes } = await hallRoundStarted(dir, {
        name: 'Turniej w remizie',
        format: { format: 'znin', rounds: 1, deals: { 4: 6 } },
        players: NAMES,
      });
      const [code1, code2] = codes as [string, string];
      const phone = new Client(server.url);
      // The table's scorer, the second phone (who confirms or disagrees), a third phone; and table 2's phone.
      const [A, B, C] = [await hallPhone(phone, code1), await hallPhone(phone, code1), await hallPhone(phone, code1)];
      const A2 = await hallPhone(phone, code2);
      const hall = (c: string, action: string, body: Record<string, unknown>) =>
        phone.http('POST', `/api/hall/${c}/${action}`, body);
      const enter = (body: Record<string, unknown>, device = A, c = code1) =>
        hall(c, 'entries', { device, id: entryId(), ...body });
      const view = async (device: string) => (await phone.http('GET', `/api/hall/${code1}?device=${device}`)).body.hall;
      const page = async () => (await dir.http('GET', `/api/tournaments/${id}`)).body.tournament;
      const events = async () =>
        (await dir.http('GET', `/api/tournaments/${id}/events`)).body.events as { kind: string; body: unknown }[];

      // Deal 1 in words; deal 2 a 52:52 tie, so deals 3–6 are a bok-round; deal 3 typed.
      expect(
        (await enter({ words: { contract: 'zwyczajna', old: [0, 2], winner: 'old', grade: 1, doublings: 0 } })).status,
      ).toBe(200);
      await enter({ words: { contract: 'zwyczajna', old: [1, 3], oldPoints: 52, doublings: 0 } });
      let r = await enter({ scores: [4, -4, 4, -4] });
      const rows = r.body.hall.rows as { id: string; scores: number[]; bokRound: boolean }[];
      expect(rows.map((x) => x.bokRound)).toEqual([false, false, true]);
      const other = await enter({ scores: [2, -2, 2, -2] }, A2, code2); // a deal of table 2
      const otherId = other.body.hall.rows[0].id as string;
      expect((await hall(code1, 'confirm', { device: B, deal: 0 })).status).toBe(200);
      expect((await page()).rounds[0].tables[0].protocol).toEqual([rows[0]!.scores]);

      // Refusals, each a code, none changing anything.
      const v0 = (await page()).version;
      const refusals: [Promise<Answer>, string][] = [
        [hall(code1, 'reject', { device: B, id: rows[0]!.id }), 'ERR_CONFIRMED'], // confirmed: the director corrects it
        [hall(code1, 'reject', { device: A, id: rows[1]!.id }), 'ERR_SAME_DEVICE'], // the phone that entered it
        [hall(code1, 'reject', { device: B, id: otherId }), 'ERR_NOT_FOUND'], // a deal of table 2
        [hall(code2, 'reject', { device: A2, id: rows[1]!.id }), 'ERR_NOT_FOUND'], // table 1's deal by table 2's code
        [hall(code2, 'reject', { device: B, id: otherId }), 'ERR_DEVICE'], // table 1's phone at table 2
        [hall(code1, 'reject', { device: B, id: 'no-such-entry' }), 'ERR_NOT_FOUND'],
        [hall(code1, 'reject', { device: B, id: rows[1]!.id, deal: 1 }), 'ERR_SCHEMA'],
        [hall(code1, 'reject', { device: B, id: 'ü'.repeat(10) }), 'ERR_SCHEMA'],
        [hall(code1, 'reject', { device: 'short', id: rows[1]!.id }), 'ERR_SCHEMA'],
        [hall(code1, 'reject', { device: B }), 'ERR_SCHEMA'],
        [hall('ZZZZZZ', 'reject', { device: B, id: rows[1]!.id }), 'ERR_NOT_FOUND'],
        // Nobody sent deal 2 back: the table does not enter it again on its own.
        [
          hall(code1, 'fix', { device: A, id: entryId(), fixes: rows[1]!.id, scores: [2, -2, 2, -2] }),
          'ERR_NOT_REJECTED',
        ],
        [hall(code1, 'fix', { device: B, id: entryId(), fixes: rows[0]!.id, scores: [2, -2, 2, -2] }), 'ERR_CONFIRMED'],
      ];
      for (const [answer, expected] of refusals) expect(code(await answer), expected).toBe(expected);
      expect((await page()).version).toBe(v0);

      // Phone B disagrees with deal 2: it stays unconfirmed, marked on every phone and on the director's page.
      r = await hall(code1, 'reject', { device: B, id: rows[1]!.id });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.hall.rows.map((x: { rejected: boolean }) => x.rejected)).toEqual([false, true, false]);
      expect((await view(A)).rows[1]).toMatchObject({ rejected: true, confirmed: false, mine: true });
      let table = (await page()).rounds[0].tables[0];
      expect(table).toMatchObject({ rejected: [1], pending: 2, deals: 1 });
      const rejected = (await events()).filter((e) => e.kind === 'rejected');
      expect(rejected).toEqual([
        expect.objectContaining({ body: { round: 1, table: 1, deal: 1, row: rows[1]!.scores, device: '2' } }),
      ]);
      // Sent back twice: once. B confirms deal 3, which deal 2 still holds back.
      const v1 = (await page()).version;
      expect((await hall(code1, 'reject', { device: B, id: rows[1]!.id })).status).toBe(200);
      expect((await page()).version).toBe(v1);
      await hall(code1, 'confirm', { device: B, deal: 2 });
      expect((await view(B)).rows[2].confirmed).toBe(true);
      expect((await page()).rounds[0].tables[0].deals).toBe(1);

      // A fix that does not add up, or that names a deal of another table, changes nothing.
      const v2 = (await page()).version;
      expect(
        code(await hall(code1, 'fix', { device: A, id: entryId(), fixes: rows[1]!.id, scores: [5, -4, 4, -4] })),
      ).toBe('ERR_SUM');
      expect(code(await hall(code1, 'fix', { device: A, id: entryId(), fixes: otherId, scores: [2, -2, 2, -2] }))).toBe(
        'ERR_NOT_FOUND',
      );
      expect(code(await hall(code1, 'fix', { device: A, id: entryId(), fixes: rows[1]!.id }))).toBe('ERR_ENTRY');
      expect((await page()).version).toBe(v2);

      // Phone A enters deal 2 again: no tie now (the old won), so deal 3 is no longer in a bok-round —
      // its row changed, and B's confirmation of it is dropped. The fix sent twice is written once.
      const fix = {
        device: A,
        id: entryId(),
        fixes: rows[1]!.id,
        words: { contract: 'zwyczajna', old: [1, 3], winner: 'old', grade: 1, doublings: 0 },
      };
      r = await hall(code1, 'fix', fix);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const again = await hall(code1, 'fix', fix);
      expect(again.status).toBe(200);
      const after = r.body.hall.rows as {
        id: string;
        scores: number[];
        bokRound: boolean;
        rejected: boolean;
        confirmed: boolean;
        mine: boolean;
      }[];
      expect(after).toHaveLength(3);
      expect(after[1]).toMatchObject({ id: fix.id, rejected: false, confirmed: false, mine: true });
      expect(after[1]!.scores).not.toEqual(rows[1]!.scores);
      expect(after[2]).toMatchObject({ bokRound: false, confirmed: false, scores: [4, -4, 4, -4] });
      const fixedEvents = (await events()).filter((e) => e.kind === 'fixed');
      expect(fixedEvents).toEqual([
        expect.objectContaining({
          body: { round: 1, table: 1, deal: 1, was: rows[1]!.scores, row: after[1]!.scores, device: '1' },
        }),
      ]);
      table = (await page()).rounds[0].tables[0];
      expect(table).toMatchObject({ rejected: [], pending: 2, deals: 1 });

      // The fixed deal is A's entry: B confirms it and deal 3, and the protocol has the three rows, no bok-round.
      expect(code(await hall(code1, 'confirm', { device: A, deal: 1 }))).toBe('ERR_SAME_DEVICE');
      await hall(code1, 'confirm', { device: B, deal: 1 });
      await hall(code1, 'confirm', { device: B, deal: 2 });
      table = (await page()).rounds[0].tables[0];
      expect(table.protocol).toEqual(after.map((x) => x.scores));
      const file = JSON.parse(await (await fetch(`${server.url}/api/tournaments/${id}/file`)).text());
      expect(file.rounds[0].tables[0].bokDeals).toBeUndefined();
      // Confirmed now: nobody sends it back any more.
      expect(code(await hall(code1, 'reject', { device: B, id: fix.id }))).toBe('ERR_CONFIRMED');

      // Deal 4, sent back by B, is entered again by a third phone C, whose entry it then is: C cannot
      // confirm it, A can. A deal sent back that the director confirms as it stands is no longer sent back.
      r = await enter({ scores: [6, -2, -2, -2] });
      const fourth = r.body.hall.rows[3].id as string;
      await hall(code1, 'reject', { device: B, id: fourth });
      r = await hall(code1, 'fix', { device: C, id: entryId(), fixes: fourth, scores: [-6, 2, 2, 2] });
      expect(r.body.hall.rows[3]).toMatchObject({ scores: [-6, 2, 2, 2], mine: true, rejected: false });
      expect(code(await hall(code1, 'confirm', { device: C, deal: 3 }))).toBe('ERR_SAME_DEVICE');
      expect((await hall(code1, 'confirm', { device: A, deal: 3 })).status).toBe(200);
      r = await enter({ scores: [1, -1, 1, -1] });
      await hall(code1, 'reject', { device: B, id: r.body.hall.rows[4].id });
      expect((await page()).rounds[0].tables[0].rejected).toEqual([4]);
      expect((await dir.http('POST', `/api/tournaments/${id}/confirm`, { round: 1, table: 1, deal: 4 })).status).toBe(
        200,
      );
      table = (await page()).rounds[0].tables[0];
      expect(table).toMatchObject({ rejected: [], pending: 0, deals: 5 });
      expect((await view(B)).rows[4]).toMatchObject({ confirmed: true, rejected: false });
      expect((await events()).map((e) => e.kind).filter((k) => k === 'rejected' || k === 'fixed')).toEqual([
        'rejected',
        'fixed',
        'rejected',
        'fixed',
        'rejected',
      ]);
    });
  });
}

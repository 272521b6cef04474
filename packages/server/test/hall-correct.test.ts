// The director corrects a hall table's deal in the words its phones use, on SQLite and (with
// BASKA_TEST_PG_URL) PostgreSQL, as a real server process. The server keeps each deal as the phone
// said it, shows it to the director (not to the public page), and a correction in words replaces it:
// the table's deals are scored again, so a 52:52 corrected away ends its bok-round and the deals in it
// are corrected with it (in the protocol, the file's bok-round marks, the event), and a deal not yet in
// the protocol whose row so changes loses its confirmation. In small points too. Hostile corrections
// (and a phone's hostile entries) are refused with codes and change nothing.
import { afterAll, describe, expect, it } from 'vitest';
import { Client, DATABASES, hallPhone, hallRoundStarted, registered, start, stopAll } from './harness.js';

afterAll(stopAll);

const NAMES = [
  'Mścisław Bożydar',
  'Grzegorz Brzęczyszczykiewicz',
  'Ewa',
  'Piotr',
  'Ola',
  'Kazimierz',
  'Marta',
  'Józef',
];

let entries = 0;
const entryId = () => `entry-${process.pid}-${entries++}`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers' JSON, checked field by field
type Answer = { status: number; body: any };
const code = (r: Answer) => r.body.error?.code as string | undefined;

for (const database of DATABASES) {
  describe(`a hall deal corrected by the director on ${database.name}`, () => {
    it('in the phones’ words: the deals after it are scored again; in small points; hostile corrections change nothing', async () => {
      const server = await start(database.env());
      const dir = (await registered(server.url, 'Sędzia Sali')).c;
      const { id, codes } = await hallRoundStarted(dir, {
        name: 'Turniej w remizie',
        format: { format: 'znin', rounds: 1, deals: { 4: 6 } },
        players: NAMES,
      });
      const [code1] = codes as [string, string];
      const phone = new Client(server.url);
      const [A, B] = [await hallPhone(phone, code1), await hallPhone(phone, code1)];
      const hall = (action: string, body: Record<string, unknown>) =>
        phone.http('POST', `/api/hall/${code1}/${action}`, body);
      const enter = (body: Record<string, unknown>) => hall('entries', { device: A, id: entryId(), ...body });
      const view = async () => (await phone.http('GET', `/api/hall/${code1}?device=${B}`)).body.hall;
      const page = async () => (await dir.http('GET', `/api/tournaments/${id}`)).body.tournament;
      const correct = (body: Record<string, unknown>, who = dir) =>
        who.http('POST', `/api/tournaments/${id}/corrections`, { round: 1, table: 1, ...body });

      // Deal 1 in words; deal 2 a 52:52, so deals 3–6 are a bok-round: deal 3 a kontra in words, deal
      // 4 typed, deal 5 in words. B confirms all but deal 4: the protocol holds deals 1–3, deal 5 waits.
      const said = [
        { words: { contract: 'zwyczajna', old: [0, 2], winner: 'old', grade: 1, doublings: 0 } },
        { words: { contract: 'zwyczajna', old: [1, 3], oldPoints: 52, doublings: 0 } },
        { words: { contract: 'zwyczajna', old: [0, 1], winner: 'old', grade: 1, doublings: 1 } },
        { scores: [4, -4, 4, -4] },
        { words: { contract: 'zwyczajna', old: [2, 3], winner: 'young', grade: 2, doublings: 0 } },
      ];
      for (const e of said) expect((await enter(e)).status).toBe(200);
      for (const deal of [0, 1, 2, 4]) expect((await hall('confirm', { device: B, deal })).status).toBe(200);
      const before = (await view()).rows as { scores: number[]; bokRound: boolean; confirmed: boolean }[];
      expect(before.map((r) => r.bokRound)).toEqual([false, false, true, true, true]);
      let table = (await page()).rounds[0].tables[0];
      expect(table.protocol).toEqual(before.slice(0, 3).map((r) => r.scores));

      // The director's page holds each deal as the phone said it; the public page does not.
      expect.soft(table.said).toEqual(said);
      expect.soft((await page()).rules).toBe('znin');
      const open = (await new Client(server.url).http('GET', `/api/tournaments/${id}`)).body.tournament;
      expect(open.rounds[0].tables[0].said).toBeUndefined();

      // Refused, each with its code, none changing anything.
      const v0 = (await page()).version;
      const words = { contract: 'zwyczajna', old: [1, 3], winner: 'old', grade: 1, doublings: 0 };
      const player = (await registered(server.url, 'Gracz Sali')).c;
      const refusals: [() => Promise<Answer>, string][] = [
        [() => correct({ deal: 1, words, row: [2, -2, 2, -2] }), 'ERR_SCHEMA'], // both
        [() => correct({ deal: 1 }), 'ERR_SCHEMA'], // neither
        [() => correct({ deal: 1, words, tie: true }), 'ERR_SCHEMA'], // a tie goes with a row typed
        [() => correct({ deal: 1, words, extra: 1 }), 'ERR_SCHEMA'],
        [() => correct({ deal: 1, words: { ...words, sideBet: 5 } }), 'ERR_ENTRY'],
        [() => correct({ deal: 1, words: { ...words, old: [1, 7] } }), 'ERR_ENTRY'],
        [() => correct({ deal: 1, words: { ...words, doublings: '1' } }), 'ERR_ENTRY'],
        [() => correct({ deal: 1, words: { ...words, grade: 1.5 } }), 'ERR_ENTRY'],
        [() => correct({ deal: 1, words: { contract: 'zwyczajna', old: [1, 3], oldPoints: 105 } }), 'ERR_ENTRY'],
        [() => correct({ deal: 1, words: { contract: 'bridge', old: [1] } }), 'ERR_ENTRY'],
        [() => correct({ deal: 1, words: 'zwyczajna, starzy wygrali' }), 'ERR_ENTRY'],
        [() => correct({ deal: 1, words: [words] }), 'ERR_ENTRY'],
        [() => correct({ deal: 1, words: null }), 'ERR_ENTRY'],
        [() => correct({ deal: 1, row: [3, -2, 2, -2] }), 'ERR_SUM'],
        [() => correct({ deal: 3, words }), 'ERR_PROTOCOL'], // not in the protocol: confirmed or fixed at the table
        [() => correct({ deal: 1, words, table: 9 }), 'ERR_ROUND'],
        [() => correct({ deal: 1, words }, player), 'ERR_NOT_DIRECTOR'],
        // A phone's entry is checked field by field as well.
        [() => enter({ words: { ...words, note: '<b>wygrali</b>' } }), 'ERR_ENTRY'],
        [() => enter({ words: { ...words, offence: { seat: 0, kind: 'revoke', tookRest: true } } }), 'ERR_ENTRY'],
        [() => enter({ words, scores: [2, -2, 2, -2] }), 'ERR_ENTRY'],
        [() => enter({ words: { ...words, old: [0, 0] } }), 'ERR_ENTRY'],
      ];
      for (const [send, expected] of refusals) {
        const r = await send(); // one at a time: a failing check leaves none in flight
        expect(code(r), JSON.stringify(r.body)).toBe(expected);
      }
      expect((await page()).version).toBe(v0);

      // Deal 2 was no 52:52: the old won it. Corrected in words, the bok-round is gone: deal 3 is
      // corrected with it in the protocol, deal 5 (confirmed, held back by deal 4) loses its
      // confirmation, deal 4 (typed) keeps its points outside a bok-round.
      let r = await correct({ deal: 1, words, reason: 'nie było remisu' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const after = (await view()).rows as {
        entry: unknown;
        scores: number[];
        bokRound: boolean;
        confirmed: boolean;
        mine: boolean;
      }[];
      expect(after.map((x) => x.bokRound)).toEqual([false, false, false, false, false]);
      expect(after[1]).toMatchObject({ entry: { words }, confirmed: true, mine: false });
      expect(after[2]!.scores).toEqual(before[2]!.scores.map((v) => v / 2));
      expect(after[3]!.scores).toEqual([4, -4, 4, -4]);
      expect(after[4]).toMatchObject({ confirmed: false, scores: before[4]!.scores.map((v) => v / 2) });
      table = (await page()).rounds[0].tables[0];
      expect(table.protocol).toEqual(after.slice(0, 3).map((x) => x.scores));
      expect(table.said[1]).toEqual({ words });
      expect(table).toMatchObject({ deals: 3, pending: 2 });
      let file = JSON.parse(await (await fetch(`${server.url}/api/tournaments/${id}/file`)).text());
      expect(file.rounds[0].tables[0].bokDeals).toBeUndefined();
      const events = async () =>
        ((await dir.http('GET', `/api/tournaments/${id}/events`)).body.events as { kind: string; body: unknown }[])
          .filter((e) => e.kind === 'corrected')
          .map((e) => e.body);
      expect(await events()).toEqual([
        {
          round: 1,
          table: 1,
          deal: 1,
          was: before[1]!.scores,
          row: after[1]!.scores,
          reason: 'nie było remisu',
          said: { words },
          later: [{ deal: 2, was: before[2]!.scores, row: after[2]!.scores }],
        },
      ]);

      // In small points, as the director prefers: the phones see the deal as he typed it.
      r = await correct({ deal: 0, row: [2, -2, 2, -2], reason: '' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect((await view()).rows[0]).toMatchObject({ entry: { scores: [2, -2, 2, -2] }, scores: [2, -2, 2, -2] });
      expect((await page()).rounds[0].tables[0].protocol[0]).toEqual([2, -2, 2, -2]);
      // A tie typed in small points starts a bok-round again: deal 3 counts double once more.
      r = await correct({ deal: 1, row: [0, 0, 0, 0], tie: true });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect((await view()).rows.map((x: { bokRound: boolean }) => x.bokRound)).toEqual([
        false,
        false,
        true,
        true,
        true,
      ]);
      expect((await page()).rounds[0].tables[0].protocol[2]).toEqual(before[2]!.scores);
      file = JSON.parse(await (await fetch(`${server.url}/api/tournaments/${id}/file`)).text());
      expect(file.rounds[0].tables[0].bokDeals).toEqual([2]);

      // A table whose rows the director typed has no words to correct in: small points only.
      expect(
        (
          await dir.http('POST', `/api/tournaments/${id}/rows`, {
            round: 1,
            table: 2,
            row: [6, -2, -2, -2],
            id: entryId(),
          })
        ).status,
      ).toBe(200);
      const v1 = (await page()).version;
      expect(code(await correct({ table: 2, deal: 0, words }))).toBe('ERR_ENTRY');
      expect(code(await correct({ table: 2, deal: 0, row: [0, 0, 0, 0], tie: true }))).toBe('ERR_ENTRY');
      expect((await page()).version).toBe(v1);
      expect((await correct({ table: 2, deal: 0, row: [-6, 2, 2, 2] })).status).toBe(200);
      expect((await page()).rounds[0].tables[1].protocol).toEqual([[-6, 2, 2, 2]]);
    });
  });
}

// A hall table's phones are the ones the server gave it, as a real server process on SQLite and (with
// BASKA_TEST_PG_URL) PostgreSQL: a phone opening a table is given a token, and only a token given that
// table enters, confirms or sends back its deals. A string a phone made up, or another table's token,
// is refused (ERR_DEVICE); the same token cannot confirm its own deal (ERR_SAME_DEVICE); a second
// given token can. The event log names each phone by its number at the table, never by its token, and
// a table is given a bounded number of phones (ERR_TOO_MANY), so nobody mints phones to confirm with.
import { afterAll, describe, expect, it } from 'vitest';
import { Client, DATABASES, hallPhone, hallRoundStarted, registered, start, stopAll } from './harness.js';

afterAll(stopAll);

const NAMES = ['Anna', 'Jan', 'Ewa', 'Piotr', 'Ola', 'Kazimierz', 'Marta', 'Józef'];
let entries = 0;
const gran = { contract: 'gran', old: [1], winner: 'old' };
const entryId = () => `entry-${process.pid}-${entries++}`;

for (const database of DATABASES) {
  describe(`a hall table's phones on ${database.name}`, () => {
    it('only a phone the server gave the table confirms a deal, a different one from the phone that entered it; the log names both', async () => {
      const server = await start(database.env());
      const dir = (await registered(server.url, 'Sędzia Sali')).c;
      const { id, codes } = await hallRoundStarted(dir, {
        name: 'Turniej w remizie',
        format: { format: 'znin', rounds: 1, deals: { 4: 4 } },
        players: NAMES,
      });
      const [code1, code2] = codes as [string, string];
      const phone = new Client(server.url);
      const hall = (c: string, action: string, body: Record<string, unknown>) =>
        phone.http('POST', `/api/hall/${c}/${action}`, body);
      const version = async () => (await dir.http('GET', `/api/tournaments/${id}`)).body.tournament.version as number;
      const events = async () =>
        (await dir.http('GET', `/api/tournaments/${id}/events`)).body.events as { kind: string; body: unknown }[];

      const first = await phone.http('POST', `/api/hall/${code1}/phones`);
      expect(first.body).toEqual({ device: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), phone: 1 });
      const a = first.body.device as string;
      expect((await hall(code1, 'entries', { device: a, id: entryId(), scores: [4, -4, 4, -4] })).status).toBe(200);
      expect((await phone.http('GET', `/api/hall/${code1}?device=${a}`)).body.hall.rows[0].mine).toBe(true);

      // Refused, changing nothing: a made-up phone, the phone that entered the deal, another table's phone.
      const elsewhere = await hallPhone(phone, code2);
      const v0 = await version();
      const refusals: [Record<string, unknown>, string, string][] = [
        [{ device: 'phone-b-0123456789', deal: 0 }, 'confirm', 'ERR_DEVICE'],
        [{ device: a.replace(/^./, (x) => (x === 'A' ? 'B' : 'A')), deal: 0 }, 'confirm', 'ERR_DEVICE'],
        [{ device: a, deal: 0 }, 'confirm', 'ERR_SAME_DEVICE'],
        [{ device: elsewhere, deal: 0 }, 'confirm', 'ERR_DEVICE'],
        [{ device: 'phone-b-0123456789', id: entryId(), scores: [2, -2, 2, -2] }, 'entries', 'ERR_DEVICE'],
        // doublings said in an order no auction allows (the soloist's own first kontra), or with a count beside them
        [{ device: a, id: entryId(), words: { ...gran, said: [{ seat: 1, word: 'kontra' }] } }, 'entries', 'ERR_SAID'],
        [
          { device: a, id: entryId(), words: { ...gran, said: [{ seat: 0, word: 'kontra' }], doublings: 3 } },
          'entries',
          'ERR_ENTRY',
        ],
      ];
      for (const [body, action, expected] of refusals)
        expect((await hall(code1, action, body)).body.error?.code, JSON.stringify(body)).toBe(expected);
      const made = await phone.http('GET', `/api/hall/${code1}?device=phone-b-0123456789`);
      expect(made.body.error?.code).toBe('ERR_DEVICE');
      expect(await version()).toBe(v0);
      const tablePage = async () =>
        (await dir.http('GET', `/api/tournaments/${id}`)).body.tournament.rounds[0].tables[0];
      expect((await tablePage()).protocol).toEqual([]);

      // A second phone the server gave table 1 confirms the deal: it reaches the protocol.
      const b = await hallPhone(new Client(server.url), code1);
      expect((await hall(code1, 'confirm', { device: b, deal: 0 })).status).toBe(200);
      expect((await tablePage()).protocol).toEqual([[4, -4, 4, -4]]);

      // The log: each phone given, by its number; the deal entered by phone 1, confirmed by phone 2.
      const log = (await events()).filter((e) => ['phone', 'entered', 'confirmed'].includes(e.kind));
      expect(log).toEqual([
        expect.objectContaining({ kind: 'phone', body: { round: 1, table: 1, device: '1' } }),
        expect.objectContaining({ kind: 'entered', body: expect.objectContaining({ table: 1, device: '1' }) }),
        expect.objectContaining({ kind: 'phone', body: { round: 1, table: 2, device: '1' } }),
        expect.objectContaining({ kind: 'phone', body: { round: 1, table: 1, device: '2' } }),
        expect.objectContaining({ kind: 'confirmed', body: { round: 1, table: 1, deal: 0, by: '2' } }),
      ]);
      const text = JSON.stringify(await events());
      for (const token of [a, b, elsewhere]) expect(text).not.toContain(token);
    });

    it('a table is given a bounded number of phones', async () => {
      const server = await start(database.env());
      const dir = (await registered(server.url, 'Sędzia Sali')).c;
      const { codes } = await hallRoundStarted(dir, {
        name: 'Turniej w remizie',
        format: { format: 'znin', rounds: 1, deals: { 4: 4 } },
        players: NAMES.slice(0, 4),
      });
      const phone = new Client(server.url);
      const given = [];
      for (let k = 0; k < 10; k++) given.push(await hallPhone(phone, codes[0]!));
      expect(new Set(given).size).toBe(10);
      const over = await phone.http('POST', `/api/hall/${codes[0]}/phones`);
      expect(over.body.error?.code).toBe('ERR_TOO_MANY');
      expect((await phone.http('POST', '/api/hall/ZZZZZZ/phones')).body.error?.code).toBe('ERR_NOT_FOUND');
    });
  });
}

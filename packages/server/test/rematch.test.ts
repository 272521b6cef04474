// Another game with the same people and rules (rematch), as a real process over real sockets, on
// SQLite and (with BASKA_TEST_PG_URL) PostgreSQL: refused while the game goes on and to anyone who
// did not play; the first to ask creates the new table with the bots in their seats and each
// person's seat kept for him; everyone at the old table is told where it is; it starts by itself
// once the last of them accepts.
import type { PublicEvent, ServerMessage } from '@baska/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, DATABASES, autoplay, start, stopAll } from './harness.js';

afterAll(stopAll);

const isEvent = (type: PublicEvent['type']) => (m: ServerMessage) => m.type === 'event' && m.event.type === type;

for (const database of DATABASES) {
  describe(`rematch on ${database.name}`, () => {
    it('the same people, bots and rules at a new table, each seat kept for its player, started once all accept', async () => {
      const server = await start({ ...database.env(), BASKA_BOT_DELAY_MS: '0' });
      const [ania, bartek, obcy] = [new Client(server.url), new Client(server.url), new Client(server.url)];
      await ania.guest('Ania');
      await bartek.guest('Bartek');
      await obcy.guest('Obcy');
      const rules = { preset: 'kop', options: { bokRound: false }, stake: 5, secondsPerMove: 600, pauseSeconds: 0 };
      const created = await ania.http('POST', '/api/tables', { ...rules, deals: 1, seat: 0 });
      const id = created.body.table.id as string;
      expect((await bartek.http('POST', `/api/tables/${id}/sit`, { seat: 2 })).status).toBe(200);
      await ania.http('POST', `/api/tables/${id}/bot`, { seat: 1, level: 'expert' });
      await ania.http('POST', `/api/tables/${id}/bot`, { seat: 3, level: 'random' });
      for (const c of [ania, bartek]) {
        await c.connect();
        c.send({ type: 'join', table: id });
        await c.next((m) => m.type === 'snapshot');
      }
      expect((await ania.http('POST', `/api/tables/${id}/start`)).status).toBe(200);

      // While the game goes on: refused, and nothing is created.
      const early = await ania.http('POST', `/api/tables/${id}/rematch`);
      expect(early.status).toBe(409);
      expect(early.body.error.code).toBe('ERR_NOT_FINISHED');

      await Promise.all([autoplay(ania, id, isEvent('finished')), autoplay(bartek, id, isEvent('finished'))]);
      const old = (await ania.http('GET', `/api/tables/${id}`)).body.table;
      expect(old.status).toBe('finished');
      expect(old.rematch).toBeNull();

      // One who did not play there may not ask.
      const stranger = await obcy.http('POST', `/api/tables/${id}/rematch`);
      expect(stranger.status).toBe(403);
      expect(stranger.body.error.code).toBe('ERR_NOT_SEATED');
      expect((await ania.http('GET', `/api/tables/${id}`)).body.table.rematch).toBeNull();

      // Bartek asks first: the new table has the same rules, the bots in their seats, him in his, Ania's kept.
      const told = ania.mark();
      const asked = await bartek.http('POST', `/api/tables/${id}/rematch`);
      expect(asked.status).toBe(200);
      const next = asked.body.table;
      expect(next.id).not.toBe(id);
      expect(next.rematchOf).toBe(id);
      expect(next.status).toBe('open');
      for (const key of ['rules', 'preset', 'stake', 'secondsPerMove', 'pauseSeconds', 'deals', 'public'])
        expect(next[key], key).toEqual(old[key]);
      expect(next.seats.map((s: { name: string | null }) => s.name)).toEqual([
        null,
        old.seats[1].name,
        'Bartek',
        old.seats[3].name,
      ]);
      expect(next.seats.map((s: { reservedFor: string | null }) => s.reservedFor)).toEqual(['Ania', null, null, null]);
      expect(next.owner).toBe('Bartek');
      // Everyone at the old table hears where the new one is.
      const event = await ania.next((m) => isEvent('rematch')(m), 10_000, told);
      expect(event.type === 'event' && event.event).toEqual({ type: 'rematch', table: next.id });
      expect(event.type === 'event' && event.info.rematch).toBe(next.id);
      expect((await obcy.http('GET', `/api/tables/${id}`)).body.table.rematch).toBe(next.id);

      // Ania's seat is hers: nobody else sits in it, not even by the new table's own route.
      const taken = await obcy.http('POST', `/api/tables/${next.id}/sit`, { seat: 0 });
      expect(taken.body.error.code).toBe('ERR_SEAT_TAKEN');
      // Asking again changes nothing: the same table, the same seat.
      const again = await bartek.http('POST', `/api/tables/${id}/rematch`);
      expect(again.body.table.id).toBe(next.id);
      expect(again.body.table.seats[2].name).toBe('Bartek');

      // Ania accepts: the same table, her old seat, and the game starts by itself.
      const accepted = await ania.http('POST', `/api/tables/${id}/rematch`);
      expect(accepted.status).toBe(200);
      expect(accepted.body.table.id).toBe(next.id);
      expect(accepted.body.table.seats[0].name).toBe('Ania');
      expect(accepted.body.table.status).toBe('playing');
      // Both are in the new game's history.
      for (const c of [ania, bartek]) {
        const games = (await c.http('GET', '/api/me/games')).body.games.map((g: { id: string }) => g.id);
        expect(games).toContain(next.id);
      }
      for (const c of [ania, bartek, obcy]) c.close();
    });
  });
}

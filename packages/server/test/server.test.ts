// The server as a real process over real HTTP and websockets, on SQLite and (with
// BASKA_TEST_PG_URL) PostgreSQL: a game against bots, the refusals, a crash, hidden cards.
import { CARD_CODES, loadRecord, scoreRecord } from '@baska/engine';
import { afterAll, describe, expect, it } from 'vitest';
import {
  Client,
  DATABASES,
  autoplay,
  guestAtTable,
  start,
  stopAll,
  tableWithBots,
  unsigned,
  versionOf,
  viewOf,
} from './harness.js';

afterAll(stopAll);

for (const database of DATABASES) {
  describe(`server on ${database.name}`, () => {
    it('a guest plays a complete deal against three bots over a websocket; the record scores as the table did', async () => {
      const server = await start(database.env());
      const { c, id } = await guestAtTable(server.url, 'Kaszub', 'expert');
      expect((await c.http('POST', `/api/tables/${id}/start`)).status).toBe(200);
      const end = await autoplay(c, id, (m) => m.type === 'event' && m.event.type === 'finished');
      expect(end.type === 'event' && end.info.status).toBe('finished');
      const rec = await c.http('GET', `/api/games/${id}/record`);
      expect(rec.status).toBe(200);
      const loaded = loadRecord(rec.body);
      expect(loaded.ok).toBe(true);
      const scored = scoreRecord(loaded.ok ? loaded.value : (null as never));
      expect(scored.ok && scored.value.totals).toEqual(end.type === 'event' ? end.info.totals : null);
      c.close();
      expect(await server.stop()).toBe(0); // graceful shutdown on SIGTERM
    });

    it('refuses bad, stale, out-of-turn, foreign and illegal actions with their codes, and changes nothing', async () => {
      // Bots wait 1.5 s before they move, so that a seat's turn can be caught while it lasts.
      const server = await start({ ...database.env(), BASKA_BOT_DELAY_MS: '1500' });
      const c = new Client(server.url);
      await c.guest('Gbur');
      const id = await tableWithBots(c, 'basic');
      await c.connect();
      const other = new Client(server.url);
      await other.guest('Obcy');
      await other.connect();
      const refusal = async (who: Client, message: unknown) => {
        const at = who.mark();
        who.send(message);
        return who.next((m) => m.type === 'error', 20_000, at);
      };
      // Not started yet.
      c.send({ type: 'join', table: id });
      const snap = await c.next((m) => m.type === 'snapshot');
      expect(await refusal(c, { type: 'act', table: id, version: versionOf(snap), action: 'pass' })).toMatchObject({
        code: 'ERR_NOT_STARTED',
      });
      expect((await other.http('POST', `/api/tables/${id}/start`)).body.error.code).toBe('ERR_NOT_OWNER');
      const started = c.mark();
      await c.http('POST', `/api/tables/${id}/start`);
      const dealt = await c.next((m) => m.type === 'event' && m.event.type === 'deal', 20_000, started);
      let outOfTurnChecked = false;
      if (viewOf(dealt)!.toAct !== 0) {
        // A bot is to call first: acting now is out of turn.
        const r = await refusal(c, { type: 'act', table: id, version: versionOf(dealt), action: 'pass' });
        expect(r).toMatchObject({ code: 'ERR_NOT_YOUR_TURN' });
        outOfTurnChecked = true;
      }
      const mine = await c.next(
        (m) => {
          const v = viewOf(m);
          return v !== null && v.toAct === v.seat;
        },
        20_000,
        started,
      );
      const v = viewOf(mine)!;
      const version = versionOf(mine);
      const bad: [unknown, string][] = [
        [{ type: 'act', table: id, version, action: 42 }, 'ERR_SCHEMA'],
        [{ type: 'dance', table: id }, 'ERR_SCHEMA'],
        ['not even an object', 'ERR_SCHEMA'],
        [{ type: 'act', table: id, version: version - 1, action: v.legal[0] }, 'ERR_STALE'],
        [
          { type: 'act', table: id, version, action: v.phase === 'auction' ? 'Ah' : 'zollo' },
          v.phase === 'auction' ? 'ERR_ILLEGAL_CALL' : 'ERR_ILLEGAL_CARD',
        ],
        [{ type: 'act', table: 'nosuchtable', version, action: 'pass' }, 'ERR_NOT_FOUND'],
      ];
      for (const [message, code] of bad) expect(await refusal(c, message)).toMatchObject({ code });
      // Someone who does not sit there, acting for the seat to move.
      expect(await refusal(other, { type: 'act', table: id, version, action: v.legal[0] })).toMatchObject({
        code: 'ERR_NOT_SEATED',
      });
      // Nothing changed: the table is still at the same version, and the connection still works.
      c.send({ type: 'join', table: id });
      const again = await c.next((m) => m.type === 'snapshot');
      expect(versionOf(again)).toBe(version);
      // A race: the same action twice against one version; one is taken, the other is stale.
      const raced = c.mark();
      c.send({ type: 'act', table: id, version, action: v.legal[0] });
      c.send({ type: 'act', table: id, version, action: v.legal[0] });
      expect(await c.next((m) => m.type === 'error', 20_000, raced)).toMatchObject({ code: 'ERR_STALE' });
      if (!outOfTurnChecked) {
        // We called first, so a bot calls next: acting now is out of turn.
        const after = await c.next((m) => versionOf(m) === version + 1, 20_000, raced);
        expect(viewOf(after)!.toAct).not.toBe(0);
        const r = await refusal(c, { type: 'act', table: id, version: version + 1, action: 'pass' });
        expect(r).toMatchObject({ code: 'ERR_NOT_YOUR_TURN' });
      }
      c.close();
      other.close();
    });

    it('loses nothing when killed with SIGKILL mid-deal: the finished record equals one played without the crash', async () => {
      const env = { ...database.env(), BASKA_TABLE_SEED: 'crash-test' };
      const play = async (crash: boolean) => {
        let server = await start(env);
        const { c, id } = await guestAtTable(server.url, 'Rybak', 'basic');
        await c.http('POST', `/api/tables/${id}/start`);
        if (crash) {
          await autoplay(c, id, (m) => versionOf(m) >= 16);
          c.close();
          await server.stop('SIGKILL');
          server = await start(env, server.dataDir);
          c.url = server.url;
          await c.connect();
          c.send({ type: 'join', table: id, version: 16 });
        } else {
          c.send({ type: 'join', table: id });
        }
        await autoplay(c, id, (m) => m.type === 'event' && m.event.type === 'finished');
        const rec = await c.http('GET', `/api/games/${id}/record`);
        c.close();
        await server.stop();
        return rec.body;
      };
      const clean = await play(false);
      const crashed = await play(true);
      // Two servers of their own, two tables: the same game, signed by other keys for other tables.
      expect(unsigned(crashed)).toEqual(unsigned(clean));
      expect(clean.deals[0].play).toHaveLength(16);
    });

    it('never sends a card of another player’s unplayed hand, to a player or a spectator, over many bot games', async () => {
      const server = await start({ ...database.env(), BASKA_TABLE_SEED: '' });
      const players: { c: Client; id: string }[] = [];
      for (let t = 0; t < 6; t++) {
        const c = new Client(server.url);
        await c.guest(`Gracz ${t}`);
        const id = await tableWithBots(c, t % 2 ? 'random' : 'basic', { deals: 3 });
        await c.connect();
        c.send({ type: 'join', table: id });
        await c.next((m) => m.type === 'snapshot');
        players.push({ c, id });
      }
      const spectator = new Client(server.url);
      await spectator.connect();
      for (const p of players) spectator.send({ type: 'join', table: p.id });
      await Promise.all(
        players.map(async ({ c, id }) => {
          await c.http('POST', `/api/tables/${id}/start`);
          await autoplay(c, id, (m) => m.type === 'event' && m.event.type === 'finished');
        }),
      );
      let checked = 0;
      for (const { c, id } of players) {
        const record = (await c.http('GET', `/api/games/${id}/record`)).body as {
          deals: { hands: string[]; play: string[] }[];
        };
        // Replay what each message could show: own cards and cards already played, nothing else.
        for (const [who, seat] of [
          [c, 0],
          [spectator, null],
        ] as const) {
          let dealNo = -1;
          for (const m of who.messages) {
            if ((m.type !== 'event' && m.type !== 'snapshot') || (m.type === 'event' ? m.table : m.table.id) !== id)
              continue;
            if (m.type === 'event' && m.event.type === 'deal') dealNo = m.event.number - 1;
            const view = m.view;
            if (!view || dealNo < 0) continue;
            const deal = record.deals[dealNo]!;
            const played = new Set([...view.tricks.flatMap((t) => t.cards), ...(view.trick?.cards ?? [])]);
            const own = seat === null ? new Set<string>() : new Set(deal.hands[seat]!.split(' '));
            const text = JSON.stringify(m);
            for (const code of CARD_CODES) {
              if (own.has(code) || played.has(code)) continue;
              expect(text.includes(`"${code}"`), `${code} leaked to ${seat ?? 'a spectator'}`).toBe(false);
            }
            if (seat === null) expect(view.hand).toEqual([]);
            checked++;
          }
        }
        c.close();
      }
      spectator.close();
      expect(checked).toBeGreaterThan(200);
    });
  });
}

// A player's profile on the real server: its statistics equal a recomputation from the records
// the server gives out for his games (scored here by the engine's scoreRecord), and his download
// is those records, one per line.
import { callName, loadRecord, scoreRecord } from '@baska/engine';
import type { GameRecord, PlayerStats, ServerMessage } from '@baska/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, DATABASES, autoplay, start, stopAll, tableWithBots } from './harness.js';

afterAll(stopAll);

/** The statistics the profile should show, recomputed from the records as the archive gives them. */
function recompute(games: { record: GameRecord; seat: number }[]) {
  const s = {
    games: 0,
    deals: 0,
    points: 0,
    old: 0,
    young: 0,
    contracts: {} as Record<string, number>,
    kontra: 0,
    bok: 0,
  };
  for (const { record, seat } of games) {
    const loaded = loadRecord(record);
    if (!loaded.ok) throw new Error(loaded.error.message);
    const report = scoreRecord(loaded.value);
    if (!report.ok) throw new Error(report.error.message);
    s.games++;
    for (const [i, d] of report.value.deals.entries()) {
      s.deals++;
      s.points += d.scores[seat]!;
      if (d.old.includes(seat)) s.old++;
      else s.young++;
      s.contracts[d.contract] = (s.contracts[d.contract] ?? 0) + 1;
      if (d.bokRound) s.bok++;
      const deal = loaded.value.table.deals[i]!;
      for (let c = 0; c < deal.nCalls; c++)
        if (deal.callers[c] === seat && callName(deal.calls[c]!) === 'kontra') s.kontra++;
    }
  }
  return s;
}

for (const database of DATABASES) {
  describe(`profiles on ${database.name}`, () => {
    it('computes a player’s statistics as the records of his games say, and hands him those records', async () => {
      const server = await start({ ...database.env(), BASKA_TABLE_SEED: 'profil' });
      const c = new Client(server.url);
      const me = await c.guest('Statystyk');
      await c.connect();
      for (const deals of [3, 2]) {
        const id = await tableWithBots(c, 'basic', { deals });
        const from = c.mark();
        c.send({ type: 'join', table: id });
        await c.next((m) => m.type === 'snapshot', 20_000, from);
        await c.http('POST', `/api/tables/${id}/start`);
        await autoplay(
          c,
          id,
          (m: ServerMessage) => m.type === 'event' && m.table === id && m.event.type === 'finished',
        );
      }
      const profile = (await c.http('GET', `/api/players/${me.id}/profile`)).body;
      expect(profile.games).toHaveLength(2);
      const games = await Promise.all(
        profile.games.map(async (g: { id: string; seat: number }) => ({
          record: (await c.http('GET', `/api/games/${g.id}/record`)).body as GameRecord,
          seat: g.seat,
        })),
      );
      const want = recompute(games);
      const stats: PlayerStats = profile.stats;
      expect(want.deals).toBeGreaterThanOrEqual(5);
      expect(stats.games).toBe(want.games);
      expect(stats.deals).toBe(want.deals);
      expect(stats.points).toBe(want.points);
      expect(stats.perDeal).toBe(Math.round((want.points / want.deals) * 100) / 100);
      expect([stats.asOld.deals, stats.asYoung.deals]).toEqual([want.old, want.young]);
      expect(Object.fromEntries(Object.entries(stats.contracts).map(([k, v]) => [k, v.deals]))).toEqual(want.contracts);
      expect(stats.kontra.given).toBe(want.kontra);
      expect(stats.bokDeals).toBe(want.bok);
      expect(stats.asOld.points + stats.asYoung.points).toBe(want.points);

      // His download: the same records, one JSON per line, newest first.
      const r = await fetch(`${server.url}/api/me/records`, { headers: { cookie: c.cookie } });
      expect(r.headers.get('content-type')).toMatch(/ndjson/);
      const lines = (await r.text())
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as GameRecord);
      expect(lines).toEqual(games.map((g) => g.record));
      // A game in play is in his download too, with its complete deals (the server keeps them in
      // game_deal as they end; its record is written when it ends), and in his list of games.
      const playing = await tableWithBots(c, 'basic', { deals: 3, pauseSeconds: 600 });
      const from = c.mark();
      c.send({ type: 'join', table: playing });
      await c.next((m) => m.type === 'snapshot', 20_000, from);
      await c.http('POST', `/api/tables/${playing}/start`);
      await autoplay(c, playing, (m: ServerMessage) => m.type === 'event' && m.info.dealsPlayed === 1);
      const sofar = (await c.http('GET', `/api/games/${playing}/record`)).body as GameRecord;
      expect(sofar.deals).toHaveLength(1);
      const again = await fetch(`${server.url}/api/me/records`, { headers: { cookie: c.cookie } });
      expect(
        (await again.text())
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as GameRecord),
      ).toEqual([sofar, ...games.map((g) => g.record)]);
      const listed = (await c.http('GET', `/api/players/${me.id}/profile`)).body;
      expect(listed.games.map((g: { id: string; status: string }) => [g.id, g.status])[0]).toEqual([
        playing,
        'playing',
      ]);
      expect(listed.stats).toEqual(stats); // a game in play counts in no statistics
      // Nobody else's download: no session, no records.
      expect((await fetch(`${server.url}/api/me/records`)).status).toBe(401);
      expect((await c.http('GET', '/api/players/abc/profile')).body.error.code).toBe('ERR_NOT_FOUND');
      c.close();
    }, 120_000);
  });
}

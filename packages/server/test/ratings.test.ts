// Ratings on the real server, on SQLite and (with BASKA_TEST_PG_URL) PostgreSQL: a rated game moves
// its four players' ratings exactly as openskill rates their totals; a rated table refuses bots,
// guests and changed rules; an unrated game changes nothing; the leaderboard is ordered and paged.
import type { PublicEvent, ServerMessage, TableInfo } from '@baska/protocol';
import { rate, rating } from 'openskill';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, DATABASES, autoplay, start, stopAll, registered } from './harness.js';

afterAll(stopAll);

const isEvent = (type: PublicEvent['type'], table: string) => (m: ServerMessage) =>
  m.type === 'event' && m.table === table && m.event.type === type;

/** Four clients at one table, seats 0–3 in order, play it to the end; the final table. */
async function playTable(players: Client[], rated: boolean): Promise<TableInfo> {
  const [owner] = players;
  const created = await owner!.http('POST', '/api/tables', { seat: 0, secondsPerMove: 600, deals: 1, rated });
  if (created.status !== 200) throw new Error(JSON.stringify(created.body));
  const id = created.body.table.id as string;
  expect(created.body.table.rated).toBe(rated);
  for (const [seat, p] of players.entries()) {
    if (seat > 0) expect((await p.http('POST', `/api/tables/${id}/sit`, { seat })).status).toBe(200);
    if (!p.socket) await p.connect();
    const from = p.mark();
    p.send({ type: 'join', table: id });
    await p.next((m) => m.type === 'snapshot', 20_000, from);
  }
  await owner!.http('POST', `/api/tables/${id}/start`);
  const ends = await Promise.all(players.map((p) => autoplay(p, id, isEvent('finished', id))));
  const end = ends[0]!;
  if (end.type !== 'event') throw new Error('unreachable');
  return end.info;
}

const skillOf = async (c: Client, id: number, family = 'baska') => {
  const r = await c.http('GET', `/api/players/${id}/ratings`);
  expect(r.status).toBe(200);
  return r.body.ratings.find((l: { family: string }) => l.family === family) ?? null;
};

for (const database of DATABASES) {
  describe(`ratings on ${database.name}`, () => {
    it('rates whole rated games as openskill does, refuses what would make one unrated, leaves unrated games out, and pages the leaderboard', async () => {
      const server = await start({ ...database.env(), BASKA_RATING_MIN_GAMES: '2' });
      const [a, b, c, d, e] = await Promise.all(
        ['Ania', 'Bartek', 'Celina', 'Dawid', 'Ewa'].map((n) => registered(server.url, n)),
      );

      // What would make a game unrated is refused, with a code, and changes nothing.
      const withBots = await a!.c.http('POST', '/api/tables', { rated: true, bots: 'basic' });
      expect([withBots.status, withBots.body.error.code]).toEqual([409, 'ERR_RATED']);
      const custom = await a!.c.http('POST', '/api/tables', { rated: true, options: { maxDoubling: 2 } });
      expect(custom.body.error?.code).toBe('ERR_RATED');
      const guest = new Client(server.url);
      await guest.guest('Gość');
      expect((await guest.http('POST', '/api/tables', { rated: true })).body.error.code).toBe('ERR_RATED');
      const open = await a!.c.http('POST', '/api/tables', { rated: true, deals: 1 });
      const openId = open.body.table.id as string;
      expect((await guest.http('POST', `/api/tables/${openId}/sit`, { seat: 1 })).body.error.code).toBe('ERR_RATED');
      expect((await a!.c.http('POST', `/api/tables/${openId}/bot`, { seat: 2, level: 'basic' })).body.error.code).toBe(
        'ERR_RATED',
      );
      const still = (await a!.c.http('GET', `/api/tables/${openId}`)).body.table as TableInfo;
      expect(still.seats.map((s) => s.name)).toEqual(['Ania', null, null, null]);
      expect((await a!.c.http('POST', `/api/tables/${openId}/leave`)).status).toBe(200);

      // Game 1: four newcomers.
      const t1 = await playTable([a!.c, b!.c, c!.c, d!.c], true);
      const fresh = rating();
      const after1 = rate([[fresh], [fresh], [fresh], [fresh]], { score: t1.totals });
      for (const [seat, p] of [a, b, c, d].entries()) {
        const line = await skillOf(a!.c, p!.id);
        expect(line.mu).toBeCloseTo(after1[seat]![0]!.mu, 9);
        expect(line.sigma).toBeCloseTo(after1[seat]![0]!.sigma, 9);
        expect(line.rating).toBeCloseTo(line.mu - 3 * line.sigma, 9);
        expect(line.games).toBe(1);
      }

      // Game 2: three of them again with a newcomer; each starts from where game 1 left him.
      const t2 = await playTable([b!.c, c!.c, e!.c, a!.c], true);
      const after2 = rate([[after1[1]![0]!], [after1[2]![0]!], [fresh], [after1[0]![0]!]], { score: t2.totals });
      for (const [seat, p] of [b, c, e, a].entries()) {
        const line = await skillOf(a!.c, p!.id);
        expect(line.mu).toBeCloseTo(after2[seat]![0]!.mu, 9);
        expect(line.sigma).toBeCloseTo(after2[seat]![0]!.sigma, 9);
      }
      const history = (await a!.c.http('GET', `/api/players/${a!.id}/ratings`)).body;
      expect(history.history.baska.map((p: { total: number }) => p.total)).toEqual([t1.totals[0], t2.totals[3]]);
      expect(history.history.kop).toEqual([]);

      // An unrated game of the same people moves nobody's rating.
      const before = await Promise.all([a, b, c, d].map((p) => skillOf(a!.c, p!.id)));
      const t3 = await playTable([a!.c, b!.c, c!.c, d!.c], false);
      expect(t3.rated).toBe(false);
      expect(await Promise.all([a, b, c, d].map((p) => skillOf(a!.c, p!.id)))).toEqual(before);

      // The leaderboard lists those with two rated games (Ania, Bartek, Celina), best first, by pages.
      const all = (await a!.c.http('GET', '/api/ratings/baska?size=100')).body;
      expect(all.minGames).toBe(2);
      expect(all.total).toBe(3);
      expect(all.lines.map((l: { player: { name: string } }) => l.player.name).sort()).toEqual([
        'Ania',
        'Bartek',
        'Celina',
      ]);
      const shownRatings = all.lines.map((l: { rating: number }) => l.rating);
      expect(shownRatings).toEqual([...shownRatings].sort((x: number, y: number) => y - x));
      const p1 = (await a!.c.http('GET', '/api/ratings/baska?page=1&size=2')).body;
      const p2 = (await a!.c.http('GET', '/api/ratings/baska?page=2&size=2')).body;
      expect([...p1.lines, ...p2.lines]).toEqual(all.lines);
      expect(p2.lines.map((l: { place: number }) => l.place)).toEqual([3]);
      expect((await a!.c.http('GET', '/api/ratings/kop')).body.total).toBe(0);
      expect((await a!.c.http('GET', '/api/ratings/skat')).body.error.code).toBe('ERR_NOT_FOUND');
      expect((await a!.c.http('GET', '/api/ratings/baska?page=0')).body.error.code).toBe('ERR_SCHEMA');
      for (const x of [a, b, c, d, e]) x!.c.close();
      guest.close();
    }, 120_000);
  });
}

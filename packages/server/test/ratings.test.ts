// Ratings on the real server, on SQLite and (with BASKA_TEST_PG_URL) PostgreSQL: a rated game moves
// its four players' ratings exactly as openskill rates their totals; a rated table refuses bots,
// guests and changed rules; an unrated game changes nothing; the leaderboard is ordered and paged.
// The rules of decision 015: a rated table has at least 8 deals (a test lowers the minimum to play
// short games), starts only with its four at the table from four addresses (a rated rematch too),
// is not rated when everyone left it, and ranks whoever left behind those who stayed.
import type { PublicEvent, ServerMessage, TableInfo } from '@baska/protocol';
import { rate, rating } from 'openskill';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, DATABASES, autoplay, start, stopAll, registered, viewOf } from './harness.js';

afterAll(stopAll);

const isEvent = (type: PublicEvent['type'], table: string) => (m: ServerMessage) =>
  m.type === 'event' && m.table === table && m.event.type === type;

/** Four clients sit at a new table, seats 0–3 in order, and join it: its id. */
async function seatTable(players: Client[], rated: boolean, deals: number): Promise<string> {
  const [owner] = players;
  const created = await owner!.http('POST', '/api/tables', { seat: 0, secondsPerMove: 600, deals, rated });
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
  return id;
}

/** Four clients at one table, seats 0–3 in order, play it to the end; the final table. */
async function playTable(players: Client[], rated: boolean): Promise<TableInfo> {
  const id = await seatTable(players, rated, 1);
  expect((await players[0]!.http('POST', `/api/tables/${id}/start`)).status).toBe(200);
  const ends = await Promise.all(players.map((p) => autoplay(p, id, isEvent('finished', id))));
  const end = ends[0]!;
  if (end.type !== 'event') throw new Error('unreachable');
  return end.info;
}

/** The first deal's end, as a player sees it. */
const firstDealOver = (table: string) => (m: ServerMessage) =>
  m.type === 'event' && m.table === table && viewOf(m)?.phase === 'complete';

/** Registered players, each connecting from an address of his own (believed behind BASKA_TRUST_PROXY). */
async function fromOwnAddresses(url: string, names: string[], net: number) {
  const out = await Promise.all(names.map((n) => registered(url, n)));
  out.forEach((p, i) => (p.c.headers = { 'X-Forwarded-For': `10.${net}.0.${i + 1}` }));
  return out;
}

const skillOf = async (c: Client, id: number, family = 'baska') => {
  const r = await c.http('GET', `/api/players/${id}/ratings`);
  expect(r.status).toBe(200);
  return r.body.ratings.find((l: { family: string }) => l.family === family) ?? null;
};

for (const database of DATABASES) {
  describe(`ratings on ${database.name}`, () => {
    it('rates whole rated games as openskill does, refuses what would make one unrated, leaves unrated games out, and pages the leaderboard', async () => {
      const server = await start({
        ...database.env(),
        BASKA_RATING_MIN_GAMES: '2',
        BASKA_RATED_MIN_DEALS: '1',
        BASKA_TRUST_PROXY: 'loopback',
      });
      const [a, b, c, d, e] = await fromOwnAddresses(server.url, ['Ania', 'Bartek', 'Celina', 'Dawid', 'Ewa'], 1);

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

    it('does not rate a game everyone left after its first deal, and ranks one who left behind those who stayed', async () => {
      const server = await start({
        ...database.env(),
        BASKA_RATED_MIN_DEALS: '2',
        BASKA_TRUST_PROXY: 'loopback',
        BASKA_TABLE_SEED: 'ratings-left',
      });
      const people = await fromOwnAddresses(server.url, ['Franek', 'Gosia', 'Henio', 'Irena'], 2);
      const players = people.map((p) => p.c);

      // Everyone leaves after the first of two deals: the stand-ins end it, and nobody's rating moves.
      const gone = await seatTable(players, true, 2);
      expect((await players[0]!.http('POST', `/api/tables/${gone}/start`)).status).toBe(200);
      await Promise.all(players.map((p) => autoplay(p, gone, firstDealOver(gone))));
      const from = players[0]!.mark();
      for (const p of players) expect((await p.http('POST', `/api/tables/${gone}/leave`)).status).toBe(200);
      await players[0]!.next(isEvent('finished', gone), 30_000, from);
      for (const p of people) expect(await skillOf(players[0]!, p.id)).toBeNull();

      // Irena leaves after the first deal; the others play the game out with her stand-in. She is
      // ranked last whatever her stand-in scored; the three who stayed by their totals.
      const left = 3;
      const id = await seatTable(players, true, 2);
      expect((await players[0]!.http('POST', `/api/tables/${id}/start`)).status).toBe(200);
      await Promise.all(players.map((p) => autoplay(p, id, firstDealOver(id))));
      expect((await players[left]!.http('POST', `/api/tables/${id}/leave`)).status).toBe(200);
      const stayed = players.filter((_, seat) => seat !== left);
      const end = (await Promise.all(stayed.map((p) => autoplay(p, id, isEvent('finished', id)))))[0]!;
      if (end.type !== 'event') throw new Error('unreachable');
      const totals = end.info.totals;
      // The case that matters: by her totals alone she would not have been last.
      expect(totals[left]).toBeGreaterThan(Math.min(...totals.filter((_, seat) => seat !== left)));
      const place = totals.map((t, seat) =>
        seat === left ? 4 : 1 + totals.filter((o, s) => s !== left && o > t).length,
      );
      const fresh = rating();
      const expected = rate([[fresh], [fresh], [fresh], [fresh]], { rank: place });
      for (const [seat, p] of people.entries()) {
        const line = await skillOf(players[0]!, p.id);
        expect(line.mu).toBeCloseTo(expected[seat]![0]!.mu, 9);
        expect(line.leftGames).toBe(seat === left ? 1 : 0);
      }
      const irena = (await players[0]!.http('GET', `/api/players/${people[left]!.id}/ratings`)).body;
      expect(irena.history.baska.map((h: { place: number; left: boolean }) => [h.place, h.left])).toEqual([[4, true]]);

      // A rated rematch starts by itself when its last seat is taken: not while Irena connects from
      // Henio's address (her seat is refused, the reason given), and once she is back on her own.
      const reconnect = async (p: Client, address: string) => {
        p.close();
        p.headers = { 'X-Forwarded-For': address };
        await p.connect();
      };
      await reconnect(players[left]!, '10.2.0.3');
      for (const p of stayed) expect((await p.http('POST', `/api/tables/${id}/rematch`)).status).toBe(200);
      const refused = await players[left]!.http('POST', `/api/tables/${id}/rematch`);
      expect([refused.status, refused.body.error?.code]).toEqual([409, 'ERR_SAME_ADDRESS']);
      expect(refused.body.error.message).toMatch(/^Henio and Irena connect from one address/);
      await reconnect(players[left]!, '10.2.0.4');
      // (The server hears of a closed socket a moment after it is closed.)
      const again = () => players[left]!.http('POST', `/api/tables/${id}/rematch`);
      await expect
        .poll(async () => {
          const r = await again();
          return r.body.table?.status ?? r.body.error?.code;
        })
        .toBe('playing');
      for (const p of players) p.close();
    }, 60_000);
  });
}

describe('what a rated table refuses (decision 015)', () => {
  it('is created with at least 8 deals by default, never "until the players leave", and nothing changes', async () => {
    const server = await start({});
    const { c } = await registered(server.url, 'Jola');
    for (const deals of [1, 7, 0, undefined]) {
      const r = await c.http('POST', '/api/tables', { rated: true, ...(deals !== undefined && { deals }) });
      expect([r.status, r.body.error?.code]).toEqual([409, 'ERR_RATED_DEALS']);
    }
    expect((await c.http('GET', '/api/tables')).body.tables).toEqual([]);
    const eight = await c.http('POST', '/api/tables', { rated: true, deals: 8 });
    expect([eight.status, eight.body.table?.rated, eight.body.table?.deals]).toEqual([200, true, 8]);
    // An unrated table of one deal is as it was.
    expect((await c.http('POST', '/api/tables', { deals: 1 })).status).toBe(200);
    c.close();
  });

  it('does not start while its players connect from one address or one of them is not at the table', async () => {
    const server = await start({ BASKA_TRUST_PROXY: 'loopback' });
    const people = await Promise.all(['Kasia', 'Leszek', 'Magda', 'Norbert'].map((n) => registered(server.url, n)));
    const players = people.map((p) => p.c);
    // One household: four accounts from one address.
    for (const p of players) p.headers = { 'X-Forwarded-For': '10.3.0.1' };
    const id = await seatTable(players.slice(0, 3), true, 8);
    expect((await players[3]!.http('POST', `/api/tables/${id}/sit`, { seat: 3 })).status).toBe(200);
    const absent = await players[0]!.http('POST', `/api/tables/${id}/start`);
    expect([absent.status, absent.body.error?.code]).toEqual([409, 'ERR_RATED_ABSENT']);
    expect(absent.body.error.message).toContain('Norbert');
    await players[3]!.connect();
    players[3]!.send({ type: 'join', table: id });
    await players[3]!.next((m) => m.type === 'snapshot', 20_000, 0);
    // (The mark told at the table is what the start is refused for.)
    await players[0]!.next((m) => m.type === 'fairPlay' && m.sameAddress.length > 0, 20_000, 0);
    const same = await players[0]!.http('POST', `/api/tables/${id}/start`);
    expect([same.status, same.body.error?.code]).toEqual([409, 'ERR_SAME_ADDRESS']);
    expect(same.body.error.message).toMatch(/Kasia and Leszek and Magda and Norbert.*unrated/);
    expect((await players[0]!.http('GET', `/api/tables/${id}`)).body.table.status).toBe('open');

    // Two of them from another address each: still two from one, still refused.
    const from = async (p: Client, address: string) => {
      p.close();
      p.headers = { 'X-Forwarded-For': address };
      await p.connect();
      const mark = p.mark();
      p.send({ type: 'join', table: id });
      await p.next((m) => m.type === 'snapshot', 20_000, mark);
    };
    await from(players[0]!, '10.3.1.0');
    await from(players[1]!, '10.3.1.1');
    // (The server hears of a closed socket a moment after it is closed.)
    const startIt = () => players[0]!.http('POST', `/api/tables/${id}/start`);
    await expect
      .poll(async () => (await startIt()).body.error?.message)
      .toMatch(/^Magda and Norbert connect from one address/);

    // Four addresses: it starts.
    await from(players[3]!, '10.3.1.3');
    await expect.poll(async () => (await startIt()).body.error?.code ?? 'started').toBe('started');
    expect((await players[0]!.http('GET', `/api/tables/${id}`)).body.table.status).toBe('playing');
    for (const p of players) p.close();
  });
});

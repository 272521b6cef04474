// Games played in a browser with no network (issue 36), into the player's archive: the record is
// replayed by the server and stored once, marked offline and unrated, whatever the connection does
// (the same id sent twice, or twice at once); a record that does not replay, a game not over, a
// forged body are refused with a code and change nothing.
import { type GameRecord, SeededRng, randomInt } from '@baska/engine';
import { basicBot } from '@baska/ai';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ME,
  type SavedGame,
  isOver,
  newGame,
  rebuild,
  recordOfGame,
  toMove,
  viewOf,
} from '../../web/src/offline/local-game.js';
import { Client, DATABASES, start, stopAll } from './harness.js';

afterAll(stopAll);

/** An offline game played to its end by the web client's own model, every seat by the basic bot. */
function playedOffline(players: 4 | 5, deals: number, seed: number): SavedGame {
  const rng = new SeededRng(seed);
  const g = newGame(
    { preset: 'standard', level: 'basic', players, deals },
    null,
    (n) => randomInt(rng, n),
    `off-${crypto.randomUUID()}`,
  );
  const t = rebuild(g)!;
  while (!isOver(g, t)) {
    if (!t.current || t.current.isComplete) {
      t.newDeal();
      g.moves.push([]);
    }
    const seat = toMove(t)!;
    const action = basicBot.decide(viewOf(t, seat)!, rng);
    expect(t.apply(action).ok).toBe(true);
    g.moves.at(-1)!.push(action);
  }
  expect(toMove(t)).toBe(null);
  expect(ME).toBe(0);
  return g;
}

const body = (g: SavedGame, record = recordOfGame(g, rebuild(g)!)) => ({
  id: g.id,
  level: g.level,
  deals: g.deals,
  record,
});

describe.each(DATABASES)('offline games ($name)', (database) => {
  it('go once into the archive, marked offline; a record that does not replay is refused', async () => {
    const server = await start(database.env());
    const c = new Client(server.url);
    await c.register('Kaszub');
    const game = playedOffline(4, 2, 7);
    // Sent twice at once (two tabs, a retry after a lost answer), then once more: one game.
    const [a, b] = await Promise.all([
      c.http('POST', '/api/me/offline-games', body(game)),
      c.http('POST', '/api/me/offline-games', body(game)),
    ]);
    expect([a.status, b.status], server.log.join('')).toEqual([200, 200]);
    expect(b.body.table).toBe(a.body.table);
    expect((await c.http('POST', '/api/me/offline-games', body(game))).body.table).toBe(a.body.table);
    const history = (await c.http('GET', '/api/me/games')).body;
    expect(history.games).toHaveLength(1);
    expect(history.games[0]).toMatchObject({ id: a.body.table, status: 'finished', offline: true, seat: 0 });
    // The archive's record is the game as played.
    const record = (await c.http('GET', `/api/games/${a.body.table}/record`)).body;
    expect(record.deals.map((d: { play: string[] }) => d.play)).toEqual(body(game).record.deals.map((d) => d.play));
    // Never rated: no rating moved.
    const me = (await c.http('GET', '/api/me')).body.player.id;
    expect((await c.http('GET', `/api/players/${me}/ratings`)).body.ratings).toEqual([]);

    // A table of five too.
    const five = playedOffline(5, 3, 11);
    expect((await c.http('POST', '/api/me/offline-games', body(five))).status).toBe(200);

    // Tampered: two cards of a trick swapped, a deal cut short, the game not over, a forged body.
    const bad = playedOffline(4, 1, 13);
    const rec = body(bad).record as GameRecord;
    const swapped = structuredClone(rec);
    const p = swapped.deals[0]!.play;
    [p[0], p[1]] = [p[1]!, p[0]!];
    const cut = structuredClone(rec);
    cut.deals[0]!.play.pop();
    const longer = structuredClone(rec);
    longer.deals.push(structuredClone(rec.deals[0]!));
    for (const record of [swapped, cut, longer]) {
      const r = await c.http('POST', '/api/me/offline-games', { ...body(bad), record });
      expect(r.status).toBe(422);
      expect(r.body.error.code).toBe('ERR_RECORD');
    }
    const forged = await c.http('POST', '/api/me/offline-games', { ...body(bad), id: 'x', admin: true });
    expect(forged.body.error.code).toBe('ERR_SCHEMA');
    const nobody = new Client(server.url);
    expect((await nobody.http('POST', '/api/me/offline-games', body(bad))).body.error.code).toBe('ERR_AUTH');
    expect((await c.http('GET', '/api/me/games')).body.games).toHaveLength(2);
  });
});

// The server's core (tables, sessions, commands) in memory, without a database or sockets: the
// storage is the in-memory one, which keeps the databases' contract.
import { type GameRecord, loadRecordText, makeRecord, viewFor } from '@baska/engine';
import { type PublicEvent, SHEET_RECENT } from '@baska/protocol';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { GameError } from '../src/errors.js';
import { Games } from '../src/games.js';
import { storedDealsOf } from '../src/past-deals.js';
import type { Room, StoredEvent } from '../src/room.js';
import { MemoryStorage } from '../src/storage-memory.js';
import type { Projection } from '../src/storage.js';

const OPTS = { botDelayMs: 0, botThreads: 0, graceMs: 60_000, standIn: 'basic' as const, tableSeed: 'core' };
const PLAYER = { id: 7, name: 'Rybak' };
const open: Games[] = [];
afterEach(async () => {
  for (const g of open.splice(0)) await g.close();
});

function setup(storage = new MemoryStorage()) {
  const games = new Games(storage, pino({ level: 'silent' }), OPTS);
  open.push(games);
  const told: { version: number; event: PublicEvent; room: Room }[] = [];
  let finished: () => void = () => {};
  const done = new Promise<void>((r) => (finished = r));
  games.listener = (room, event, version) => {
    told.push({ version, event, room });
    if (event.type === 'finished') finished();
  };
  return { games, storage, told, done };
}

const TABLE = {
  preset: 'standard',
  options: {},
  stake: 0,
  secondsPerMove: 600,
  pauseSeconds: 30,
  public: true,
  deals: 2,
  seat: 0,
  bots: 'basic',
} as const;
const create = (games: Games) => games.create(PLAYER, TABLE);

/** Play seat 0 (the first legal action) whenever it is to move, until the game ends. */
async function play(games: Games, id: string, done: Promise<void>, onRefusal?: (e: GameError) => void) {
  let over = false;
  void done.then(() => (over = true));
  while (!over) {
    const room = games.cached(id)!;
    const deal = room.deal;
    if (room.waiting().includes(0))
      await games.ready(id, PLAYER); // he reads the end of the deal at once
    else if (room.status === 'playing' && deal && !deal.isComplete && deal.toAct === 0) {
      try {
        await games.act(id, PLAYER, room.version, viewFor(deal, 0).legal[0]!);
      } catch (e) {
        if (!(e instanceof GameError)) throw e;
        onRefusal?.(e);
      }
    } else await new Promise((r) => setTimeout(r, 1));
  }
}

/** Seat 0 plays the first deal's first legal moves (the bots play theirs) and stops at its end. */
async function playFirstDeal(games: ReturnType<typeof setup>['games'], id: string): Promise<void> {
  for (;;) {
    const room = games.cached(id)!;
    const deal = room.deal!;
    if (deal.isComplete) return;
    if (deal.toAct === 0) await games.act(id, PLAYER, room.version, viewFor(deal, 0).legal[0]!);
    else await new Promise((r) => setTimeout(r, 1));
  }
}

describe('the core in memory', () => {
  it('refuses rules options that every object has (toString, __proto__) as a bad request, creating nothing', async () => {
    const { games, storage } = setup();
    for (const options of [{ toString: 1 }, JSON.parse('{"__proto__": {"x": 1}}'), { constructor: 'x' }]) {
      const made = games.create(PLAYER, { ...TABLE, options });
      await expect(made).rejects.toMatchObject({ code: 'ERR_SCHEMA' });
    }
    expect(await storage.lobby(10)).toEqual([]);
  });

  it('closes a table nobody comes to after the grace period, even one whose creator never connected', async () => {
    const storage = new MemoryStorage();
    const games = new Games(storage, pino({ level: 'silent' }), { ...OPTS, graceMs: 50 });
    open.push(games);
    const { id } = await create(games);
    expect(await storage.lobby(10)).toEqual([id]);
    await new Promise((r) => setTimeout(r, 150));
    expect(await storage.lobby(10)).toEqual([]);
    expect((await games.room(id)).status).toBe('finished');
    expect(await games.history(PLAYER.id)).toMatchObject({ games: [] }); // no game to remember
  });

  it('plays a game: every event told once, in order, after it is stored; the projections follow the log', async () => {
    const { games, storage, told, done } = setup();
    const { id } = await create(games);
    await games.start(id, PLAYER);
    await play(games, id, done);
    const room = games.cached(id) ?? (await games.room(id));
    const stored = (await storage.load(id))!.events;
    expect(stored).toHaveLength(room.version);
    const versions = told.map((t) => t.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(versions).size).toBe(versions.length);
    // Each listener saw the table as it was just after its event (a deal's last card with the deal complete).
    for (const t of told) expect(t.room.version).toBe(t.version);
    const lastCard = told.findLast((t) => t.event.type === 'action' && t.room.deal?.isComplete);
    expect(lastCard?.room.deal?.score).not.toBeNull();
    expect(storage.record(id)).toBe(makeRecord((await games.record(room)) as GameRecord));
    expect((await games.history(PLAYER.id)).games[0]).toMatchObject({
      id,
      status: 'finished',
      total: room.table!.totals[0],
    });
  });

  it('stores each deal in the write that ends it and the whole record once, at the end; the Room keeps the last rows', async () => {
    const storage = new MemoryStorage();
    const writes: Projection[] = [];
    storage.beforeWrite = (_id, _version, _events, p) => void writes.push(p);
    const { games, done } = setup(storage);
    const { id } = await games.create(PLAYER, { ...TABLE, deals: SHEET_RECENT + 6, pauseSeconds: 0 });
    await games.start(id, PLAYER);
    await play(games, id, done);
    const room = games.cached(id) ?? (await games.room(id));
    const complete = room.dealsComplete;
    expect(complete).toBeGreaterThanOrEqual(SHEET_RECENT + 6);
    // Each deal once, in order: the write that ended it carried it.
    expect(writes.flatMap((p) => (p.deals ?? []).map((d) => d.n))).toEqual([...Array(complete).keys()]);
    const info = room.info();
    expect(info.sheet).toHaveLength(SHEET_RECENT);
    expect(info.sheetFrom).toBe(complete - SHEET_RECENT);
    // The record is written once, as the game ends: every deal, each scored as the sheet says, the totals exact.
    expect(writes.filter((p) => p.record !== undefined)).toHaveLength(1);
    const record = storage.record(id)!;
    const rows = await games.sheetRows(room, 0, complete);
    expect(rows.slice(-SHEET_RECENT)).toEqual(info.sheet);
    expect(storedDealsOf(record).map((d) => d.row)).toEqual(rows);
    const loaded = loadRecordText(record);
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect([...loaded.value.table.totals]).toEqual(info.totals);
    expect(record).toBe(makeRecord((await games.record(room)) as GameRecord));
  });

  it('a write that fails changes nothing in memory and tells nobody; the same move then goes through', async () => {
    const clean = setup();
    const a = await create(clean.games);
    await clean.games.start(a.id, PLAYER);
    await play(clean.games, a.id, clean.done);

    const storage = new MemoryStorage();
    const failedAt = new Set<number>();
    storage.beforeWrite = (tableId, version, _events, p) => {
      if (p.deals !== undefined && !failedAt.has(version)) {
        failedAt.add(version);
        throw new Error(`the disk is full (${tableId})`);
      }
    };
    const faulty = setup(storage);
    const b = await create(faulty.games);
    await faulty.games.start(b.id, PLAYER);
    const refusals: string[] = [];
    await play(faulty.games, b.id, faulty.done, (e) => {
      refusals.push(e.code);
      // Nothing changed: the table in memory is the log, and nothing beyond it was told.
      expect(faulty.games.cached(b.id)!.version).toBe(storage.logLength(b.id));
      expect(Math.max(...faulty.told.map((t) => t.version))).toBeLessThanOrEqual(storage.logLength(b.id));
    });
    expect(failedAt.size).toBe(JSON.parse(storage.record(b.id)!).deals.length); // each deal's end failed once
    expect(refusals.every((c) => c === 'ERR_INTERNAL')).toBe(true);
    const versions = faulty.told.map((t) => t.version);
    expect(new Set(versions).size).toBe(versions.length); // nothing told twice
    expect(storage.record(b.id)).toBe(clean.storage.record(a.id));
  });

  it('marks a player who dropped away after the grace period, trying again when that write fails', async () => {
    const storage = new MemoryStorage();
    let failures = 0;
    storage.beforeWrite = (_id, _version, events) => {
      if (events.some((e) => e.type === 'away') && failures++ === 0) throw new Error('the connection was lost');
    };
    const games = new Games(storage, pino({ level: 'silent' }), { ...OPTS, graceMs: 30 });
    open.push(games);
    const { id } = await create(games);
    await games.start(id, PLAYER);
    games.dropped(id, PLAYER.id);
    for (let i = 0; i < 100 && !games.cached(id)!.seats[0]!.away; i++) await new Promise((r) => setTimeout(r, 50));
    expect(failures).toBe(2);
    expect(games.cached(id)!.seats[0]!.away).toBe(true);
  });

  it('keeps the table as it was until the write is done: nobody sees an event before it is stored', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    class Slow extends MemoryStorage {
      slow = false;
      override async append(id: string, version: number, events: StoredEvent[], p: Projection) {
        if (this.slow) await gate;
        return super.append(id, version, events, p);
      }
    }
    const storage = new Slow();
    const { games, told } = setup(storage);
    const { id } = await create(games);
    storage.slow = true;
    const starting = games.start(id, PLAYER);
    await new Promise((r) => setTimeout(r, 20));
    const room = games.cached(id)!;
    expect(room.status).toBe('open');
    expect(told).toHaveLength(0);
    expect((await games.room(id)).version).toBe(5);
    release();
    await starting;
    expect(games.cached(id)!.status).toBe('playing');
    expect(told.map((t) => t.event.type)).toEqual(['started', 'committed', 'deal']);
  });

  it('marks a move the clock made as a timeout, in the event and in the marks every view comes with', async () => {
    const { games, told } = setup();
    const { id } = await games.create(PLAYER, { ...TABLE, secondsPerMove: 0.05 });
    await games.start(id, PLAYER);
    const timeout = async () => {
      for (let i = 0; i < 400; i++) {
        const t = told.find((x) => x.event.type === 'action' && x.event.seat === 0);
        if (t) return t;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error('the clock made no move');
    };
    const { event, room } = await timeout();
    expect(event).toMatchObject({ type: 'action', seat: 0, by: 'timeout' });
    const marks = room.info().marks;
    const index = room.viewOf(0)!.auction.findLastIndex((a) => a.seat === 0);
    expect(marks.auction[index]).toBe('timeout');
    expect(marks.auction.filter((m) => m !== null)).toEqual(['timeout']); // the bots' calls are theirs
  });

  it('starts the next deal only once the player has read the end of the deal: no clock and no move meanwhile', async () => {
    const { games, told } = setup();
    const { id } = await games.create(PLAYER, { ...TABLE, pauseSeconds: 60 });
    await games.start(id, PLAYER);
    await playFirstDeal(games, id);
    await new Promise((r) => setTimeout(r, 300));
    const room = games.cached(id)!;
    const info = room.info();
    expect(room.table!.dealCount).toBe(1);
    expect(info.clock).toBeNull();
    expect(info.pause?.seats).toEqual([0]);
    expect(info.pause!.msLeft).toBeGreaterThan(50_000);
    expect(told.filter((x) => x.event.type === 'deal')).toHaveLength(1);
    await games.ready(id, PLAYER);
    const after = games.cached(id)!;
    expect(after.table!.dealCount).toBe(2);
    expect(told.at(-1)!.event).toEqual({ type: 'deal', dealer: after.deal!.dealer, number: 2 });
    expect(told.some((x) => x.event.type === 'ready' && x.event.seat === 0)).toBe(true);
  });

  it('two copies writing in turn (two processes): a command after the other’s events writes only what it changes beside the log, and the projections follow the log', async () => {
    const storage = new MemoryStorage();
    const writes: { events: StoredEvent[]; p: Projection }[] = [];
    storage.beforeWrite = (_id, _version, events, p) => void writes.push({ events, p });
    const [a, b] = [setup(storage).games, setup(storage).games];
    const people = [PLAYER, { id: 8, name: 'Sum' }, { id: 9, name: 'Leszcz' }, { id: 10, name: 'Karp' }];
    const { bots: _, ...noBots } = TABLE;
    const { id } = await a.create(PLAYER, { ...noBots, deals: 1 });
    for (const s of [1, 2, 3]) await a.sit(id, people[s]!, s);
    await a.start(id, PLAYER);
    await b.room(id); // the other process's copy, read from the log
    const started = writes.length;
    // Each move is written by the other copy than the one before, after it took in what it lacked (its word).
    for (let n = 0; ; n++) {
      const games = n % 2 ? b : a;
      const have = games.cached(id)!.version;
      games.absorb(id, have, (await storage.load(id, have))!.events);
      const room = (await games.room(id))!;
      if (room.status === 'finished') break;
      const seat = room.toAct;
      const legal = viewFor(room.deal!, room.dealSeatOf(seat)).legal;
      await games.act(id, people[seat]!, room.version, legal[0]!);
    }
    const moves = writes.slice(started);
    expect(moves.length).toBeGreaterThan(10); // the calls and the cards of a deal
    // A call or card that ends nothing changes nothing beside the log: not the status, not a line, not the record.
    for (const w of moves.slice(0, -1)) expect(w.p).toEqual({});
    expect(moves.at(-1)!.events.map((e) => e.type)).toEqual(['action', 'finished']);
    const room = a.cached(id) ?? (await a.room(id));
    expect(room.version).toBe(storage.logLength(id));
    expect(storage.record(id)).toBe(makeRecord((await a.record(room)) as GameRecord));
    for (const [seat, p] of people.entries())
      expect((await a.history(p.id)).games).toEqual([
        expect.objectContaining({ id, status: 'finished', seat, total: room.table!.totals[seat], deals: 1 }),
      ]);
  });

  it('starts the next deal when the pause is over, read or not', async () => {
    const { games, told } = setup();
    const { id } = await games.create(PLAYER, { ...TABLE, pauseSeconds: 0.2 });
    await games.start(id, PLAYER);
    await playFirstDeal(games, id);
    expect(games.cached(id)!.info().pause?.seats).toEqual([0]);
    await new Promise((r) => setTimeout(r, 600));
    expect(told.filter((x) => x.event.type === 'deal')).toHaveLength(2);
    expect(told.some((x) => x.event.type === 'ready')).toBe(false);
  });
});

// Tables in play: each a Room rebuilt from its log, changed only by appending an event to the log
// first (before anyone is told), one change at a time per table. Bots, the move clock and players
// who are away are handled here too.
import { randomBytes } from 'node:crypto';
import { BOTS } from '@baska/ai';
import { BotPool } from '@baska/ai/pool';
import {
  CryptoRng,
  SeededRng,
  dealMasks,
  randomInt,
  resolveRules,
  makeRecord,
  type RulesSpec,
  viewFor,
} from '@baska/engine';
import type { CreateTable, ErrorCode, Level, PlayerHistory, PublicEvent, TableInfo } from '@baska/protocol';
import type { Logger } from 'pino';
import { type Db, isDuplicateKey } from './db.js';
import { GameError } from './errors.js';
import { Room, type Settings, type StoredEvent } from './room.js';

// Moved to errors.ts; re-exported so that imports from here keep working.
export { GameError };

/** Told of every event, after it is in the log. */
export type Listener = (room: Room, event: PublicEvent, version: number) => void;

export interface GamesOptions {
  /** How long a bot waits before it moves (ms), so that people can follow. */
  botDelayMs: number;
  /** Worker threads on which the bots decide, off the event loop that serves every table (0: on it). */
  botThreads: number;
  /** How long a player who dropped keeps the seat before a bot plays for him (ms). */
  graceMs: number;
  /** The level that moves for a player whose clock ran out or who is away. */
  standIn: Level;
  /** Every table's deals from this seed instead of a random one (tests, reproducible demos). */
  tableSeed?: string;
}

const now = () => new Date().toISOString();

/** Seats change and the game starts only before the first deal. */
function mustBeOpen(room: Room): void {
  if (room.status === 'finished') throw new GameError('ERR_GAME_OVER', 'the table has ended');
  if (room.status !== 'open') throw new GameError('ERR_STARTED', 'the table has started');
}
const presetOf = (spec: RulesSpec): string => (typeof spec === 'string' ? spec : spec.preset);

export class Games {
  private readonly rooms = new Map<string, Room>();
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly graceTimers = new Map<string, NodeJS.Timeout>();
  private closing = false;
  private readonly bots: BotPool;
  listener: Listener = () => {};

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly opts: GamesOptions,
  ) {
    this.bots = new BotPool(opts.botThreads);
  }

  /** Run `job` after every earlier change of this table: one change at a time. */
  private serial<T>(id: string, job: () => Promise<T>): Promise<T> {
    const prev = this.queues.get(id) ?? Promise.resolve();
    const next = prev.then(job, job);
    this.queues.set(
      id,
      next.catch(() => {}),
    );
    return next;
  }

  /** How many tables are in memory now. */
  get inMemory(): number {
    return this.rooms.size;
  }

  /** The table if it is in memory now (no database read). */
  cached(id: string): Room | undefined {
    return this.rooms.get(id);
  }

  /** The room of a table, rebuilt from its log when it is not in memory. */
  async room(id: string): Promise<Room> {
    const cached = this.rooms.get(id);
    if (cached) return cached;
    const row = await this.db.selectFrom('game').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new GameError('ERR_NOT_FOUND', `no table ${id}`);
    const settings = JSON.parse(row.settings) as Settings;
    const rules = resolveRules(settings.rulesSpec);
    if (!rules.ok) throw new Error(`table ${id}: ${rules.error.message}`);
    const room = new Room(id, settings, rules.value);
    const events = await this.db
      .selectFrom('game_event')
      .select(['seq', 'body'])
      .where('game_id', '=', id)
      .orderBy('seq')
      .execute();
    for (const e of events) room.apply(e.seq, JSON.parse(e.body) as StoredEvent);
    const again = this.rooms.get(id); // another caller may have built it meanwhile
    if (again) return again;
    if (room.status === 'finished') return room; // nothing changes any more: not kept in memory
    this.rooms.set(id, room);
    this.schedule(room);
    return room;
  }

  /** Append an event to the log, then apply it and tell the listeners. The caller holds the table's turn. */
  private async append(room: Room, e: StoredEvent): Promise<void> {
    const seq = room.version + 1;
    try {
      await this.db
        .insertInto('game_event')
        .values({ game_id: room.id, seq, body: JSON.stringify(e), created_at: now() })
        .execute();
    } catch (err) {
      if (isDuplicateKey(err)) {
        // Another process wrote this sequence number: our copy is stale. Rebuild it from the log.
        this.rooms.delete(room.id);
        throw new GameError('ERR_STALE', 'the table changed meanwhile; join again');
      }
      throw err;
    }
    room.apply(seq, e);
    room.turnSince = Date.now();
    const last = room.recent.at(-1);
    if (last?.version === seq) this.listener(room, last.event, seq);
  }

  async create(owner: { id: number; name: string; guest?: boolean }, req: CreateTable): Promise<Room> {
    const spec: RulesSpec = Object.keys(req.options).length ? { preset: req.preset, ...req.options } : req.preset;
    const rules = resolveRules(spec);
    if (!rules.ok) throw new GameError('ERR_SCHEMA', rules.error.message);
    const id = randomBytes(9).toString('base64url');
    const settings: Settings = {
      rulesSpec: spec,
      stake: req.stake,
      secondsPerMove: req.secondsPerMove,
      public: req.public,
      deals: req.deals,
    };
    await this.db
      .insertInto('game')
      .values({
        id,
        owner_id: owner.id,
        settings: JSON.stringify(settings),
        status: 'open',
        public: req.public ? 1 : 0,
        created_at: now(),
        record: null,
      })
      .execute();
    const room = new Room(id, settings, rules.value);
    this.rooms.set(id, room);
    await this.serial(id, async () => {
      await this.append(room, { type: 'created', owner: owner.id, ownerName: owner.name });
      const guest = owner.guest === true;
      await this.append(room, { type: 'seated', seat: req.seat, player: owner.id, name: owner.name, bot: null, guest });
      await this.remember(room.id, owner.id, req.seat);
      if (req.bots) {
        for (let s = 0; s < 4; s++) {
          if (s !== req.seat)
            await this.append(room, { type: 'seated', seat: s, player: null, name: req.bots, bot: req.bots });
        }
      }
    });
    return room;
  }

  async sit(id: string, player: { id: number; name: string; guest?: boolean }, seat: number): Promise<Room> {
    const room = await this.room(id);
    return this.serial(id, async () => {
      const at = room.seatOf(player.id);
      if (at === seat) return room;
      mustBeOpen(room);
      if (at !== null) throw new GameError('ERR_SEAT_TAKEN', `you sit at seat ${at} already`);
      const s = room.seats[seat]!;
      if (s.player !== null || s.bot !== null) throw new GameError('ERR_SEAT_TAKEN', `seat ${seat} is taken`);
      const guest = player.guest === true;
      await this.append(room, { type: 'seated', seat, player: player.id, name: player.name, bot: null, guest });
      await this.remember(room.id, player.id, seat);
      return room;
    });
  }

  async addBot(id: string, player: { id: number }, seat: number, level: Level): Promise<Room> {
    const room = await this.room(id);
    return this.serial(id, async () => {
      if (room.owner !== player.id) throw new GameError('ERR_NOT_OWNER', 'only the table’s creator seats bots');
      mustBeOpen(room);
      const s = room.seats[seat]!;
      if (s.player !== null || s.bot !== null) throw new GameError('ERR_SEAT_TAKEN', `seat ${seat} is taken`);
      await this.append(room, { type: 'seated', seat, player: null, name: level, bot: level });
      return room;
    });
  }

  async start(id: string, player: { id: number }): Promise<Room> {
    const room = await this.room(id);
    await this.serial(id, async () => {
      if (room.owner !== player.id) throw new GameError('ERR_NOT_OWNER', 'only the table’s creator starts it');
      mustBeOpen(room);
      if (room.seats.some((s) => s.player === null && s.bot === null))
        throw new GameError('ERR_SCHEMA', 'every seat needs a player or a bot');
      const seed = this.opts.tableSeed ?? randomBytes(12).toString('base64url');
      const rng = this.opts.tableSeed ? new SeededRng(`${seed}:dealer`) : new CryptoRng();
      await this.append(room, { type: 'started', seed, dealer: randomInt(rng, 4) });
      await this.nextDeal(room);
      await this.db.updateTable('game').set({ status: 'playing' }).where('id', '=', id).execute();
    });
    this.schedule(room);
    return room;
  }

  /** Deal the next hands (from the table's seed and the deal's number: the log holds them too). */
  private async nextDeal(room: Room): Promise<void> {
    const n = room.table!.deals.length;
    const rng = new SeededRng(`${room.seed}:deal:${n}`);
    const hands = Array.from(dealMasks(rng, room.table!.nextDealer));
    await this.append(room, { type: 'deal', hands });
  }

  /**
   * A player's call or card, sent against `version`. Every check comes before the log is touched:
   * a refused action changes nothing.
   */
  async act(id: string, player: { id: number }, version: number, action: string): Promise<void> {
    const room = await this.room(id);
    await this.serial(id, async () => {
      const seat = room.seatOf(player.id);
      if (seat === null) throw new GameError('ERR_NOT_SEATED', 'you do not sit at this table');
      await this.move(room, seat, version, action, 'player');
    });
  }

  private async move(room: Room, seat: number, version: number, action: string, by: 'player' | 'bot' | 'timeout') {
    if (room.status === 'open') throw new GameError('ERR_NOT_STARTED', 'the table has not started');
    if (room.status === 'finished') throw new GameError('ERR_GAME_OVER', 'the table has ended');
    if (version !== room.version)
      throw new GameError('ERR_STALE', `sent against version ${version}; the table is at ${room.version}`);
    const deal = room.deal!;
    if (deal.isComplete) throw new GameError('ERR_GAME_OVER', 'the deal has ended');
    if (deal.toAct !== seat) throw new GameError('ERR_NOT_YOUR_TURN', `it is seat ${deal.toAct}'s turn`);
    const trial = deal.clone().apply(action);
    if (!trial.ok) {
      const code: ErrorCode = deal.phase === 'auction' ? 'ERR_ILLEGAL_CALL' : 'ERR_ILLEGAL_CARD';
      throw new GameError(code, trial.error.message);
    }
    await this.append(room, { type: 'action', seat, action, by });
    if (room.deal!.isComplete) await this.afterDeal(room);
    this.schedule(room);
  }

  /** Note a player's seat for his history (the log has it too; this is the index by player). */
  private async remember(game: string, player: number, seat: number): Promise<void> {
    await this.db
      .insertInto('game_player')
      .values({ game_id: game, player_id: player, seat, total: 0, deals: 0 })
      .onConflict((oc) => oc.columns(['game_id', 'player_id']).doNothing())
      .execute();
  }

  private async afterDeal(room: Room): Promise<void> {
    const t = room.table!;
    const played = t.deals.length;
    for (const [seat, s] of room.seats.entries()) {
      if (s.player === null) continue;
      await this.db
        .updateTable('game_player')
        .set({ total: t.totals[seat]!, deals: played })
        .where('game_id', '=', room.id)
        .where('player_id', '=', s.player)
        .execute();
    }
    const enough = room.settings.deals > 0 && played >= room.settings.deals && t.bokDealsLeft === 0;
    const nobody = room.seats.every((s) => s.player === null || s.away);
    await this.db
      .updateTable('game')
      .set({ record: makeRecord(room.record()!) })
      .where('id', '=', room.id)
      .execute();
    if (enough || nobody) {
      await this.append(room, { type: 'finished' });
      await this.db.updateTable('game').set({ status: 'finished' }).where('id', '=', room.id).execute();
    } else {
      await this.nextDeal(room);
    }
  }

  /** A player leaves: before the start the seat is freed; in play a bot takes it at once. */
  async leave(id: string, player: { id: number }): Promise<void> {
    const room = await this.room(id);
    await this.serial(id, async () => {
      const seat = room.seatOf(player.id);
      if (seat === null) throw new GameError('ERR_NOT_SEATED', 'you do not sit at this table');
      if (room.status === 'open') {
        await this.append(room, { type: 'left', seat });
        await this.db.deleteFrom('game_player').where('game_id', '=', id).where('player_id', '=', player.id).execute();
      } else if (!room.seats[seat]!.away) await this.append(room, { type: 'away', seat });
    });
    this.schedule(room);
  }

  /**
   * Nobody is connected to the table any more. A finished table leaves memory (its log and record
   * stay; a later request rebuilds it). A table not yet started is closed after the grace period
   * unless someone `watching(id)` by then: an abandoned table must not sit in the lobby forever.
   */
  unwatched(id: string, watching: (id: string) => boolean): void {
    const room = this.rooms.get(id);
    if (!room) return;
    if (room.status === 'finished') {
      void this.serial(id, async () => {
        if (room.status === 'finished' && !watching(id)) this.rooms.delete(id);
      });
      return;
    }
    if (room.status !== 'open') return; // a table in play goes on with its bots
    const key = `${id}:abandoned`;
    clearTimeout(this.graceTimers.get(key));
    this.graceTimers.set(
      key,
      setTimeout(() => {
        this.graceTimers.delete(key);
        void this.serial(id, async () => {
          if (room.status !== 'open' || watching(id) || this.closing) return;
          await this.append(room, { type: 'finished' });
          await this.db.updateTable('game').set({ status: 'finished' }).where('id', '=', id).execute();
          await this.db.deleteFrom('game_player').where('game_id', '=', id).execute(); // no game to remember
          this.rooms.delete(id);
        }).catch((e) => this.log.error({ err: e, table: id }, 'closing an abandoned table failed'));
      }, this.opts.graceMs),
    );
  }

  /** A player's last connection to the table dropped: after the grace period a bot plays for him. */
  dropped(id: string, player: number): void {
    const key = `${id}:${player}`;
    clearTimeout(this.graceTimers.get(key));
    this.graceTimers.set(
      key,
      setTimeout(() => {
        this.graceTimers.delete(key);
        void this.markAway(id, player).catch((e) => this.log.error({ err: e, table: id }, 'marking away failed'));
      }, this.opts.graceMs),
    );
  }

  private async markAway(id: string, player: number) {
    const room = await this.room(id);
    await this.serial(id, async () => {
      const seat = room.seatOf(player);
      if (seat === null || room.status !== 'playing' || room.seats[seat]!.away) return;
      await this.append(room, { type: 'away', seat });
    });
    this.schedule(room);
  }

  /** A player (re)joins: he takes his seat back from the bot. */
  async returned(id: string, player: number): Promise<void> {
    clearTimeout(this.graceTimers.get(`${id}:${player}`));
    const room = await this.room(id);
    await this.serial(id, async () => {
      const seat = room.seatOf(player);
      if (seat === null || !room.seats[seat]!.away || room.status === 'finished') return;
      await this.append(room, { type: 'back', seat });
    });
    this.schedule(room);
  }

  /** Arrange the next automatic move: a bot's (after a short delay), or the clock of a player. */
  schedule(room: Room): void {
    clearTimeout(this.timers.get(room.id));
    this.timers.delete(room.id);
    if (this.closing || room.status !== 'playing') return;
    const deal = room.deal;
    if (!deal || deal.isComplete) return;
    const seat = deal.toAct;
    const s = room.seats[seat]!;
    const auto = s.bot !== null || s.away;
    if (room.turnSince === 0) room.turnSince = Date.now(); // rebuilt from the log: the clock starts again
    const clock = room.clock();
    const wait = clock ? Math.max(0, clock.deadline - Date.now()) : this.opts.botDelayMs;
    const version = room.version;
    this.timers.set(
      room.id,
      setTimeout(() => {
        this.timers.delete(room.id);
        void this.automatic(room, seat, version, auto ? 'bot' : 'timeout');
      }, wait),
    );
  }

  /**
   * The bot's move for `seat` at `version`: decided on the bot pool, off the event loop (the other
   * tables go on meanwhile), then made only if nobody moved in between.
   */
  private async automatic(room: Room, seat: number, version: number, by: 'bot' | 'timeout') {
    const deal = room.deal;
    if (room.version !== version || this.closing || !deal) return;
    const level = room.seats[seat]!.bot ?? this.opts.standIn;
    const view = viewFor(deal, seat);
    const seed = `${room.seed}:${version}`;
    let action: string;
    try {
      action = await this.bots.decide(level, view, seed);
    } catch (e) {
      if (this.closing) return;
      this.log.error({ err: e, table: room.id }, 'a bot worker failed; deciding on the event loop');
      action = BOTS[level]!.decide(view, new SeededRng(seed));
    }
    await this.serial(room.id, async () => {
      if (room.version !== version || this.closing) return; // someone moved meanwhile
      await this.move(room, seat, version, action, by);
    }).catch((e) => this.log.error({ err: e, table: room.id }, 'automatic move failed'));
  }

  /** Tables still being played, for a restart: rebuild them and let their bots go on. */
  async resume(): Promise<number> {
    const rows = await this.db.selectFrom('game').select('id').where('status', '=', 'playing').execute();
    for (const r of rows) await this.room(r.id);
    return rows.length;
  }

  async list(): Promise<TableInfo[]> {
    const rows = await this.db
      .selectFrom('game')
      .select('id')
      .where('public', '=', 1)
      .where('status', '!=', 'finished')
      .orderBy('created_at', 'desc')
      .limit(100)
      .execute();
    return Promise.all(rows.map(async (r) => (await this.room(r.id)).info()));
  }

  /** A player's games, newest first, and his statistics over all of them. */
  async history(player: number): Promise<PlayerHistory> {
    const rows = await this.db
      .selectFrom('game_player')
      .innerJoin('game', 'game.id', 'game_player.game_id')
      .select(['game.id', 'game.status', 'game.settings', 'game.created_at', 'game_player.seat', 'total', 'deals'])
      .where('player_id', '=', player)
      .orderBy('game.created_at', 'desc')
      .execute();
    const games = rows.map((r) => ({
      id: r.id,
      // The table in memory is ahead of the summary row (its status is written after the event is told).
      status: this.rooms.get(r.id)?.status ?? (r.status as TableInfo['status']),
      preset: presetOf((JSON.parse(r.settings) as Settings).rulesSpec),
      createdAt: r.created_at,
      seat: Number(r.seat),
      total: Number(r.total),
      deals: Number(r.deals),
    }));
    const deals = games.reduce((n, g) => n + g.deals, 0);
    const points = games.reduce((n, g) => n + g.total, 0);
    return {
      games: games.slice(0, 200),
      stats: {
        games: games.filter((g) => g.deals > 0).length,
        deals,
        points,
        perDeal: deals ? Math.round((points / deals) * 100) / 100 : 0,
      },
    };
  }

  /** Stop the timers and wait for the changes in progress. */
  async close(): Promise<void> {
    this.closing = true;
    for (const t of this.timers.values()) clearTimeout(t);
    for (const t of this.graceTimers.values()) clearTimeout(t);
    await Promise.all([...this.queues.values()]);
    await this.bots.close();
  }

  /** The tables not yet finished that `owner` created, or among `ids` (for the caps on open tables). */
  async openTables(by: { owner: number } | { ids: string[] }): Promise<string[]> {
    if ('ids' in by && by.ids.length === 0) return [];
    let q = this.db.selectFrom('game').select('id').where('status', '!=', 'finished');
    q = 'owner' in by ? q.where('owner_id', '=', by.owner) : q.where('id', 'in', by.ids);
    return (await q.execute()).map((r) => r.id);
  }
}

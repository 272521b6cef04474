// The tables of this server: a TableSession for each table in memory, loaded from its log on first
// use; the lobby, creation and a player's history. Each table's changes go through its session.
import { randomBytes } from 'node:crypto';
import { BotPool } from '@baska/ai/pool';
import { CryptoRng, SeededRng, randomInt, resolveRules, type RulesSpec } from '@baska/engine';
import type { CreateTable, Level, PlayerHistory, PublicEvent, TableInfo } from '@baska/protocol';
import type { Logger } from 'pino';
import { GameError } from './errors.js';
import { mustBeRatable } from './ratings/family.js';
import type { Versioned } from './history.js';
import { Room, type Settings, type StoredEvent } from './room.js';
import { type SessionContext, type SessionOptions, TableSession } from './session.js';
import type { Storage, TableRow } from './storage.js';

export { GameError } from './errors.js';

/** Told of every event, after it is in the log. */
export type Listener = (room: Room, event: PublicEvent, version: number) => void;

export interface GamesOptions extends SessionOptions {
  /** Worker threads on which the bots decide, off the event loop that serves every table (0: on it). */
  botThreads: number;
  /** Every table's deals from this seed instead of a random one (tests, reproducible demos). */
  tableSeed?: string;
}

/** Seats change and the game starts only before the first deal. */
function mustBeOpen(room: Room): void {
  if (room.status === 'finished') throw new GameError('ERR_GAME_OVER', 'the table has ended');
  if (room.status !== 'open') throw new GameError('ERR_STARTED', 'the table has started');
}
const presetOf = (spec: RulesSpec): string => (typeof spec === 'string' ? spec : spec.preset);

function roomOf(row: TableRow): Room {
  const settings = JSON.parse(row.settings) as Settings;
  const rules = resolveRules(settings.rulesSpec);
  if (!rules.ok) throw new Error(`table ${row.id}: ${rules.error.message}`);
  return new Room(row.id, settings, rules.value);
}

export class Games {
  private readonly sessions = new Map<string, TableSession>();
  private readonly loading = new Map<string, Promise<TableSession>>();
  private closing = false;
  private readonly bots: BotPool;
  private readonly ctx: SessionContext;
  listener: Listener = () => {};
  /** Is anyone connected to a table? (Set by the realtime hub.) */
  watching: (id: string) => boolean = () => false;
  /** The players at a table whose clients add contributions to the deals (set by fairdeal/). */
  contributors: (id: string) => ReadonlySet<number> = () => new Set();

  constructor(
    private readonly storage: Storage,
    log: Logger,
    private readonly opts: GamesOptions,
  ) {
    this.bots = new BotPool(opts.botThreads);
    this.ctx = {
      storage,
      bots: this.bots,
      log,
      opts,
      tell: (room, event, version) => this.listener(room, event, version),
      watched: (id) => this.watching(id),
      ended: (id) => this.forget(id),
      contributors: (id) => this.contributors(id),
    };
  }

  /** How many tables are in memory now. */
  get inMemory(): number {
    return this.sessions.size;
  }

  /** The table if it is in memory now (no database read). */
  cached(id: string): Room | undefined {
    return this.sessions.get(id)?.room;
  }

  private forget(id: string): void {
    this.sessions.get(id)?.dispose();
    this.sessions.delete(id);
  }

  /**
   * The session of a table, loaded from its log when it is not in memory. A finished table is not
   * kept (nothing changes any more); a table in play is moved on at once if its log leaves it
   * waiting for the server, and its bots and clock start.
   */
  private session(id: string): Promise<TableSession> {
    const s = this.sessions.get(id);
    if (s) return Promise.resolve(s);
    let loading = this.loading.get(id);
    if (!loading) {
      loading = this.load(id).finally(() => this.loading.delete(id));
      this.loading.set(id, loading);
    }
    return loading;
  }

  private async load(id: string): Promise<TableSession> {
    const stored = await this.storage.load(id);
    if (!stored) throw new GameError('ERR_NOT_FOUND', `no table ${id}`);
    const session = TableSession.replay(roomOf(stored.row), stored.events, this.ctx);
    if (session.room.status === 'finished' || this.closing) return session;
    this.sessions.set(id, session);
    session.schedule();
    void session.advance().catch(() => {}); // a failure is logged and retried by the session
    return session;
  }

  /** The table, loaded from its log when it is not in memory. */
  async room(id: string): Promise<Room> {
    return (await this.session(id)).room;
  }

  /** The public events after `version`, or null: send a snapshot. */
  async missed(id: string, version: number): Promise<Versioned[] | null> {
    const s = await this.session(id);
    return s.history.since(version, s.room.version);
  }

  async create(
    owner: { id: number; name: string; guest?: boolean },
    req: Omit<CreateTable, 'rated'> & { rated?: boolean },
  ): Promise<Room> {
    const spec: RulesSpec = Object.keys(req.options).length ? { preset: req.preset, ...req.options } : req.preset;
    const rules = resolveRules(spec);
    if (!rules.ok) throw new GameError('ERR_SCHEMA', rules.error.message);
    if (req.rated) mustBeRatable(spec, req.bots !== undefined, owner.guest === true);
    const settings: Settings = {
      rulesSpec: spec,
      stake: req.stake,
      secondsPerMove: req.secondsPerMove,
      pauseSeconds: req.pauseSeconds,
      public: req.public,
      deals: req.deals,
      ...(req.rated && { rated: true }),
    };
    const row: TableRow = {
      id: randomBytes(9).toString('base64url'),
      owner: owner.id,
      settings: JSON.stringify(settings),
      public: req.public,
      createdAt: new Date().toISOString(),
    };
    const events: StoredEvent[] = [
      { type: 'created', owner: owner.id, ownerName: owner.name },
      { type: 'seated', seat: req.seat, player: owner.id, name: owner.name, bot: null, guest: owner.guest === true },
    ];
    for (let s = 0; s < 4; s++)
      if (req.bots && s !== req.seat)
        events.push({ type: 'seated', seat: s, player: null, name: req.bots, bot: req.bots });
    await this.storage.createTable(row, events, {
      lines: [{ player: owner.id, seat: req.seat, total: 0, deals: 0 }],
    });
    const session = TableSession.replay(new Room(row.id, settings, rules.value), events, this.ctx);
    this.sessions.set(row.id, session);
    session.unwatched(); // closed after the grace period unless someone comes to it by then
    return session.room;
  }

  async sit(id: string, player: { id: number; name: string; guest?: boolean }, seat: number): Promise<Room> {
    const s = await this.session(id);
    await s.command((draft, emit) => {
      const at = draft.seatOf(player.id);
      if (at === seat) return;
      mustBeOpen(draft);
      if (at !== null) throw new GameError('ERR_SEAT_TAKEN', `you sit at seat ${at} already`);
      const taken = draft.seats[seat]!;
      if (taken.player !== null || taken.bot !== null) throw new GameError('ERR_SEAT_TAKEN', `seat ${seat} is taken`);
      if (draft.settings.rated && player.guest) mustBeRatable(draft.settings.rulesSpec, false, true);
      emit({ type: 'seated', seat, player: player.id, name: player.name, bot: null, guest: player.guest === true });
    });
    return s.room;
  }

  async addBot(id: string, player: { id: number }, seat: number, level: Level): Promise<Room> {
    const s = await this.session(id);
    await s.command((draft, emit) => {
      if (draft.owner !== player.id) throw new GameError('ERR_NOT_OWNER', 'only the table’s creator seats bots');
      mustBeOpen(draft);
      const taken = draft.seats[seat]!;
      if (taken.player !== null || taken.bot !== null) throw new GameError('ERR_SEAT_TAKEN', `seat ${seat} is taken`);
      if (draft.settings.rated) mustBeRatable(draft.settings.rulesSpec, true, false);
      emit({ type: 'seated', seat, player: null, name: level, bot: level });
    });
    return s.room;
  }

  /** The creator starts the game: the first dealer is drawn, and the first deal follows in the same write. */
  async start(id: string, player: { id: number }): Promise<Room> {
    const s = await this.session(id);
    await s.command((draft, emit) => {
      if (draft.owner !== player.id) throw new GameError('ERR_NOT_OWNER', 'only the table’s creator starts it');
      mustBeOpen(draft);
      if (draft.seats.some((x) => x.player === null && x.bot === null))
        throw new GameError('ERR_SCHEMA', 'every seat needs a player or a bot');
      const seed = this.opts.tableSeed ?? randomBytes(12).toString('base64url');
      const rng = this.opts.tableSeed ? new SeededRng(`${seed}:dealer`) : new CryptoRng();
      emit({ type: 'started', seed, dealer: randomInt(rng, 4) });
    });
    return s.room;
  }

  /** A player's call or card, sent against `version`. */
  async act(id: string, player: { id: number }, version: number, action: string): Promise<void> {
    await (await this.session(id)).act(player.id, version, action);
  }

  /** A seat's contribution to the next deal's shuffle (decision 013). */
  async contribute(id: string, player: { id: number }, deal: number, value: string): Promise<void> {
    await (await this.session(id)).contribute(player.id, deal, value);
  }

  /** A player has read the end of the deal. */
  async ready(id: string, player: { id: number }): Promise<void> {
    await (await this.session(id)).ready(player.id);
  }

  /** A player leaves: before the start the seat is freed; in play a bot takes it at once. */
  async leave(id: string, player: { id: number }): Promise<void> {
    const s = await this.session(id);
    await s.command((draft, emit) => {
      const seat = draft.seatOf(player.id);
      if (seat === null) throw new GameError('ERR_NOT_SEATED', 'you do not sit at this table');
      if (draft.status === 'open') emit({ type: 'left', seat });
      else if (!draft.seats[seat]!.away && draft.status === 'playing') emit({ type: 'away', seat });
    });
  }

  /**
   * Nobody is connected to the table any more. A finished table leaves memory (its log and record
   * stay; a later request rebuilds it). A table not yet started is closed after the grace period
   * unless someone comes by then: an abandoned table must not sit in the lobby forever.
   */
  unwatched(id: string): void {
    const s = this.sessions.get(id);
    if (!s) return;
    if (s.room.status === 'finished') {
      void s.settled().then(() => {
        if (s.room.status === 'finished' && !this.watching(id)) this.forget(id);
      });
    } else s.unwatched();
  }

  /** A player's last connection to the table dropped: after the grace period a bot plays for him. */
  dropped(id: string, player: number): void {
    this.sessions.get(id)?.dropped(player);
  }

  /** A player (re)joins: he takes his seat back from the bot. */
  async returned(id: string, player: number): Promise<void> {
    await (await this.session(id)).returned(player);
  }

  /** Tables still being played, for a restart: load each, move it on if it waits, and let its bots go on. */
  async resume(): Promise<number> {
    const ids = await this.storage.inPlay();
    for (const id of ids) await this.session(id);
    return ids.length;
  }

  /** The tables not yet finished that `owner` created, or among `ids` (for the caps on open tables). */
  openTables(by: { owner: number } | { ids: string[] }): Promise<string[]> {
    return this.storage.openTables(by);
  }

  async list(): Promise<TableInfo[]> {
    const ids = await this.storage.lobby(100);
    return Promise.all(ids.map(async (id) => (await this.room(id)).info()));
  }

  /** A player's games, newest first, and his statistics over all of them. */
  async history(player: number): Promise<PlayerHistory> {
    const rows = await this.storage.historyOf(player);
    const games = rows.map((r) => ({
      id: r.id,
      status: r.status,
      preset: presetOf((JSON.parse(r.settings) as Settings).rulesSpec),
      createdAt: r.createdAt,
      seat: r.seat,
      total: r.total,
      deals: r.deals,
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
    const sessions = [...this.sessions.values()];
    for (const s of sessions) s.dispose();
    await Promise.all(sessions.map((s) => s.settled()));
    await this.bots.close();
  }
}

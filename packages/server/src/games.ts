// The tables of this server: a TableSession for each table in memory, loaded from its log on first
// use; the lobby, creation and a player's history. Each table's changes go through its session.
import { randomBytes } from 'node:crypto';
import { BotPool } from '@baska/ai/pool';
import {
  CryptoRng,
  type GameRecord,
  SeededRng,
  type TableOfFiveRecord,
  randomInt,
  resolveRules,
  type RulesSpec,
} from '@baska/engine';
import type { CreateTable, Level, OfflineGame, PlayerHistory, PublicEvent, SheetRow, TableInfo } from '@baska/protocol';
import { offlineTable, offlineTableId } from './offline-games.js';
import { RATED_MIN_DEALS } from '@baska/protocol';
import type { Logger } from 'pino';
import { ClaimProofs } from './claims.js';
import { GameError } from './errors.js';
import { mustNotShareAddress } from './fairplay/same-address.js';
import type { Signer } from './fairdeal/key.js';
import { mustBeRatable } from './ratings/family.js';
import type { Versioned } from './history.js';
import { sheetRows, wholeRecord } from './past-deals.js';
import { Room, type Settings, type StoredEvent } from './room.js';
import { type SessionContext, type SessionOptions, TableSession } from './session.js';
import type { Storage, TableRow } from './storage.js';

export { GameError } from './errors.js';

/**
 * What Games needs when several processes serve the same database (cluster/): a lease per table
 * for the process that runs its time, and word to the others of what was written here.
 */
export interface Ownership {
  /** Take the table's lease if it is free or ours already. */
  take(id: string): Promise<boolean>;
  release(id: string): Promise<void>;
  /** Events written here after `base`, for the other processes' copies. */
  written(id: string, base: number, events: StoredEvent[]): void;
  /** A player's last socket here dropped, or he came back: the owner keeps (or stops) his grace. */
  dropped(id: string, player: number): void;
  returned(id: string, player: number): void;
  /** Is anyone at the table, in any process? */
  watched(id: string): Promise<boolean>;
  /** Has the player a socket at the table in some process? */
  present(id: string, player: number): Promise<boolean>;
  /** The graces running at a table, kept where any process reads them: each player's time left (ms). */
  gracesLeft(id: string): Promise<Map<number, number>>;
  /** A table is now in this process's memory: read what the others keep of it (whom its deals wait for). */
  follow(id: string): Promise<void>;
}

/** Told of every event, after it is in the log. */
export type Listener = (room: Room, event: PublicEvent, version: number) => void;

export interface GamesOptions extends SessionOptions {
  /** Worker threads on which the bots decide, off the event loop that serves every table (0: on it). */
  botThreads: number;
  /** Claim proofs one player may start a minute (default 10; a repeated claim over the same view is answered from a cache). */
  claimsPerMinute?: number;
  /** Every table's deals from this seed instead of a random one (tests, reproducible demos). */
  tableSeed?: string;
  /** Signs each commitment as it is published (fairdeal/key.ts, decision 013); unsigned without. */
  signer?: Signer;
}

/** A seat the table has: 0–3, or 0–4 at a table of five (the request's schema allows 0–4). */
function mustBeASeat(room: Room, seat: number): void {
  if (seat >= room.seats.length)
    throw new GameError(
      'ERR_SCHEMA',
      `seat ${seat}: this table seats ${room.seats.length} (0–${room.seats.length - 1})`,
    );
}

/** Seats change and the game starts only before the first deal. */
function mustBeOpen(room: Room): void {
  if (room.status === 'finished') throw new GameError('ERR_GAME_OVER', 'the table has ended');
  if (room.status !== 'open') throw new GameError('ERR_STARTED', 'the table has started');
}
const presetOf = (spec: RulesSpec): string => (typeof spec === 'string' ? spec : spec.preset);

function roomOf(row: TableRow, signer: Signer | undefined): Room {
  const settings = JSON.parse(row.settings) as Settings;
  const rules = resolveRules(settings.rulesSpec);
  if (!rules.ok) throw new Error(`table ${row.id}: ${rules.error.message}`);
  return new Room(row.id, settings, rules.value, signer);
}

export class Games {
  private readonly sessions = new Map<string, TableSession>();
  private readonly loading = new Map<string, Promise<TableSession>>();
  /** Rematch requests under way, by the ended table: one at a time, so that only the first creates the new table. */
  private readonly rematching = new Map<string, Promise<Room>>();
  private closing = false;
  private readonly bots: BotPool;
  readonly claims: ClaimProofs;
  private readonly ctx: SessionContext;
  listener: Listener = () => {};
  /** Is anyone connected to a table? (Set by the realtime hub.) */
  watching: (id: string) => boolean = () => false;
  /** Set when several processes share the database (REDIS_URL): then a table's time runs where its lease is. */
  cluster: Ownership | null = null;
  /** The players at a table whose clients add contributions to the deals (set by fairdeal/). */
  contributors: (id: string) => ReadonlySet<number> = () => new Set();
  /** A bot of `level` decided a move in `ms` (set by app.ts: the metrics). */
  botDecided: (level: string, ms: number) => void = () => {};
  /** Which of these players are registered now, with their names (set by app.ts: the accounts). */
  accountNames: (players: number[]) => Promise<Map<number, string>> = async () => new Map();

  constructor(
    private readonly storage: Storage,
    log: Logger,
    private readonly opts: GamesOptions,
  ) {
    this.bots = new BotPool(opts.botThreads);
    this.claims = new ClaimProofs(this.bots, {
      perMinute: opts.claimsPerMinute ?? 10,
      atOnce: Math.max(2, 2 * opts.botThreads),
      cacheSize: 1000,
    });
    this.ctx = {
      storage,
      bots: this.bots,
      claims: this.claims,
      log,
      opts,
      tell: (room, event, version) => this.listener(room, event, version),
      watched: (id) => (this.cluster ? this.cluster.watched(id) : this.watching(id)),
      present: (id, player) => this.cluster?.present(id, player) ?? false,
      ended: (id) => this.forget(id),
      written: (id, base, events) => {
        if (!this.cluster) return;
        this.cluster.written(id, base, events);
        if (events.at(-1)?.type === 'finished') void this.cluster.release(id);
      },
      contributors: (id) => this.contributors(id),
      botDecided: (level, ms) => this.botDecided(level, ms),
    };
  }

  /** How many tables are in memory now. */
  get inMemory(): number {
    return this.sessions.size;
  }

  /** How many of the tables in memory are in play (dealt, not finished). */
  get inPlay(): number {
    let n = 0;
    for (const s of this.sessions.values()) if (s.room.status === 'playing') n++;
    return n;
  }

  /** The table if it is in memory now (no database read). */
  cached(id: string): Room | undefined {
    return this.sessions.get(id)?.room;
  }

  private forget(id: string): void {
    this.sessions.get(id)?.dispose();
    this.sessions.delete(id);
    void this.cluster?.release(id);
  }

  /**
   * Run the table's time here if its lease is free: read the log, then its clock and bots go on.
   * True when this process took it now (not when it ran it already).
   */
  async claim(id: string): Promise<boolean> {
    if (!this.cluster || this.closing) return false;
    const s = await this.session(id).catch(() => null);
    if (!s || s.room.status === 'finished' || s.runsTime) return false;
    if (!(await this.cluster.take(id))) return false;
    await s.activate();
    await this.resumeGraces(s).catch((err) => this.ctx.log.warn({ err, table: id }, 'resuming the graces failed'));
    return true;
  }

  /**
   * This process now runs the table's time: a dropped player's grace goes on where it was (its
   * deadline is in Redis), neither started again nor forgotten; a person seated at a table in play
   * with no socket at it anywhere (his socket was on a process that died and he has not come back)
   * gets one from now, as if he had just dropped.
   */
  private async resumeGraces(s: TableSession): Promise<void> {
    const cluster = this.cluster!;
    const left = await cluster.gracesLeft(s.id);
    for (const seat of s.room.seats) {
      const player = seat.player;
      if (player === null || seat.bot !== null || seat.away) continue;
      const ms = left.get(player);
      if (ms !== undefined) s.dropped(player, Math.max(0, ms));
      else if (s.room.status === 'playing' && !(await cluster.present(s.id, player))) this.dropped(s.id, player);
    }
  }

  /** The lease on a table is gone: another process runs its time now. */
  lost(id: string): void {
    this.sessions.get(id)?.deactivate();
  }

  /** Events another process wrote (cluster/): the copy here takes them in and tells its sockets. */
  absorb(id: string, base: number, events: StoredEvent[]): void {
    void this.sessions
      .get(id)
      ?.absorb(base, events)
      .catch((err) => this.ctx.log.warn({ err, table: id }, 'taking in another process’s events failed'));
  }

  /**
   * Read the log of every table here that has moved past our copy: a word lost while Redis was away,
   * or never sent because its writer died between its write and its word. The tables whose time
   * runs here too: a move another process wrote is one its clock and bots must hear of.
   */
  async refreshFromLog(): Promise<void> {
    const here = [...this.sessions.values()];
    if (here.length === 0) return;
    const versions = await this.storage.versions(here.map((s) => s.id));
    await Promise.all(here.filter((s) => (versions.get(s.id) ?? 0) > s.room.version).map((s) => s.refresh()));
  }

  /** Tables not yet finished whose time this process runs, and those it only follows. */
  get counts(): { running: number; following: number } {
    const running = [...this.sessions.values()].filter((s) => s.runsTime).length;
    return { running, following: this.sessions.size - running };
  }

  /** For the owner: a player's grace starts or stops (told by the process his socket was on). */
  graceFor(id: string, player: number, start: boolean): void {
    const s = this.sessions.get(id);
    if (!s?.runsTime) return;
    if (start) s.dropped(player);
    else s.cancelGrace(player);
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
    const session = TableSession.replay(roomOf(stored.row, this.opts.signer), stored.events, this.ctx);
    // Who sat here as a guest and has registered since: the table names his account.
    for (const [player, name] of await this.accountNames(session.room.mayHaveRegistered()))
      session.room.registered.set(player, name);
    if (session.room.status === 'finished' || this.closing) return session;
    this.sessions.set(id, session);
    if (this.cluster) {
      // Another process may run this table's time: follow it until its lease is ours.
      session.deactivate();
      await this.cluster.follow(id).catch(() => {});
      void this.claim(id).catch((err) => this.ctx.log.warn({ err, table: id }, 'taking a table’s lease failed'));
      return session;
    }
    session.schedule();
    void session.advance().catch(() => {}); // a failure is logged and retried by the session
    return session;
  }

  /**
   * A guest has registered, his games going with him (accounts.ts, register): the tables in memory
   * name his account from now on (those read later learn it as they are read).
   */
  registered(player: number, name: string, finished: Iterable<Room> = []): void {
    for (const room of [...[...this.sessions.values()].map((s) => s.room), ...finished])
      if (room.mayHaveRegistered().includes(player)) room.registered.set(player, name);
  }

  /**
   * A deleted account's name was taken out of the table's stored log (decision 019): a finished table
   * is read again from it when next asked; one in play names him `label` where it names the account.
   */
  renamed(id: string, player: number, label: string): void {
    const room = this.sessions.get(id)?.room;
    if (room?.status === 'finished') return this.forget(id);
    room?.registered.set(player, label);
    // A rematch's seat kept for him (its settings are shared by every fork of the table).
    for (const s of room?.settings.rematchOf?.seats ?? []) if (s?.player === player) s.name = label;
  }

  /** The table, loaded from its log when it is not in memory. */
  async room(id: string): Promise<Room> {
    return (await this.session(id)).room;
  }

  /** Rows `from` + 1 … `to` of a table's score sheet, as far as it has been played (past-deals.ts). */
  sheetRows(room: Room, from: number, to: number): Promise<SheetRow[]> {
    return sheetRows(this.storage, room, from, to);
  }

  /** The record of a table's complete deals, each with its proof; null before it starts (past-deals.ts). */
  record(room: Room): Promise<GameRecord | TableOfFiveRecord | null> {
    return wholeRecord(this.storage, room);
  }

  /** The public events after `version`, or null: send a snapshot. */
  async missed(id: string, version: number): Promise<Versioned[] | null> {
    const s = await this.session(id);
    if (this.cluster) await s.refresh(); // the truth is the log, not what this process last heard
    return s.history.since(version, s.room.version);
  }

  /**
   * A game played offline in the player's browser, into his archive (offline-games.ts): replayed,
   * refused with ERR_RECORD if it does not replay, stored once however often it is sent.
   */
  async importOffline(owner: { id: number; name: string; guest: boolean }, game: OfflineGame): Promise<string> {
    const id = offlineTableId(owner.id, game.id);
    const stored = async () => (await this.storage.versions([id])).has(id);
    if (await stored()) return id; // sent before: the same game
    const t = offlineTable(owner, game, new Date());
    try {
      await this.storage.createTable(t.row, t.events, t.projection);
    } catch (err) {
      // Two sends at once: the other one stored it first.
      if (await stored()) return id;
      throw err;
    }
    return id;
  }

  async create(
    owner: { id: number; name: string; guest?: boolean },
    req: Omit<CreateTable, 'rated' | 'hints' | 'players'> & { rated?: boolean; hints?: boolean; players?: 4 | 5 },
  ): Promise<Room> {
    const spec: RulesSpec = Object.keys(req.options).length ? { preset: req.preset, ...req.options } : req.preset;
    const rules = resolveRules(spec);
    if (!rules.ok) throw new GameError('ERR_SCHEMA', rules.error.message);
    const players = req.players ?? 4;
    if (req.seat >= players)
      throw new GameError('ERR_SCHEMA', `seat ${req.seat}: a table of ${players} seats 0–${players - 1}`);
    if (req.rated) mustBeRatable(spec, req.bots !== undefined, owner.guest === true);
    if (req.rated && req.hints) throw new GameError('ERR_RATED', 'a rated table allows no hints');
    // A rating ranks four who played every deal; at five each sits out a deal in five. RULES §9
    if (req.rated && players === 5) throw new GameError('ERR_RATED', 'a rated table seats four');
    // A rating needs a game long enough for the cards to even out, and an end agreed beforehand. Decision 015
    const minDeals = this.opts.ratedMinDeals ?? RATED_MIN_DEALS;
    if (req.rated && req.deals < minDeals)
      throw new GameError(
        'ERR_RATED_DEALS',
        `a rated table plays at least ${minDeals} deals${req.deals === 0 ? ', a number set before the start' : ''}`,
      );
    const settings: Settings = {
      rulesSpec: spec,
      stake: req.stake,
      secondsPerMove: req.secondsPerMove,
      pauseSeconds: req.pauseSeconds,
      public: req.public,
      deals: req.deals,
      ...(players === 5 && { players: 5 as const }),
      ...(req.rated && { rated: true }),
      ...(req.hints && { hints: true }),
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
    for (let s = 0; s < players; s++)
      if (req.bots && s !== req.seat)
        events.push({ type: 'seated', seat: s, player: null, name: req.bots, bot: req.bots });
    await this.storage.createTable(row, events, {
      lines: [{ player: owner.id, seat: req.seat, total: 0, deals: 0 }],
    });
    const session = TableSession.replay(new Room(row.id, settings, rules.value, this.opts.signer), events, this.ctx);
    this.sessions.set(row.id, session);
    if (this.cluster) {
      session.deactivate(); // its time runs here once the lease is taken (at once: the table is new)
      await this.claim(row.id).catch((err) =>
        this.ctx.log.warn({ err, table: row.id }, 'taking a table’s lease failed'),
      );
    } else session.unwatched(); // closed after the grace period unless someone comes to it by then
    return session.room;
  }

  /**
   * A table whose seats are given and which starts at once (a tournament round's table): each seat a
   * person (by account) or a bot, four or five of them (a table of five: RULES §9). The owner (the
   * director) need not sit at it. `start` may give the table seed (a duplicate round's tables share
   * it, so they deal the same deals) and the first dealer (a duplicate round's and a tournament's
   * table of five, whose deal i is dealt from seat i mod 5, spec/tournament.md); else both are drawn.
   */
  async createSeated(
    owner: { id: number; name: string },
    given: Settings,
    seats: ({ player: number; name: string; guest: boolean } | { bot: Level; name?: string })[],
    id = randomBytes(9).toString('base64url'),
    start: { seed?: string; dealer?: number } = {},
  ): Promise<Room> {
    const rules = resolveRules(given.rulesSpec);
    if (!rules.ok) throw new GameError('ERR_RULES', rules.error.message);
    if (seats.length !== 4 && seats.length !== 5)
      throw new GameError('ERR_PLAYERS', 'a table on this server seats four or five');
    const { dealer } = start;
    if (dealer !== undefined && !(Number.isInteger(dealer) && dealer >= 0 && dealer < seats.length))
      throw new GameError('ERR_PLAYERS', `the first dealer must be a seat 0–${seats.length - 1}`);
    const { players: _, ...rest } = given;
    const settings: Settings = seats.length === 5 ? { ...rest, players: 5 } : rest;
    const row: TableRow = {
      id,
      owner: owner.id,
      settings: JSON.stringify(settings),
      public: settings.public,
      createdAt: new Date().toISOString(),
    };
    const seed = start.seed ?? this.opts.tableSeed ?? randomBytes(12).toString('base64url');
    const rng = this.opts.tableSeed ? new SeededRng(`${seed}:dealer`) : new CryptoRng();
    const events: StoredEvent[] = [
      { type: 'created', owner: owner.id, ownerName: owner.name },
      ...seats.map((x, seat): StoredEvent =>
        'bot' in x
          ? { type: 'seated', seat, player: null, name: x.name ?? x.bot, bot: x.bot }
          : { type: 'seated', seat, player: x.player, name: x.name, bot: null, guest: x.guest },
      ),
      { type: 'started', seed, dealer: dealer ?? randomInt(rng, seats.length) },
    ];
    await this.storage.createTable(row, events, {
      lines: seats.flatMap((x, seat) => ('bot' in x ? [] : [{ player: x.player, seat, total: 0, deals: 0 }])),
    });
    // Loaded like a table after a restart: the first deal is dealt and the clocks and bots start.
    return this.room(row.id);
  }

  async sit(id: string, player: { id: number; name: string; guest?: boolean }, seat: number): Promise<Room> {
    const s = await this.session(id);
    const addresses = s.room.settings.rematchOf ? await this.ratedAddresses(s.room, player.id) : new Map();
    await s.command((draft, emit) => {
      mustBeASeat(draft, seat);
      const at = draft.seatOf(player.id);
      if (at === seat) return;
      mustBeOpen(draft);
      if (at !== null) throw new GameError('ERR_SEAT_TAKEN', `you sit at seat ${at} already`);
      const taken = draft.seats[seat]!;
      if (taken.player !== null || taken.bot !== null) throw new GameError('ERR_SEAT_TAKEN', `seat ${seat} is taken`);
      const kept = draft.reservedFor(seat);
      if (kept && kept.player !== player.id)
        throw new GameError('ERR_SEAT_TAKEN', `seat ${seat} is kept for ${kept.name}`);
      if (draft.settings.rated && player.guest) mustBeRatable(draft.settings.rulesSpec, false, true);
      emit({ type: 'seated', seat, player: player.id, name: player.name, bot: null, guest: player.guest === true });
      this.startRematchWhenFull(draft, emit, addresses);
    });
    return s.room;
  }

  /**
   * The addresses the people connect from now (the hub's presence, set by app.ts; none known by
   * default): a rated game starts only when each is known and no two share one (decision 015).
   */
  addressesOf: (players: number[]) => Promise<Map<number, Set<string>>> = async () => new Map();

  /** For a rated table about to start (or a rated rematch that may start by itself): its people's addresses. */
  private async ratedAddresses(room: Room, also?: number): Promise<Map<number, Set<string>>> {
    if (!room.settings.rated || room.status !== 'open') return new Map();
    const people = room.seats.flatMap((s) => (s.player !== null && s.bot === null ? [s.player] : []));
    return this.addressesOf(also === undefined ? people : [...people, also]);
  }

  /**
   * The first event of a game: its seed and the first dealer, drawn among the table's seats (the
   * first deal follows in the same write).
   */
  private started(room: Room): StoredEvent {
    const seed = this.opts.tableSeed ?? randomBytes(12).toString('base64url');
    const rng = this.opts.tableSeed ? new SeededRng(`${seed}:dealer`) : new CryptoRng();
    return { type: 'started', seed, dealer: randomInt(rng, room.seats.length) };
  }

  /**
   * A rematch starts by itself once every seat is taken: everyone there has accepted it. A rated one
   * as a start by the creator would (decision 015): else the last seat is refused, with the reason.
   */
  private startRematchWhenFull(
    draft: Room,
    emit: (e: StoredEvent) => void,
    addresses: Map<number, Set<string>> = new Map(),
  ): void {
    if (
      draft.settings.rematchOf &&
      draft.status === 'open' &&
      draft.seats.every((x) => x.player !== null || x.bot !== null)
    ) {
      if (draft.settings.rated) mustNotShareAddress(draft, addresses);
      emit(this.started(draft));
    }
  }

  /**
   * Another game with the same people and rules, asked for (or accepted) by one who sat at the ended
   * table `id`: the first to ask creates the new table (the bots in their seats, each person's seat
   * kept for him) and the old table tells everyone at it where it is; each who asks is seated there in
   * his old seat. The new table starts by itself when the last seat is taken. Returns the new table.
   */
  async rematch(id: string, player: { id: number; name: string; guest?: boolean }): Promise<Room> {
    const previous = this.rematching.get(id) ?? Promise.resolve();
    const next = previous.catch(() => {}).then(() => this.rematchNow(id, player));
    this.rematching.set(id, next);
    try {
      return await next;
    } finally {
      if (this.rematching.get(id) === next) this.rematching.delete(id);
    }
  }

  private async rematchNow(id: string, player: { id: number; name: string; guest?: boolean }): Promise<Room> {
    const old = await this.session(id);
    const seat = old.room.seatOf(player.id);
    if (seat === null) throw new GameError('ERR_NOT_SEATED', 'only those who played at the table ask for its rematch');
    if (old.room.status !== 'finished')
      throw new GameError('ERR_NOT_FINISHED', 'the table is still being played; a rematch follows its end');
    let next = old.room.rematch;
    if (next === null) {
      const room = old.room;
      const settings: Settings = {
        ...room.settings,
        rematchOf: {
          table: id,
          seats: room.seats.map((s) =>
            s.player !== null && s.bot === null ? { player: s.player, name: s.name ?? '' } : null,
          ),
        },
      };
      const row: TableRow = {
        id: randomBytes(9).toString('base64url'),
        owner: player.id,
        settings: JSON.stringify(settings),
        public: settings.public,
        createdAt: new Date().toISOString(),
      };
      // The bots keep their seats and levels; the people's seats wait for them.
      const events: StoredEvent[] = [{ type: 'created', owner: player.id, ownerName: player.name }];
      room.seats.forEach((s, at) => {
        if (s.bot !== null) events.push({ type: 'seated', seat: at, player: null, name: s.bot, bot: s.bot });
      });
      await this.storage.createTable(row, events, { lines: [] });
      const session = TableSession.replay(new Room(row.id, settings, room.rules, this.opts.signer), events, this.ctx);
      this.sessions.set(row.id, session);
      session.unwatched(); // closed after the grace period unless someone comes to it by then
      await old.command((draft, emit) => {
        if (draft.rematch === null) emit({ type: 'rematch', table: row.id });
      });
      next = old.room.rematch!;
    }
    return this.sit(next, player, seat);
  }

  async addBot(id: string, player: { id: number }, seat: number, level: Level): Promise<Room> {
    const s = await this.session(id);
    await s.command((draft, emit) => {
      if (draft.owner !== player.id) throw new GameError('ERR_NOT_OWNER', 'only the table’s creator seats bots');
      mustBeASeat(draft, seat);
      mustBeOpen(draft);
      const taken = draft.seats[seat]!;
      if (taken.player !== null || taken.bot !== null) throw new GameError('ERR_SEAT_TAKEN', `seat ${seat} is taken`);
      if (draft.settings.rated) mustBeRatable(draft.settings.rulesSpec, true, false);
      emit({ type: 'seated', seat, player: null, name: level, bot: level });
      this.startRematchWhenFull(draft, emit);
    });
    return s.room;
  }

  /** The creator starts the game: the first dealer is drawn, and the first deal follows in the same write. */
  async start(id: string, player: { id: number }): Promise<Room> {
    const s = await this.session(id);
    const addresses = await this.ratedAddresses(s.room);
    await s.command((draft, emit) => {
      if (draft.owner !== player.id) throw new GameError('ERR_NOT_OWNER', 'only the table’s creator starts it');
      mustBeOpen(draft);
      if (draft.seats.some((x) => x.player === null && x.bot === null))
        throw new GameError('ERR_SCHEMA', 'every seat needs a player or a bot');
      if (draft.settings.rated) mustNotShareAddress(draft, addresses);
      emit(this.started(draft));
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
    if (!s || (this.cluster && this.watching(id))) return;
    if (s.room.status === 'finished') {
      void s.settled().then(() => {
        if (s.room.status === 'finished' && !this.watching(id)) this.forget(id);
      });
    } else s.unwatched();
  }

  /** A player's last connection to the table dropped: after the grace period a bot plays for him. */
  dropped(id: string, player: number): void {
    this.sessions.get(id)?.dropped(player);
    this.cluster?.dropped(id, player);
  }

  /** A player (re)joins: he takes his seat back from the bot. */
  async returned(id: string, player: number): Promise<void> {
    this.cluster?.returned(id, player);
    await (await this.session(id)).returned(player);
  }

  /** Before a join: with several processes, read what the others wrote since this copy last heard. */
  async fresh(id: string): Promise<void> {
    if (this.cluster) await (await this.session(id)).refresh();
  }

  /** Tables still being played, for a restart: load each, move it on if it waits, and let its bots go on. */
  async resume(): Promise<number> {
    const ids = await this.storage.inPlay();
    for (const id of ids) await this.session(id);
    return ids.length;
  }

  /** Tables not yet finished (the cluster's sweep looks for those whose lease nobody holds). */
  unfinished(): Promise<string[]> {
    return this.storage.unfinished();
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
    const games = rows.map((r) => {
      const settings = JSON.parse(r.settings) as Settings;
      return {
        id: r.id,
        status: r.status,
        preset: presetOf(settings.rulesSpec),
        createdAt: r.createdAt,
        seat: r.seat,
        total: r.total,
        deals: r.deals,
        hints: settings.hints === true,
        ...(settings.offline && { offline: true }),
      };
    });
    // Games played with hints count in no statistics (issue 18).
    const counted = games.filter((g) => !g.hints);
    const deals = counted.reduce((n, g) => n + g.deals, 0);
    const points = counted.reduce((n, g) => n + g.total, 0);
    return {
      games: games.slice(0, 200),
      stats: {
        games: counted.filter((g) => g.deals > 0).length,
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

// Several server processes on one PostgreSQL and one Redis (REDIS_URL; decision 008). Redis carries
// the Socket.IO Redis Streams adapter (every process's sockets share rooms), a lease per table (the
// one process that runs its clock, grace timers and bots), who is at each table, word between the
// processes on a pub/sub channel (events written, a player's grace, presence, chat lines,
// invitations, contributors, fair-play marks), and the state the processes share: the dropped
// players' grace deadlines (graces.ts), the chat's lines (chat.ts), the limits per person and per
// address (limiters.ts), who is online (online.ts), whom each deal waits for (contributors.ts), the
// caps on open tables (caps.ts) and on an address's sockets (sockets.ts). The log in the database stays the truth: every process may write a command, the
// primary key (game, seq) refuses a second writer of a version, and word of what was written only
// saves the others a read of the log (a word lost while Redis is away is made up by reading the log).
import { randomBytes } from 'node:crypto';
import type { ChatLine, ServerMessage } from '@baska/protocol';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { Logger } from 'pino';
import { type RedisClientType, createClient } from 'redis';
import type { Games, Ownership } from '../games.js';
import type { Limiters } from '../limits.js';
import type { StoredEvent } from '../room.js';
import { SharedCaps } from './caps.js';
import { SharedChatLines } from './chat.js';
import { SharedContributors } from './contributors.js';
import { Graces } from './graces.js';
import { Leases } from './leases.js';
import { redisLimiters } from './limiters.js';
import { SharedOnline } from './online.js';
import { SharedSockets } from './sockets.js';
import { type AtTable, type Everyone, Presence } from './presence.js';

export interface ClusterOptions {
  url: string;
  prefix: string;
  leaseMs: number;
  /** How long a dropped player keeps his seat (ms): the deadline kept in Redis (graces.ts). */
  graceMs: number;
}

/** What one process tells the others: about a table, or for a player's sockets wherever they are. */
export type Word =
  | { kind: 'events'; table: string; base: number; events: StoredEvent[] }
  | { kind: 'grace'; table: string; player: number; start: boolean }
  | { kind: 'presence'; table: string }
  /** A chat line written at a table (each process sends it to its own sockets that may read it). */
  | { kind: 'chat'; table: string; line: ChatLine }
  /** A message for a player's sockets (an invitation). */
  | { kind: 'tell'; player: number; message: ServerMessage }
  /** The players whose clients contribute to a table's deals changed somewhere. */
  | { kind: 'contributors'; table: string }
  /** Seats of a rated table that connect from one address (fair play). */
  | { kind: 'fairPlay'; table: string; sameAddress: number[][] };

type Kind = Word['kind'];
/** The words the modules outside the cluster hear (chat, who is online, contributions, fair play). */
type Heard = Exclude<Kind, 'events' | 'grace' | 'presence'>;
export type WordOf<K extends Kind> = Extract<Word, { kind: K }>;

/** Word between the processes, for the modules that share their state (chat, online, fairdeal, fairplay). */
export interface Channel {
  /** Tell the other processes (not this one). */
  say(w: Word): void;
  /** Hear a kind of word from the other processes. */
  hear<K extends Heard>(kind: K, f: (w: WordOf<K>) => void): void;
}

/** The hub's side: its own sockets at a table, and a recount when another process's changed. */
export interface SharedPresence {
  set(table: string, here: AtTable): Promise<void>;
  of(table: string): Promise<Everyone>;
  changed(table: string): void;
  /** Set by the hub: count the table's people again (another process's sockets there changed). */
  recount: (table: string) => void;
  /** Set by the hub: Redis is back (maybe without its data): write who is at each table again. */
  rejoined: () => void;
}

export class Cluster implements Ownership, SharedPresence, Channel {
  /** This process's name in Redis: unique per start. */
  readonly me = `${process.pid}-${randomBytes(4).toString('hex')}`;
  readonly adapter: ReturnType<typeof createAdapter>;
  private sub: RedisClientType | null = null;
  private games: Games | null = null;
  private leases: Leases | null = null;
  private presence: Presence;
  private sweepTimer: NodeJS.Timeout | undefined;
  private refreshTimer: NodeJS.Timeout | undefined;
  private sweeping = false;
  /** Tables seen without a lease, since when: taken only after half a lease (a holder renews before that). */
  private readonly freeSince = new Map<string, number>();
  recount: (table: string) => void = () => {};
  rejoined: () => void = () => {};
  /** The words the other modules hear, by kind. */
  private readonly hearing = new Map<Kind, (w: Word) => void>();
  /** Dropped players' grace deadlines, for the process that takes a table over. */
  private readonly graces: Graces;
  /** Who is online in every process. */
  readonly online: SharedOnline;
  /** Whom each table's deals wait for, over the processes; made at the start (it follows Games' tables). */
  contributors: SharedContributors | null = null;
  /** The table chat's lines in Redis. */
  readonly chat: SharedChatLines;
  /** The limits per person and per address over all the processes (limiters.ts). */
  readonly limiters: Limiters;
  /** An address's sockets over all the processes (sockets.ts). */
  readonly sockets: SharedSockets;

  private constructor(
    private readonly redis: RedisClientType,
    /** Leases fail at once while Redis is away (no queue): a lease that cannot be renewed must lapse. */
    private readonly quick: RedisClientType,
    private readonly opts: ClusterOptions,
    private readonly log: Logger,
  ) {
    this.adapter = createAdapter(redis, {
      streamName: `${opts.prefix}:socket.io`,
      channelPrefix: `${opts.prefix}:socket.io`,
      sessionKeyPrefix: `${opts.prefix}:sio:session:`,
    });
    this.presence = new Presence(quick, opts.prefix, this.me, opts.leaseMs);
    // The modules below queue their writes while Redis is away (the client with a queue).
    this.graces = new Graces(redis, opts.prefix);
    this.online = new SharedOnline(redis, quick, opts.prefix, this.me);
    this.chat = new SharedChatLines(redis, opts.prefix);
    // On the client without a queue: while Redis is away a limit asks its insurance at once.
    this.limiters = redisLimiters(quick, opts.prefix);
    // Without a queue too: while Redis is away a handshake is counted by this process alone, at once.
    this.sockets = new SharedSockets(quick, opts.prefix, opts.leaseMs);
  }

  /** The caps on open tables per player and per address over all the processes (refused at once while Redis is away). */
  caps(games: Games, config: ConstructorParameters<typeof SharedCaps>[3]): SharedCaps {
    return new SharedCaps(this.quick, this.opts.prefix, games, config);
  }

  /** Connect to Redis (the process does not start without it when REDIS_URL is set). */
  static async connect(opts: ClusterOptions, log: Logger): Promise<Cluster> {
    let warned = 0;
    const onError = (err: Error) => {
      if (Date.now() - warned < 5000) return; // one line per outage, not one per retry
      warned = Date.now();
      log.warn({ err: err.message }, 'Redis is unreachable; retrying');
    };
    const reconnectStrategy = (retries: number) => Math.min(50 * 2 ** retries, 1000);
    const redis = createClient({ url: opts.url, socket: { reconnectStrategy } }) as RedisClientType;
    const quick = createClient({
      url: opts.url,
      disableOfflineQueue: true,
      socket: { reconnectStrategy },
    }) as RedisClientType;
    redis.on('error', onError);
    quick.on('error', onError);
    await Promise.all([redis.connect(), quick.connect()]);
    return new Cluster(redis, quick, opts, log);
  }

  /** Is Redis reachable now? */
  get up(): boolean {
    return this.redis.isReady && this.quick.isReady;
  }

  /** Start: hear the other processes, and sweep for tables whose lease nobody holds. */
  async start(games: Games): Promise<void> {
    this.games = games;
    this.leases = new Leases(this.quick, this.opts.prefix, this.me, this.opts.leaseMs, (id) => {
      this.log.warn({ table: id, process: this.me }, 'lost the lease of a table; its time stops here');
      games.lost(id);
    });
    games.cluster = this;
    this.contributors = new SharedContributors(
      this.redis,
      this.quick,
      this.opts.prefix,
      this.me,
      this,
      (id) => !!games.cached(id),
    );
    // Redis back after an outage (maybe restarted without its data): what this process keeps there
    // goes again (the client was connected before this listener, so every 'ready' here is a return).
    this.redis.on('ready', () => {
      this.rejoined();
      void Promise.all([this.online.rewrite(), this.contributors?.rewrite()]).catch((err) =>
        this.log.warn({ err }, 'writing this process’s people to Redis again failed'),
      );
    });
    // The adapter's serverSideEmit would do, but it drops the promise of its PUBLISH: a Redis that goes
    // away with one in flight is an unhandled rejection, which ends the process. Our own channel, then.
    this.sub = this.redis.duplicate();
    this.sub.on('error', () => {}); // the main client reports the outage
    await this.sub.connect();
    await this.sub.subscribe(this.topic, (raw) => {
      const w = JSON.parse(raw) as Word & { from: string };
      if (w.from !== this.me) this.heard(w);
    });
    const every = Math.max(200, Math.floor(this.opts.leaseMs / 5));
    this.sweepTimer = setInterval(() => void this.sweep(), every);
    this.refreshTimer = setInterval(
      () =>
        void games.refreshFromLog().catch((err) => this.log.warn({ err }, 'reading the log of the tables here failed')),
      2000,
    );
  }

  private heard(w: Word): void {
    const games = this.games!;
    if (w.kind === 'events') games.absorb(w.table, w.base, w.events);
    else if (w.kind === 'grace') games.graceFor(w.table, w.player, w.start);
    else if (w.kind === 'presence') {
      this.recount(w.table);
      games.unwatched(w.table); // where the table's time runs: an open table nobody is at closes after the grace
    } else this.hearing.get(w.kind)?.(w);
  }

  private get topic(): string {
    return `${this.opts.prefix}:tables`;
  }

  private tell(w: Word): void {
    // Queued while Redis reconnects. One lost on the way, or never sent by a writer that died
    // between its write and this, is made up by reading the log (Games.refreshFromLog).
    this.redis.publish(this.topic, JSON.stringify({ ...w, from: this.me })).catch(() => {});
  }

  // ---- Channel (chat, online, fairdeal, fairplay) ----

  say(w: Word): void {
    this.tell(w);
  }

  hear<K extends Heard>(kind: K, f: (w: WordOf<K>) => void): void {
    this.hearing.set(kind, f as (w: Word) => void);
  }

  /** Take the tables whose lease nobody holds (their process died or closed): their time goes on here. */
  private async sweep(): Promise<void> {
    if (this.sweeping || !this.up) return;
    this.sweeping = true;
    try {
      const games = this.games!;
      const free = await this.leases!.free(await games.unfinished());
      const now = Date.now();
      for (const id of this.freeSince.keys()) if (!free.includes(id)) this.freeSince.delete(id);
      for (const id of free) {
        // A lease missing for a moment (Redis restarted without its data) is set again by its holder's
        // next renewal, within a third of a lease: only a table free for half a lease is taken.
        const since = this.freeSince.get(id);
        if (since === undefined) this.freeSince.set(id, now);
        if (since === undefined || now - since < this.opts.leaseMs / 2) continue;
        this.freeSince.delete(id);
        if (await games.claim(id))
          this.log.info({ table: id, process: this.me, freeMs: Date.now() - since }, 'took over a table');
      }
    } catch (err) {
      this.log.warn({ err }, 'the sweep for free tables failed');
    } finally {
      this.sweeping = false;
    }
  }

  // ---- Ownership (games.ts) ----

  take(id: string): Promise<boolean> {
    return this.leases!.take(id);
  }

  release(id: string): Promise<void> {
    return this.leases!.release(id);
  }

  written(id: string, base: number, events: StoredEvent[]): void {
    this.tell({ kind: 'events', table: id, base, events });
  }

  dropped(id: string, player: number): void {
    this.tell({ kind: 'grace', table: id, player, start: true });
    // Its deadline where the process that takes the table over can read it.
    this.graces
      .start(id, player, this.opts.graceMs)
      .catch((err) => this.log.warn({ err, table: id }, 'keeping a grace’s deadline in Redis failed'));
  }

  returned(id: string, player: number): void {
    this.tell({ kind: 'grace', table: id, player, start: false });
    this.graces.stop(id, player).catch(() => {});
  }

  gracesLeft(id: string): Promise<Map<number, number>> {
    return this.graces.left(id);
  }

  async follow(id: string): Promise<void> {
    await this.contributors?.read(id);
  }

  async watched(id: string): Promise<boolean> {
    return (await this.presence.of(id)).sockets > 0;
  }

  async present(id: string, player: number): Promise<boolean> {
    return (await this.presence.of(id)).players.has(player);
  }

  // ---- SharedPresence (hub.ts) ----

  set(table: string, here: AtTable): Promise<void> {
    return this.presence.set(table, here);
  }

  of(table: string): Promise<Everyone> {
    return this.presence.of(table);
  }

  changed(table: string): void {
    this.tell({ kind: 'presence', table });
  }

  /** What the health check reports. */
  get tables(): number {
    return this.leases?.count ?? 0;
  }

  /** Give up the leases (the others take the tables at once), stop the timers, close Redis. */
  async close(): Promise<void> {
    clearInterval(this.sweepTimer);
    clearInterval(this.refreshTimer);
    await this.leases?.close();
    await this.presence.close();
    await this.online.close().catch(() => {});
    await this.sockets.close();
    // A client that is reconnecting would wait for Redis to come back before closing: cut it.
    const end = (c: RedisClientType | null) => (c?.isReady ? c.close().catch(() => {}) : c?.destroy());
    await Promise.all([end(this.sub), end(this.redis), end(this.quick)]);
  }
}

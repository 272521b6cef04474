// The realtime hub: the sockets at each table (seated or watching), the spectator count, each
// seat's own view of every event, and the join/act/leave messages. Games decides; the hub tells.
import { createHash } from 'node:crypto';
import { ClientMessage, type Player, type PlayerView, type PublicEvent, type ServerMessage } from '@baska/protocol';
import type { Logger } from 'pino';
import type { Server as SocketServer, Socket } from 'socket.io';
import { type Accounts, SESSION_COOKIE } from './accounts.js';
import { GameError } from './errors.js';
import type { FinishedTables } from './finished.js';
import type { Games } from './games.js';
import type { AddressOf } from './client-address.js';
import type { SharedPresence } from './cluster/cluster.js';
import { type Limiters, MessageLimit, take, windowOf } from './limits.js';
import type { Room } from './room.js';

export interface HubOptions {
  /** Messages a second per connection (and as many more once in ten seconds: limits.ts). */
  messagesPerSecond: number;
  /** Tables one socket is at at once. */
  tablesPerSocket: number;
  /** Joins a minute from one address (bursts of as many) of tables not in memory: each means a read of the log. */
  joinsPerMinute: number;
  /** With several processes: who is at each table in all of them (cluster/presence.ts). */
  shared?: SharedPresence;
  /** Where the joins per address are counted: this process's memory, or Redis for all (limits.ts). */
  limiters: Limiters;
  /** The key a client's joins count under: his address (behind a trusted proxy, from X-Forwarded-For), an IPv6 /64 (client-address.ts). */
  limitKeyOf: AddressOf;
  /** A player's action was answered `ms` after it came: kept (and told to every seat here), refused, or failed (the metrics). */
  acted?: (result: 'ok' | 'refused' | 'failed', ms: number) => void;
  /** Refuses a banned player's join (moderation/service.ts): a session that outlived his ban. */
  mayJoin?: (player: number) => Promise<void>;
}

/** What other modules add to the hub (chat, presence, verifiable deals): they see its sockets and messages. */
export interface HubPlugin {
  /** A message the hub does not handle itself; true when this plugin handled it. */
  message?(socket: Socket, player: Player | null, m: ClientMessage): Promise<boolean>;
  /** A socket has joined a table (after its snapshot). */
  joined?(socket: Socket, player: Player | null, room: Room): void;
  /** A socket is connected, with the player behind it (null: not logged in). */
  connected?(socket: Socket, player: Player | null): void;
  /** A socket has closed (after the hub forgot its tables). */
  disconnected?(socket: Socket, player: Player | null): void;
}

const send = (socket: Socket, m: ServerMessage) => socket.emit('message', m);
const seatIn = (room: Room, p: Player | null) => (p ? room.seatOf(p.id) : null);

/** The Socket.IO room of a player's sockets. */
const playerRoom = (id: number) => `player:${id}`;

/**
 * The Socket.IO room of the sockets opened with one session: by the token's hash, as the room's name
 * travels to Redis with several processes. A changed password closes the player's other sockets.
 */
export const sessionRoom = (token: string) => `session:${createHash('sha256').update(token).digest('base64url')}`;

/** The session token in a handshake's cookie header. */
function sessionToken(socket: Socket): string | undefined {
  const cookie = (socket.handshake.headers.cookie ?? '')
    .split(';')
    .map((c) => c.trim().split('='))
    .find(([k]) => k === SESSION_COOKIE)?.[1];
  return cookie ? decodeURIComponent(cookie) : undefined;
}

export class Hub {
  /** Sockets by table, with the player behind each. */
  private readonly watchers = new Map<string, Map<Socket, Player | null>>();
  /** The spectator count each table was last told; a change is told after a short pause (joins come in bursts). */
  private readonly told = new Map<string, number>();
  private readonly countTimers = new Map<string, NodeJS.Timeout>();
  private readonly socketLimit: MessageLimit;
  private readonly joinLimit: ReturnType<Limiters>;
  /** The tables each socket is at. */
  private readonly joinedBy = new WeakMap<Socket, Set<string>>();
  /** With several processes: the spectators of each table over all of them, as last counted. */
  private readonly everywhere = new Map<string, number>();
  readonly plugins: HubPlugin[] = [];

  constructor(
    private readonly io: SocketServer,
    private readonly games: Games,
    private readonly finished: FinishedTables,
    private readonly accounts: Accounts,
    private readonly log: Logger,
    private readonly opts: HubOptions,
  ) {
    this.socketLimit = new MessageLimit(opts.messagesPerSecond);
    this.joinLimit = opts.limiters('joins', windowOf(opts.joinsPerMinute / 60, opts.joinsPerMinute));
    games.listener = (room, event, version) => this.broadcast(room, event, version);
    games.watching = this.watched;
    io.on('connection', (socket) => this.connected(socket));
    if (opts.shared) {
      opts.shared.recount = (id) => void this.recount(id);
      opts.shared.rejoined = () => {
        for (const id of this.watchers.keys()) void this.share(id);
      };
    }
  }

  /** The sockets at a table (seated or watching), each with its player. */
  socketsAt(id: string): Iterable<[Socket, Player | null]> {
    return this.watchers.get(id) ?? [];
  }

  /** Is any socket at the table (seated or watching)? */
  private readonly watched = (id: string) => (this.watchers.get(id)?.size ?? 0) > 0;

  /** Who watches a table from this process without a seat at it (player ids, or socket ids). */
  private watchingHere(room: Room): Set<string> {
    const watching = new Set<string>();
    for (const [socket, p] of this.watchers.get(room.id) ?? [])
      if (seatIn(room, p) === null) watching.add(p ? `p${p.id}` : socket.id);
    return watching;
  }

  /** How many people (not sockets) watch a table without a seat at it, in every process. */
  private spectatorsOf(room: Room): number {
    const here = this.watchingHere(room).size;
    return this.opts.shared ? Math.max(here, this.everywhere.get(room.id) ?? 0) : here;
  }

  /** Another process's sockets at a table changed (or ours did): count again, and tell ours if it changed. */
  private async recount(id: string): Promise<void> {
    const shared = this.opts.shared;
    const socks = this.watchers.get(id);
    if (!shared || !socks) return;
    try {
      this.everywhere.set(id, (await shared.of(id)).spectators);
    } catch {
      return; // Redis is away: the count waits for the next change
    }
    const room = this.games.cached(id);
    if (!room || !this.watchers.has(id)) return;
    const spectators = this.spectatorsOf(room);
    if (this.told.get(id) === spectators) return;
    this.told.set(id, spectators);
    for (const socket of socks.keys()) send(socket, { type: 'spectators', table: id, spectators });
  }

  /** With several processes: write who is at the table from here, and have every process count again. */
  private async share(id: string): Promise<void> {
    const shared = this.opts.shared!;
    const socks = this.watchers.get(id);
    const room = this.games.cached(id);
    const players = [...new Set([...(socks?.values() ?? [])].flatMap((p) => (p ? [p.id] : [])))];
    const here = { sockets: socks?.size ?? 0, spectators: room ? [...this.watchingHere(room)] : [], players };
    try {
      await shared.set(id, here);
      shared.changed(id);
    } catch (err) {
      this.log.warn({ err, table: id }, 'writing who is at a table to Redis failed');
    }
    if (here.sockets === 0) this.everywhere.delete(id);
    else await this.recount(id);
  }

  /** A table's description with the number of people watching it. */
  private infoFor(room: Room) {
    const info = this.finished.memo(room, 'info', () => room.info());
    return { ...info, spectators: this.spectatorsOf(room) };
  }

  /** A socket is no longer at a table. */
  private forget(socket: Socket, id: string): void {
    this.joinedBy.get(socket)?.delete(id);
    const socks = this.watchers.get(id);
    socks?.delete(socket);
    if (socks?.size === 0) {
      this.watchers.delete(id);
      this.told.delete(id);
      if (this.opts.shared) void this.share(id);
      this.games.unwatched(id);
    } else this.tellSpectators(id);
  }

  private tellSpectators(id: string): void {
    if (this.countTimers.has(id)) return;
    this.countTimers.set(
      id,
      setTimeout(() => {
        this.countTimers.delete(id);
        if (this.opts.shared) return void this.share(id);
        const room = this.games.cached(id);
        const socks = this.watchers.get(id);
        if (!room || !socks) return;
        const spectators = this.spectatorsOf(room);
        if (this.told.get(id) === spectators) return;
        this.told.set(id, spectators);
        for (const socket of socks.keys()) send(socket, { type: 'spectators', table: id, spectators });
      }, 250),
    );
  }

  /** Every socket at the table gets the event with its own seat (as it is after the event) and that seat's view. */
  private broadcast(room: Room, event: PublicEvent, version: number): void {
    if (event.type === 'finished' || event.type === 'rematch') this.finished.keep(room); // what it shows changed
    const socks = this.watchers.get(room.id);
    if (!socks) {
      if (event.type === 'finished') this.games.unwatched(room.id);
      return;
    }
    const info = this.infoFor(room);
    this.told.set(room.id, info.spectators); // everyone at the table hears the count with the event
    const views = new Map<number | null, PlayerView | null>();
    const gone: Socket[] = [];
    for (const [socket, p] of socks) {
      const seat = seatIn(room, p);
      // A private table shows only to its players once it has started: whoever watched its waiting
      // room without a seat (or left his seat) is told so and hears nothing of the game.
      if (!room.showsTo(p?.id ?? null)) {
        gone.push(socket);
        continue;
      }
      if (!views.has(seat)) views.set(seat, room.viewOf(seat));
      send(socket, { type: 'event', table: room.id, version, event, seat, view: views.get(seat) ?? null, info });
    }
    for (const socket of gone) {
      this.forget(socket, room.id);
      const message = 'this private table has started: it shows only to its players';
      send(socket, { type: 'error', code: 'ERR_PRIVATE', message, table: room.id });
    }
  }

  private connected(socket: Socket): void {
    const { games, log, socketLimit, joinLimit, watchers, opts } = this;
    // Handlers are set at once (a message may come before the session is looked up); they wait for it.
    const token = sessionToken(socket);
    const playerOf = this.accounts.byToken(token).catch(() => null);
    void playerOf.then((p) => {
      if (!socket.connected) return;
      if (p) void socket.join([playerRoom(p.id), sessionRoom(token!)]); // "log out everywhere" finds his sockets by it
      for (const plugin of this.plugins) plugin.connected?.(socket, p);
    });
    let player: Player | null = null;
    const address = opts.limitKeyOf(socket.request);
    const key = `${address}:${socket.id}`;
    const joined = new Set<string>();
    this.joinedBy.set(socket, joined);
    socket.on('message', async (raw: unknown) => {
      const received = performance.now();
      player = await playerOf;
      const limited = await socketLimit.take(key);
      if (limited !== 'ok') {
        send(socket, { type: 'error', code: 'ERR_RATE', message: 'too many messages; slow down' });
        if (limited === 'flood') socket.disconnect(true); // cut off
        return;
      }
      const parsed = ClientMessage.safeParse(raw);
      if (!parsed.success) {
        send(socket, { type: 'error', code: 'ERR_SCHEMA', message: parsed.error.issues[0]?.message ?? 'bad message' });
        return;
      }
      const m = parsed.data;
      try {
        if (m.type === 'join') {
          if (player) await opts.mayJoin?.(player.id);
          if (!joined.has(m.table) && joined.size >= opts.tablesPerSocket)
            throw new GameError('ERR_TOO_MANY', `one connection is at ${opts.tablesPerSocket} tables at most`);
          // A table in memory costs nothing to join; any other costs a read of the log (or a miss): budgeted.
          const inMemory = games.cached(m.table) !== undefined || this.finished.has(m.table);
          if (!inMemory && !(await take(joinLimit, address)))
            throw new GameError('ERR_RATE', 'too many joins; slow down');
          let room = await this.finished.room(m.table);
          if (room.status !== 'finished' && games.cluster) {
            await games.fresh(room.id); // another process may have written since this copy last heard
            room = await this.finished.room(room.id);
          }
          const seat = seatIn(room, player);
          if (!room.showsTo(player?.id ?? null))
            throw new GameError('ERR_PRIVATE', 'a private table shows only to its players once it has started');
          let socks = watchers.get(room.id);
          if (!socks) watchers.set(room.id, (socks = new Map()));
          socks.set(socket, player);
          joined.add(room.id);
          this.tellSpectators(room.id);
          if (seat !== null && player && room.status !== 'finished') {
            await games.returned(room.id, player.id);
            room = await this.finished.room(room.id); // the table as it is after his return
          }
          // A client that says what it has seen gets what it missed, when the table still remembers it.
          const missed =
            m.version === undefined || room.status === 'finished' ? null : await games.missed(room.id, m.version);
          const view = this.finished.memo(room, `view:${seat}`, () => room.viewOf(seat));
          const now = { table: this.infoFor(room), version: room.version, seat, view };
          send(socket, missed ? { type: 'missed', events: missed, ...now } : { type: 'snapshot', ...now });
          for (const plugin of this.plugins) plugin.joined?.(socket, player, room);
        } else if (m.type === 'act') {
          if (!player) throw new GameError('ERR_AUTH', 'log in or play as a guest first');
          // Kept: written, and its event sent to every socket at the table here (Games told the hub first).
          await games.act(m.table, player, m.version, m.action);
          opts.acted?.('ok', performance.now() - received);
        } else if (m.type === 'ready') {
          if (!player) throw new GameError('ERR_AUTH', 'log in or play as a guest first');
          await games.ready(m.table, player);
        } else if (m.type === 'leave') {
          if (!player) throw new GameError('ERR_AUTH', 'log in or play as a guest first');
          await games.leave(m.table, player);
        } else {
          for (const plugin of this.plugins) if (await plugin.message?.(socket, player, m)) break;
        }
      } catch (e) {
        if (m.type === 'act') {
          const refused = e instanceof GameError && e.code !== 'ERR_INTERNAL';
          opts.acted?.(refused ? 'refused' : 'failed', performance.now() - received);
        }
        if (e instanceof GameError)
          send(socket, {
            type: 'error',
            code: e.code,
            message: e.message,
            table: m.table,
            ...(e.detail && { detail: e.detail }),
          });
        else {
          log.error({ err: e }, 'message failed');
          send(socket, { type: 'error', code: 'ERR_INTERNAL', message: 'the server failed; nothing was changed' });
        }
      }
    });
    socket.on('disconnect', () => {
      socketLimit.forget(key);
      for (const id of [...joined]) {
        this.forget(socket, id);
        const socks = watchers.get(id);
        const me = player;
        const live = games.cached(id); // a finished table has nobody to stand in for (and is not rebuilt for it)
        if (!me || !live || live.status === 'finished') continue;
        const still = [...(socks?.values() ?? [])].some((p) => p?.id === me.id);
        if (!still) games.dropped(id, me.id);
      }
      for (const plugin of this.plugins) plugin.disconnected?.(socket, player);
    });
  }

  /**
   * Close every socket of a player, in every process (the adapter carries it): his sessions have
   * ended ("log out everywhere"), and a socket keeps the player it was opened with. Those opened
   * with the session `keep` stay (a changed password ends only his other sessions).
   */
  async disconnectPlayer(playerId: number, keep?: string): Promise<void> {
    const sockets = this.io.in(playerRoom(playerId));
    await (keep === undefined ? sockets : sockets.except(sessionRoom(keep))).disconnectSockets(true);
  }

  /** Stop the pending spectator counts (the sockets close with the server). */
  close(): void {
    for (const t of this.countTimers.values()) clearTimeout(t);
  }
}

// The table chat over the sockets: a line in (checked, limited, placed by the table's moment), out
// to every socket at the table that may read it and has not muted its writer; mutes; reports kept
// for the operator. Words are plain text: the client shows them as text, never as HTML.
import type { ChatLine, ClientMessage, Player, ServerMessage } from '@baska/protocol';
import type { Logger } from 'pino';
import type { Socket } from 'socket.io';
import type { Db } from '../db.js';
import type { HubPlugin } from '../hub.js';
import { GameError } from '../errors.js';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { type Limiters, take, windowOf } from '../limits.js';
import type { Room } from '../room.js';
import type { Channel } from '../cluster/cluster.js';
import { type ChatBook, ChatLines, readable } from './lines.js';

type ChatMessage = Extract<ClientMessage, { type: 'chat' | 'mute' | 'report' }>;

export interface ChatOptions {
  /** Lines a minute one person may write (bursts of a fifth of that, at least 3). */
  perMinute: number;
  /** Where the limit per person is counted: this process's memory, or Redis for all (limits.ts). */
  limiters: Limiters;
  /**
   * With several processes (decision 008): the lines kept in Redis, and word of each line to the
   * other processes, each of which sends it to its own sockets that may read it.
   */
  shared?: { book: ChatBook; channel: Channel };
  /** Refuses a muted or banned writer's line (moderation/service.ts, mayChat). */
  mayChat?: (player: number) => Promise<void>;
}

/** The sockets at a table, each with its player (null: not logged in). */
export type SocketsAt = (id: string) => Iterable<[Socket, Player | null]>;

/** A table as this process has it (`now`), or as the log has it (`fresh`: with several processes, read first). */
export interface Rooms {
  now(id: string): Promise<Room>;
  fresh(id: string): Promise<Room>;
}

const send = (socket: Socket, m: ServerMessage) => socket.emit('message', m);

export class ChatRelay implements HubPlugin {
  readonly lines: ChatBook;
  private readonly limit: RateLimiterAbstract;
  /** The writers each socket has muted. */
  private readonly mutes = new WeakMap<Socket, Set<number>>();

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly socketsAt: SocketsAt,
    private readonly rooms: Rooms,
    private readonly opts: ChatOptions,
  ) {
    const burst = Math.max(3, Math.round(opts.perMinute / 5));
    this.lines = opts.shared?.book ?? new ChatLines();
    this.limit = opts.limiters('chat', windowOf(opts.perMinute / 60, burst));
    opts.shared?.channel.hear('chat', (w) => void this.deliver(w.table, w.line));
  }

  /** The hub's message: a chat line, a mute or a report; false for any other. */
  readonly message = async (socket: Socket, player: Player | null, m: ClientMessage): Promise<boolean> => {
    if (m.type !== 'chat' && m.type !== 'mute' && m.type !== 'report') return false;
    this.at(socket, m.table);
    // A line is placed by the table's moment (in a deal or not): as the log has it, not as this copy last heard.
    await this.handle(socket, player, await (m.type === 'chat' ? this.rooms.fresh : this.rooms.now)(m.table), m);
    return true;
  };

  /** Where the socket is at the table, or a refusal: one chats only at a table one has joined. */
  private at(socket: Socket, id: string): Player | null {
    for (const [s, p] of this.socketsAt(id)) if (s === socket) return p;
    throw new GameError('ERR_NOT_FOUND', 'join the table first');
  }

  private readableBy(socket: Socket, room: Room, p: Player | null, line: ChatLine): boolean {
    if (this.mutes.get(socket)?.has(line.from.id)) return false;
    return readable(line, p ? room.seatOf(p.id) : null);
  }

  /** A line to this process's sockets at the table that may read it and have not muted its writer. */
  private async deliver(id: string, line: ChatLine): Promise<void> {
    const socks = [...this.socketsAt(id)];
    if (socks.length === 0) return;
    const room = await this.rooms.now(id).catch(() => null);
    if (!room) return;
    for (const [s, p] of socks)
      if (this.readableBy(s, room, p, line)) send(s, { type: 'chat', table: room.id, lines: [line] });
  }

  private async handle(socket: Socket, player: Player | null, room: Room, m: ChatMessage): Promise<void> {
    if (!player) throw new GameError('ERR_AUTH', 'log in or play as a guest first');
    if (m.type === 'mute') {
      let muted = this.mutes.get(socket);
      if (!muted) this.mutes.set(socket, (muted = new Set()));
      if (m.muted) muted.add(m.player);
      else muted.delete(m.player);
      if (!m.muted) send(socket, { type: 'chat', table: room.id, lines: await this.visibleTo(socket, player, room) });
      return;
    }
    if (m.type === 'report') return this.report(socket, player, room, m.line);
    if ((m.text === undefined) === (m.phrase === undefined))
      throw new GameError('ERR_SCHEMA', 'a chat line is either text or a quick phrase');
    await this.opts.mayChat?.(player.id);
    if (!(await take(this.limit, String(player.id)))) throw new GameError('ERR_RATE', 'too many chat lines; slow down');
    const line = await this.lines.add(room, player, { text: m.text, phrase: m.phrase });
    this.opts.shared?.channel.say({ kind: 'chat', table: room.id, line });
    await this.deliver(room.id, line);
  }

  private async visibleTo(socket: Socket, p: Player | null, room: Room): Promise<ChatLine[]> {
    const seat = p ? room.seatOf(p.id) : null;
    const muted = this.mutes.get(socket);
    return (await this.lines.visible(room.id, seat)).filter((l) => !muted?.has(l.from.id));
  }

  /** A socket has joined a table: the lines it may read so far. */
  readonly joined = (socket: Socket, p: Player | null, room: Room): void => {
    this.visibleTo(socket, p, room).then(
      (lines) => {
        if (lines.length) send(socket, { type: 'chat', table: room.id, lines });
      },
      (err) => this.log.warn({ err, table: room.id }, 'reading the chat failed'),
    );
  };

  /** A line reported: kept with its words for the operator (once per reader), and logged. */
  private async report(socket: Socket, reporter: Player, room: Room, id: number): Promise<void> {
    const line = await this.lines.line(room.id, id);
    // A muted writer's line may still be reported (one mutes and reports); a line one could not read may not.
    if (!line || !readable(line, room.seatOf(reporter.id)))
      throw new GameError('ERR_NOT_FOUND', `no chat line ${id} here`);
    if (!(await take(this.limit, String(reporter.id))))
      throw new GameError('ERR_RATE', 'too many chat lines; slow down');
    await this.db
      .insertInto('chat_report')
      .values({
        table_id: room.id,
        line_id: id,
        reporter_id: reporter.id,
        author_id: line.from.id,
        line: JSON.stringify(line),
        at: new Date().toISOString(),
      })
      .onConflict((c) => c.columns(['table_id', 'line_id', 'reporter_id']).doNothing())
      .execute();
    this.log.warn({ table: room.id, line, reporter: reporter.id }, 'a chat line was reported');
  }
}

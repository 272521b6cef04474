// Who is online: the people with a socket open now, the tables their sockets joined, and the
// addresses they connect from (for the fair-play marks). A hub plugin: it only watches sockets.
// With several processes (decision 008) each process also writes its people to Redis
// (cluster/online.ts), reads everyone's from there, and sends a message for a player's sockets on
// the other processes through the cluster's channel.
import type { Player, ServerMessage } from '@baska/protocol';
import type { Socket } from 'socket.io';
import type { AddressOf } from '../client-address.js';
import type { Channel } from '../cluster/cluster.js';
import type { OnlineEntry, SharedOnline } from '../cluster/online.js';
import type { HubPlugin } from '../hub.js';
import type { Room } from '../room.js';

interface Present {
  player: Player;
  sockets: Set<Socket>;
}

export interface Online {
  player: Player;
  tables: Set<string>;
}

export class Presence implements HubPlugin {
  private readonly people = new Map<number, Present>();
  /** The tables each socket has joined. */
  private readonly tables = new WeakMap<Socket, Set<string>>();
  private readonly owners = new WeakMap<Socket, number>();

  constructor(
    /** The client's address (behind a trusted proxy, from X-Forwarded-For; not the proxy's). */
    private readonly addressOf: AddressOf,
    private readonly shared?: { online: SharedOnline; channel: Channel },
  ) {
    shared?.channel.hear('tell', (w) => this.tellHere(w.player, w.message));
  }

  readonly connected = (socket: Socket, player: Player | null): void => {
    if (!player) return;
    let p = this.people.get(player.id);
    if (!p) this.people.set(player.id, (p = { player, sockets: new Set() }));
    p.sockets.add(socket);
    this.owners.set(socket, player.id);
    this.share(player.id);
  };

  readonly disconnected = (socket: Socket): void => {
    const id = this.owners.get(socket);
    const p = id === undefined ? undefined : this.people.get(id);
    if (p?.sockets.delete(socket) && p.sockets.size === 0) this.people.delete(id!);
    if (id !== undefined) this.share(id);
  };

  readonly joined = (socket: Socket, player: Player | null, room: Room): void => {
    let t = this.tables.get(socket);
    if (!t) this.tables.set(socket, (t = new Set()));
    const known = t.has(room.id);
    t.add(room.id);
    if (player && !known) this.share(player.id);
  };

  /** A person as this process has him: his tables and addresses over his sockets here. */
  private here(p: Present): OnlineEntry {
    return {
      player: p.player,
      tables: [...new Set([...p.sockets].flatMap((s) => [...(this.tables.get(s) ?? [])]))],
      addresses: [...new Set([...p.sockets].map((s) => this.addressOf(s.request)))],
    };
  }

  /** With several processes: write what this process has of a person. */
  private share(id: number): void {
    const p = this.people.get(id);
    this.shared?.online.put(id, p ? this.here(p) : null);
  }

  /** The people online now (in every process; this one's alone while Redis is away), each with the tables his sockets are at. */
  async list(): Promise<Online[]> {
    const local = () => [...this.people.values()].map((p) => this.here(p));
    const entries = this.shared ? await this.shared.online.all().catch(local) : local();
    return entries.map((e) => ({ player: e.player, tables: new Set(e.tables) }));
  }

  async isOnline(player: number): Promise<boolean> {
    if (this.people.has(player)) return true;
    return this.shared ? (await this.everywhere([player])).has(player) : false;
  }

  /** These people as every process has them (none while Redis is away). */
  private everywhere(players: number[]): Promise<Map<number, OnlineEntry>> {
    return this.shared!.online.of(players).catch(() => new Map<number, OnlineEntry>());
  }

  /** The addresses each of these players connects from now (in every process). */
  async addressesOf(players: number[]): Promise<Map<number, Set<string>>> {
    const found = this.shared ? await this.everywhere(players) : new Map<number, OnlineEntry>();
    return new Map(
      players.map((id) => {
        const p = this.people.get(id);
        return [id, new Set([...(found.get(id)?.addresses ?? []), ...(p ? this.here(p).addresses : [])])];
      }),
    );
  }

  /** Tell every socket of a player, in every process. */
  tell(player: number, m: ServerMessage): void {
    this.tellHere(player, m);
    this.shared?.channel.say({ kind: 'tell', player, message: m });
  }

  private tellHere(player: number, m: ServerMessage): void {
    for (const s of this.people.get(player)?.sockets ?? []) s.emit('message', m);
  }
}

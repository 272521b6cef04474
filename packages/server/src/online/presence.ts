// Who is online: the people with a socket open now, the tables their sockets joined, and the
// addresses they connect from (for the fair-play marks). A hub plugin: it only watches sockets.
import type { Player, ServerMessage } from '@baska/protocol';
import type { Socket } from 'socket.io';
import type { HubPlugin } from '../hub.js';
import type { Room } from '../room.js';

interface Present {
  player: Player;
  sockets: Set<Socket>;
}

export class Presence implements HubPlugin {
  private readonly people = new Map<number, Present>();
  /** The tables each socket has joined. */
  private readonly tables = new WeakMap<Socket, Set<string>>();
  private readonly owners = new WeakMap<Socket, number>();

  readonly connected = (socket: Socket, player: Player | null): void => {
    if (!player) return;
    let p = this.people.get(player.id);
    if (!p) this.people.set(player.id, (p = { player, sockets: new Set() }));
    p.sockets.add(socket);
    this.owners.set(socket, player.id);
  };

  readonly disconnected = (socket: Socket): void => {
    const id = this.owners.get(socket);
    const p = id === undefined ? undefined : this.people.get(id);
    if (p?.sockets.delete(socket) && p.sockets.size === 0) this.people.delete(id!);
  };

  readonly joined = (socket: Socket, _player: Player | null, room: Room): void => {
    let t = this.tables.get(socket);
    if (!t) this.tables.set(socket, (t = new Set()));
    t.add(room.id);
  };

  /** The people online now, each with the tables his sockets are at. */
  list(): { player: Player; tables: Set<string> }[] {
    return [...this.people.values()].map((p) => ({
      player: p.player,
      tables: new Set([...p.sockets].flatMap((s) => [...(this.tables.get(s) ?? [])])),
    }));
  }

  isOnline(player: number): boolean {
    return this.people.has(player);
  }

  /** The addresses a player connects from now. */
  addressesOf(player: number): Set<string> {
    return new Set([...(this.people.get(player)?.sockets ?? [])].map((s) => s.handshake.address));
  }

  /** Tell every socket of a player. */
  tell(player: number, m: ServerMessage): void {
    for (const s of this.people.get(player)?.sockets ?? []) s.emit('message', m);
  }
}

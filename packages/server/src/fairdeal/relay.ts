// Verifiable deals over the sockets (decision 013): a client says it contributes (the deals of the
// table then wait a moment for its seat), and sends its contribution to the next deal.
import type { ClientMessage, Player } from '@baska/protocol';
import type { Socket } from 'socket.io';
import type { SharedContributors } from '../cluster/contributors.js';
import { GameError } from '../errors.js';
import type { Games } from '../games.js';
import type { HubPlugin } from '../hub.js';

export class Contributions implements HubPlugin {
  /** By table: the players whose sockets said they contribute, with those sockets. */
  private readonly byTable = new Map<string, Map<number, Set<Socket>>>();
  private readonly tablesOf = new WeakMap<Socket, Set<string>>();

  constructor(
    private readonly games: Games,
    /** With several processes: the contributors whose sockets are on the others (cluster/contributors.ts). */
    private readonly shared?: SharedContributors,
  ) {
    games.contributors = (id) => {
      const here = this.byTable.get(id)?.keys() ?? [];
      return shared ? new Set([...here, ...shared.of(id)]) : new Set(here);
    };
  }

  readonly message = async (socket: Socket, player: Player | null, m: ClientMessage): Promise<boolean> => {
    if (m.type !== 'contributes' && m.type !== 'contribute') return false;
    if (!player) throw new GameError('ERR_AUTH', 'log in or play as a guest first');
    if (m.type === 'contribute') {
      await this.games.contribute(m.table, player, m.deal, m.value);
      return true;
    }
    let players = this.byTable.get(m.table);
    if (!players) this.byTable.set(m.table, (players = new Map()));
    let sockets = players.get(player.id);
    const added = !sockets;
    if (!sockets) players.set(player.id, (sockets = new Set()));
    sockets.add(socket);
    let tables = this.tablesOf.get(socket);
    if (!tables) this.tablesOf.set(socket, (tables = new Set()));
    tables.add(m.table);
    if (added) this.share(m.table);
    return true;
  };

  readonly disconnected = (socket: Socket, player: Player | null): void => {
    for (const id of this.tablesOf.get(socket) ?? []) {
      const players = this.byTable.get(id);
      let gone = false;
      for (const [p, sockets] of players ?? [])
        if (sockets.delete(socket) && sockets.size === 0) {
          players!.delete(p);
          gone = true;
        }
      if (players?.size === 0) this.byTable.delete(id);
      if (gone) this.share(id);
    }
    void player;
  };

  /** With several processes: this process's contributors at a table, for the others. */
  private share(id: string): void {
    this.shared?.set(id, [...(this.byTable.get(id)?.keys() ?? [])]);
  }
}

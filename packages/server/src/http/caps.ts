// The caps on open tables (not yet finished): a few per player and per address, so that one guest
// cannot fill the lobby. Creations under way count too, so that a burst cannot slip past. This
// process's memory keeps the tables created from each address; with several processes the count
// is kept in Redis instead (cluster/caps.ts), or three processes would allow three times the cap.
import type { Config } from '../config.js';
import { GameError } from '../errors.js';
import type { Games } from '../games.js';

/** After a creation checked by `reserve`: the new table's id, or null when none was made. */
export type Created = (table: string | null) => Promise<void>;

export interface TableCaps {
  /** Check the caps for a table `player` creates from `address` (ERR_TOO_MANY over one); then call the answer. */
  reserve(player: number, address: string): Promise<Created>;
}

export const tooMany = (cap: number, of: 'player' | 'address') =>
  new GameError('ERR_TOO_MANY', `${cap} open tables per ${of} at most`);

/** One process: the tables created from each address in memory, pruned to the open ones whenever counted. */
export class LocalCaps implements TableCaps {
  private readonly byAddress = new Map<string, string[]>();
  /** Creations under way, by player and by address. */
  private readonly underWay = new Map<string, number>();

  constructor(
    private readonly games: Games,
    private readonly config: Pick<Config, 'openTablesPerPlayer' | 'openTablesPerAddress'>,
  ) {}

  private bump(key: string, by: number): void {
    const n = (this.underWay.get(key) ?? 0) + by;
    if (n > 0) this.underWay.set(key, n);
    else this.underWay.delete(key);
  }

  async reserve(player: number, address: string): Promise<Created> {
    const keys = [`p:${player}`, `a:${address}`];
    for (const k of keys) this.bump(k, 1);
    const done: Created = async (table) => {
      if (table) {
        if (this.byAddress.size > 100_000) this.byAddress.clear(); // bounded memory under a storm of addresses
        this.byAddress.set(address, [...new Set([...(this.byAddress.get(address) ?? []), table])]);
      }
      for (const k of keys) this.bump(k, -1);
    };
    try {
      const { openTablesPerPlayer: perPlayer, openTablesPerAddress: perAddress } = this.config;
      const mine = await this.games.openTables({ owner: player });
      const fromHere = await this.games.openTables({ ids: this.byAddress.get(address) ?? [] });
      this.byAddress.set(address, fromHere);
      if (mine.length + (this.underWay.get(keys[0]!) ?? 1) - 1 >= perPlayer) throw tooMany(perPlayer, 'player');
      if (fromHere.length + (this.underWay.get(keys[1]!) ?? 1) - 1 >= perAddress) throw tooMany(perAddress, 'address');
    } catch (e) {
      await done(null);
      throw e;
    }
    return done;
  }
}

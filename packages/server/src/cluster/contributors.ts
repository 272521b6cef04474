// The players whose clients add contributions to a table's deals, across the processes (decision
// 013 and 008): a player's socket may be on one process while another runs the table's time, and
// either process may write the contribution that completes the deal, so each must know whom the
// deal waits for. A hash per table in Redis, a field per process (the players whose sockets there
// said they contribute); each process keeps the others' as last read, refreshed when one of them
// tells of a change, and read whenever it loads the table.
import type { RedisClientType } from 'redis';
import type { Channel } from './cluster.js';
import { ofTheLiving } from './presence.js';

export class SharedContributors {
  /** By table: the players the other processes' sockets contribute for, as last read. */
  private readonly others = new Map<string, Set<number>>();
  /** By table: this process's own, to write again after a Redis restart. */
  private readonly mine = new Map<string, number[]>();

  constructor(
    /** Writes go through the client that queues them while Redis is away. */
    private readonly redis: RedisClientType,
    /** Reads fail at once while Redis is away (a table is not held up loading). */
    private readonly quick: RedisClientType,
    private readonly prefix: string,
    private readonly me: string,
    private readonly channel: Channel,
    /** Is the table in this process's memory (only those are followed)? */
    private readonly followed: (table: string) => boolean,
  ) {
    channel.hear('contributors', (w) => {
      if (this.followed(w.table)) void this.read(w.table).catch(() => {});
    });
  }

  private key(table: string): string {
    return `${this.prefix}:contrib:${table}`;
  }

  /** This process's contributors at a table changed: write them, and tell the others to read again. */
  set(table: string, players: number[]): void {
    if (players.length) this.mine.set(table, players);
    else this.mine.delete(table);
    const m = players.length
      ? this.redis
          .multi()
          .hSet(this.key(table), this.me, JSON.stringify(players))
          .expire(this.key(table), 24 * 3600)
      : this.redis.multi().hDel(this.key(table), this.me);
    m.exec().then(
      () => this.channel.say({ kind: 'contributors', table }),
      () => {},
    );
  }

  /** The other processes' contributors at a table, as last read. */
  of(table: string): ReadonlySet<number> {
    return this.others.get(table) ?? new Set();
  }

  /** Read the other processes' contributors at a table (those alive). */
  async read(table: string): Promise<void> {
    const players = new Set<number>();
    for (const [proc, value] of await ofTheLiving(this.quick, this.prefix, this.key(table)))
      if (proc !== this.me) for (const p of JSON.parse(value) as number[]) players.add(p);
    if (players.size) this.others.set(table, players);
    else this.others.delete(table);
  }

  /** The table left this process's memory. */
  forget(table: string): void {
    this.others.delete(table);
  }

  /** Redis is back (maybe without its data): write this process's contributors again. */
  async rewrite(): Promise<void> {
    for (const [table, players] of this.mine) this.set(table, players);
  }
}

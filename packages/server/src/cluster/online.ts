// Who is online across the processes (decision 008): each process writes its own people to a hash
// of its own in Redis (a field per player: the player, the tables his sockets joined, the addresses
// they come from), and lists the processes in a set. Reading merges the hashes of the processes
// alive now (their heartbeat, presence.ts): a process killed with -9 drops out when its heartbeat
// ends, its hash expires (each process renews its own), and a reader takes it out of the set once
// its hash is gone. After Redis comes back (maybe empty), each process writes its people again.
import type { Player } from '@baska/protocol';
import type { RedisClientType } from 'redis';
import { aliveKey } from './presence.js';

/** One person online on one process (several processes' entries of a person are merged). */
export interface OnlineEntry {
  player: Player;
  tables: string[];
  addresses: string[];
}

/** A process's hash lives this long unless renewed (it renews it every fifth of that). */
const LIFE_MS = 10 * 60 * 1000;

export class SharedOnline {
  /** What this process has written, to write again after a Redis restart. */
  private readonly mine = new Map<number, OnlineEntry>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    /** Writes go through the client that queues them while Redis is away. */
    private readonly redis: RedisClientType,
    /** Reads fail at once while Redis is away (the caller answers from this process alone). */
    private readonly quick: RedisClientType,
    private readonly prefix: string,
    private readonly me: string,
  ) {
    this.timer = setInterval(() => {
      if (this.mine.size) this.redis.pExpire(this.key(this.me), LIFE_MS).catch(() => {});
    }, LIFE_MS / 5);
    this.timer.unref();
  }

  private key(proc: string): string {
    return `${this.prefix}:online:${proc}`;
  }

  private get procs(): string {
    return `${this.prefix}:procs`;
  }

  /** A person's entry here changed (null: he has no socket here any more). */
  put(player: number, entry: OnlineEntry | null): void {
    if (entry) this.mine.set(player, entry);
    else this.mine.delete(player);
    // The client queues these while Redis reconnects; an error is made up by the rewrite after it.
    const write = entry
      ? this.redis
          .multi()
          .sAdd(this.procs, this.me)
          .hSet(this.key(this.me), String(player), JSON.stringify(entry))
          .pExpire(this.key(this.me), LIFE_MS)
      : this.redis.multi().hDel(this.key(this.me), String(player));
    write.exec().catch(() => {});
  }

  /** Redis is back (maybe without its data): write this process's people again. */
  async rewrite(): Promise<void> {
    const m = this.redis.multi().del(this.key(this.me)).sAdd(this.procs, this.me);
    for (const [id, e] of this.mine) m.hSet(this.key(this.me), String(id), JSON.stringify(e));
    await m.pExpire(this.key(this.me), LIFE_MS).exec();
  }

  /** Everyone online in the processes alive now, each person's entries merged. */
  async all(): Promise<OnlineEntry[]> {
    return this.merge(await this.entries((key) => this.quick.hVals(key)));
  }

  /** These people's entries (merged; absent: not online). */
  async of(players: number[]): Promise<Map<number, OnlineEntry>> {
    if (players.length === 0) return new Map();
    const fields = players.map(String);
    const found = await this.entries(async (key) => (await this.quick.hmGet(key, fields)).filter((v) => v !== null));
    return new Map(this.merge(found).map((e) => [e.player.id, e]));
  }

  /**
   * The values `read` finds in the hash of each process alive. A process without a heartbeat is
   * left out (its heartbeat may be missing a moment after a Redis restart, so its hash stays), and
   * taken out of the set once its hash has expired.
   */
  private async entries(read: (key: string) => Promise<(string | null)[]>): Promise<OnlineEntry[]> {
    const procs = await this.quick.sMembers(this.procs);
    if (procs.length === 0) return [];
    const alive = await this.quick.mGet(procs.map((p) => aliveKey(this.prefix, p)));
    const silent = procs.filter((p, i) => alive[i] === null && p !== this.me);
    const gone = (
      await Promise.all(silent.map(async (p) => ((await this.quick.exists(this.key(p))) ? [] : [p])))
    ).flat();
    if (gone.length) await this.quick.sRem(this.procs, gone);
    const living = procs.filter((p, i) => alive[i] !== null || p === this.me);
    const values = (await Promise.all(living.map((p) => read(this.key(p))))).flat();
    return values.flatMap((v) => (v === null ? [] : [JSON.parse(v) as OnlineEntry]));
  }

  private merge(entries: OnlineEntry[]): OnlineEntry[] {
    const by = new Map<number, OnlineEntry>();
    for (const e of entries) {
      const had = by.get(e.player.id);
      by.set(
        e.player.id,
        had
          ? {
              player: e.player,
              tables: [...new Set([...had.tables, ...e.tables])],
              addresses: [...new Set([...had.addresses, ...e.addresses])],
            }
          : e,
      );
    }
    return [...by.values()];
  }

  /** A graceful close: this process's people are gone from the list at once (not waiting for a Redis that is away). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.quick.multi().del(this.key(this.me)).sRem(this.procs, this.me).exec();
  }
}

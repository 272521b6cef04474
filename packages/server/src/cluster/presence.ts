// Who is at a table across the processes: each process writes, per table, how many of its sockets
// are there and who among them watches without a seat (a hash field per process); a process's
// heartbeat key says it is alive, so a process killed with -9 stops counting when its heartbeat ends.
import type { RedisClientType } from 'redis';

export interface AtTable {
  sockets: number;
  /** People (player ids, or socket ids of the anonymous) watching without a seat. */
  spectators: string[];
  /** Players with a socket here (seated or not): a player still here somewhere keeps his seat. */
  players: number[];
}

export interface Everyone {
  sockets: number;
  spectators: number;
  players: Set<number>;
}

/** The key that says a process is alive (its heartbeat, renewed every third of its life). */
export const aliveKey = (prefix: string, proc: string) => `${prefix}:proc:${proc}`;

/**
 * The fields of a hash whose field names are processes, of the processes alive now: a process killed
 * with -9 stops counting when its heartbeat ends. Returns [process, value] pairs.
 */
export async function ofTheLiving(redis: RedisClientType, prefix: string, key: string): Promise<[string, string][]> {
  const fields = await redis.hGetAll(key);
  const procs = Object.keys(fields);
  if (procs.length === 0) return [];
  const alive = await redis.mGet(procs.map((p) => aliveKey(prefix, p)));
  return procs.flatMap((p, i) => (alive[i] === null ? [] : [[p, fields[p]!] as [string, string]]));
}

export class Presence {
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly redis: RedisClientType,
    private readonly prefix: string,
    private readonly me: string,
    private readonly ttlMs: number,
  ) {
    void this.beat();
    this.timer = setInterval(() => void this.beat(), Math.max(100, Math.floor(ttlMs / 3)));
  }

  private alive(proc: string): string {
    return aliveKey(this.prefix, proc);
  }

  private at(table: string): string {
    return `${this.prefix}:at:${table}`;
  }

  private async beat(): Promise<void> {
    await this.redis.set(this.alive(this.me), '1', { expiration: { type: 'PX', value: this.ttlMs } }).catch(() => {});
  }

  /** What this process has at the table now. */
  async set(table: string, here: AtTable): Promise<void> {
    if (here.sockets === 0) await this.redis.hDel(this.at(table), this.me);
    else {
      await this.redis.hSet(this.at(table), this.me, JSON.stringify(here));
      await this.redis.expire(this.at(table), 24 * 3600); // a table nobody leaves cleanly does not stay forever
    }
  }

  /** Everyone at the table, over the processes that are alive. */
  async of(table: string): Promise<Everyone> {
    const players = new Set<number>();
    let sockets = 0;
    const spectators = new Set<string>();
    for (const [, value] of await ofTheLiving(this.redis, this.prefix, this.at(table))) {
      const here = JSON.parse(value) as AtTable;
      sockets += here.sockets;
      for (const s of here.spectators) spectators.add(s);
      for (const p of here.players ?? []) players.add(p);
    }
    return { sockets, spectators: spectators.size, players };
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.redis.del(this.alive(this.me)).catch(() => {});
  }
}

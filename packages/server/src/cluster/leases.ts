// One writer of a table's time at a time: a lease per table in Redis (SET NX PX), renewed while this
// process holds it, released only if it is still ours (compare and delete: a process that lost its
// lease never deletes another's). The lease decides who runs a table's clock, grace timers and bots;
// the log's primary key (game, seq) stays the last word on who wrote what (decision 008).
import type { RedisClientType } from 'redis';

/**
 * Renew each lease that is ours; take it again if Redis lost it (a restart without its data). One
 * answer per key: 1 held, 0 another's. One call for many tables: a call per table was 900 scripts a
 * second for 1,500 tables on three processes (issue 20).
 */
const RENEW = `
local held = {}
for i, key in ipairs(KEYS) do
  local v = redis.call('get', key)
  if v == ARGV[1] then held[i] = redis.call('pexpire', key, ARGV[2])
  elseif not v then redis.call('set', key, ARGV[1], 'PX', ARGV[2]); held[i] = 1
  else held[i] = 0 end
end
return held`;
/** Leases renewed by one call at most (a script holds Redis while it runs: about a millisecond for these). */
const RENEW_BATCH = 1000;
/** Delete the lease only if it is still ours (the fencing check). */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;

export class Leases {
  /** The tables whose lease this process holds, with when it was last confirmed (ms). */
  private readonly held = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly redis: RedisClientType,
    private readonly prefix: string,
    /** This process's token: unique per start, so a restarted process never mistakes an old lease for its own. */
    readonly me: string,
    private readonly ttlMs: number,
    /** The lease on a table is gone (taken by another, or unconfirmed for longer than it lasts). */
    private readonly lost: (id: string) => void,
  ) {
    this.timer = setInterval(() => void this.renew(), Math.max(100, Math.floor(ttlMs / 3)));
  }

  private key(id: string): string {
    return `${this.prefix}:lease:${id}`;
  }

  /** Does this process hold the table's lease now? */
  holds(id: string): boolean {
    const at = this.held.get(id);
    return at !== undefined && Date.now() - at < this.ttlMs;
  }

  get count(): number {
    return this.held.size;
  }

  /** Take the table's lease if it is free or already ours. */
  async take(id: string): Promise<boolean> {
    if (this.holds(id)) return true;
    const at = Date.now();
    const ok = await this.redis.set(this.key(id), this.me, {
      condition: 'NX',
      expiration: { type: 'PX', value: this.ttlMs },
    });
    const mine = ok === 'OK' || (await this.redis.get(this.key(id))) === this.me;
    if (mine) this.held.set(id, at);
    return mine;
  }

  /** Of these tables, the ones whose lease nobody holds. */
  async free(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const owners = await this.redis.mGet(ids.map((id) => this.key(id)));
    return ids.filter((_, i) => owners[i] === null);
  }

  /** Give the lease up (a finished table, a closing process), if it is still ours. */
  async release(id: string): Promise<void> {
    if (!this.held.delete(id)) return;
    await this.redis.eval(RELEASE, { keys: [this.key(id)], arguments: [this.me] }).catch(() => {});
  }

  private async renew(): Promise<void> {
    const ids = [...this.held.keys()];
    const at = Date.now();
    const batches = [];
    for (let i = 0; i < ids.length; i += RENEW_BATCH) batches.push(ids.slice(i, i + RENEW_BATCH));
    // The batches at once, as the tables were one by one: a Redis that does not answer fails them all
    // after the client's timeout, not one batch after another.
    await Promise.all(
      batches.map(async (batch) => {
        let held: unknown;
        try {
          const keys = batch.map((id) => this.key(id));
          held = await this.redis.eval(RENEW, { keys, arguments: [this.me, String(this.ttlMs)] });
        } catch {
          // Redis is away: a lease holds until it would have expired, then the table's time stops here.
          for (const id of batch) {
            const last = this.held.get(id);
            if (last !== undefined && Date.now() - last >= this.ttlMs) this.drop(id);
          }
          return;
        }
        batch.forEach((id, i) => {
          if (!this.held.has(id)) return; // released meanwhile
          if ((held as number[])[i] === 1) this.held.set(id, at);
          else this.drop(id);
        });
      }),
    );
  }

  private drop(id: string): void {
    if (this.held.delete(id)) this.lost(id);
  }

  /** Stop renewing and give every lease up (a graceful close: the others take the tables at once). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all([...this.held.keys()].map((id) => this.release(id)));
  }
}

// The cap on an address's sockets across the processes (decision 008): each address has a sorted
// set in Redis of its sockets' places, each place scored by when its lease ends. A handshake takes a
// place in one script (expired places out, count, add), so handshakes on several processes at once
// are counted one after the other and exactly the cap goes through. A process renews the leases of
// its open sockets (as leases.ts its tables') and gives a place back when its socket closes; a
// process killed with -9 renews nothing, and its places lapse within a lease. A place taken for a
// handshake that never becomes a socket is given back after a moment. Times are Redis's own (TIME),
// so the processes' clocks need not agree.
import { randomBytes } from 'node:crypto';
import type { RedisClientType } from 'redis';

/**
 * KEYS: the address's places. ARGV: the new place, the cap, the lease (ms).
 * Returns 1 (taken) or 0 (the address has the cap already).
 */
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]))
return 1`;

/**
 * KEYS: addresses' places; ARGV: the lease (ms), then a place for each key. Each place's lease is
 * renewed, or written again if Redis lost it (a restart without its data).
 */
const RENEW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ms = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, now + ms, ARGV[i + 1])
  redis.call('PEXPIRE', key, ms)
end
return 0`;

/** Places renewed by one call at most (as leases.ts). */
const RENEW_BATCH = 1000;
/** A place taken for a handshake that has not become a socket by then is given back. */
const HANDSHAKE_MS = 10_000;

export class SharedSockets {
  /** This process's places: the address of each, and whether its socket is open. */
  private readonly held = new Map<string, { address: string; open: boolean }>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    /** The client without a queue: while Redis is away a handshake is answered at once (by this process's count). */
    private readonly redis: RedisClientType,
    private readonly prefix: string,
    private readonly leaseMs: number,
  ) {
    this.timer = setInterval(() => void this.renew(), Math.max(100, Math.floor(leaseMs / 3)));
    this.timer.unref();
  }

  private key(address: string): string {
    return `${this.prefix}:sockets:${address}`;
  }

  /** A place for a socket of this address, or null when it has `cap` sockets over the processes. Throws while Redis is away. */
  async take(address: string, cap: number): Promise<string | null> {
    const place = randomBytes(9).toString('base64url');
    const taken = await this.redis.eval(TAKE, {
      keys: [this.key(address)],
      arguments: [place, String(cap), String(this.leaseMs)],
    });
    if (taken !== 1) return null;
    this.held.set(place, { address, open: false });
    setTimeout(() => {
      if (this.held.get(place)?.open === false) void this.free(place);
    }, HANDSHAKE_MS).unref();
    return place;
  }

  /** The handshake that took this place is a socket now: its place is held until it closes. */
  opened(place: string): void {
    const h = this.held.get(place);
    if (h) h.open = true;
  }

  /** A socket closed (or its handshake came to nothing): its place is free on every process. */
  free(place: string): Promise<unknown> {
    const h = this.held.get(place);
    if (!h) return Promise.resolve();
    this.held.delete(place);
    // While Redis is away the place lapses with its lease instead.
    return this.redis.zRem(this.key(h.address), place).catch(() => {});
  }

  private async renew(): Promise<void> {
    const places = [...this.held];
    for (let i = 0; i < places.length; i += RENEW_BATCH) {
      const batch = places.slice(i, i + RENEW_BATCH);
      await this.redis
        .eval(RENEW, {
          keys: batch.map(([, h]) => this.key(h.address)),
          arguments: [String(this.leaseMs), ...batch.map(([place]) => place)],
        })
        .catch(() => {}); // Redis is away: the places lapse, and handshakes meanwhile count on this process alone
      // A place freed while its renewal was on the way was written again by it: out once more.
      for (const [place, h] of batch)
        if (!this.held.has(place)) await this.redis.zRem(this.key(h.address), place).catch(() => {});
    }
  }

  /** A graceful close: this process's places are free at once. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all([...this.held.keys()].map((place) => this.free(place)));
  }
}

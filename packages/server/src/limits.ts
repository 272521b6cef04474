// The limits (requests and joins per address, messages per connection, chat lines and invitations
// per person, failed logins) are limiters of rate-limiter-flexible: a key may take `points` in a
// window of `seconds` that starts with its first take. In one process they live in its memory; with
// several (REDIS_URL) those that concern an address or a person over the whole deployment live in
// Redis, each with one in memory as its insurance while Redis is away (cluster/limiters.ts).
// A window in memory ends on a timer, not by the wall clock: a clock set back (as on a machine that
// has just booted and syncs its time) does not hold a window shut for an hour.
import { BurstyRateLimiter, type RateLimiterAbstract, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/** `points` a key may take in a window of `seconds` (whole seconds: Redis's expiry counts in them). */
export interface Rule {
  points: number;
  seconds: number;
}

/** A limiter by name (its keys' prefix) and rule: in this process's memory, or in Redis for every process. */
export type Limiters = (name: string, rule: Rule) => RateLimiterAbstract;

export const inMemory: Limiters = (name, { points, seconds }) =>
  new RateLimiterMemory({ keyPrefix: name, points, duration: seconds });

/**
 * A rate with bursts as one window: `burst` points in the time `rate` (a second) takes to give
 * them. The average is the rate; a burst comes at once (two, at most, across a window's end).
 */
export const windowOf = (rate: number, burst: number): Rule => ({
  points: burst,
  seconds: rate > 0 ? Math.max(1, Math.round(burst / rate)) : 1,
});

/** Take a point; false when the key has none left in its window. A store's own error is thrown (none has one with an insurance). */
export async function take(limiter: RateLimiterAbstract, key: string): Promise<boolean> {
  try {
    await limiter.consume(key);
    return true;
  } catch (e) {
    if (e instanceof RateLimiterRes) return false;
    throw e;
  }
}

/**
 * Messages of one connection (it lives on one process: in memory): `perSecond` a second, and as
 * many again once in ten seconds (a reconnect says several things at once). One that sends more
 * than six seconds' worth within a second is a flood: its burst, and four seconds past it.
 */
export class MessageLimit {
  private readonly steady: RateLimiterMemory;
  private readonly extra: RateLimiterMemory;
  private readonly both: BurstyRateLimiter;

  constructor(private readonly perSecond: number) {
    this.steady = new RateLimiterMemory({ keyPrefix: 'messages', points: perSecond, duration: 1 });
    this.extra = new RateLimiterMemory({ keyPrefix: 'messages-burst', points: perSecond, duration: 10 });
    this.both = new BurstyRateLimiter(this.steady, this.extra);
  }

  async take(key: string): Promise<'ok' | 'slow' | 'flood'> {
    try {
      await this.both.consume(key);
      return 'ok';
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) throw e;
      // A refused message still counts (the package counts every take): the second's count grows.
      return e.consumedPoints > this.perSecond * 6 ? 'flood' : 'slow';
    }
  }

  /** The connection closed: its counts go now rather than when their windows end. */
  forget(key: string): void {
    void this.steady.delete(key);
    void this.extra.delete(key);
  }
}

/** Take a point, or the milliseconds until the key has one again (0: taken). */
export async function takeOrWait(limiter: RateLimiterAbstract, key: string): Promise<number> {
  try {
    await limiter.consume(key);
    return 0;
  } catch (e) {
    if (e instanceof RateLimiterRes) return Math.max(1, e.msBeforeNext);
    throw e;
  }
}

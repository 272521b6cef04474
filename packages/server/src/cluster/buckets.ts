// Token buckets kept in Redis, so that a limit per person holds across the processes (a person
// whose sockets are on two processes, or who writes through a load balancer, has one bucket). The
// same rule as limits.ts: `rate` tokens a second up to `burst`, a take that finds none goes further
// into debt. Time is Redis's own clock, the one all processes share; the script runs atomically.
import type { RedisClientType } from 'redis';

/** Take a token: KEYS[1] the bucket; ARGV rate (per s), burst. Returns 1 when one was there. */
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local rate, burst = tonumber(ARGV[1]), tonumber(ARGV[2])
local b = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens, at = tonumber(b[1]) or burst, tonumber(b[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) / 1000 * rate) - 1
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
-- gone once it would be full again (then it starts full, as a new bucket does)
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) / rate * 1000) + 1000)
if tokens >= 0 then return 1 end
return 0`;

export class SharedBuckets {
  constructor(
    private readonly redis: RedisClientType,
    /** The keys' prefix: the deployment's and the limit's name. */
    private readonly prefix: string,
    private readonly rate: number,
    private readonly burst: number,
  ) {}

  /** Take a token from `key`'s bucket; false when it is empty. */
  async take(key: string): Promise<boolean> {
    const r = await this.redis.eval(TAKE, {
      keys: [`${this.prefix}:${key}`],
      arguments: [String(this.rate), String(this.burst)],
    });
    return r === 1;
  }
}

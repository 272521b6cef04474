// The limits that hold over every process (decision 008): chat lines and invitations per person,
// joins and requests per address, failed logins by name and by address. Each is a RateLimiterRedis
// on the client that fails at once while Redis is away (no queue: a request never waits for it);
// then its insurance, a limiter in this process's memory with the same rule, answers: while Redis is
// away each process limits on its own, neither refusing everyone nor letting everyone through (its
// counts start empty, and are not copied back when Redis returns). A key that has used its points is
// refused from this process's memory for the rest of its window (inMemoryBlockOnConsumed), so a
// flood from one address costs Redis nothing more. Redis's key expiry is the clock all share.
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { RedisClientType } from 'redis';
import type { Limiters } from '../limits.js';

export const redisLimiters =
  (client: RedisClientType, prefix: string): Limiters =>
  (name, { points, seconds }) =>
    new RateLimiterRedis({
      storeClient: client,
      useRedisPackage: true, // node-redis (the package's default is ioredis)
      rejectIfRedisNotReady: true,
      keyPrefix: `${prefix}:rl:${name}`,
      points,
      duration: seconds,
      inMemoryBlockOnConsumed: points,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points, duration: seconds }),
    });

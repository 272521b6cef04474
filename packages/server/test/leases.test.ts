// The tables' leases (cluster/leases.ts) against a redis-server of the test's own: renewed while
// held, lost to another holder, set again when Redis lost them, and what a renewal costs Redis.
import type { ChildProcess } from 'node:child_process';
import { type RedisClientType, createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Leases } from '../src/cluster/leases.js';
import { freePort, startRedis, stopChild } from './redis.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let server: ChildProcess;
let redis: RedisClientType;
beforeAll(async () => {
  const port = await freePort();
  server = await startRedis(port);
  redis = createClient({ url: `redis://127.0.0.1:${port}` }) as RedisClientType;
  await redis.connect();
});
afterAll(async () => {
  await redis?.close();
  if (server) await stopChild(server);
});

/** How many times Redis ran each command since the last reset. */
async function calls(): Promise<Record<string, number>> {
  const info = await redis.info('commandstats');
  return Object.fromEntries([...info.matchAll(/cmdstat_(\w+):calls=(\d+)/g)].map((m) => [m[1]!, Number(m[2])]));
}

describe('the leases of a process', () => {
  it('renews every lease it holds in one command a round, however many tables it runs', async () => {
    const leases = new Leases(redis, 'one', 'me', 600, () => {});
    try {
      for (let i = 0; i < 300; i++) expect(await leases.take(`t${i}`)).toBe(true);
      await redis.configResetStat();
      await sleep(1100); // five rounds (every third of the lease), each longer than a lease without renewal
      const ran = await calls();
      expect(ran.eval).toBeGreaterThanOrEqual(3);
      expect(ran.eval).toBeLessThanOrEqual(6); // one a round, not one a table (300 a round)
      const owners = await redis.mGet(Array.from({ length: 300 }, (_, i) => `one:lease:t${i}`));
      expect(owners.every((o) => o === 'me')).toBe(true);
      expect(leases.count).toBe(300);
    } finally {
      await leases.close();
    }
  });

  it('loses a lease another process holds now, and sets again one that Redis lost', async () => {
    const lost: string[] = [];
    const leases = new Leases(redis, 'two', 'me', 600, (id) => lost.push(id));
    try {
      for (const id of ['a', 'b', 'c']) await leases.take(id);
      await redis.set('two:lease:a', 'other', { expiration: { type: 'PX', value: 5000 } });
      await redis.del('two:lease:b');
      await sleep(400);
      expect(lost).toEqual(['a']);
      expect(leases.holds('a')).toBe(false);
      expect(await redis.mGet(['two:lease:a', 'two:lease:b', 'two:lease:c'])).toEqual(['other', 'me', 'me']);
      expect([leases.holds('b'), leases.holds('c'), leases.count]).toEqual([true, true, 2]);
    } finally {
      await leases.close();
    }
    expect(await redis.mGet(['two:lease:a', 'two:lease:b', 'two:lease:c'])).toEqual(['other', null, null]);
  });
});

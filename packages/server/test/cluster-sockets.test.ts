// The cap on an address's sockets over two server processes on one PostgreSQL and one Redis
// (decision 008): the address's sockets on both count together, a socket closed on one process frees
// a place on the other, and the places of a process killed with -9 lapse within a lease. Another
// address is not affected. PostgreSQL is needed (several processes cannot share a SQLite file):
// skipped without BASKA_TEST_PG_URL, which CI sets. Redis is a redis-server of the test's own.
import type { ChildProcess } from 'node:child_process';
import { type Socket, io } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASES, start, stopAll } from './harness.js';
import { freePort, startRedis, stopChild } from './redis.js';

const postgres = DATABASES.find((d) => d.name === 'PostgreSQL');
const CAP = 3;
const LEASE_MS = 1000;

let redis: ChildProcess | undefined;
const open: Socket[] = [];
afterAll(async () => {
  for (const s of open) s.close();
  await stopAll();
  if (redis) await stopChild(redis);
});

/** A socket from `address` (as the proxy in front tells it): connected, or the refusal (a websocket's says only that it failed). */
function socketFrom(url: string, address: string): Promise<Socket | string> {
  const s = io(url, { extraHeaders: { 'x-forwarded-for': address }, transports: ['websocket'], reconnection: false });
  return new Promise((resolve) => {
    s.once('connect', () => (open.push(s), resolve(s)));
    s.once('connect_error', (e) => (s.close(), resolve(`refused: ${e.message}`)));
  });
}

/** Whether one more socket from `address` is let in (if it is, it stays open and counts). */
const attempt = async (url: string, address: string) =>
  typeof (await socketFrom(url, address)) === 'string' ? 'refused' : 'connected';

/** Ask until a socket from `address` connects (a place freed elsewhere reaches Redis a moment later). */
async function socketOnceFree(url: string, address: string, ms: number): Promise<Socket> {
  const until = Date.now() + ms;
  for (;;) {
    const s = await socketFrom(url, address);
    if (typeof s !== 'string') return s;
    if (Date.now() > until) throw new Error(`no place for ${address} within ${ms} ms: ${s}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!postgres)('an address’s sockets over two processes', () => {
  it('are capped together: a socket closed on one process frees a place on the other; a killed process’s places lapse', async () => {
    const port = await freePort();
    redis = await startRedis(port);
    const env = {
      ...postgres!.env(),
      REDIS_URL: `redis://127.0.0.1:${port}`,
      BASKA_REDIS_PREFIX: 'sockets',
      BASKA_LEASE_MS: String(LEASE_MS),
      BASKA_SOCKETS_PER_ADDRESS: String(CAP),
      BASKA_TRUST_PROXY: 'loopback', // the address is the one the proxy in front says
    };
    const p = await start(env); // one after the other: the first creates the schema
    const q = await start(env);
    const address = '203.0.113.7';

    // Two sockets on p and one on q: the cap of three is reached on neither process alone.
    const onP = [await socketFrom(p.url, address), await socketFrom(p.url, address)];
    const onQ = await socketFrom(q.url, address);
    for (const s of [...onP, onQ]) expect(typeof s).not.toBe('string');
    expect(await attempt(q.url, address)).toBe('refused');
    expect(await attempt(p.url, address)).toBe('refused');
    // Another address has places of its own.
    expect(await attempt(q.url, '203.0.113.8')).toBe('connected');

    // One closed on p: q takes its place, and then the address is full again.
    (onP[0] as Socket).close();
    await socketOnceFree(q.url, address, 5000);
    expect(await attempt(p.url, address)).toBe('refused');

    // q killed with -9 (two of the address's sockets were there): their places lapse within a lease.
    await q.stop('SIGKILL');
    expect(await attempt(p.url, address)).toBe('refused');
    await socketOnceFree(p.url, address, 5 * LEASE_MS);
    await socketOnceFree(p.url, address, 5 * LEASE_MS);
    expect(await attempt(p.url, address)).toBe('refused');
  });
});

// The token buckets behind the rate limits: a rate, a burst, a debt for floods, and no harm
// from a wall clock that is set back; the lockouts after failed logins, by name and by address; the gate
// that lets one password hash run at a time.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Buckets } from '../src/limits.js';
import { HashGate } from '../src/hash-gate.js';
import { Lockouts, type RateLimited, addressKey } from '../src/login-limits.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('Buckets', () => {
  it('lets a burst through, then refuses, and keys are separate', () => {
    const b = new Buckets(1, 3);
    expect([b.take('a'), b.take('a'), b.take('a'), b.take('a')]).toEqual([true, true, true, false]);
    expect(b.take('b')).toBe(true);
    b.forget('a');
    expect(b.take('a')).toBe(true);
  });

  it('refills at its rate on the monotonic clock', async () => {
    const b = new Buckets(100, 1);
    expect(b.take('a')).toBe(true);
    expect(b.take('a')).toBe(false); // one token of debt
    await new Promise((r) => setTimeout(r, 40)); // 4 tokens' worth, capped at the burst
    expect(b.take('a')).toBe(true);
  });

  it('a wall clock set back an hour does not drain the buckets', () => {
    vi.useFakeTimers({ toFake: ['Date'] }); // only Date.now moves; performance.now stays monotonic
    const b = new Buckets(20, 40);
    expect(b.take('a')).toBe(true);
    vi.setSystemTime(Date.now() - 3_600_000);
    expect(b.take('a')).toBe(true);
    expect(b.level('a')).toBeGreaterThan(30);
  });
});

describe('Lockouts', () => {
  const rule = { free: 3, baseMs: 1000, capMs: 8000, forgetMs: 60_000 };
  const clock = () => {
    const c = { t: 0, now: () => c.t };
    return c;
  };

  it('lets a few failures go free, then locks for a time that doubles up to a cap', () => {
    const c = clock();
    const l = new Lockouts(rule, 1000, c.now);
    const locks: number[] = [];
    for (let i = 0; i < 8; i++) {
      expect(l.wait('a')).toBe(0);
      l.fail('a');
      locks.push(l.wait('a'));
      c.t += l.wait('a');
    }
    expect(locks).toEqual([0, 0, 0, 1000, 2000, 4000, 8000, 8000]);
    expect(l.wait('b')).toBe(0); // keys are separate
  });

  it('a reset frees the key; failures are forgotten after a quiet while', () => {
    const c = clock();
    const l = new Lockouts(rule, 1000, c.now);
    for (let i = 0; i < 4; i++) l.fail('a');
    expect(l.wait('a')).toBe(1000);
    l.reset('a');
    expect(l.wait('a')).toBe(0);
    for (let i = 0; i < 3; i++) l.fail('a');
    c.t += 60_001;
    l.fail('a'); // the earlier three are forgotten: this is the first again
    expect(l.wait('a')).toBe(0);
  });

  it('holds at most its number of keys under a storm of new ones, keeping the latest', () => {
    const c = clock();
    const l = new Lockouts(rule, 1000, c.now);
    for (let i = 0; i < 4; i++) l.fail('victim');
    for (let i = 0; i < 100_000; i++) {
      c.t += 0.001;
      l.fail(`storm-${i}`);
      expect(l.size).toBeLessThanOrEqual(1000);
    }
    expect(l.wait('storm-99999')).toBe(0);
    for (let i = 0; i < 3; i++) l.fail('storm-99999');
    expect(l.wait('storm-99999')).toBe(1000);
  });
});

describe('addressKey', () => {
  it('is the IPv4 address, also when mapped into IPv6, and the /64 network of an IPv6 address', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:DB8:1::')).toBe('2001:db8:1:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('HashGate', () => {
  it('runs one at a time, queues a few, refuses the rest with ERR_RATE and Retry-After 1', async () => {
    const gate = new HashGate(1, 2);
    let running = 0;
    let most = 0;
    const job = () =>
      gate.run(async () => {
        most = Math.max(most, ++running);
        await new Promise((r) => setTimeout(r, 20));
        running--;
        return 'hashed';
      });
    const results = await Promise.allSettled([job(), job(), job(), job()]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
    const refused = (results[3] as PromiseRejectedResult).reason as RateLimited;
    expect([refused.code, refused.retryAfter]).toEqual(['ERR_RATE', 1]);
    expect(most).toBe(1);
    expect(gate.queued).toBe(0);
    // A failing hash frees its place too.
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await job()).toBe('hashed');
  });
});

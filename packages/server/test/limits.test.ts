// The limiters behind the rate limits (rate-limiter-flexible, in memory): a window's points, a
// window that ends on time even when the wall clock is set back, a connection's messages with their
// burst and the flood cut-off; the lockouts after failed logins, by name and by address; the gate
// that lets one password hash run at a time.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HashGate } from '../src/hash-gate.js';
import { MessageLimit, inMemory, take, windowOf } from '../src/limits.js';
import { addressKey } from '../src/client-address.js';
import { LoginLimits, Lockout, RateLimited } from '../src/login-limits.js';

afterEach(() => {
  vi.useRealTimers();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('limiters in memory', () => {
  it('let a window’s points through, then refuse; keys are separate; a key deleted starts again', async () => {
    const l = inMemory('test', { points: 3, seconds: 60 });
    const takes = [];
    for (let i = 0; i < 4; i++) takes.push(await take(l, 'a'));
    expect(takes).toEqual([true, true, true, false]);
    expect(await take(l, 'b')).toBe(true);
    await l.delete('a');
    expect(await take(l, 'a')).toBe(true);
  });

  it('a rate with bursts is one window: the burst in the time the rate takes to give it', () => {
    expect(windowOf(50, 200)).toEqual({ points: 200, seconds: 4 }); // requests
    expect(windowOf(20 / 60, 4)).toEqual({ points: 4, seconds: 12 }); // chat lines
    expect(windowOf(10 / 60, 5)).toEqual({ points: 5, seconds: 30 }); // invitations
    expect(windowOf(0, 0)).toEqual({ points: 0, seconds: 1 });
  });

  it('a window ends after its seconds', async () => {
    const l = inMemory('test', { points: 1, seconds: 1 });
    expect(await take(l, 'a')).toBe(true);
    expect(await take(l, 'a')).toBe(false);
    await sleep(1050);
    expect(await take(l, 'a')).toBe(true);
  });

  it('a wall clock set back an hour does not hold a window shut', async () => {
    vi.useFakeTimers({ toFake: ['Date'] }); // only Date moves; the timers stay real
    const l = inMemory('test', { points: 2, seconds: 1 });
    expect([await take(l, 'a'), await take(l, 'a'), await take(l, 'a')]).toEqual([true, true, false]);
    vi.setSystemTime(Date.now() - 3_600_000);
    await sleep(1100);
    expect(await take(l, 'a')).toBe(true);
  });

  it('a connection’s messages: its second’s worth and as many again, then refused, then a flood; a second later it sends again', async () => {
    const m = new MessageLimit(5);
    const answers = [];
    for (let i = 0; i < 32; i++) answers.push(await m.take('a'));
    expect(answers).toEqual([
      ...Array<string>(10).fill('ok'),
      ...Array<string>(20).fill('slow'), // six seconds' worth in one
      'flood',
      'flood',
    ]);
    expect(await m.take('b')).toBe('ok'); // keys are separate
    m.forget('a');
    expect(await m.take('a')).toBe('ok');
    const c = [];
    for (let i = 0; i < 12; i++) c.push(await m.take('c'));
    expect(c.filter((x) => x === 'slow')).toHaveLength(2);
    await sleep(1050);
    expect(await m.take('c')).toBe('ok'); // the burst is spent for ten seconds; the second's five are back
  });
});

describe('Lockout', () => {
  const rule = { free: 3, baseSeconds: 1, capSeconds: 8, forgetSeconds: 60 };

  it('lets a few failures go free, then locks for a time that doubles up to a cap', async () => {
    vi.useFakeTimers(); // the limiters' windows end on timers: these move them
    const l = new Lockout(inMemory, 'test', rule);
    const locks: number[] = [];
    for (let i = 0; i < 8; i++) {
      expect(await l.wait('a')).toBe(0);
      await l.fail('a');
      const wait = await l.wait('a');
      locks.push(wait);
      vi.advanceTimersByTime(wait);
    }
    expect(locks).toEqual([0, 0, 0, 1000, 2000, 4000, 8000, 8000]);
    expect(await l.wait('b')).toBe(0); // keys are separate
  });

  it('a reset frees the key; failures are forgotten a while after the last one, not the first', async () => {
    vi.useFakeTimers();
    const l = new Lockout(inMemory, 'test', rule);
    for (let i = 0; i < 4; i++) await l.fail('a');
    expect(await l.wait('a')).toBe(1000);
    await l.reset('a');
    expect(await l.wait('a')).toBe(0);
    for (let i = 0; i < 3; i++) await l.fail('a');
    vi.advanceTimersByTime(60_001);
    await l.fail('a'); // the earlier three are forgotten: this is the first again
    expect(await l.wait('a')).toBe(0);

    for (let i = 0; i < 3; i++) await l.fail('b');
    vi.advanceTimersByTime(40_000);
    await l.fail('b');
    expect(await l.wait('b')).toBe(1000);
    vi.advanceTimersByTime(40_000); // 80 s after the first failure, 40 s after the last
    await l.fail('b');
    expect(await l.wait('b')).toBe(2000);
  });
});

describe('LoginLimits', () => {
  it('locks the name and the address apart; a lock is ERR_RATE with its seconds; a success frees the name, not the address', async () => {
    const limits = new LoginLimits(inMemory, { perName: 2, perAddress: 3 });
    const refusal = () =>
      limits.check('kasia', '2001:db8:1:2::7').then(
        () => null,
        (e: RateLimited) => [e.code, e.retryAfter],
      );
    for (let i = 0; i < 3; i++) await limits.failed('kasia', '2001:db8:1:2::5');
    expect(await refusal()).toEqual(['ERR_RATE', 1]); // the name; the address has one free failure left
    await limits.succeeded('kasia');
    expect(await refusal()).toBe(null);
    await limits.failed('someone else', '2001:db8:1:2::9'); // the same /64: the address's fourth
    expect(await refusal()).toEqual(['ERR_RATE', 1]);
    await limits.succeeded('kasia');
    expect(await refusal()).toEqual(['ERR_RATE', 1]);
    expect(await limits.check('kasia', '203.0.113.7')).toBeUndefined();
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
    expect(refused).toBeInstanceOf(RateLimited);
    expect([refused.code, refused.retryAfter]).toEqual(['ERR_RATE', 1]);
    expect(most).toBe(1);
    expect(gate.queued).toBe(0);
    // A failing hash frees its place too.
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await job()).toBe('hashed');
  });
});

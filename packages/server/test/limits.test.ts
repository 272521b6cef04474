// The token buckets behind the rate limits: a rate, a burst, a debt for floods, and no harm
// from a wall clock that is set back.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Buckets } from '../src/limits.js';

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

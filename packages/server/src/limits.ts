import { performance } from 'node:perf_hooks';

/** A limit by key: these buckets in this process, or (several processes) one in Redis for all (cluster/buckets.ts). */
export interface Limit {
  take(key: string): boolean | Promise<boolean>;
}

// Token buckets by key (an IP, a connection): `rate` tokens a second, up to `burst`.
// Time is read from the monotonic clock: a wall clock set back (as on a machine that has
// just booted and syncs its time) must not drain every bucket and refuse honest players.
export class Buckets implements Limit {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly rate: number,
    private readonly burst: number,
  ) {}

  /** Take a token; false when the bucket is empty (it then goes further into debt, so a flood stays cut off). */
  take(key: string): boolean {
    const now = performance.now();
    let b = this.buckets.get(key);
    if (!b) {
      if (this.buckets.size > 100_000) this.buckets.clear(); // bounded memory under a storm of keys
      this.buckets.set(key, (b = { tokens: this.burst, at: now }));
    }
    b.tokens = Math.min(this.burst, b.tokens + (Math.max(0, now - b.at) / 1000) * this.rate);
    b.at = now;
    b.tokens -= 1;
    return b.tokens >= 0;
  }

  level(key: string): number {
    return this.buckets.get(key)?.tokens ?? this.burst;
  }

  forget(key: string): void {
    this.buckets.delete(key);
  }
}

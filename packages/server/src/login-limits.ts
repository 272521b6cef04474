// Limits on guessing passwords: failed logins are counted by name (its key) and by address; after
// a few free failures each further one locks the key for a time that doubles, up to a cap. A
// locked key is answered with ERR_RATE and Retry-After before any password is hashed. A success
// frees the name (not the address: one's own account must not wash an address's guesses away).
//
// A package? The rate limiters count requests in windows; this counts failures with a lockout that
// grows, on the monotonic clock (as limits.ts does), in a map that stays bounded under a storm of
// names and addresses. It is small enough to keep here, with its own tests (limits.test.ts).
import { isIPv4, isIPv6 } from 'node:net';
import { performance } from 'node:perf_hooks';
import { GameError } from './games.js';

export interface LockoutRule {
  /** Failures that cost nothing. */
  free: number;
  /** The first lock, after the first failure past the free ones; each further failure doubles it. */
  baseMs: number;
  capMs: number;
  /** Failures are forgotten this long after the last one. */
  forgetMs: number;
}

interface Entry {
  failures: number;
  /** Locked until (monotonic ms). */
  until: number;
  last: number;
}

/** Failure counts by key, at most `maxKeys` of them. */
export class Lockouts {
  // In the order of each key's last failure (a failure moves its key to the end): the first is the stalest.
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly rule: LockoutRule,
    private readonly maxKeys = 100_000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get size(): number {
    return this.entries.size;
  }

  private stale(e: Entry, now: number): boolean {
    return now >= e.until && now - e.last > this.rule.forgetMs;
  }

  /** Milliseconds until the key may try again; 0 now. */
  wait(key: string): number {
    const e = this.entries.get(key);
    if (!e) return 0;
    const now = this.now();
    if (this.stale(e, now)) {
      this.entries.delete(key);
      return 0;
    }
    return Math.max(0, e.until - now);
  }

  fail(key: string): void {
    const now = this.now();
    let e = this.entries.get(key);
    if (e && this.stale(e, now)) e = undefined;
    this.entries.delete(key);
    if (!e && this.entries.size >= this.maxKeys) this.makeRoom(now);
    e ??= { failures: 0, until: 0, last: now };
    e.failures++;
    e.last = now;
    const past = e.failures - this.rule.free;
    if (past > 0) e.until = now + Math.min(this.rule.capMs, this.rule.baseMs * 2 ** (past - 1));
    this.entries.set(key, e);
  }

  reset(key: string): void {
    this.entries.delete(key);
  }

  /**
   * Full: drop the keys nothing holds any more, then, when that is not a tenth, the stalest. (Under a
   * storm of keys from many addresses an old lock may go: the per-address count slows such a storm.)
   */
  private makeRoom(now: number): void {
    for (const [k, e] of this.entries) if (this.stale(e, now)) this.entries.delete(k);
    const target = Math.floor(this.maxKeys * 0.9);
    for (const k of this.entries.keys()) {
      if (this.entries.size <= target) break;
      this.entries.delete(k);
    }
  }
}

/**
 * The address a limit counts: an IPv4 address (also one mapped into IPv6), or an IPv6 address's
 * /64 network (one subscriber usually holds a whole /64).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('::') as [string, string?];
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  if (right.at(-1)?.includes('.')) right.splice(-1, 1, '0', '0'); // an embedded IPv4 tail: past the /64 anyway
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** ERR_RATE with the seconds to wait (the Retry-After header). */
export class RateLimited extends GameError {
  constructor(
    readonly retryAfter: number,
    message: string,
  ) {
    super('ERR_RATE', message);
  }
}

export interface LoginLimitOptions {
  /** Free failures per name (default 5). */
  perName?: number;
  /** Free failures per address (default 20: many people may share an address). */
  perAddress?: number;
  maxKeys?: number;
  now?: () => number;
}

/** The two counts a login goes through: its name's key and its address. */
export class LoginLimits {
  readonly byName: Lockouts;
  readonly byAddress: Lockouts;

  constructor(o: LoginLimitOptions = {}) {
    const rule = { baseMs: 1000, capMs: 15 * 60_000, forgetMs: 60 * 60_000 };
    this.byName = new Lockouts({ ...rule, free: o.perName ?? 5 }, o.maxKeys, o.now);
    this.byAddress = new Lockouts({ ...rule, free: o.perAddress ?? 20 }, o.maxKeys, o.now);
  }

  /** Throws RateLimited while the name or the address is locked. */
  check(key: string, address: string): void {
    const ms = Math.max(this.byName.wait(key), this.byAddress.wait(addressKey(address)));
    if (ms > 0) throw new RateLimited(Math.ceil(ms / 1000), 'too many failed logins; wait before trying again');
  }

  failed(key: string, address: string): void {
    this.byName.fail(key);
    this.byAddress.fail(addressKey(address));
  }

  succeeded(key: string): void {
    this.byName.reset(key);
  }
}

/** For a route's promise: a RateLimited refusal sets the Retry-After header, then goes on to the error handler. */
export const withRetryAfter =
  (reply: { header(name: string, value: string): unknown }) =>
  (e: unknown): never => {
    if (e instanceof RateLimited) reply.header('retry-after', String(e.retryAfter));
    throw e;
  };

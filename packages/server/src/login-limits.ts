// Limits on guessing passwords: failed logins are counted by name (its key) and by address; after
// a few free failures each further one locks the key for a time that doubles, up to a cap. A
// locked key is answered with ERR_RATE and Retry-After before any password is hashed. A success
// frees the name (not the address: one's own account must not wash an address's guesses away).
//
// The counts and the locks are limiters of rate-limiter-flexible (limits.ts): in memory, or with
// several processes in Redis, so a name gets its free tries once over the deployment, not once per
// process (cluster/limiters.ts). Failures come no faster than passwords are hashed (hash-gate.ts),
// so the keys an hour keeps are bounded by an hour's hashes; each goes when its window ends.
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { addressKey } from './client-address.js';
import { GameError } from './games.js';
import { type Limiters, inMemory } from './limits.js';

export interface LockoutRule {
  /** Failures that cost nothing. */
  free: number;
  /** The first lock, after the first failure past the free ones; each further failure doubles it. */
  baseSeconds: number;
  capSeconds: number;
  /** Failures are forgotten this long after the last one. */
  forgetSeconds: number;
}

/** Failures by key and the locks they earn: a limiter that counts them, and one whose keys are the locks. */
export class Lockout {
  private readonly failures: RateLimiterAbstract;
  private readonly locks: RateLimiterAbstract;

  constructor(
    limiters: Limiters,
    name: string,
    private readonly rule: LockoutRule,
  ) {
    this.failures = limiters(`${name}-failures`, { points: rule.free, seconds: rule.forgetSeconds });
    // Only block() writes here (a key for the lock's time); its points and window are never used.
    this.locks = limiters(`${name}-locks`, { points: 1, seconds: rule.capSeconds });
  }

  /** Milliseconds until the key may try again; 0 now. */
  async wait(key: string): Promise<number> {
    const lock = await this.locks.get(key);
    return lock ? Math.max(0, lock.msBeforeNext) : 0;
  }

  async fail(key: string): Promise<void> {
    const { consumedPoints: failures } = await this.failures.penalty(key);
    // The package's window runs from the first failure; written again, the count is forgotten a
    // while after the last one, so a patient guesser's locks do not start over every hour. (Two
    // failures of one key in the same instant on two processes may then count as one.)
    await this.failures.set(key, failures, this.rule.forgetSeconds);
    const past = failures - this.rule.free;
    if (past > 0) await this.locks.block(key, Math.min(this.rule.capSeconds, this.rule.baseSeconds * 2 ** (past - 1)));
  }

  async reset(key: string): Promise<void> {
    await Promise.all([this.failures.delete(key), this.locks.delete(key)]);
  }
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
}

/** The two counts a login goes through: its name's key and its address. */
export class LoginLimits {
  readonly byName: Lockout;
  readonly byAddress: Lockout;

  constructor(limiters: Limiters = inMemory, o: LoginLimitOptions = {}) {
    const rule = { baseSeconds: 1, capSeconds: 15 * 60, forgetSeconds: 60 * 60 };
    this.byName = new Lockout(limiters, 'login-name', { ...rule, free: o.perName ?? 5 });
    this.byAddress = new Lockout(limiters, 'login-address', { ...rule, free: o.perAddress ?? 20 });
  }

  /** Throws RateLimited while the name or the address is locked. */
  async check(key: string, address: string): Promise<void> {
    const ms = Math.max(...(await Promise.all([this.byName.wait(key), this.byAddress.wait(addressKey(address))])));
    if (ms > 0) throw new RateLimited(Math.ceil(ms / 1000), 'too many failed logins; wait before trying again');
  }

  async failed(key: string, address: string): Promise<void> {
    await Promise.all([this.byName.fail(key), this.byAddress.fail(addressKey(address))]);
  }

  async succeeded(key: string): Promise<void> {
    await this.byName.reset(key);
  }
}

/** For a route's promise: a RateLimited refusal sets the Retry-After header, then goes on to the error handler. */
export const withRetryAfter =
  (reply: { header(name: string, value: string): unknown }) =>
  (e: unknown): never => {
    if (e instanceof RateLimited) reply.header('retry-after', String(e.retryAfter));
    throw e;
  };

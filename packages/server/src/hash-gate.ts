// At most a few password hashes at a time. argon2 runs on libuv's thread pool (4 threads), each
// hash on several threads of its own (parallelism 4) and 64 MiB: a handful of logins at once would
// take every pool thread (a file served, a DNS lookup, waits behind them), the cores the tables
// need and a quarter of a gigabyte. Beyond the running ones a short queue waits; past it a login
// or registration is refused with ERR_RATE (Retry-After 1) rather than waiting for long.
import { RateLimited } from './login-limits.js';

export class HashGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency = 1,
    readonly maxQueue = 16,
  ) {}

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(hash: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) this.running++;
    else if (this.waiting.length >= this.maxQueue)
      throw new RateLimited(1, 'the server is busy with other logins; try again in a moment');
    else await new Promise<void>((resolve) => this.waiting.push(resolve)); // handed a running place
    try {
      return await hash();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

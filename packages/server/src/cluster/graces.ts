// A dropped player's grace period, kept where every process can read it (decision 008): a hash per
// table in Redis, one field per player, his deadline by Redis's own clock. The process that runs
// the table's time keeps the timer; when it dies, the one that takes the table over reads the
// deadlines and lets each grace run out when it would have, neither starting it again nor dropping
// it. Redis's clock (TIME) is the one clock all processes share, so no two machines' clocks are
// compared.
import type { RedisClientType } from 'redis';

/** Lua: now by Redis's clock, in ms. */
const NOW = `local t = redis.call('TIME'); local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** Set a player's deadline to now + ARGV[2] ms; the hash outlives the longest grace by an hour. */
const START = `${NOW}
redis.call('HSET', KEYS[1], ARGV[1], now + tonumber(ARGV[2]))
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) + 3600000)
return 1`;

/** Each player's time left (ms; negative when his grace is over), as [player, ms, player, ms…]. */
const LEFT = `${NOW}
local all = redis.call('HGETALL', KEYS[1])
local out = {}
for i = 1, #all, 2 do
  out[#out + 1] = all[i]
  out[#out + 1] = tostring(tonumber(all[i + 1]) - now)
end
return out`;

export class Graces {
  constructor(
    private readonly redis: RedisClientType,
    private readonly prefix: string,
  ) {}

  private key(table: string): string {
    return `${this.prefix}:grace:${table}`;
  }

  /** A player's last socket at the table dropped: his grace of `ms` starts now. */
  async start(table: string, player: number, ms: number): Promise<void> {
    await this.redis.eval(START, { keys: [this.key(table)], arguments: [String(player), String(ms)] });
  }

  /** He came back: no grace runs for him. */
  async stop(table: string, player: number): Promise<void> {
    await this.redis.hDel(this.key(table), String(player));
  }

  /** The graces running at a table: each player's time left (ms, 0 or less when it is over). */
  async left(table: string): Promise<Map<number, number>> {
    const flat = (await this.redis.eval(LEFT, { keys: [this.key(table)] })) as string[];
    const left = new Map<number, number>();
    for (let i = 0; i + 1 < flat.length; i += 2) left.set(Number(flat[i]), Number(flat[i + 1]));
    return left;
  }
}

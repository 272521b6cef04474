// The caps on open tables across the processes (decision 008): per player and per address, the
// tables created (a set) and the creations under way (a sorted set by when they began) are kept in
// Redis. The check and the reservation are one script, so that creations on several processes at
// once are counted one after the other and exactly the cap goes through. Tables the database says
// have finished are taken out first (a finished table never opens again, so that is always right).
import { randomBytes } from 'node:crypto';
import type { RedisClientType } from 'redis';
import type { Config } from '../config.js';
import type { Games } from '../games.js';
import { type Created, type TableCaps, tooMany } from '../http/caps.js';

/** A creation under way stops counting after this long (its process may have died). */
const UNDER_WAY_MS = 60_000;
/** The tables created from an address are forgotten a week after the last one. */
const KEEP_MS = 7 * 24 * 3600 * 1000;

/**
 * KEYS: the player's tables, his creations under way, the address's tables, its creations under way.
 * ARGV: token, cap per player, cap per address, under-way ms, then JSON lists: the player's tables
 * finished, the address's tables finished, the player's open tables in the database.
 * Returns 0 (reserved), 1 (over the player's cap) or 2 (over the address's).
 */
const RESERVE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local caps = { tonumber(ARGV[2]), tonumber(ARGV[3]) }
local finished = { cjson.decode(ARGV[5]), cjson.decode(ARGV[6]) }
for _, id in ipairs(cjson.decode(ARGV[7])) do redis.call('SADD', KEYS[1], id) end
for i = 1, 2 do
  local tables, going = KEYS[2 * i - 1], KEYS[2 * i]
  for _, id in ipairs(finished[i]) do redis.call('SREM', tables, id) end
  redis.call('ZREMRANGEBYSCORE', going, '-inf', now - tonumber(ARGV[4]))
  if redis.call('SCARD', tables) + redis.call('ZCARD', going) >= caps[i] then return i end
end
for i = 1, 2 do
  redis.call('ZADD', KEYS[2 * i], now, ARGV[1])
  redis.call('PEXPIRE', KEYS[2 * i], tonumber(ARGV[4]))
end
return 0`;

/** KEYS as RESERVE; ARGV: token, the new table's id ('' when none), how long the sets are kept (ms). */
const DONE = `
for i = 1, 2 do
  redis.call('ZREM', KEYS[2 * i], ARGV[1])
  if ARGV[2] ~= '' then
    redis.call('SADD', KEYS[2 * i - 1], ARGV[2])
    redis.call('PEXPIRE', KEYS[2 * i - 1], tonumber(ARGV[3]))
  end
end
return 0`;

export class SharedCaps implements TableCaps {
  constructor(
    private readonly redis: RedisClientType,
    private readonly prefix: string,
    private readonly games: Games,
    private readonly config: Pick<Config, 'openTablesPerPlayer' | 'openTablesPerAddress'>,
  ) {}

  async reserve(player: number, address: string): Promise<Created> {
    const p = `${this.prefix}:caps:p:${player}`;
    const a = `${this.prefix}:caps:a:${address}`;
    const keys = [`${p}:tables`, `${p}:going`, `${a}:tables`, `${a}:going`];
    const [byPlayer, byAddress] = await Promise.all([this.redis.sMembers(keys[0]!), this.redis.sMembers(keys[2]!)]);
    const [mine, open] = await Promise.all([
      this.games.openTables({ owner: player }),
      this.games.openTables({ ids: [...new Set([...byPlayer, ...byAddress])] }),
    ]);
    const still = new Set(open);
    const token = randomBytes(9).toString('base64url');
    const { openTablesPerPlayer: perPlayer, openTablesPerAddress: perAddress } = this.config;
    const over = await this.redis.eval(RESERVE, {
      keys,
      arguments: [
        token,
        String(perPlayer),
        String(perAddress),
        String(UNDER_WAY_MS),
        JSON.stringify(byPlayer.filter((id) => !still.has(id))),
        JSON.stringify(byAddress.filter((id) => !still.has(id))),
        JSON.stringify(mine),
      ],
    });
    if (over === 1) throw tooMany(perPlayer, 'player');
    if (over === 2) throw tooMany(perAddress, 'address');
    return async (table) => {
      await this.redis.eval(DONE, { keys, arguments: [token, table ?? '', String(KEEP_MS)] });
    };
  }
}

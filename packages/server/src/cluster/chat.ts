// A table's chat kept in Redis, so that every process reads the same lines (decision 008): a list
// of the last lines per table and a counter that numbers them. The same rules as one process's
// memory (chat/lines.ts): the line is checked against the table's moment before it is numbered.
import type { ChatLine } from '@baska/protocol';
import type { RedisClientType } from 'redis';
import { type ChatBook, KEPT, lineFor, readable } from '../chat/lines.js';
import type { Room } from '../room.js';

/** A table's chat is forgotten a day after its last line. */
const KEEP_S = 24 * 3600;

export class SharedChatLines implements ChatBook {
  constructor(
    private readonly redis: RedisClientType,
    private readonly prefix: string,
  ) {}

  private key(table: string): string {
    return `${this.prefix}:chat:${table}`;
  }

  async add(room: Room, from: { id: number; name: string }, words: Parameters<ChatBook['add']>[2]): Promise<ChatLine> {
    const key = this.key(room.id);
    const line = await lineFor(room, from, words, () => this.redis.incr(`${key}:next`));
    await this.redis
      .multi()
      .rPush(key, JSON.stringify(line))
      .lTrim(key, -KEPT, -1)
      .expire(key, KEEP_S)
      .expire(`${key}:next`, KEEP_S)
      .exec();
    return line;
  }

  /** The kept lines, by number (two processes may push in the other order than they numbered). */
  private async lines(table: string): Promise<ChatLine[]> {
    const raw = await this.redis.lRange(this.key(table), 0, -1);
    return raw.map((l) => JSON.parse(l) as ChatLine).sort((a, b) => a.id - b.id);
  }

  async visible(table: string, seat: number | null): Promise<ChatLine[]> {
    return (await this.lines(table)).filter((l) => readable(l, seat));
  }

  async line(table: string, line: number): Promise<ChatLine | undefined> {
    return (await this.lines(table)).find((l) => l.id === line);
  }

  /** Every table's kept lines, raw as Redis holds them, by table id. */
  private async *everyTable(): AsyncGenerator<[string, string[]]> {
    const head = `${this.prefix}:chat:`;
    for await (const keys of this.redis.scanIterator({ MATCH: `${head}*`, COUNT: 500 }))
      for (const key of [keys].flat())
        if (!key.endsWith(':next')) yield [key.slice(head.length), await this.redis.lRange(key, 0, -1)];
  }

  async of(player: number): Promise<{ table: string; line: ChatLine }[]> {
    const out: { table: string; line: ChatLine }[] = [];
    for await (const [table, raw] of this.everyTable())
      for (const l of raw) {
        const line = JSON.parse(l) as ChatLine;
        if (line.from.id === player) out.push({ table, line });
      }
    return out;
  }

  async forget(player: number): Promise<number> {
    let n = 0;
    for await (const [table, raw] of this.everyTable())
      for (const l of raw)
        if ((JSON.parse(l) as ChatLine).from.id === player) n += await this.redis.lRem(this.key(table), 0, l);
    return n;
  }
}

// A table's chat: its last lines, and who may read each. Spectators' words during a deal reach
// spectators only, and a player's words during a deal are the quick phrases only: seed 002 §6
// forbids "przekazywania partnerowi jakichkolwiek sugestii" and talk about the deal in play.
import type { ChatLine, QuickPhrase } from '@baska/protocol';
import { GameError } from '../errors.js';
import type { Room } from '../room.js';

/** Lines kept per table (the newest). */
export const KEPT = 100;
/** Tables whose chat is kept in memory (the least recently written go first). */
const TABLES = 2000;

/** Is a deal being played at the table (dealt and not yet over)? */
export const inDeal = (room: Room): boolean => room.status === 'playing' && room.deal !== null && !room.deal.isComplete;

/** May a reader at `seat` (null: a spectator) read the line? */
export const readable = (line: ChatLine, seat: number | null): boolean => line.to === 'all' || seat === null;

type Words = { text?: string; phrase?: QuickPhrase };
type Writer = { id: number; name: string };

/**
 * A new line from `from`, seated at `seat` (null: watching), checked against the table's moment:
 * during a deal a player may send quick phrases only (ERR_QUIET), and a spectator's line stays
 * among spectators. `id` is called only once the line is allowed: it numbers the table's lines.
 */
export async function lineFor(
  room: Room,
  from: Writer,
  words: Words,
  id: () => number | Promise<number>,
): Promise<ChatLine> {
  const seat = room.seatOf(from.id);
  const during = inDeal(room);
  if (during && seat !== null && words.text !== undefined)
    throw new GameError('ERR_QUIET', 'during a deal the players say only the quick phrases (seed 002 §6)');
  return {
    id: await id(),
    at: new Date().toISOString(),
    from: { id: from.id, name: from.name },
    seat,
    ...(words.text !== undefined ? { text: words.text } : { phrase: words.phrase! }),
    to: during && seat === null ? 'spectators' : 'all',
  };
}

/** Where a table's chat lines are kept: this process's memory, or Redis for several processes (cluster/chat.ts). */
export interface ChatBook {
  /** A new line, checked (lineFor) and kept. */
  add(room: Room, from: Writer, words: Words): Promise<ChatLine>;
  /** The table's lines a reader at `seat` may read, oldest first. */
  visible(id: string, seat: number | null): Promise<ChatLine[]>;
  line(id: string, line: number): Promise<ChatLine | undefined>;
  /** The lines kept now that `player` wrote, with their tables ("download my data", decision 019). */
  of(player: number): Promise<{ table: string; line: ChatLine }[]>;
  /** Forget every line `player` wrote (his account is deleted, decision 019): how many. */
  forget(player: number): Promise<number>;
}

export class ChatLines implements ChatBook {
  private readonly tables = new Map<string, { next: number; lines: ChatLine[] }>();

  async add(room: Room, from: Writer, words: Words): Promise<ChatLine> {
    const line = await lineFor(room, from, words, () => this.next(room.id));
    const lines = this.tables.get(room.id)!.lines;
    lines.push(line);
    if (lines.length > KEPT) lines.shift();
    return line;
  }

  /** The next line's number at a table (its chat kept, as the most recently written). */
  private next(id: string): number {
    let t = this.tables.get(id);
    if (!t) {
      if (this.tables.size >= TABLES) this.tables.delete(this.tables.keys().next().value!);
      t = { next: 1, lines: [] };
    } else this.tables.delete(id); // moved to the newest end
    this.tables.set(id, t);
    return t.next++;
  }

  async visible(id: string, seat: number | null): Promise<ChatLine[]> {
    return (this.tables.get(id)?.lines ?? []).filter((l) => readable(l, seat));
  }

  async line(id: string, line: number): Promise<ChatLine | undefined> {
    return this.tables.get(id)?.lines.find((l) => l.id === line);
  }

  async of(player: number): Promise<{ table: string; line: ChatLine }[]> {
    return [...this.tables].flatMap(([table, t]) =>
      t.lines.filter((l) => l.from.id === player).map((line) => ({ table, line })),
    );
  }

  async forget(player: number): Promise<number> {
    let n = 0;
    for (const t of this.tables.values()) {
      const kept = t.lines.filter((l) => l.from.id !== player);
      n += t.lines.length - kept.length;
      t.lines = kept;
    }
    return n;
  }
}

// Finished tables served from memory: a table that has ended never changes, so what it shows (its
// description, a seat's snapshot, its record) is computed once and kept for the most recently
// used ones. The log stays the truth; a table that fell out is rebuilt from it on the next request.
import type { Games } from './games.js';
import type { Room } from './room.js';

interface Entry {
  room: Room;
  memo: Map<string, unknown>;
}

export class FinishedTables {
  /** Least recently used first (a Map keeps insertion order). */
  private readonly lru = new Map<string, Entry>();

  constructor(
    private readonly games: Games,
    private readonly size: number,
  ) {}

  /** The table: in play from Games, a finished one from here (rebuilt from its log only when not here). */
  async room(id: string): Promise<Room> {
    const live = this.games.cached(id);
    if (live && live.status !== 'finished') return live;
    const kept = this.lru.get(id);
    if (kept) {
      this.lru.delete(id);
      this.lru.set(id, kept);
      return kept.room;
    }
    const room = live ?? (await this.games.room(id));
    this.keep(room);
    return room;
  }

  /** Is the finished table here? */
  has(id: string): boolean {
    return this.lru.has(id);
  }

  /** Keep a table that has just finished (or was rebuilt finished). */
  keep(room: Room): void {
    if (room.status !== 'finished' || this.size === 0) return;
    this.lru.delete(room.id);
    this.lru.set(room.id, { room, memo: new Map() });
    while (this.lru.size > this.size) this.lru.delete(this.lru.keys().next().value!);
  }

  /** `make()` once per finished table kept here and `key`; every time for a table in play. */
  memo<T>(room: Room, key: string, make: () => T): T {
    const e = room.status === 'finished' ? this.lru.get(room.id) : undefined;
    if (!e || e.room !== room) return make();
    if (!e.memo.has(key)) {
      const made = make();
      e.memo.set(key, made);
      // A failed read is not kept: the next request tries again.
      if (made instanceof Promise) made.catch(() => e.memo.delete(key));
    }
    return e.memo.get(key) as T;
  }

  /**
   * A guest has registered (Games.registered): the finished tables kept here that he played name his
   * account, and what was computed of them is computed again.
   */
  registered(player: number, name: string): void {
    this.games.registered(
      player,
      name,
      [...this.lru.values()].map((e) => e.room),
    );
    for (const e of this.lru.values()) if (e.room.registered.has(player)) e.memo.clear();
  }

  /** Forget a finished table (its stored log was rewritten: decision 019); the next request reads it again. */
  forget(id: string): void {
    this.lru.delete(id);
  }

  get kept(): number {
    return this.lru.size;
  }
}

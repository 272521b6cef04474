// What a tournament shows its readers, kept per version. A tournament changes only through a change
// that raises its version (store.ts), so each answer of a read (the page, the event log, the file, the
// CSV files, a round's protocols) is computed once per version and per the few things it also depends
// on (who may see a sealed round, the language), and served as kept text after that. Checking the
// version is one indexed read; with several processes each keeps its own copies, all checked against
// the one database. An anonymous read of a 2,000-player tournament cost 0.1–0.9 s every time before.
import type { Stored, TournamentStore } from './store.js';

interface Entry {
  s: Stored;
  /** Answers by key, least recently used first. */
  memo: Map<string, Promise<string>>;
}

export class TournamentReads {
  /** Tournaments least recently read first (a Map keeps insertion order). */
  private readonly lru = new Map<string, Entry>();

  constructor(
    private readonly store: TournamentStore,
    /** Tournaments kept. */
    private readonly size = 16,
    /** Answers kept per tournament (per-reader variants are few: see routes.ts). */
    private readonly answers = 64,
  ) {}

  /** The tournament as stored now: the kept one while its version is still the stored one. */
  async load(id: string): Promise<Stored> {
    return (await this.entry(id)).s;
  }

  /**
   * The answer `key` of tournament `s` (as `load` gave it), made by `make` once per version: a later
   * read of the same version gets the same text. A failed `make` is not kept.
   */
  answer(s: Stored, key: string, make: () => string | Promise<string>): Promise<string> {
    const e = this.lru.get(s.id);
    if (!e || e.s !== s) return Promise.resolve().then(make); // a newer version came meanwhile: not kept
    const kept = e.memo.get(key);
    if (kept) {
      e.memo.delete(key);
      e.memo.set(key, kept);
      return kept;
    }
    const made = Promise.resolve().then(make);
    e.memo.set(key, made);
    made.catch(() => e.memo.get(key) === made && e.memo.delete(key));
    while (e.memo.size > this.answers) e.memo.delete(e.memo.keys().next().value!);
    return made;
  }

  private async entry(id: string): Promise<Entry> {
    const version = await this.store.version(id); // ERR_NOT_FOUND for a tournament that is not
    let e = this.lru.get(id);
    if (!e || e.s.version !== version) e = { s: await this.store.load(id), memo: new Map() };
    this.lru.delete(id);
    this.lru.set(id, e);
    while (this.lru.size > this.size) this.lru.delete(this.lru.keys().next().value!);
    return e;
  }
}

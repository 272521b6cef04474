// Another world for an onlooker of a table in play: the same log, but what he may not see is
// otherwise. In a deal in play, the cards nobody has played yet lie otherwise in the hands and the
// deal's secret seed (decision 013) is another; between deals, the next deal's secret seed is
// another, so its cards will be. Everything a spectator of a public table has seen (every call,
// every card played, every earlier deal and its revealed seed, each commitment) stays; only what
// viewFor and the commitment keep from him moves. It works on a stopped server's SQLite file,
// between two starts: the event log is the truth and a table is the replay of it (ARCHITECTURE
// "Server"), so a server started on the changed file goes on in that other world, and nothing in
// the server knows the difference or offers a way to make it. A commitment stays as it was: nobody
// can tell what it hides before its deal is over.
import SQLite from 'better-sqlite3';
import { SeededRng, randomInt, resolveRules } from '@baska/engine';
import { Room, type Settings, type StoredEvent } from '../src/room.js';

/** A shuffle of the deal in play that the log no longer accepts is tried again, at most this often. */
const TRIES = 500;

type Logged = { seq: number; event: StoredEvent };

/**
 * In the SQLite file `file` of a stopped server, at each of `tables`: re-deal the cards still in the
 * hands of the deal in play (shuffled among the seats, each keeping as many, until the engine
 * accepts the whole log with them — a seat that did not follow a suit, RULES §5, may not be given
 * one — and at least one card has moved) and draw its secret seed anew; or, between deals, draw the
 * next deal's secret seed anew. Throws when a table is neither in a deal nor between deals.
 */
export function redealUnplayed(file: string, tables: readonly string[], seed: string): void {
  const db = new SQLite(file);
  try {
    for (const id of tables) redealTable(db, id, new SeededRng(`${seed}:${id}`));
  } finally {
    db.close();
  }
}

function redealTable(db: SQLite.Database, id: string, rng: SeededRng): void {
  const row = db.prepare('select settings from game where id = ?').get(id) as { settings: string } | undefined;
  if (!row) throw new Error(`no table ${id}`);
  const settings = JSON.parse(row.settings) as Settings;
  const rules = resolveRules(settings.rulesSpec);
  if (!rules.ok) throw new Error(rules.error.message);
  const log: Logged[] = (
    db.prepare('select seq, body from game_event where game_id = ? order by seq').all(id) as {
      seq: number;
      body: string;
    }[]
  ).map((r) => ({ seq: r.seq, event: JSON.parse(r.body) as StoredEvent }));
  const write = (seq: number, event: StoredEvent) =>
    db.prepare('update game_event set body = ? where game_id = ? and seq = ?').run(JSON.stringify(event), id, seq);
  /** The committed event at `e` with a secret seed of its own (64 hex digits, as the server draws them). */
  const reseed = (e: Logged) => {
    if (e.event.type !== 'committed') throw new Error(`table ${id}: event ${e.seq} is not a commitment`);
    write(e.seq, { ...e.event, seed: [...Array(64)].map(() => randomInt(rng, 16).toString(16)).join('') });
  };
  /** The table after the log with the last deal dealt `hands`, or null when the log refuses them. */
  const replay = (hands?: number[]): Room | null => {
    const room = new Room(id, settings, rules.value);
    try {
      for (const [i, { event }] of log.entries())
        room.apply(room.version + 1, i === at && hands ? { type: 'deal', hands } : event);
      return room;
    } catch {
      return null;
    }
  };
  const at = log.findLastIndex((e) => e.event.type === 'deal');
  const room = replay();
  if (room?.status !== 'playing' || at < 0) throw new Error(`table ${id} is not in play`);
  // Between deals: the next deal is committed to, its cards not yet dealt.
  const next = log.slice(at).find((e) => e.event.type === 'committed');
  if (next) return reseed(next);
  const deal = room.deal;
  if (!deal || deal.isComplete) throw new Error(`table ${id} is neither in a deal nor committed to the next`);
  const dealt = [...deal.dealt];
  const held = [...deal.hand];
  const played = dealt.map((d, s) => d & ~held[s]!);
  const unplayed = held.flatMap((h) => cardsOf(h));
  for (let attempt = 0; attempt < TRIES; attempt++) {
    // Fisher–Yates over the unplayed cards, handed out in the order the seats held them.
    const cards = [...unplayed];
    for (let i = cards.length - 1; i > 0; i--) {
      const j = randomInt(rng, i + 1);
      [cards[i], cards[j]] = [cards[j]!, cards[i]!];
    }
    let next = 0;
    const hands = held.map((h, s) => {
      const mine = cards.slice(next, (next += cardsOf(h).length));
      return mine.reduce((m, c) => m | (1 << c), played[s]!);
    });
    if (hands.every((h, s) => h === dealt[s]) || !replay(hands)) continue;
    write(log[at]!.seq, { type: 'deal', hands });
    // The hands no longer follow from the seed committed to: the deal's secret seed is another too.
    const committed = log.slice(0, at).findLast((e) => e.event.type === 'committed');
    if (committed) reseed(committed);
    return;
  }
  throw new Error(`table ${id}: no other layout of the unplayed cards fits its log`);
}

const cardsOf = (mask: number): number[] => [...Array(16).keys()].filter((c) => mask & (1 << c));

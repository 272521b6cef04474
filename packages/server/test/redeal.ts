// Another world for an onlooker of a table in play: the same log, but the cards nobody has played yet
// in the deal in play lie otherwise in the hands. Everything a spectator of a public table has seen
// (every call, every card played, every earlier deal, the next deal's commitment) stays; only what
// viewFor keeps from him moves. It works on a stopped server's SQLite file, between two starts:
// the event log is the truth and a table is the replay of it (ARCHITECTURE "Server"), so a server
// started on the changed file plays on in that other world, and nothing in the server knows the
// difference or offers a way to make it.
import SQLite from 'better-sqlite3';
import { SeededRng, randomInt, resolveRules } from '@baska/engine';
import { Room, type Settings, type StoredEvent } from '../src/room.js';

/** A shuffle of the deal in play that the log no longer accepts is tried again, at most this often. */
const TRIES = 500;

/**
 * In the SQLite file `file` of a stopped server, re-deal the cards still in the hands of the deal in
 * play at each of `tables`: the cards each seat holds are shuffled among the seats, each keeping as
 * many, until the engine accepts the whole log with them (a seat that did not follow a suit, RULES
 * §5, may not be given one; a call the hands must allow stays allowed) and at least one card has
 * moved. Throws when a table has no deal in play or no other layout fits.
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
  const log = (
    db.prepare('select seq, body from game_event where game_id = ? order by seq').all(id) as {
      seq: number;
      body: string;
    }[]
  ).map((r) => ({ seq: r.seq, event: JSON.parse(r.body) as StoredEvent }));
  /** The table after the log with the deal in play dealt `hands`, or null when the log refuses them. */
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
  const deal = replay()?.deal;
  if (at < 0 || !deal || deal.isComplete) throw new Error(`table ${id} has no deal in play`);
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
    const body = JSON.stringify({ ...log[at]!.event, hands });
    db.prepare('update game_event set body = ? where game_id = ? and seq = ?').run(body, id, log[at]!.seq);
    return;
  }
  throw new Error(`table ${id}: no other layout of the unplayed cards fits its log`);
}

const cardsOf = (mask: number): number[] => [...Array(16).keys()].filter((c) => mask & (1 << c));

// A Room's memory does not grow with the deals it has played (issue 33, "Memory"): it keeps the
// current deal's state and the last SHEET_RECENT deals' sheet rows, and every complete deal's row
// and record entry goes to storage as it ends (what the session writes: `recentDeals`). Counted,
// not weighed: the objects reachable from the Room after 60 deals and after 120 are as many. What it
// keeps and what storage has must still give the same sheet, totals and record as a table that
// forgets nothing, read a page at a time (past-deals.ts).
import {
  Deal,
  type DealRecord,
  type FairProof,
  SeededRng,
  type Table,
  TableOfFive,
  dealMasks,
  randomInt,
  recordOfTable,
  recordOfTableOfFive,
  resolveRules,
  type RulesSpec,
} from '@baska/engine';
import { SHEET_RECENT } from '@baska/protocol';
import { describe, expect, it } from 'vitest';
import { type GameTable, newGameTable, nextDealDealer, sheetRowOf } from '../src/game-table.js';
import { sheetRows, wholeRecord } from '../src/past-deals.js';
import { Room, type Settings, type StoredEvent } from '../src/room.js';
import { MemoryStorage } from '../src/storage-memory.js';

const SPEC: RulesSpec = 'standard';
const RULES = (() => {
  const r = resolveRules(SPEC);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
})();

/** The objects reachable from `root` through its fields, arrays, maps and sets (a typed array counts as one), and the Deals among them. */
function reachable(root: unknown): { objects: number; deals: number } {
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  let deals = 0;
  while (stack.length) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null || seen.has(v)) continue;
    seen.add(v);
    if (ArrayBuffer.isView(v)) continue;
    if (v instanceof Deal) deals++;
    if (v instanceof Map) stack.push(...v.keys(), ...v.values());
    else if (v instanceof Set) stack.push(...v);
    else stack.push(...Object.values(v));
  }
  return { objects: seen.size, deals };
}

/** Deal n's proof as the test commits it (no contributions). */
const proofOf = (n: number): FairProof => ({
  commitment: `c${n}`.padEnd(64, '0'),
  seed: `s${n}`.padEnd(64, '0'),
  contributions: [null, null, null, null],
});

/**
 * A Room at a table of `players` beside a plain engine table fed the same deals (seeded, played at
 * random), and storage that gets each deal as it ends, as the session writes it.
 */
async function table(players: 4 | 5) {
  const settings: Settings = { rulesSpec: SPEC, stake: 0, secondsPerMove: 60, public: false, deals: 0, players };
  let room = new Room('t', settings, RULES);
  const plain: GameTable = newGameTable(room.rules, players, 0, 'memory');
  const rng = new SeededRng(`memory-${players}`);
  const storage = new MemoryStorage();
  await storage.createTable({ id: 't', owner: 1, settings: '{}', public: false, createdAt: '' }, [], {});
  const stored = new Set<number>();
  const apply = async (e: StoredEvent) => {
    room.apply(room.version + 1, e);
    // Each command is played on a fork, as the session does: what a fork shares must stay untouched.
    room = room.fork();
    const ended = room.recentDeals().filter((d) => !stored.has(d.n));
    for (const d of ended) stored.add(d.n);
    if (ended.length) await storage.append('t', 0, [], { deals: ended });
  };
  await apply({ type: 'created', owner: 1, ownerName: 'Rybak' });
  for (let seat = 0; seat < players; seat++)
    await apply({
      type: 'seated',
      seat,
      player: seat === 0 ? 1 : null,
      name: 'basic',
      bot: seat === 0 ? null : 'basic',
    });
  await apply({ type: 'started', seed: 'memory', dealer: 0 });
  /** Play `deals` more deals. */
  const play = async (deals: number) => {
    for (let k = 0; k < deals; k++) {
      const n = plain.dealCount + 1;
      const hands = [...dealMasks(rng, nextDealDealer(plain))];
      await apply({ type: 'committed', deal: n, seed: proofOf(n).seed, commitment: proofOf(n).commitment });
      await apply({ type: 'deal', hands });
      if (!plain.newDeal(hands).ok) throw new Error('the plain table refused the deal');
      while (!room.deal!.isComplete) {
        const legal = room.deal!.legal();
        const action = legal[randomInt(rng, legal.length)]!;
        await apply({ type: 'action', seat: room.toAct, action, by: 'bot' });
        if (!plain.apply(action).ok) throw new Error(`the plain table refused ${action}`);
      }
    }
  };
  return { room: () => room, plain, storage, play };
}

describe('a Room that plays deal after deal', () => {
  for (const players of [4, 5] as const)
    it(`holds as much after 120 deals as after 60, at a table of ${players}`, async () => {
      const t = await table(players);
      await t.play(60);
      const early = reachable(t.room());
      await t.play(60);
      const late = reachable(t.room());
      // Before: every deal's sheet row, record entry and proof stayed (some 1.4 KB of heap a deal):
      // at four, 1,119 objects after 120 deals against 579 after 60.
      expect(late).toEqual(early);
      expect(late.deals).toBe(1); // the current deal's state only
      expect(t.room().past.length).toBeLessThanOrEqual(SHEET_RECENT);
      // A fork for the next command shares what is kept and has its own copy of the deal in play.
      expect(reachable(t.room().fork()).deals).toBe(1);
    });

  for (const players of [4, 5] as const)
    it(`gives the same sheet, totals and record as a table that forgets nothing, from storage and memory, at ${players}`, async () => {
      const t = await table(players);
      await t.play(40);
      const room = t.room();
      const { plain } = t;
      expect(plain.deals).toHaveLength(40);
      const rows = plain.deals.map((_, n) => ({ ...sheetRowOf(plain, n)!, fair: proofOf(n + 1) }));

      // The description carries the last rows and says how many come before them.
      const info = room.info();
      expect(info.dealsPlayed).toBe(40);
      expect(info.sheetFrom).toBe(40 - SHEET_RECENT);
      expect(info.sheet).toEqual(rows.slice(-SHEET_RECENT));
      expect(info.totals).toEqual([...plain.totals]);
      expect(info.bokDealsLeft).toBe(plain.bokDealsLeft);
      for (let seat = 0; seat < players; seat++) expect(room.dealsPlayedBy(seat)).toBe(players === 4 ? 40 : 32); // at five each sits out 8 of 40 deals

      // The earlier rows from storage, a page at a time; a page across the two, and past the end.
      expect(await sheetRows(t.storage, room, 0, 40)).toEqual(rows);
      expect(await sheetRows(t.storage, room, 5, 25)).toEqual(rows.slice(5, 25));
      expect(await sheetRows(t.storage, room, 30, 100)).toEqual(rows.slice(30));
      expect(await sheetRows(t.storage, room, 40, 50)).toEqual([]);

      // The record: every deal, each with its proof.
      const whole =
        plain instanceof TableOfFive ? recordOfTableOfFive(plain, SPEC) : recordOfTable(plain as Table, SPEC);
      whole.deals = whole.deals.map((d: DealRecord, n: number) => ({ ...d, fair: proofOf(n + 1) }));
      expect(await wholeRecord(t.storage, room)).toEqual(whole);
    });

  it('refuses to make up a row storage lacks', async () => {
    const t = await table(4);
    await t.play(SHEET_RECENT + 3);
    const empty = new MemoryStorage(); // as a database that lost the table's deals
    await expect(sheetRows(empty, t.room(), 0, 5)).rejects.toThrow(/storage lacks/);
    expect(await sheetRows(empty, t.room(), 3, 5)).toHaveLength(2); // those the Room keeps need nothing
  });

  it('leaves what a fork kept untouched when the fork plays on', async () => {
    const t = await table(4);
    await t.play(3);
    const room = t.room();
    const fork = room.fork();
    fork.apply(fork.version + 1, {
      type: 'deal',
      hands: [...dealMasks(new SeededRng('fork'), nextDealDealer(room.table!))],
    });
    expect(fork.table!.dealCount).toBe(4);
    expect(room.table!.dealCount).toBe(3);
    expect(room.past).toHaveLength(2);
    expect(room.info().sheet).toHaveLength(3);
  });
});

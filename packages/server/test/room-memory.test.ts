// A Room's memory does not grow with the deals it has played: of the deals before the current one it
// keeps their sheet rows and record entries, not their Deal objects (issue "Nothing leaks, nothing
// stalls", Memory). Counted, not weighed: the Deal objects reachable from the Room after many deals.
// What it keeps must still give the same sheet, totals and record as a table that forgets nothing.
import {
  Deal,
  SeededRng,
  dealMasks,
  randomInt,
  recordOfTable,
  recordOfTableOfFive,
  resolveRules,
  type RulesSpec,
  type Table,
  TableOfFive,
} from '@baska/engine';
import { describe, expect, it } from 'vitest';
import { type GameTable, newGameTable, nextDealDealer, sheetRowOf } from '../src/game-table.js';
import { Room, type Settings, type StoredEvent } from '../src/room.js';

const SPEC: RulesSpec = 'standard';
const RULES = (() => {
  const r = resolveRules(SPEC);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
})();

/** The Deal objects reachable from `root` through its fields, arrays, maps and sets. */
function dealsReachable(root: unknown): number {
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  let deals = 0;
  while (stack.length) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null || seen.has(v) || ArrayBuffer.isView(v)) continue;
    seen.add(v);
    if (v instanceof Deal) deals++;
    if (v instanceof Map) stack.push(...v.keys(), ...v.values());
    else if (v instanceof Set) stack.push(...v);
    else stack.push(...Object.values(v));
  }
  return deals;
}

/** A Room at a table of `players` that plays `deals` deals at random (seeded), beside a plain engine table fed the same. */
function play(players: 4 | 5, deals: number) {
  const settings: Settings = { rulesSpec: SPEC, stake: 0, secondsPerMove: 60, public: false, deals: 0, players };
  const room = new Room('t', settings, RULES);
  const plain: GameTable = newGameTable(room.rules, players, 0, 'memory');
  const rng = new SeededRng(`memory-${players}`);
  const events: StoredEvent[] = [{ type: 'created', owner: 1, ownerName: 'Rybak' }];
  for (let seat = 0; seat < players; seat++)
    events.push({
      type: 'seated',
      seat,
      player: seat === 0 ? 1 : null,
      name: 'basic',
      bot: seat === 0 ? null : 'basic',
    });
  events.push({ type: 'started', seed: 'memory', dealer: 0 });
  for (const e of events) room.apply(room.version + 1, e);
  for (let n = 0; n < deals; n++) {
    const hands = [...dealMasks(rng, nextDealDealer(plain))];
    room.apply(room.version + 1, { type: 'deal', hands });
    if (!plain.newDeal(hands).ok) throw new Error('the plain table refused the deal');
    while (!room.deal!.isComplete) {
      const legal = room.deal!.legal();
      const action = legal[randomInt(rng, legal.length)]!;
      room.apply(room.version + 1, { type: 'action', seat: room.toAct, action, by: 'bot' });
      if (!plain.apply(action).ok) throw new Error(`the plain table refused ${action}`);
    }
  }
  return { room, plain };
}

describe('a Room that plays deal after deal', () => {
  for (const players of [4, 5] as const)
    it(`keeps the Deal objects of the current deal only, at a table of ${players}`, () => {
      const { room, plain } = play(players, 40);
      expect(plain.deals).toHaveLength(40);
      // Before: all 40 Deals stayed in memory (some 4 KB each), 6 MB a minute over 100 endless tables.
      expect(dealsReachable(room)).toBe(1);
      // A fork for the next command shares what is kept and has its own copy of the deal in play.
      expect(dealsReachable(room.fork())).toBe(1);

      // What the sheet, the totals and the record say is what a table that forgets nothing says.
      const info = room.info();
      expect(info.dealsPlayed).toBe(40);
      expect(info.totals).toEqual([...plain.totals]);
      expect(info.bokDealsLeft).toBe(plain.bokDealsLeft);
      expect(info.sheet).toEqual(plain.deals.map((_, n) => sheetRowOf(plain, n)));
      expect(room.record()).toEqual(
        plain instanceof TableOfFive ? recordOfTableOfFive(plain, SPEC) : recordOfTable(plain as Table, SPEC),
      );
      for (let seat = 0; seat < players; seat++) expect(room.dealsPlayedBy(seat)).toBe(players === 4 ? 40 : 32); // at five each sits out 8 of 40 deals
    });

  it('leaves what a fork kept untouched when the fork plays on', () => {
    const { room } = play(4, 3);
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

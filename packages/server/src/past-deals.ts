// A table's complete deals beyond those its Room keeps: the score sheet's earlier rows and the
// record's earlier entries live in storage (`game_deal`), written in the command that ends each
// deal (session.ts), and are read from there a page at a time. A Room keeps the last SHEET_RECENT
// (room.ts), so an endless table's memory does not grow with its deals (issue 33, "Memory").
import {
  type DealRecord,
  type GameRecord,
  type TableOfFiveDealRecord,
  type TableOfFiveRecord,
  loadRecord,
  loadTableOfFiveRecord,
} from '@baska/engine';
import type { SheetRow } from '@baska/protocol';
import type { Db } from './db.js';
import { type GameTable, dealOf, recordOf, sheetRowOf } from './game-table.js';
import type { Room } from './room.js';
import type { Storage, StoredDeal } from './storage.js';

/**
 * The table's complete deals `from` ≤ n < `to` (as far as the Room has played): those before the
 * Room's own from storage, the rest from the Room. A deal storage lacks is an error: each is written
 * as it ends.
 */
export async function pastDeals(storage: Storage, room: Room, from: number, to: number): Promise<StoredDeal[]> {
  const end = Math.min(to, room.dealsComplete);
  const kept = room.recentDeals();
  const split = Math.min(kept[0]?.n ?? end, end);
  const stored = from < split ? await storage.deals(room.id, from, split) : [];
  if (stored.length !== Math.max(0, split - from) || stored.some((d, i) => d.n !== from + i))
    throw new Error(`table ${room.id}: storage lacks some of deals ${from + 1}–${split}`);
  return [...stored, ...kept.filter((d) => d.n >= from && d.n < end)];
}

/** Rows `from` + 1 … `to` of the table's score sheet (as far as it has been played), each with its proof. */
export async function sheetRows(storage: Storage, room: Room, from: number, to: number): Promise<SheetRow[]> {
  return (await pastDeals(storage, room, from, to)).map((d) => d.row);
}

/**
 * The record of the table's complete deals (docs/spec/records.md), each with its proof revealed;
 * null before the game starts. The hands of a deal in play are in no record until it ends.
 */
export async function wholeRecord(storage: Storage, room: Room): Promise<GameRecord | TableOfFiveRecord | null> {
  if (!room.table) return null;
  const deals = await pastDeals(storage, room, 0, room.dealsComplete);
  return recordOf(
    deals.map((d) => d.record),
    room.settings,
  );
}

/**
 * The complete deals of a stored record (JSON), as `game_deal` keeps them: each entry as the record
 * has it, its sheet row scored by the engine. Nothing when the engine cannot read it.
 */
export function storedDealsOf(text: string): StoredDeal[] {
  const value = JSON.parse(text) as { players?: unknown; deals?: (DealRecord | TableOfFiveDealRecord)[] };
  let table: GameTable;
  if (value.players === 5) {
    const loaded = loadTableOfFiveRecord(value);
    if (!loaded.ok) return [];
    table = loaded.value.table;
  } else {
    const loaded = loadRecord(value);
    if (!loaded.ok) return [];
    table = loaded.value.table;
  }
  const out: StoredDeal[] = [];
  for (let n = 0; n < table.dealCount && dealOf(table, n)?.isComplete; n++) {
    const record = value.deals![n]!;
    const row = sheetRowOf(table, n)!;
    out.push({ n, row: record.fair ? { ...row, fair: record.fair } : row, record });
  }
  return out;
}

/**
 * The `game_deal` table; a database from before it gets each game's complete deals from the game's
 * stored record (written after every deal then), once.
 */
export async function migratePastDeals(db: Db): Promise<void> {
  await db.schema
    .createTable('game_deal')
    .ifNotExists()
    .addColumn('game_id', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addColumn('row', 'text', (c) => c.notNull())
    .addColumn('record', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('game_deal_pk', ['game_id', 'n'])
    .execute();
  const unfilled = await db
    .selectFrom('game')
    .select('id')
    .where('record', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('game_deal').select('n').whereRef('game_deal.game_id', '=', 'game.id'))),
    )
    .execute();
  for (const { id } of unfilled) {
    const g = await db.selectFrom('game').select('record').where('id', '=', id).executeTakeFirst();
    const deals = g?.record ? storedDealsOf(g.record) : [];
    for (let i = 0; i < deals.length; i += 100)
      await db
        .insertInto('game_deal')
        .values(
          deals
            .slice(i, i + 100)
            .map((d) => ({ game_id: id, n: d.n, row: JSON.stringify(d.row), record: JSON.stringify(d.record) })),
        )
        .onConflict((oc) => oc.columns(['game_id', 'n']).doNothing())
        .execute();
  }
}

// The SQL storage's reads that every process makes all the time, on SQLite and (with
// BASKA_TEST_PG_URL) PostgreSQL: what they answer, and on PostgreSQL how much of the log they read;
// and the complete deals it keeps beside the log (game_deal), filled from the stored records of a
// database from before it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SeededRng, dealMasks, makeRecord, randomInt, recordOfTable, resolveRules } from '@baska/engine';
import { CompiledQuery } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Db, migrate, openDb } from '../src/db.js';
import { newGameTable, nextDealDealer, sheetRowOf } from '../src/game-table.js';
import type { StoredEvent } from '../src/room.js';
import { SqlStorage, versionsQuery } from '../src/storage-sql.js';

const PG_URL = process.env.BASKA_TEST_PG_URL;
const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const f of cleanup.splice(0)) await f();
});

async function sqlite(): Promise<Db> {
  const dir = mkdtempSync(join(tmpdir(), 'baska-storage-'));
  const { db } = openDb({ file: join(dir, 'baska.db') });
  await migrate(db, 'sqlite');
  cleanup.push(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });
  return db;
}

async function postgres(url: string): Promise<Db> {
  const schema = `storage_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  const { db } = openDb({ url: u.toString() });
  await migrate(db, 'postgres');
  cleanup.push(async () => {
    await db.destroy();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  });
  return db;
}

/** `tables` tables, table i with 10·(i+1) events in its log (the last of them: `empty` tables with none). */
async function fill(storage: SqlStorage, tables: number, empty = 0): Promise<Map<string, number>> {
  const versions = new Map<string, number>();
  for (let i = 0; i < tables + empty; i++) {
    const id = `t${i}`;
    const n = i < tables ? 10 * (i + 1) : 0;
    const events: StoredEvent[] = Array.from({ length: n }, (_, k) =>
      k === 0 ? { type: 'created', owner: 1, ownerName: 'Rybak' } : { type: 'ready', seat: k % 4 },
    );
    const row = { id, owner: 1, settings: '{}', public: false, createdAt: new Date().toISOString() };
    await storage.createTable(row, events, {});
    if (n) versions.set(id, n);
  }
  return versions;
}

/** A table of four that played `complete` deals at random and is in the middle of one more, and its record so far as the server stored it then. */
function playedSoFar(complete: number) {
  const rules = resolveRules('standard');
  if (!rules.ok) throw new Error(rules.error.message);
  const t = newGameTable(rules.value, 4, 0, 'legacy');
  const rng = new SeededRng('legacy');
  for (let n = 0; n <= complete; n++) {
    if (!t.newDeal([...dealMasks(rng, nextDealDealer(t))]).ok) throw new Error('refused deal');
    for (let k = 0; !t.current!.isComplete && (n < complete || k < 5); k++) {
      const legal = t.current!.legal();
      if (!t.apply(legal[randomInt(rng, legal.length)]!).ok) throw new Error('refused move');
    }
  }
  const fair = { commitment: 'c'.repeat(64), seed: 'd'.repeat(64), contributions: [null, 'ab', null, null] };
  const record = recordOfTable(t as Parameters<typeof recordOfTable>[0], 'standard');
  record.deals[1] = { ...record.deals[1]!, fair }; // the second deal with its proof
  return { t, fair, record: makeRecord(record), entries: record.deals };
}

const databases = [
  { name: 'SQLite', open: sqlite },
  ...(PG_URL ? [{ name: 'PostgreSQL', open: () => postgres(PG_URL) }] : []),
];

describe.each(databases)('the SQL storage on $name', ({ open }) => {
  it('gives each table’s last version in the log; a table without events or unknown is absent', async () => {
    const storage = new SqlStorage(await open());
    const versions = await fill(storage, 30, 3);
    const asked = [...versions.keys(), 't30', 't31', 't32', 'nope'];
    expect(await storage.versions(asked)).toEqual(versions);
    expect(await storage.versions([])).toEqual(new Map());
  });

  it('keeps each complete deal once, and reads them a page at a time', async () => {
    const storage = new SqlStorage(await open());
    const row = { id: 'long', owner: 1, settings: '{}', public: false, createdAt: new Date().toISOString() };
    await storage.createTable(row, [{ type: 'created', owner: 1, ownerName: 'Rybak' }], {});
    const deal = (n: number, contract = 'zwyczajna') => ({
      n,
      row: { dealer: n % 4, contract, declarer: null, bokRound: false, scores: [n, -n, 0, 0] },
      record: { dealer: n % 4, hands: ['', '', '', ''] as [string, string, string, string], auction: [], play: [] },
    });
    for (let n = 0; n < 30; n++)
      await storage.append('long', n + 1, [{ type: 'ready', seat: 0 }], { deals: [deal(n)] });
    // A deal written again (a command retried after its answer was lost) stays as it was first written.
    await storage.append('long', 31, [{ type: 'ready', seat: 0 }], { deals: [deal(29, 'gran'), deal(30)] });
    expect((await storage.deals('long', 0, 100)).map((d) => d.n)).toEqual(Array.from({ length: 31 }, (_, n) => n));
    expect(await storage.deals('long', 10, 13)).toEqual([deal(10), deal(11), deal(12)]);
    expect((await storage.deals('long', 29, 30))[0]!.row.contract).toBe('zwyczajna');
    expect(await storage.deals('long', 31, 40)).toEqual([]);
    expect(await storage.deals('other', 0, 10)).toEqual([]);
  });

  it('fills game_deal of a database from before it from each game’s stored record: its complete deals, once', async () => {
    const db = await open();
    const { t, fair, record, entries } = playedSoFar(3);
    const game = { owner_id: 1, settings: '{}', status: 'playing', public: 1, created_at: new Date().toISOString() };
    await db
      .insertInto('game')
      .values({ ...game, id: 'old', record })
      .execute();
    await db
      .insertInto('game')
      .values({ ...game, id: 'unplayed', record: null })
      .execute();
    await migrate(db, open === sqlite ? 'sqlite' : 'postgres');
    const storage = new SqlStorage(db);
    const stored = await storage.deals('old', 0, 100);
    // The three complete deals, not the one in play (its hands are in no record until it ends).
    expect(stored.map((d) => d.record)).toEqual(entries.slice(0, 3));
    expect(stored.map((d) => d.row)).toEqual(
      [0, 1, 2].map((n) => ({ ...sheetRowOf(t, n)!, ...(n === 1 && { fair }) })),
    );
    expect(await storage.deals('unplayed', 0, 100)).toEqual([]);
    // Once: a second start changes nothing.
    await migrate(db, open === sqlite ? 'sqlite' : 'postgres');
    expect(await storage.deals('old', 0, 100)).toEqual(stored);
  });
});

describe.runIf(PG_URL)('the SQL storage on PostgreSQL, how much it reads', () => {
  // Every process asks for the versions of every table it follows every two seconds: a read of
  // each whole log grows with every move ever made (issue 20).
  it('reads one entry of the log per table for its last version, however long the logs are', async () => {
    const db = await postgres(PG_URL!);
    const storage = new SqlStorage(db);
    await fill(storage, 60);
    await db.executeQuery(CompiledQuery.raw('analyze'));
    const ids = Array.from({ length: 30 }, (_, i) => `t${2 * i}`);
    const q = versionsQuery(db, ids).compile();
    const explained = await db.executeQuery<{ 'QUERY PLAN': unknown }>(
      CompiledQuery.raw(`explain (analyze, format json) ${q.sql}`, [...q.parameters]),
    );
    /** Rows that the plan's nodes on game_event produced or filtered out, over all their loops. */
    const read = (node: Record<string, unknown>): number =>
      (node['Relation Name'] === 'game_event'
        ? (Number(node['Actual Rows']) + Number(node['Rows Removed by Filter'] ?? 0)) * Number(node['Actual Loops'])
        : 0) + ((node.Plans as Record<string, unknown>[] | undefined) ?? []).reduce((n, p) => n + read(p), 0);
    const plan = (explained.rows[0]!['QUERY PLAN'] as { Plan: Record<string, unknown> }[])[0]!.Plan;
    expect(read(plan)).toBeLessThanOrEqual(ids.length);
  });
});

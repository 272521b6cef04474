// The SQL storage's reads that every process makes all the time, on SQLite and (with
// BASKA_TEST_PG_URL) PostgreSQL: what they answer, and on PostgreSQL how much of the log they read.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompiledQuery } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Db, migrate, openDb } from '../src/db.js';
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

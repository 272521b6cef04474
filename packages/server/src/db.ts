// Storage through Kysely: SQLite (better-sqlite3) by default, PostgreSQL when a URL is given.
// The event log (`game_event`, primary key game + sequence number) is the truth; the other tables
// are accounts, sessions and a game's summary for the lobby and the archive.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { type Generated, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { legacyKey, lookalikeKey, nameKey } from './names.js';
import { type ChatTables, migrateChat } from './chat/schema.js';
import { type FairPlayTables, migrateFairPlay } from './fairplay/schema.js';
import { type RatingTables, migrateRatings } from './ratings/schema.js';
import { migrateTournaments } from './tournaments/schema.js';
import { migratePads } from './pads/store.js';
import { migratePastDeals } from './past-deals.js';
import { type RecoveryTables, migrateRecovery } from './recovery/schema.js';
import { type ModerationTables, migrateModeration } from './moderation/schema.js';

export interface Database extends RatingTables, ChatTables, FairPlayTables, RecoveryTables, ModerationTables {
  player: {
    id: Generated<number>;
    name: string;
    /**
     * A registered player's name under `nameKey` (names.ts), unique among registered players; null
     * for a guest (guests may share a nickname, also with a registered player).
     */
    name_key: string | null;
    /**
     * A registered player's name under `lookalikeKey` (names.ts): no new name may look like it (not
     * unique: two registered before it may look alike). Null for a guest.
     */
    name_skeleton: string | null;
    /** argon2id hash; null for a guest. */
    password_hash: string | null;
    guest: number;
    created_at: string;
  };
  session: {
    token: string;
    player_id: number;
    /** The login (ISO time): the session ends its absolute lifetime after it (decision 016). */
    created_at: string;
    /** Its last use, written at most once in a while (accounts.ts); null in a session from before it. */
    used_at: string | null;
  };
  game: {
    id: string;
    owner_id: number;
    /** Table settings as JSON: rules, stake, seconds per move, public, deals. */
    settings: string;
    status: string;
    public: number;
    created_at: string;
    /**
     * The finished game's record (docs/spec/records.md), as JSON, written as it ends (a game in play
     * has its deals in `game_deal`; a database from before kept its record so far here too).
     */
    record: string | null;
  };
  /** Each complete deal of a game, written as it ends: its sheet row and record entry (past-deals.ts). */
  game_deal: {
    game_id: string;
    /** The deal's index in its game, from 0. */
    n: number;
    /** Its row of the score sheet (protocol SheetRow), with its proof, as JSON. */
    row: string;
    /** Its entry in the game's record, with its proof, as JSON. */
    record: string;
  };
  /** Who sits (or sat) at which game, and his running total there: a player's history and statistics. */
  game_player: {
    game_id: string;
    player_id: number;
    seat: number;
    total: number;
    deals: number;
  };
  game_event: {
    game_id: string;
    seq: number;
    /** The event as JSON (server-side: a deal event holds the hands). */
    body: string;
    created_at: string;
  };
}

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

/** Open the database: PostgreSQL for a `postgres://` URL, else SQLite at `file` (its directory is created). */
export function openDb(target: { url?: string; file?: string }): { db: Db; dialect: Dialect } {
  if (target.url) {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  const file = target.file ?? ':memory:';
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL'); // WAL + NORMAL: a committed transaction survives a process crash
  // No busy wait: better-sqlite3 would wait on the event loop and freeze every table while another
  // process holds the lock. Writes are retried on timers instead (retryBusy, below).
  sqlite.pragma('busy_timeout = 0');
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }), dialect: 'sqlite' };
}

/** Create the tables that do not exist yet (the schema's first version). */
export async function migrate(db: Db, dialect: Dialect): Promise<void> {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  await db.schema
    .createTable('player')
    .ifNotExists()
    .addColumn('id', id, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('guest', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // Registered names are unique under their key (names.ts); guests may share a nickname. A database
  // from before the key compared lower(name): its column is added and filled here, once.
  if (dialect === 'postgres') await sql`alter table player add column if not exists name_key text`.execute(db);
  else {
    const { rows } = await sql<{ name: string }>`select name from pragma_table_info('player')`.execute(db);
    if (!rows.some((c) => c.name === 'name_key')) await sql`alter table player add column name_key text`.execute(db);
  }
  await db.transaction().execute(async (trx) => {
    const unkeyed = await trx.selectFrom('player').select('id').where('guest', '=', 0).where('name_key', 'is', null);
    if (!(await unkeyed.executeTakeFirst())) return;
    const players = await trx
      .selectFrom('player')
      .select(['id', 'name', 'name_key'])
      .where('guest', '=', 0)
      .orderBy('id')
      .execute();
    const taken = new Set(players.flatMap((p) => (p.name_key === null ? [] : [p.name_key])));
    for (const p of players) {
      if (p.name_key !== null) continue;
      // The first registered keeps the name; a later one of the same key (the old check let him in)
      // keeps his account under his exact spelling.
      let key = nameKey(p.name);
      if (taken.has(key)) key = legacyKey(p.name);
      if (taken.has(key)) key = legacyKey(`${p.name}~${p.id}`);
      taken.add(key);
      await trx.updateTable('player').set({ name_key: key }).where('id', '=', p.id).execute();
    }
  });
  await sql`drop index if exists player_registered_name`.execute(db);
  await sql`create unique index if not exists player_name_key on player (name_key) where guest = 0`.execute(db);
  await migrateSkeletons(db, dialect);
  await db.schema
    .createTable('session')
    .ifNotExists()
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('player_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await migrateSessions(db, dialect);
  await db.schema
    .createTable('game')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('public', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('record', 'text')
    .execute();
  await db.schema
    .createTable('game_event')
    .ifNotExists()
    .addColumn('game_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('game_event_pk', ['game_id', 'seq'])
    .execute();
  await db.schema
    .createTable('game_player')
    .ifNotExists()
    .addColumn('game_id', 'text', (c) => c.notNull())
    .addColumn('player_id', 'integer', (c) => c.notNull())
    .addColumn('seat', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('deals', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('game_player_pk', ['game_id', 'player_id'])
    .execute();
  await sql`create index if not exists game_player_by_player on game_player (player_id)`.execute(db);
  await migratePastDeals(db);
  await migrateRatings(db);
  await migrateTournaments(db, dialect);
  await migratePads(db, dialect);
  await migrateChat(db);
  await migrateFairPlay(db);
  await migrateRecovery(db);
  await migrateModeration(db, dialect);
}

/**
 * The look-alike key of registered names (names.ts, lookalikeKey; decision 016): the column is added
 * and filled once for a database from before it.
 */
async function migrateSkeletons(db: Db, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await sql`alter table player add column if not exists name_skeleton text`.execute(db);
  else {
    const { rows } = await sql<{ name: string }>`select name from pragma_table_info('player')`.execute(db);
    if (!rows.some((c) => c.name === 'name_skeleton'))
      await sql`alter table player add column name_skeleton text`.execute(db);
  }
  const unset = await db
    .selectFrom('player')
    .select(['id', 'name'])
    .where('guest', '=', 0)
    .where('name_skeleton', 'is', null)
    .execute();
  for (const p of unset)
    await db
      .updateTable('player')
      .set({ name_skeleton: lookalikeKey(p.name) })
      .where('id', '=', p.id)
      .execute();
  await sql`create index if not exists player_name_skeleton on player (name_skeleton) where guest = 0`.execute(db);
}

/**
 * Sessions that end (decision 016): the last use of each (a database from before it gets the column,
 * empty: such a session counts from its login), and the index "log out everywhere" deletes by.
 */
async function migrateSessions(db: Db, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await sql`alter table session add column if not exists used_at text`.execute(db);
  else {
    const { rows } = await sql<{ name: string }>`select name from pragma_table_info('session')`.execute(db);
    if (!rows.some((c) => c.name === 'used_at')) await sql`alter table session add column used_at text`.execute(db);
  }
  await sql`create index if not exists session_by_player on session (player_id)`.execute(db);
}

/** Is this error a broken primary key (another writer took that sequence number)? */
export function isDuplicateKey(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  return (
    err.code === '23505' || err.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || /UNIQUE constraint/.test(err.message ?? '')
  );
}

/** SQLite answers at once that another writer holds the lock (busy_timeout 0: a wait would block the event loop). */
const isBusy = (e: unknown) => /^SQLITE_(BUSY|LOCKED)/.test((e as { code?: string }).code ?? '');

/**
 * Run a write, and again while SQLite says another process holds the lock: the waits are timers, so
 * every other table and socket is served meanwhile. Gives up after `limitMs`.
 */
export async function retryBusy<T>(write: () => Promise<T>, limitMs = 30_000): Promise<T> {
  const start = performance.now();
  for (let wait = 5; ; wait = Math.min(wait * 2, 250)) {
    try {
      return await write();
    } catch (e) {
      if (!isBusy(e) || performance.now() - start > limitMs) throw e;
      await sleep(wait);
    }
  }
}

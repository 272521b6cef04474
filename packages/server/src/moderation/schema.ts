// The moderators' own tables (issue 35, "Moderators"), created by their own migration (called from
// db.ts's migrate): who holds a role, the mutes and bans standing, the addresses a banned player
// connected from (a new account from one is marked), and the audit log of every moderator's act.
import { type Generated, sql } from 'kysely';
import type { Db, Dialect } from '../db.js';

export interface ModerationTables {
  /** An account's role beyond playing ('admin' or 'moderator'); none: a player. */
  player_role: {
    player_id: number;
    role: string;
    granted_at: string;
  };
  /** A mute or a ban standing (one of each kind per player); lifting one deletes its row. */
  sanction: {
    player_id: number;
    /** 'mute' or 'ban'. */
    kind: string;
    /** Shown to the player. */
    reason: string;
    /** ISO time it ends; null: for good. */
    until: string | null;
    by_id: number;
    at: string;
  };
  /** The addresses (their limit keys, client-address.ts) a banned player connected from when banned. */
  banned_address: {
    address: string;
    player_id: number;
  };
  /** An account registered from a banned player's address, for the moderators. */
  evasion_mark: {
    player_id: number;
    banned_id: number;
    at: string;
  };
  /**
   * Every moderator's act, append-only: rows are only ever inserted (a deleted player's name is
   * replaced by his label, decision 019: the act stays, the person goes).
   */
  mod_audit: {
    id: Generated<number>;
    at: string;
    /** Null: the server's machine (`baska-server grant-admin`). */
    by_id: number | null;
    by_name: string | null;
    action: string;
    target_id: number | null;
    target_name: string | null;
    reason: string;
    detail: string | null;
  };
}

export async function migrateModeration(db: Db, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('player_role')
    .ifNotExists()
    .addColumn('player_id', 'integer', (c) => c.primaryKey())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('granted_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sanction')
    .ifNotExists()
    .addColumn('player_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('until', 'text')
    .addColumn('by_id', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sanction_pk', ['player_id', 'kind'])
    .execute();
  await db.schema
    .createTable('banned_address')
    .ifNotExists()
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('player_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('banned_address_pk', ['address', 'player_id'])
    .execute();
  await db.schema
    .createTable('evasion_mark')
    .ifNotExists()
    .addColumn('player_id', 'integer', (c) => c.notNull())
    .addColumn('banned_id', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('evasion_mark_pk', ['player_id', 'banned_id'])
    .execute();
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  await db.schema
    .createTable('mod_audit')
    .ifNotExists()
    .addColumn('id', id, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('by_id', 'integer')
    .addColumn('by_name', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer')
    .addColumn('target_name', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .execute();
  await sql`create index if not exists mod_audit_by_target on mod_audit (target_id)`.execute(db);
}

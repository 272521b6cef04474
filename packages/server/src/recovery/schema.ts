// The tables of a player's own ways back into his account (decision 018): his confirmed e-mail
// address, and the one-use tokens of the links the server hands out (a password's reset, an
// address's confirmation). A token is stored only as its SHA-256: the database read by someone else
// gives no link that works. Created by their own migration, called from db.ts's migrate.
import { sql } from 'kysely';
import type { Db } from '../db.js';

export interface RecoveryTables {
  /** A registered player's confirmed address (one per player, one player per address). */
  account_email: {
    player_id: number;
    /** Trimmed and in small letters. */
    email: string;
    confirmed_at: string;
  };
  account_token: {
    /** SHA-256 of the token, hex: the token itself is only in the link. */
    hash: string;
    player_id: number;
    /** 'reset': a new password; 'email': the address below is his. */
    purpose: string;
    email: string | null;
    created_at: string;
    expires_at: string;
  };
}

export async function migrateRecovery(db: Db): Promise<void> {
  await db.schema
    .createTable('account_email')
    .ifNotExists()
    .addColumn('player_id', 'integer', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('confirmed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('account_token')
    .ifNotExists()
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('player_id', 'integer', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await sql`create index if not exists account_token_by_player on account_token (player_id)`.execute(db);
}

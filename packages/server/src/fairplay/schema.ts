// The fair-play marks' own table, created by its own migration (called from db.ts's migrate): for
// each rated table, the groups of accounts at it that connected from one address, for the operator.
import type { Db } from '../db.js';

export interface FairPlayTables {
  fair_play_mark: {
    game_id: string;
    /** The groups of accounts (JSON: arrays of ids), as last seen. */
    players: string;
    /** Their seats at the table, likewise (JSON: arrays of seats). */
    seats: string;
    at: string;
  };
}

export async function migrateFairPlay(db: Db): Promise<void> {
  await db.schema
    .createTable('fair_play_mark')
    .ifNotExists()
    .addColumn('game_id', 'text', (c) => c.notNull())
    .addColumn('players', 'text', (c) => c.notNull())
    .addColumn('seats', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('fair_play_mark_pk', ['game_id'])
    .execute();
}

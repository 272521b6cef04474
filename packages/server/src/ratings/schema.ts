// The ratings' own tables, created by their own migration (called from db.ts's migrate): a
// player's current rating in each family, and one row per player per rated game (the history, and
// what the profile's plot is drawn from).
import { sql } from 'kysely';
import type { Db } from '../db.js';

export interface RatingTables {
  rating: {
    player_id: number;
    family: string;
    mu: number;
    sigma: number;
    /** Rated games played in this family. */
    games: number;
    /** Of them, games he left before the end (a bot played on for him). */
    left_games: number;
    updated_at: string;
  };
  rating_change: {
    game_id: string;
    player_id: number;
    family: string;
    seat: number;
    /** His small-point total at the table, and his place by it (ties share the better place). */
    total: number;
    place: number;
    mu_before: number;
    sigma_before: number;
    mu: number;
    sigma: number;
    /** He was away (left) when the game ended. */
    left_game: number;
    at: string;
  };
}

export async function migrateRatings(db: Db): Promise<void> {
  await db.schema
    .createTable('rating')
    .ifNotExists()
    .addColumn('player_id', 'integer', (c) => c.notNull())
    .addColumn('family', 'text', (c) => c.notNull())
    .addColumn('mu', 'double precision', (c) => c.notNull())
    .addColumn('sigma', 'double precision', (c) => c.notNull())
    .addColumn('games', 'integer', (c) => c.notNull())
    .addColumn('left_games', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('rating_pk', ['player_id', 'family'])
    .execute();
  await db.schema
    .createTable('rating_change')
    .ifNotExists()
    .addColumn('game_id', 'text', (c) => c.notNull())
    .addColumn('player_id', 'integer', (c) => c.notNull())
    .addColumn('family', 'text', (c) => c.notNull())
    .addColumn('seat', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('place', 'integer', (c) => c.notNull())
    .addColumn('mu_before', 'double precision', (c) => c.notNull())
    .addColumn('sigma_before', 'double precision', (c) => c.notNull())
    .addColumn('mu', 'double precision', (c) => c.notNull())
    .addColumn('sigma', 'double precision', (c) => c.notNull())
    .addColumn('left_game', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('rating_change_pk', ['game_id', 'player_id'])
    .execute();
  await sql`create index if not exists rating_change_by_player on rating_change (player_id, family, at)`.execute(db);
  await sql`create index if not exists rating_by_family on rating (family, games)`.execute(db);
}

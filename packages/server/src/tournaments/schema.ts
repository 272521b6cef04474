// The tournaments' own tables. `tournament.file` is the tournament file of docs/spec/tournament.md,
// the stored truth that `baska tournament …` reads too; `tournament_event` keeps every change to it
// with who made it and when, so a correction never erases what it corrected. `tournament_entry`
// remembers the ids of rows sent from a table, so a row sent twice is written once.
import { sql } from 'kysely';
import type { Db, Dialect } from '../db.js';

export type TournamentTables = {
  tournament: {
    id: string;
    director_id: number;
    name: string;
    mode: string;
    /** The tournament file as JSON text (makeTournament's layout). */
    file: string;
    /** The server's side of it as JSON: rounds started, online games by table, bots allowed. */
    state: string;
    /** One more with every change: a change written against an older version is refused. */
    version: number;
    created_at: string;
  };
  tournament_event: {
    tournament_id: string;
    seq: number;
    kind: string;
    body: string;
    player_id: number | null;
    player_name: string;
    created_at: string;
  };
  tournament_entry: {
    tournament_id: string;
    entry_id: string;
    seq: number;
  };
  /** Who joined which online tournament (the lobby's notice of one's table). */
  tournament_player: {
    tournament_id: string;
    player_id: number;
  };
  /**
   * The server's game of each online tournament table: the link outlives the process, so deals
   * played after a restart still reach the protocol. `complete` is 1 once the table's protocol holds
   * every deal of the format (the tables a restart must still look at have 0).
   */
  tournament_game: {
    game_id: string;
    tournament_id: string;
    round: number;
    table_no: number;
    complete: number;
  };
  /** A hall table's short code for its phone. */
  tournament_code: {
    code: string;
    tournament_id: string;
    round: number;
    table_no: number;
  };
};

export const tournamentDb = (db: Db) => db.withTables<TournamentTables>();

/** Create the tournaments' tables that do not exist yet (called from db.ts's migrate). */
export async function migrateTournaments(db: Db, _dialect: Dialect): Promise<void> {
  const t = tournamentDb(db);
  await t.schema
    .createTable('tournament')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('director_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('file', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await sql`create index if not exists tournament_by_director on tournament (director_id)`.execute(db);
  await t.schema
    .createTable('tournament_event')
    .ifNotExists()
    .addColumn('tournament_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('player_id', 'integer')
    .addColumn('player_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('tournament_event_pk', ['tournament_id', 'seq'])
    .execute();
  await t.schema
    .createTable('tournament_entry')
    .ifNotExists()
    .addColumn('tournament_id', 'text', (c) => c.notNull())
    .addColumn('entry_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('tournament_entry_pk', ['tournament_id', 'entry_id'])
    .execute();
  await t.schema
    .createTable('tournament_player')
    .ifNotExists()
    .addColumn('tournament_id', 'text', (c) => c.notNull())
    .addColumn('player_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('tournament_player_pk', ['tournament_id', 'player_id'])
    .execute();
  await sql`create index if not exists tournament_player_by_player on tournament_player (player_id)`.execute(db);
  await t.schema
    .createTable('tournament_game')
    .ifNotExists()
    .addColumn('game_id', 'text', (c) => c.primaryKey())
    .addColumn('tournament_id', 'text', (c) => c.notNull())
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('table_no', 'integer', (c) => c.notNull())
    .addColumn('complete', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create index if not exists tournament_game_open on tournament_game (complete)`.execute(db);
  await t.schema
    .createTable('tournament_code')
    .ifNotExists()
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('tournament_id', 'text', (c) => c.notNull())
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('table_no', 'integer', (c) => c.notNull())
    .execute();
}

// A tournament's row and its event log: read one, and write a change together with the event that
// records it (one transaction, against the version read, so two directors' tabs cannot both win).
import { randomBytes } from 'node:crypto';
import { DELETED_LABEL, type TournamentClock, type TournamentEventKind, type TournamentMode } from '@baska/protocol';
import {
  type Tournament,
  type TournamentFile,
  type TournamentPlayer,
  checkTournament,
  makeTournament,
} from '@baska/tournament';
import { type Db, isDuplicateKey, retryBusy } from '../db.js';
import { GameError } from '../errors.js';
import { tournamentDb } from './schema.js';

/** The server's side of a tournament, beside the file. */
export interface TournamentState {
  /** Rounds started (1…started); rows are written only into started rounds. */
  started: number;
  /** Online: the server's game of each table, by `${round}:${table}`. */
  games: Record<string, string>;
  /** Online: the tournament's player id of each account that joined, by player id. */
  accounts: Record<string, number>;
  /** Online: rounds where the director let bots play for absent players. */
  bots: number[];
  /** In the hall: each table's code and the deals its phones entered, by `${round}:${table}`. */
  hall: Record<string, HallTable>;
  /**
   * Online: each duplicate round's secret seed, by round. The file holds only its SHA-256 until the
   * round is complete (duplicate.ts); nothing public reads the state.
   */
  duplicate: Record<string, string>;
  /** Online: the tables' clocks, set when the tournament was created (older ones have none: the defaults). */
  clock?: TournamentClock;
}

/**
 * A deal entered on a table's phone: the entry (entry.ts, with its id), who entered and who confirmed
 * it, and the phone that sent it back (unconfirmed, to be entered again), if one did. A phone is its
 * number at the table ('1', '2', …: `HallTable.phones`), the director 'director'.
 */
export interface HallDeal {
  entry: Record<string, unknown> & { id: string };
  device: string;
  confirmedBy: string | null;
  rejectedBy?: string;
}

export interface HallTable {
  code: string;
  deals: HallDeal[];
  /** The phones the server gave this table, in order (phone n is the n-th): each token's SHA-256 (hall.ts). */
  phones?: string[];
}

export const emptyState = (): TournamentState => ({
  started: 0,
  games: {},
  accounts: {},
  bots: [],
  hall: {},
  duplicate: {},
});

export interface Stored {
  id: string;
  directorId: number;
  directorName: string;
  name: string;
  mode: TournamentMode;
  version: number;
  createdAt: string;
  t: Tournament;
  state: TournamentState;
}

/** A server game's place in a tournament. */
export interface GameLink {
  tournament: string;
  round: number;
  table: number;
}

export interface Actor {
  id: number;
  name: string;
}

export interface Change {
  kind: TournamentEventKind;
  body: unknown;
  t?: Tournament;
  state?: TournamentState;
  /** Hall tables' codes made with this change. */
  codes?: { code: string; round: number; table: number }[];
  /** An account that joined with this change. */
  joined?: number;
}

export class TournamentStore {
  private readonly db;

  constructor(db: Db) {
    this.db = tournamentDb(db);
  }

  /** A tournament's version alone (one indexed read): what a reader's kept copy is checked against (reads.ts). */
  async version(id: string): Promise<number> {
    const row = await this.db.selectFrom('tournament').select('version').where('id', '=', id).executeTakeFirst();
    if (!row) throw new GameError('ERR_NOT_FOUND', `no tournament ${id}`);
    return Number(row.version);
  }

  async load(id: string): Promise<Stored> {
    const row = await this.db
      .selectFrom('tournament')
      // A director who deleted his account is no longer named (decision 019): his tournament stays.
      .leftJoin('player', 'player.id', 'tournament.director_id')
      .select([
        'tournament.id',
        'tournament.director_id',
        'tournament.name',
        'tournament.mode',
        'tournament.file',
        'tournament.state',
        'tournament.version',
        'tournament.created_at',
        'player.name as director_name',
      ])
      .where('tournament.id', '=', id)
      .executeTakeFirst();
    if (!row) throw new GameError('ERR_NOT_FOUND', `no tournament ${id}`);
    const checked = checkTournament(JSON.parse(row.file));
    if (!checked.ok) throw new Error(`tournament ${id}: its stored file does not check: ${checked.error.message}`);
    return {
      id: row.id,
      directorId: row.director_id,
      directorName: row.director_name ?? DELETED_LABEL,
      name: row.name,
      mode: row.mode as TournamentMode,
      version: row.version,
      createdAt: row.created_at,
      t: checked.value,
      state: { ...emptyState(), ...(JSON.parse(row.state) as Partial<TournamentState>) },
    };
  }

  async create(
    director: Actor,
    mode: TournamentMode,
    t: Tournament,
    state: TournamentState,
    kind: TournamentEventKind,
    body: unknown,
  ) {
    const id = randomBytes(9).toString('base64url');
    const now = new Date().toISOString();
    await retryBusy(() =>
      this.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('tournament')
          .values({
            id,
            director_id: director.id,
            name: t.file.name ?? '',
            mode,
            file: makeTournament(t.file),
            state: JSON.stringify(state),
            version: 1,
            created_at: now,
          })
          .execute();
        await trx
          .insertInto('tournament_event')
          .values(event(id, 1, { kind, body }, director, now))
          .execute();
      }),
    );
    return id;
  }

  /** Write a change made against `from`; ERR_STALE when someone else wrote first. */
  async write(from: Stored, change: Change, actor: Actor | null, entry?: string): Promise<void> {
    const now = new Date().toISOString();
    const seq = from.version + 1;
    try {
      await retryBusy(() =>
        this.db.transaction().execute(async (trx) => {
          const updated = await trx
            .updateTable('tournament')
            .set({
              file: makeTournament((change.t ?? from.t).file as TournamentFile),
              state: JSON.stringify(change.state ?? from.state),
              version: seq,
            })
            .where('id', '=', from.id)
            .where('version', '=', from.version)
            .executeTakeFirst();
          if (Number(updated.numUpdatedRows) !== 1)
            throw new GameError('ERR_STALE', 'the tournament changed meanwhile; reload and try again');
          await trx
            .insertInto('tournament_event')
            .values(event(from.id, seq, change, actor, now))
            .execute();
          if (entry)
            await trx.insertInto('tournament_entry').values({ tournament_id: from.id, entry_id: entry, seq }).execute();
          if (change.joined !== undefined)
            await trx
              .insertInto('tournament_player')
              .values({ tournament_id: from.id, player_id: change.joined })
              .execute();
          for (const c of change.codes ?? [])
            await trx
              .insertInto('tournament_code')
              .values({ code: c.code, tournament_id: from.id, round: c.round, table_no: c.table })
              .execute();
        }),
      );
    } catch (e) {
      if (entry && isDuplicateKey(e)) throw new DuplicateEntry();
      throw e;
    }
  }

  /** Has a row with this id been written already? */
  async hasEntry(id: string, entry: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('tournament_entry')
      .select('seq')
      .where('tournament_id', '=', id)
      .where('entry_id', '=', entry)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The tournament table a code opens, or null. */
  async byCode(code: string) {
    const row = await this.db.selectFrom('tournament_code').selectAll().where('code', '=', code).executeTakeFirst();
    return row ? { id: row.tournament_id, round: row.round, table: row.table_no } : null;
  }

  /** Remember which tournament table a server game is (before the game is made: its first deal may be scored at once). */
  async linkGame(game: string, link: GameLink): Promise<void> {
    await retryBusy(() =>
      this.db
        .insertInto('tournament_game')
        .values({ game_id: game, tournament_id: link.tournament, round: link.round, table_no: link.table, complete: 0 })
        .execute(),
    );
  }

  /** The game was not made after all. */
  async unlinkGame(game: string): Promise<void> {
    await retryBusy(() => this.db.deleteFrom('tournament_game').where('game_id', '=', game).execute());
  }

  /** The games of online tables whose protocols are not yet complete (what a restart looks at again). */
  async openGames(): Promise<(GameLink & { game: string })[]> {
    const rows = await this.db.selectFrom('tournament_game').selectAll().where('complete', '=', 0).execute();
    return rows.map((r) => ({ game: r.game_id, tournament: r.tournament_id, round: r.round, table: r.table_no }));
  }

  /** The table's protocol holds all its deals: a restart need not look at its game again. */
  async gameComplete(game: string): Promise<void> {
    await retryBusy(() =>
      this.db.updateTable('tournament_game').set({ complete: 1 }).where('game_id', '=', game).execute(),
    );
  }

  /** The tournaments an account joined, newest first. */
  async joinedBy(player: number) {
    const rows = await this.db
      .selectFrom('tournament_player')
      .innerJoin('tournament', 'tournament.id', 'tournament_player.tournament_id')
      .select(['tournament.id', 'tournament.created_at'])
      .where('tournament_player.player_id', '=', player)
      .orderBy('tournament.created_at', 'desc')
      .limit(20)
      .execute();
    return rows.map((r) => r.id);
  }

  async events(id: string) {
    return this.db
      .selectFrom('tournament_event')
      .select(['seq', 'kind', 'body', 'player_name', 'created_at'])
      .where('tournament_id', '=', id)
      .orderBy('seq')
      .execute();
  }

  /**
   * The players of a director's tournaments, newest tournament first: a new list gives a name the id
   * it had there, so that his season matches the same people (the core's parsePlayers).
   */
  async playersOf(director: number): Promise<TournamentPlayer[]> {
    const rows = await this.db
      .selectFrom('tournament')
      .select(['file'])
      .where('director_id', '=', director)
      .orderBy('created_at', 'desc')
      .limit(500)
      .execute();
    return rows.flatMap((r) => (JSON.parse(r.file) as TournamentFile).players);
  }

  async byDirector(director: number) {
    return this.db
      .selectFrom('tournament')
      .select(['id', 'name', 'mode', 'created_at'])
      .where('director_id', '=', director)
      .orderBy('created_at', 'desc')
      .limit(500)
      .execute();
  }
}

/** The entry was written by an earlier request (a resend): nothing to do. */
export class DuplicateEntry extends Error {}

const event = (id: string, seq: number, change: Pick<Change, 'kind' | 'body'>, actor: Actor | null, at: string) => ({
  tournament_id: id,
  seq,
  kind: change.kind,
  body: JSON.stringify(change.body ?? null),
  player_id: actor?.id ?? null,
  player_name: actor?.name ?? '',
  created_at: at,
});

// Online rounds: a round's tables become the server's games with the drawn seats, and each deal's
// score goes into the table's protocol as it is played. A seat whose player has no account on this
// server (a name the director typed) is played by a bot only where the director allowed bots, and
// the protocol's event says which seats were bots. The link between a game and its table is stored
// (tournament_game), so deals played after a restart, or scored just before one, reach the protocol.
import { randomBytes } from 'node:crypto';
import { TournamentClock } from '@baska/protocol';
import { type TableSize, isComplete } from '@baska/tournament';
import type { Logger } from 'pino';
import { GameError } from '../errors.js';
import type { Games } from '../games.js';
import type { Room } from '../room.js';
import type { RoundGames, Tournaments } from './service.js';
import type { GameLink, Stored } from './store.js';

/** A tournament table's clocks where the director set none: the usual ones of a new table. */
export const ONLINE_CLOCK: TournamentClock = TournamentClock.parse({});

/** A failed protocol write is tried again after these delays (ms); past them, at the next restart. */
const RETRY_MS = [500, 2000, 8000, 30_000];

export class OnlineRounds implements RoundGames {
  /**
   * Which tournament table each game is: kept in `tournament_game` too, and read back from it at
   * start (`restore`), so a restart in the middle of a round loses no deal.
   */
  private readonly tables = new Map<string, GameLink>();
  /** Deals already sent to the protocol, by game: the write is skipped when nothing new was scored. */
  private readonly written = new Map<string, number>();
  private readonly retries = new Map<string, number>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly games: Games,
    private readonly tournaments: Tournaments,
    private readonly log: Logger,
  ) {}

  /** At start, before any table is resumed: the links of the tables whose protocols are not complete. */
  async restore(): Promise<number> {
    const open = await this.tournaments.store.openGames();
    for (const { game, ...link } of open) this.tables.set(game, link);
    return open.length;
  }

  /**
   * After the tables are resumed: each linked game's scored deals that the protocol lacks are written
   * (deals finished just before the process stopped, and those of games that finished meanwhile).
   */
  async catchUp(): Promise<void> {
    for (const game of [...this.tables.keys()]) {
      let room: Room;
      try {
        room = await this.games.room(game);
      } catch (err) {
        if (!(err instanceof GameError && err.code === 'ERR_NOT_FOUND')) {
          this.log.error({ err, game }, 'a tournament table’s game could not be loaded');
          continue;
        }
        // The process stopped between the link and the game's creation: no game was made for it.
        this.log.warn({ game }, 'a tournament table’s game was never made; its link is dropped');
        this.tables.delete(game);
        await this.tournaments.store.unlinkGame(game);
        continue;
      }
      await this.sync(room);
    }
  }

  async start(s: Stored, round: number, bots: boolean): Promise<Record<string, string>> {
    const tables = s.t.file.rounds[round - 1]!.tables;
    const absent = tables.flatMap((t) => t.players).filter((p) => s.state.accounts[p] === undefined);
    if (absent.length && !bots)
      throw new GameError(
        'ERR_ABSENT',
        `${absent.map((p) => s.t.names.get(p)).join(', ')}: no account joined for them; allow bots to start without them`,
      );
    // A duplicate round: every table's seed is the round's secret seed and seat 0 deals first, so deal
    // n is the same at every table, seat for seat (duplicate.ts); the tables are not listed in the lobby.
    const duplicate = s.t.file.rounds[round - 1]!.duplicate;
    const secret = s.state.duplicate[round];
    if (duplicate && secret === undefined)
      throw new GameError('ERR_DUPLICATE', `round ${round}'s seed was not drawn on this server: draw the round again`);
    const created: Record<string, string> = {};
    for (const t of tables) {
      // Known before its first event: a table of bots may finish its first deal while it is created.
      const game = randomBytes(9).toString('base64url');
      const link = { tournament: s.id, round, table: t.table };
      this.tables.set(game, link);
      await this.tournaments.store.linkGame(game, link);
      const room = await this.games
        .createSeated(
          { id: s.directorId, name: s.directorName },
          {
            rulesSpec: s.t.file.rules,
            stake: 0,
            ...(s.state.clock ?? ONLINE_CLOCK),
            public: !duplicate,
            deals: s.t.format.deals[t.players.length as TableSize],
            exactDeals: true,
            ...(duplicate && { duplicate: true }),
          },
          t.players.map((p) => {
            const account = s.state.accounts[p];
            return account === undefined
              ? { bot: 'basic' as const, name: s.t.names.get(p) ?? p } // the typed name it plays for
              : { player: account, name: s.t.names.get(p) ?? p, guest: false };
          }),
          game,
          // A duplicate round's tables share the seed and seat 0 deals first; a table of five's protocol
          // has deal i dealt by seat i mod 5, who sits it out (spec/tournament.md).
          duplicate ? { seed: secret!, dealer: 0 } : t.players.length === 5 ? { dealer: 0 } : {},
        )
        .catch(async (err: unknown) => {
          this.tables.delete(game);
          await this.tournaments.store.unlinkGame(game);
          throw err;
        });
      created[`${round}:${t.table}`] = room.id;
    }
    return created;
  }

  /** Told of every game event: a deal scored at a tournament table goes into its protocol. */
  observe(room: Room): void {
    void this.sync(room);
  }

  /**
   * Append the game's scored deals that its table's protocol lacks. `syncPlayed` writes only the rows
   * past the protocol's length, one tournament change at a time, so each deal of a game is written
   * once however often (or from however many restarts) this runs.
   */
  private async sync(room: Room): Promise<void> {
    const link = this.tables.get(room.id);
    if (!link || !room.table) return;
    const complete = room.dealsComplete;
    if (complete <= (this.written.get(room.id) ?? 0)) return;
    this.written.set(room.id, complete);
    try {
      // Every row from the first: the Room keeps the last ones, storage the others (past-deals.ts).
      const scored = await this.games.sheetRows(room, 0, complete);
      const s = await this.tournaments.syncPlayed(
        link.tournament,
        link.round,
        link.table,
        // By table seat: at a table of five `null` for the dealer who sat out (RULES §9).
        scored.map((row) => row.scores),
        scored.flatMap((row, i) => (row.bokRound ? [i] : [])),
      );
      this.retries.delete(room.id);
      const table = s.t.file.rounds[link.round - 1]?.tables[link.table - 1];
      if (table && isComplete(table, s.t.format)) {
        await this.tournaments.store.gameComplete(room.id);
        this.tables.delete(room.id);
        this.written.delete(room.id);
      }
    } catch (err) {
      this.written.delete(room.id);
      this.log.error({ err, game: room.id }, 'a tournament protocol could not be written');
      // Tried again with the game's next event, or on a timer (a game's last deal has no next event).
      const tries = this.retries.get(room.id) ?? 0;
      if (tries >= RETRY_MS.length) return; // the next restart's catchUp tries again
      this.retries.set(room.id, tries + 1);
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        void this.sync(room);
      }, RETRY_MS[tries]);
      timer.unref();
      this.timers.add(timer);
    }
  }

  /** Stop the retries' timers (the server is closing). */
  close(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}

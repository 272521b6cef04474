// Online rounds: a round's tables become the server's games with the drawn seats, and each deal's
// score goes into the table's protocol as it is played. A seat whose player has no account on this
// server (a name the director typed) is played by a bot only where the director allowed bots, and
// the protocol's event says which seats were bots.
import { randomBytes } from 'node:crypto';
import type { TableSize } from '@baska/tournament';
import type { Logger } from 'pino';
import { GameError } from '../errors.js';
import type { Games } from '../games.js';
import type { Room } from '../room.js';
import type { RoundGames, Tournaments } from './service.js';
import type { Stored } from './store.js';

/** The clocks of a tournament table: the usual ones of a new table. */
const SECONDS_PER_MOVE = 60;
const PAUSE_SECONDS = 30;

interface Seat {
  tournament: string;
  round: number;
  table: number;
}

export class OnlineRounds implements RoundGames {
  /** Which tournament table each game is (games started by this process; others after a restart are looked up). */
  private readonly tables = new Map<string, Seat>();
  /** Deals already sent to the protocol, by game: the write is skipped when nothing new was scored. */
  private readonly written = new Map<string, number>();

  constructor(
    private readonly games: Games,
    private readonly tournaments: Tournaments,
    private readonly log: Logger,
  ) {}

  async start(s: Stored, round: number, bots: boolean): Promise<Record<string, string>> {
    const tables = s.t.file.rounds[round - 1]!.tables;
    // RULES §9: the server's table seats four; a table of five online needs the engine's TableOfFive
    // behind the server's Room (docs/decisions/010). Refused before any game is created.
    const five = tables.find((t) => t.players.length !== 4);
    if (five)
      throw new GameError(
        'ERR_ROUND',
        `table ${five.table} seats five: online rounds on this server seat four (an even number of tables of four)`,
      );
    const absent = tables.flatMap((t) => t.players).filter((p) => s.state.accounts[p] === undefined);
    if (absent.length && !bots)
      throw new GameError(
        'ERR_PLAYERS',
        `${absent.map((p) => s.t.names.get(p)).join(', ')}: no account joined for them; allow bots to start without them`,
      );
    const created: Record<string, string> = {};
    for (const t of tables) {
      // Known before its first event: a table of bots may finish its first deal while it is created.
      const game = randomBytes(9).toString('base64url');
      this.tables.set(game, { tournament: s.id, round, table: t.table });
      const room = await this.games.createSeated(
        { id: s.directorId, name: s.directorName },
        {
          rulesSpec: s.t.file.rules,
          stake: 0,
          secondsPerMove: SECONDS_PER_MOVE,
          pauseSeconds: PAUSE_SECONDS,
          public: true,
          deals: s.t.format.deals[t.players.length as TableSize],
          exactDeals: true,
        },
        t.players.map((p) => {
          const account = s.state.accounts[p];
          return account === undefined
            ? { bot: 'basic' as const }
            : { player: account, name: s.t.names.get(p) ?? p, guest: false };
        }),
        game,
      );
      created[`${round}:${t.table}`] = room.id;
    }
    return created;
  }

  /** Told of every game event: a deal scored at a tournament table goes into its protocol. */
  observe(room: Room): void {
    const seat = this.tables.get(room.id);
    if (!seat || !room.table) return;
    const scored = room.table.deals.filter((d) => d.score).length;
    if (scored <= (this.written.get(room.id) ?? 0)) return;
    this.written.set(room.id, scored);
    const rows = room.table.deals.filter((d) => d.score);
    void this.tournaments
      .syncPlayed(
        seat.tournament,
        seat.round,
        seat.table,
        rows.map((d) => [...d.score!.scores]),
        rows.flatMap((d, i) => (d.score!.bokRound ? [i] : [])),
      )
      .catch((err: unknown) => {
        this.written.delete(room.id); // tried again with the next event
        this.log.error({ err, game: room.id }, 'a tournament protocol could not be written');
      });
  }
}

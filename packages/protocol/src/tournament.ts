// Tournaments on the server (issue 17): what the director and the tables send, and what the server
// answers. The tournament file itself (docs/spec/tournament.md) is checked by @baska/tournament;
// these schemas only bound the shapes and sizes at the edge.
import { z } from 'zod';
import { plainText } from './text.js';

export const TOURNAMENT_MODES = ['online', 'hall'] as const;
export type TournamentMode = (typeof TOURNAMENT_MODES)[number];

const playerId = z.string().min(1).max(64);
const round = z.number().int().min(1).max(100);
const table = z.number().int().min(1).max(1000);
/** A deal's small points by seat; null for the dealer who sits out at a table of five. */
const points = z.array(z.number().int().min(-1_000_000).max(1_000_000).nullable()).min(4).max(5);
/** A list of players as typed, pasted or read from a CSV (the core's parsePlayers reads it), without hidden controls. */
const playerList = (min = 0) => z.string().min(min).max(200_000).transform(plainText);

/**
 * An online tournament's clocks, the same for every table: seconds a move (then a bot plays for the
 * one who lets it run out) and the pause after a deal (the next deal waits until everyone seated has
 * pressed "next", or until it is over). The bounds are a new table's (CreateTableRequest).
 */
export const TournamentClock = z
  .object({
    secondsPerMove: z.number().int().min(5).max(3600).default(60),
    pauseSeconds: z.number().int().min(0).max(600).default(30),
  })
  .strict();
export type TournamentClock = z.infer<typeof TournamentClock>;

export const CreateTournamentRequest = z
  .object({
    name: z.string().transform(plainText).pipe(z.string().trim().min(1).max(120)),
    /** A preset name, or `{"format": preset, …options}` (docs/spec/tournament.md "Format options"). */
    format: z.union([z.string().max(40), z.record(z.unknown())]).default('znin'),
    /** A rules preset, or `{"preset": …, …options}`. */
    rules: z.union([z.string().max(40), z.record(z.unknown())]).default('znin'),
    mode: z.enum(TOURNAMENT_MODES).default('hall'),
    players: playerList().optional(),
    /** Online: the tables' clocks (ignored in a hall, where nobody's clock is the server's). */
    clock: TournamentClock.optional(),
  })
  .strict();
export type CreateTournament = z.infer<typeof CreateTournamentRequest>;

/** A tournament file to start a tournament from (export and import). */
export const ImportTournamentRequest = z
  .object({
    file: z.string().min(2).max(2_000_000),
    mode: z.enum(TOURNAMENT_MODES).default('hall'),
    clock: TournamentClock.optional(),
  })
  .strict();

export const AddPlayersRequest = z.object({ players: playerList(1) }).strict();
export const WithdrawRequest = z.object({ player: playerId }).strict();
export const DrawRequest = z
  .object({
    round,
    /** Online: a duplicate round, every table dealt the same deals (docs/spec/tournament.md). */
    duplicate: z.boolean().default(false),
  })
  .strict();
/** Swap two players of a drawn round that has not started (a reseat by hand). */
export const ReseatRequest = z.object({ round, a: playerId, b: playerId }).strict();
export const StartRoundRequest = z
  .object({
    round,
    /** Online: a seat whose player is absent is played by a bot (marked). */ bots: z.boolean().default(false),
  })
  .strict();
/** A deal's row entered for a table (by the director, or by the table's phone with its code). */
export const RowRequest = z
  .object({
    round,
    table,
    row: points,
    /** Chosen by the sender once per entry, so a row sent twice (a lost answer, an offline queue) is written once. */
    id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  })
  .strict();
/**
 * A correction of a protocol entry by the director; the old row stays in the event log. The deal as
 * small points (`row`, with `tie` for a 52:52 typed so), or, at a hall table whose phones entered
 * it, in the phones' words (`words`: checked by @baska/tournament's entry module, as a phone's are).
 */
export const CorrectRequest = z
  .object({
    round,
    table,
    /** The row (deal) from 0. */
    deal: z.number().int().min(0).max(1000),
    row: points.optional(),
    tie: z.boolean().optional(),
    words: z.unknown().optional(),
    reason: z.string().max(200).transform(plainText).default(''),
  })
  .strict()
  .refine((r) => (r.row === undefined) !== (r.words === undefined), {
    message: 'give the deal as a row of small points or in words, one of them',
  })
  .refine((r) => r.tie === undefined || r.row !== undefined, { message: 'tie goes with a row typed' });

/** One table of a round as everyone may see it: names, progress and the protocol's rows. */
export interface TournamentTableView {
  table: number;
  players: { id: string; name: string }[];
  deals: number;
  of: number;
  complete: boolean;
  protocol: (number | null)[][];
  /** Online: the server's game played at this table. */
  game?: string;
  /** In the hall: the table's code for its phone (told to the director only). */
  code?: string;
  /** In the hall: deals entered at the table and not yet confirmed. */
  pending?: number;
  /** In the hall: the deals (from 0) a second phone disagreed with, waiting for the table to fix them. */
  rejected?: number[];
  /** In the hall: the table's phone enters its deals (the director then confirms or corrects them). */
  phone?: boolean;
  /**
   * In the hall, to the director: each deal the table's phones entered, as they said it (`{words}` in
   * the game's words or `{scores, tie?}`), by deal from 0, confirmed or not; he corrects in the same words.
   */
  said?: unknown[];
  /** A duplicate round's table: each seat's comparison with the same seat at the other tables (null: not yet). */
  duplicate?: number[] | null;
}

export interface TournamentRoundView {
  round: number;
  started: boolean;
  complete: boolean;
  /**
   * A duplicate round: the SHA-256 of its secret seed, shown from the draw on, and the seed once the
   * round is complete (null until then), so every table's deals can be checked.
   */
  duplicate?: { commitment: string | null; seed: string | null };
  /**
   * A duplicate round being played: the tables' rows are not shown to anyone but the director until
   * every table is complete (they would tell a table what the same cards did elsewhere).
   */
  sealed?: boolean;
  tables: TournamentTableView[];
}

export interface TournamentStandingView {
  place: number;
  player: string;
  name: string;
  bigPoints: number;
  smallPoints: number;
  tournamentPoints: number;
  /** With a duplicate round in the tournament: the sum of the player's comparisons. */
  duplicate?: number;
  /** A late entry: the first round he played (docs/spec/tournament.md "Late entries and withdrawals"). */
  from?: number;
  /** Withdrawn: the last round he played. */
  until?: number;
  /** No complete table ranks him yet: his place and tournament points are shown as none ("—"). */
  placed?: false;
  /** During a round: his small points so far at tables not yet complete (provisional; they do not count yet). */
  running?: number;
}

/**
 * What a tournament's event log records: every change, with who made it and when. The director's
 * page names each kind in the reader's language (one word list per dictionary, checked against this).
 */
export const TOURNAMENT_EVENT_KINDS = [
  'created',
  'imported',
  'players-added',
  'player-withdrawn',
  'joined',
  'drawn',
  'reseated',
  'started',
  'row',
  'phone',
  'entered',
  'confirmed',
  'rejected',
  'fixed',
  'corrected',
  'played',
] as const;
export type TournamentEventKind = (typeof TOURNAMENT_EVENT_KINDS)[number];

/** A change to a tournament, with who made it and when (corrections are kept and shown). */
export interface TournamentEventView {
  seq: number;
  kind: TournamentEventKind;
  by: string;
  at: string;
  body: unknown;
}

export interface TournamentView {
  id: string;
  name: string;
  mode: TournamentMode;
  director: { id: number; name: string };
  version: number;
  format: { preset: string; rounds: number; deals: { 4: number; 5: number } };
  /** The rules the deals are scored by, as the file gives them (a preset, or one with options). */
  rules: unknown;
  /** Online: the tables' clocks. */
  clock?: TournamentClock;
  /**
   * `joined` (online): the player entered with his own account; a name the director typed has none,
   * and a bot plays that seat only if the director allows bots for the round. `from`: a late entry's
   * first round; `until`: a withdrawn player's last (the tournament file's fields).
   */
  players: { id: string; name: string; joined?: boolean; from?: number; until?: number }[];
  rounds: TournamentRoundView[];
  standings: TournamentStandingView[];
  /** The next round the director may draw, or null. */
  drawable: number | null;
  createdAt: string;
}

export interface TournamentAnswer {
  tournament: TournamentView;
}
/** GET /api/tournaments/season: a director's season; only finished tournaments count. */
export interface SeasonAnswer {
  tournaments: { id: string; name: string; finished: boolean }[];
  standings: {
    place: number;
    player: string;
    name: string;
    score: number;
    total: number;
    played: number;
    /** By tournament, as listed; null where he did not play, and for every tournament not finished. */
    results: (number | null)[];
  }[];
}

export interface TournamentsAnswer {
  tournaments: { id: string; name: string; mode: TournamentMode; createdAt: string }[];
}
export interface TournamentEventsAnswer {
  events: TournamentEventView[];
}

// ---- The hall: a table's protocol on a phone, by the table's short code (no account) ----

/**
 * A phone's token at a table: the server gives it when the phone first opens the table
 * (`POST /api/hall/:code/phones`), and the phone sends it with each entry, confirmation and
 * disagreement. A token the server did not give that table is refused (ERR_DEVICE).
 */
const device = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);
/** A table's code: six letters and digits, without the ones that are easy to misread (0/O, 1/I/L). */
export const HALL_CODE = /^[2-9A-HJKMNP-Z]{6}$/;
/** A table's phone page: the web page's address (origin and path) and the hall's route with the code. */
export const hallPage = (page: string, code: string) => `${page}#/hall/${code}`;
/**
 * The QR code of a table's phone page, the same on the seating list (the browser draws it) and on the
 * printed protocol (the server does): level M survives a crease or a coffee ring; a quiet zone of two modules.
 */
export const HALL_QR = { margin: 2, errorCorrectionLevel: 'M' } as const;

/** POST /api/hall/:code/entries: a deal in words (`words`) or as small points (`scores`, `tie`). */
export const HallEntryRequest = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
    device,
    words: z.unknown().optional(),
    scores: z.unknown().optional(),
    tie: z.unknown().optional(),
  })
  .strict();
/** POST /api/hall/:code/confirm: a second phone at the table confirms a deal (from 0). */
export const HallConfirmRequest = z.object({ device, deal: z.number().int().min(0).max(1000) }).strict();
/** An entry's id, chosen by the phone once per entry (a resend is written once). */
const entryId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
/**
 * POST /api/hall/:code/reject: a second phone at the table disagrees with an unconfirmed deal ("Nie
 * zgadzam się"), named by its entry's id as that phone saw it; the deal goes back to the table to fix.
 */
export const HallRejectRequest = z.object({ device, id: entryId }).strict();
/** POST /api/hall/:code/fix: a deal sent back, entered again (`fixes`: the id of the entry it replaces). */
export const HallFixRequest = z
  .object({
    id: entryId,
    device,
    fixes: entryId,
    words: z.unknown().optional(),
    scores: z.unknown().optional(),
    tie: z.unknown().optional(),
  })
  .strict();
/** POST /api/tournaments/:id/confirm: the director confirms a deal entered at a table. */
export const DirectorConfirmRequest = z.object({ round, table, deal: z.number().int().min(0).max(1000) }).strict();

export interface HallRowView {
  deal: number;
  id: string;
  /** The entry as made (words or small points): with the queued ones, a phone works out the next deal offline. */
  entry: unknown;
  scores: (number | null)[];
  bokRound: boolean;
  offence: boolean;
  confirmed: boolean;
  /** Sent back by a second phone: the table enters it again (it is not confirmed). */
  rejected: boolean;
  /** Entered by the phone that asked (it cannot confirm its own deal). */
  mine: boolean;
}

export interface HallView {
  tournament: string;
  round: number;
  table: number;
  names: string[];
  rules: unknown;
  of: number;
  rows: HallRowView[];
  next: { deal: number; dealer: number; out: number | null; inBokRound: boolean };
}

export interface HallAnswer {
  hall: HallView;
}

/**
 * POST /api/hall/:code/phones: a new phone's token for this table, to keep (it is given once) and send
 * as `device`; `phone` is its number at the table, which the event log names it by.
 */
export interface HallPhoneAnswer {
  device: string;
  phone: number;
}

/** GET /api/me/tournaments: the online tournaments one joined, with the table waiting for him now. */
export interface MyTournamentsAnswer {
  tournaments: { id: string; name: string; round: number | null; table: number | null; game: string | null }[];
}

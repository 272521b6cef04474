// @baska/protocol: every message between the server and its clients, as zod schemas and their
// types, and the stable error codes. The server validates everything it receives against these;
// a message that does not parse is answered with ERR_SCHEMA and changes nothing. It owns the whole
// wire, by direction: what a client sends (requests and ClientMessage, as schemas the server checks)
// and what the server answers (the HTTP answers and ServerMessage, as types; the views and records in
// them are the engine's own types, imported for their types only; the presets are the engine's list).
import {
  PRESETS,
  type FairProof,
  type GameRecord,
  type PlayerView,
  type RulesSpec,
  type TableOfFiveRecord,
} from '@baska/engine';
import { z } from 'zod';
import { CHAT_MAX_LENGTH, QUICK_PHRASES, type QuickPhrase } from './social.js';
import { plainText } from './text.js';

export { CHAT_MAX_LENGTH, QUICK_PHRASES, type QuickPhrase, leavesOften } from './social.js';

export type { FairProof, GameRecord, PlayerView, RulesSpec, TableOfFiveRecord };
export { HIDDEN_CONTROLS, plainJson, plainText } from './text.js';

/** Stable error codes the server answers with (HTTP bodies and socket `error` messages). */
export const ERROR_CODES = [
  'ERR_SCHEMA', // the message does not match its schema
  'ERR_AUTH', // not logged in, or the session has ended
  'ERR_CREDENTIALS', // wrong name or password
  'ERR_NAME_TAKEN', // registering a name that exists; a new name that looks like a registered player's or a bot's
  'ERR_NAME_SCRIPTS', // a new name whose letters mix scripts (a Cyrillic 'а' among Latin letters)
  'ERR_NOT_FOUND', // no such table or game
  'ERR_NOT_SEATED', // acting at a table one does not sit at
  'ERR_SEAT_TAKEN', // sitting in a taken seat
  'ERR_NOT_OWNER', // only the table's creator may do this
  'ERR_STARTED', // the table has started (no more seat changes of that kind)
  'ERR_NOT_STARTED', // the table has not started
  'ERR_NOT_YOUR_TURN', // acting out of turn (or for another seat)
  'ERR_STALE', // the action was sent against an old version
  'ERR_ILLEGAL_CALL', // the engine refused the call
  'ERR_ILLEGAL_CARD', // the engine refused the card
  'ERR_GAME_OVER', // the deal or the table has ended
  'ERR_NOT_FINISHED', // asking for a rematch of a table still being played
  'ERR_PRIVATE', // the game's record is not public
  'ERR_RATE', // too many messages
  'ERR_TOO_BIG', // the message is too large
  'ERR_CONTENT_TYPE', // a request that changes something not sent as application/json (a form's)
  'ERR_ORIGIN', // a request that changes something from a page of another origin (http/forgery.ts)
  'ERR_TOO_MANY', // over a cap: open tables per player or address, tables per connection
  'ERR_RATED', // a rated table refuses this: bots, guests, changed rules or hints
  'ERR_RATED_DEALS', // a rated table of fewer deals than the minimum (RATED_MIN_DEALS), or "until the players leave"
  'ERR_SAME_ADDRESS', // a rated game does not start while two of its players connect from one address
  'ERR_RATED_ABSENT', // a rated game does not start while one of its players is not at the table (no connection)
  'ERR_CLAIM', // a claim the claimant's own view does not prove, or not yet (RULES §7); nothing changes
  'ERR_QUIET', // free words at the table during a deal (quick phrases only): seed 002 §6
  'ERR_OFFLINE', // inviting someone who is not online
  'ERR_INTERNAL', // the server failed; nothing was changed
  'ERR_NOT_DIRECTOR', // only the tournament's director may do this
  'ERR_JSON', // an imported tournament file is not JSON
  'ERR_FORMAT', // a tournament format the core refuses
  'ERR_RULES', // game rules the engine refuses
  'ERR_PLAYERS', // a list of players, or a seating, the core refuses
  'ERR_PROTOCOL', // a protocol row the core refuses (not summing to zero, a wrong seat count…)
  'ERR_ROUND', // a round that cannot be drawn, started or written now
  'ERR_SAME_DEVICE', // a deal confirmed, or rejected, by the phone that entered it
  'ERR_DEVICE', // a hall phone's token the server did not give that table
  'ERR_CONFIRMED', // a hall deal confirmed already: the table neither rejects nor fixes it (the director corrects it)
  'ERR_NOT_REJECTED', // a hall deal fixed at the table that no second phone disagreed with
  'ERR_ENTRY', // a deal's entry is malformed or impossible (score pads, protocols)
  'ERR_SUM', // typed small points that do not sum to zero
  'ERR_OFFENCE', // an offence the rules do not punish so
  'ERR_SAID', // doublings as said that could not have been said in that order (RULES §3)
  'ERR_PAD', // a score pad's names or first dealer are wrong
  'ERR_DUPLICATE', // a duplicate round refuses this: a table not of four, a hall, a contribution, a seed not its commitment's
  'ERR_ABSENT', // an online round started without bots while some of its players have no account at the server
  'ERR_GUEST', // a guest has no password nor e-mail address to change: he registers first
  'ERR_TOKEN', // a link's token that is unknown, used already or expired (a password reset, an address's confirmation)
  'ERR_EMAIL_TAKEN', // confirming an e-mail address another account has confirmed
  'ERR_NO_MAIL', // the server sends no mail (no SMTP set up): its operator issues reset links instead
  'ERR_SITS_OUT', // at a table of five, the dealer sits the deal out (RULES §9): he neither acts, claims nor adds to its shuffle
  'ERR_SEATED', // deleting an account that still sits at a table not finished (he leaves it first)
  'ERR_RECORD', // an offline game's record that does not replay through the engine, or is not a whole game against bots (issue 36)
  'ERR_FORBIDDEN', // a moderator's or an administrator's request from someone who is not one (issue 35)
  'ERR_BANNED', // a banned player: no login, no table, no chat until the ban ends (its reason and end in the detail)
  'ERR_MUTED', // a muted player's chat line (the reason and end in the detail)
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * What a refusal says beyond its code, so that the reader is told why in his language: a
 * tournament's rounds go in order ("runda 1 trwa: przy stoliku 3 rozegrano 3 z 32 rozdań").
 */
export type ErrorDetail =
  /** Round `round` is still being played: table `table` is furthest behind, `others` more are unfinished. */
  | { why: 'round-playing'; round: number; table: number; played: number; of: number; others: number }
  /** Round `round` has not started: no deal is written into it yet. */
  | { why: 'round-not-started'; round: number }
  /** Round `round` has started: its draw and seats stay as they are. */
  | { why: 'round-started'; round: number }
  /** Round `round` is not drawn yet. */
  | { why: 'round-not-drawn'; round: number }
  /** Round `round` is the next to start (rounds start in order). */
  | { why: 'round-next'; round: number }
  /** A moderator banned or muted the player: his reason, and until when (null: for good). */
  | { why: 'banned' | 'muted'; reason: string; until: string | null };

export interface ErrorBody {
  error: { code: ErrorCode; message: string; detail?: ErrorDetail };
}

/** A player as the server tells him (and himself): a registered name, or a guest's nickname. */
export interface Player {
  id: number;
  name: string;
  guest: boolean;
}

/** The engine's presets, as a table or pad may name them. */
export const PRESET_NAMES = PRESETS;
export const LEVELS = ['random', 'basic', 'expert'] as const;
export type Level = (typeof LEVELS)[number];

/** A name: its hidden controls taken out first (text.ts), then letters, digits, space, _ . - */
const nickname = z.preprocess(
  (v) => (typeof v === 'string' ? plainText(v) : v),
  z
    .string()
    .trim()
    .min(2)
    .max(24)
    .regex(/^[\p{L}\p{N} _.-]+$/u, 'letters, digits, space, _ . -'),
);

// ---- HTTP requests ----

export const GuestRequest = z.object({ nickname }).strict();
export const RegisterRequest = z.object({ name: nickname, password: z.string().min(8).max(200) }).strict();
export const LoginRequest = z.object({ name: nickname, password: z.string().min(1).max(200) }).strict();

// ---- The account: its password and e-mail address (decision 018) ----

/** A new password: as long as a registration's. */
const newPassword = z.string().min(8).max(200);
/** The languages a letter from the server is written in (the client's). */
export const MAIL_LANGS = ['pl', 'en', 'de'] as const;
const mailLang = z.enum(MAIL_LANGS).default('pl');
/** A link's token (32 random bytes, base64url): anything else is no token of ours. */
const linkToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'not a token of this server');
export const ChangePasswordRequest = z.object({ old: z.string().min(1).max(200), new: newPassword }).strict();
/** An address to confirm; a letter with a link goes to it. */
export const EmailRequest = z
  .object({ email: z.string().trim().toLowerCase().max(254).email(), lang: mailLang })
  .strict();
/** A forgotten password: a registered name or a confirmed address (one with @). */
export const ResetRequest = z.object({ who: z.string().trim().min(1).max(254), lang: mailLang }).strict();
/** A new password by the link's token. */
export const ResetPasswordRequest = z.object({ token: linkToken, password: newPassword }).strict();
export const ConfirmEmailRequest = z.object({ token: linkToken }).strict();

export const CreateTableRequest = z
  .object({
    preset: z.enum(PRESET_NAMES).default('standard'),
    /** Option overrides of the preset (validated by the engine). */
    options: z.record(z.unknown()).default({}),
    stake: z.number().int().min(0).max(100_000).default(0),
    secondsPerMove: z.number().int().min(5).max(3600).default(60),
    /**
     * How long the end-of-deal summary may stay over the table (s): the next deal waits until every
     * person seated has pressed "next", or until this pause is over; 0: the next deal at once.
     */
    pauseSeconds: z.number().int().min(0).max(600).default(30),
    public: z.boolean().default(true),
    /**
     * A rated table: its result moves the players' ratings. Only for registered players, with a
     * preset's rules as they are and no bots, of at least RATED_MIN_DEALS deals; chosen before the
     * start (docs/decisions/015-rated-games-that-count.md).
     */
    rated: z.boolean().default(false),
    /**
     * Hints allowed: a player may ask what the expert would play (from his own view). The game is
     * then marked as played with hints and counts in no statistics or ratings; never on a rated table.
     */
    hints: z.boolean().default(false),
    /** Stop after this many deals; 0: until the players leave. */
    deals: z.number().int().min(0).max(1000).default(0),
    /**
     * Four players, or five: then the dealer of each deal sits it out and the other four play it
     * (RULES §9, as tournaments seat five). Never rated.
     */
    players: z.union([z.literal(4), z.literal(5)]).default(4),
    /** The creator's seat (0–3, or 0–4 at a table of five). */
    seat: z.number().int().min(0).max(4).default(0),
    /** Fill the other seats with bots of this level at once. */
    bots: z.enum(LEVELS).optional(),
  })
  .strict();
export type CreateTable = z.infer<typeof CreateTableRequest>;

/** POST /api/tables/:id/invite: ask a person who is online to one's table. */
/** The most deals an offline game may have (its record fits the route's body limit). */
export const OFFLINE_MAX_DEALS = 200;
/**
 * POST /api/me/offline-games: a game played in the browser with no network (issue 36), sent once the
 * network is back. `id` is made by the client when the game began: the same id again is the same game.
 */
export const OfflineGameRequest = z
  .object({
    id: z.string().regex(/^off-[0-9a-f-]{32,36}$/),
    level: z.enum(['basic', 'expert']),
    deals: z.number().int().min(1).max(OFFLINE_MAX_DEALS),
    record: z.unknown(),
  })
  .strict();
export type OfflineGame = z.infer<typeof OfflineGameRequest>;
/** POST /api/me/offline-games: where the game is in the player's archive. */
export interface OfflineGameAnswer {
  table: string;
}

export const InviteRequest = z.object({ player: z.number().int().min(1) }).strict();
/** A seat 0–3, or 0–4 at a table of five (the server checks it against the table). */
const seatNumber = z.number().int().min(0).max(4);
export const SitRequest = z.object({ seat: seatNumber }).strict();
export const BotRequest = z.object({ seat: seatNumber, level: z.enum(LEVELS) }).strict();

// ---- Socket messages from a client ----

/** Free words at the table: plain text of one line, never HTML (the client shows it as text). */
const ChatText = z
  .string()
  .transform((t) =>
    plainText(t)
      .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
      .trim(),
  )
  .pipe(z.string().min(1).max(CHAT_MAX_LENGTH));

const tableId = z.string().regex(/^[A-Za-z0-9_-]{6,40}$/);

export const ClientMessage = z.discriminatedUnion('type', [
  /** Watch or play a table: the server answers with a snapshot, or with the events after `version`. */
  z.object({ type: z.literal('join'), table: tableId, version: z.number().int().min(0).optional() }).strict(),
  /**
   * A call or a card, against the version the client has seen; or `claim` (in play, from any seated
   * player): the rest of the deal is scored as played out when no play could change its result in
   * any layout of the hidden cards the claimant's view allows (RULES §7; `claimSureForView`, within
   * `CLAIM_LIMITS`), else ERR_CLAIM and nothing changes. The answer depends on his view alone.
   */
  z
    .object({
      type: z.literal('act'),
      table: tableId,
      version: z.number().int().min(0),
      action: z.string().min(1).max(16),
    })
    .strict(),
  z.object({ type: z.literal('leave'), table: tableId }).strict(),
  /** The player has read the end of the deal: the next deal may start as far as he is concerned. */
  z.object({ type: z.literal('ready'), table: tableId }).strict(),
  /** A chat line to the table: free words or one of the quick phrases (one of the two; the server checks). */
  z
    .object({
      type: z.literal('chat'),
      table: tableId,
      text: ChatText.optional(),
      phrase: z.enum(QUICK_PHRASES).optional(),
    })
    .strict(),
  /** Hear no more (or again) what a person writes, at every table, for as long as this connection lasts. */
  z.object({ type: z.literal('mute'), table: tableId, player: z.number().int().min(1), muted: z.boolean() }).strict(),
  /** Report a chat line to the operator. */
  z.object({ type: z.literal('report'), table: tableId, line: z.number().int().min(1) }).strict(),
  /**
   * The seat's own random contribution to the next deal's shuffle (verifiable deals, decision 013):
   * sent after the server's commitment and before the cards are dealt. 16 to 64 hex digits.
   */
  z
    .object({
      type: z.literal('contribute'),
      table: tableId,
      deal: z.number().int().min(1),
      value: z.string().regex(/^[0-9a-f]{16,64}$/),
    })
    .strict(),
  /** This connection's client adds contributions: the next deal waits a moment for it. */
  z.object({ type: z.literal('contributes'), table: tableId }).strict(),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

// ---- Socket messages from the server ----

/** A seat as everyone sees it. */
export interface SeatInfo {
  seat: number;
  /** The player's nickname, or the bot's level; null when empty. */
  name: string | null;
  bot: boolean;
  /** A player whose seat a bot keeps while he is away. */
  away: boolean;
  /** A guest (not a registered player): his name is not reserved, anyone may take it. */
  guest: boolean;
  /**
   * At a rematch not yet started: the name of the player from the last game whose seat this is, kept
   * for him until he comes (nobody else may sit in it; the creator may seat a bot there).
   */
  reservedFor: string | null;
}

export interface TableInfo {
  id: string;
  preset: string;
  /** The rules as the table was created with them: the preset, or the preset with overrides. */
  rules: RulesSpec;
  stake: number;
  secondsPerMove: number;
  /** The longest pause after a deal before the next one (s); see CreateTableRequest. */
  pauseSeconds: number;
  public: boolean;
  /** A rated table (its result moves the players' ratings). */
  rated: boolean;
  /** Hints allowed: the game is played with hints, unrated and outside the statistics. */
  hints: boolean;
  deals: number;
  /** The creator's name, and his player id (a client knows itself by its id: names may repeat among guests). */
  owner: string;
  ownerId: number;
  status: 'open' | 'playing' | 'finished';
  /**
   * The table's seats: four, or five at a table of five. Every seat number in this description and
   * in the events (`clock`, `pause`, `commit`, an action's seat) is a table seat; only the view (the
   * engine's PlayerView) numbers the deal's own seats 0–3, which `dealSeats` maps at five.
   */
  seats: SeatInfo[];
  /** Running totals by table seat (five at a table of five; the one sitting out scores nothing). */
  totals: number[];
  /**
   * At a table of five (RULES §9): the table seats playing the current deal (the last one, between
   * deals), by the deal's seats 0–3, as the view numbers them; null at a table of four (the deal's
   * seats are the table's) and before the first deal.
   */
  dealSeats: number[] | null;
  /** At a table of five: the table seat that dealt the current deal and sits it out; null otherwise. */
  sitsOut: number | null;
  dealsPlayed: number;
  bokDealsLeft: number;
  /** The clock of the player to move (a person, not a bot): when his time runs out (ms since the epoch), and how long that is from when this was sent. */
  clock: { seat: number; deadline: number; msLeft: number } | null;
  /**
   * Between deals: the seats (people) the next deal still waits for, and when it starts anyway (ms
   * since the epoch, and how long that is from when this was sent). No clock runs meanwhile.
   */
  pause: { seats: number[]; deadline: number; msLeft: number } | null;
  /**
   * Who made the current deal's moves when it was not the player himself: by the auction's calls
   * and by the cards in the order played (tricks in order), 'timeout' for a move his clock made,
   * 'away' for one a bot made for him while he was away; null for the player's own or a bot's.
   */
  marks: { auction: (StandIn | null)[]; plays: (StandIn | null)[] };
  /**
   * The score sheet's last rows (protokół): a row per complete deal, the last `SHEET_RECENT` of them.
   * The table keeps no more in memory, however long it plays; `totals` are the whole game's.
   */
  sheet: SheetRow[];
  /**
   * The complete deals before `sheet[0]` (0: the sheet is whole): `sheet[i]` is deal `sheetFrom + i + 1`'s
   * row. Their rows come from GET /api/tables/:id/sheet, to the same people as this description.
   */
  sheetFrom: number;
  /** People watching who do not sit at the table. */
  spectators: number;
  /** The next game of the same people with the same rules, once one of them asked for it (its table's id). */
  rematch: string | null;
  /** The table this one is the rematch of. */
  rematchOf: string | null;
  /**
   * The next deal's commitment (verifiable deals, decision 013) while its cards are not yet dealt:
   * the deal's number, the SHA-256 of the server's secret seed, the seats that have added their
   * contribution, and the seats that may add one (all at a table of four; at a table of five the four
   * who play the deal: the dealer sits it out). `duplicate`: a duplicate round's deal (decision 010),
   * the same at every table of the round: it takes no contributions.
   */
  commit: {
    deal: number;
    commitment: string;
    contributed: number[];
    seats: number[];
    duplicate?: true;
    /** The server's Ed25519 signature (base64) of `["baska-commitment", table, deal, commitment]`. */
    signature?: string;
    /** The id of the key that signed it (GET /api/fairdeal/key). */
    key?: string;
  } | null;
}

/**
 * A row of the score sheet, by table seat. At a table of five it is the tournament protocol's row
 * (spec/tournament.md): `dealer` is the seat that dealt and sat out, its score `null`.
 */
export interface SheetRow {
  dealer: number;
  contract: string;
  declarer: number | null;
  /** Scored inside a bok-round (×2). */
  bokRound: boolean;
  scores: (number | null)[];
  /**
   * The deal's proof, revealed once it is over: commitment, seed and contributions (decision 013),
   * as the record has it (at a table of five, the contributions by the deal's seats).
   */
  fair?: FairProof;
}

/** The score sheet's rows a table's description carries: the last ones (TableInfo.sheet). */
export const SHEET_RECENT = 24;

/** GET /api/tables/:id/sheet?from=N&size=M: the rows of the deals after the first N (N from 0), M at most. */
export const SheetQuery = z
  .object({
    from: z.coerce.number().int().min(0).max(1_000_000).default(0),
    size: z.coerce.number().int().min(1).max(200).default(100),
  })
  .strict();

/** GET /api/tables/:id/sheet: rows `from` + 1… of the score sheet, and how many deals are complete. */
export interface SheetAnswer {
  from: number;
  rows: SheetRow[];
  dealsPlayed: number;
}

/** A move made for a person: by his clock running out, or by a bot while he was away. */
export type StandIn = 'timeout' | 'away';

/** One event as the receiving seat may see it: public facts only. */
export type PublicEvent =
  | { type: 'seated'; seat: number; name: string; bot: boolean }
  | { type: 'left'; seat: number }
  | { type: 'away'; seat: number }
  | { type: 'back'; seat: number }
  | { type: 'started' }
  /** A new deal; at a table of five `dealer` is the seat that dealt it and sits it out (`sitsOut`, RULES §9). */
  | { type: 'deal'; dealer: number; number: number; sitsOut?: number }
  | { type: 'action'; seat: number; action: string; by: 'player' | 'bot' | 'timeout' }
  /** A seat claimed the rest of the deal (RULES §7): it is scored as played out as `cards`, in order. */
  | { type: 'claim'; seat: number; cards: string[] }
  /** A player has read the end of the deal (the next deal may wait for the others). */
  | { type: 'ready'; seat: number }
  /** The server's commitment to the next deal's seed (decision 013). */
  | { type: 'committed'; deal: number; commitment: string; signature?: string; key?: string }
  /** A seat has added its contribution to the next deal's shuffle (its value is revealed with the deal). */
  | { type: 'contributed'; seat: number; deal: number }
  | { type: 'finished' }
  /** One of the players asked for another game with the same people and rules: it is at `table`. */
  | { type: 'rematch'; table: string };

/**
 * What the server sends a socket: each event with the table's new version, the receiver's own seat
 * (null while he only watches) and his seat's view after it. Every message with a view carries the
 * seat it is for, so a seat taken or given up over HTTP reaches the socket with the next event, with
 * no join again. `view` is null before the first deal.
 */
export type ServerMessage =
  | { type: 'snapshot'; table: TableInfo; version: number; seat: number | null; view: PlayerView | null }
  | {
      type: 'event';
      table: string;
      version: number;
      event: PublicEvent;
      seat: number | null;
      view: PlayerView | null;
      info: TableInfo;
    }
  /** The answer to a join with a recent version: the public events missed since, then the seat's view now. */
  | {
      type: 'missed';
      table: TableInfo;
      version: number;
      seat: number | null;
      events: { version: number; event: PublicEvent }[];
      view: PlayerView | null;
    }
  /** Chat lines at a table: the ones this socket may read, on joining and as they come. */
  | { type: 'chat'; table: string; lines: ChatLine[] }
  /** Someone invites this player to his table. */
  | { type: 'invite'; table: string; from: string; preset: string; rated: boolean }
  /** Two seats of a rated table connect from one address (fair play: told to everyone at it). */
  | { type: 'fairPlay'; table: string; sameAddress: number[][] }
  /** How many people watch the table now (sent when it changes, at most a few times a second). */
  | { type: 'spectators'; table: string; spectators: number }
  | { type: 'error'; code: ErrorCode; message: string; table?: string; detail?: ErrorDetail };

/** A line of table chat. Spectators' lines during a deal go to spectators only (seed 002 §6). */
export interface ChatLine {
  id: number;
  at: string;
  from: { id: number; name: string };
  /** The writer's seat, or null for a spectator. */
  seat: number | null;
  /** Free words (plain text), or a quick phrase's name. */
  text?: string;
  phrase?: QuickPhrase;
  /** 'spectators': written by a spectator during a deal, read by spectators only. */
  to: 'all' | 'spectators';
}

/** Largest message the server reads from a socket (bytes). */
export const MAX_MESSAGE_BYTES = 4096;

/** GET /api/me/games: a player's games, newest first, and his statistics. */
export interface HistoryGame {
  id: string;
  status: TableInfo['status'];
  preset: string;
  createdAt: string;
  seat: number;
  total: number;
  deals: number;
  /** Played with hints: not counted in the statistics. */
  hints: boolean;
  /** Played in the browser with no network against computer players (issue 36): never rated. */
  offline?: boolean;
}
export interface PlayerHistory {
  games: HistoryGame[];
  /** Over every game with at least one deal played, but those played with hints. */
  stats: { games: number; deals: number; points: number; perDeal: number };
}

// ---- HTTP answers (a refusal is always an ErrorBody, with its HTTP status) ----

/** POST /api/guest, /api/register, /api/login (with the session cookie). */
export interface PlayerAnswer {
  player: Player;
}
/** GET /api/me: who the session's player is, or null for a visitor not yet in (not an error: a first visit is normal). */
export interface MeAnswer {
  player: Player | null;
}
/** GET /api/tables: the open and playing public tables. */
export interface TablesAnswer {
  tables: TableInfo[];
}
/**
 * GET /api/tables/:id, and POST …/sit, …/bot, …/start: the table as it is after the request; POST
 * …/rematch: the new table (the same seats, bots and rules), with the asking player seated in it.
 */
export interface TableAnswer {
  table: TableInfo;
}
/** POST /api/tables: the new table and its invite link (a path with the table's id). */
export interface CreatedTable {
  table: TableInfo;
  invite: string;
}
/**
 * GET /api/me/account: a registered player's e-mail address (confirmed), the one waiting for its
 * confirmation, and whether this server sends mail at all (without it, no reset by e-mail).
 */
export interface AccountAnswer {
  email: string | null;
  pending: string | null;
  mail: boolean;
}
/** POST /api/logout and POST /api/tables/:id/leave. */
export interface OkAnswer {
  ok: true;
}
/**
 * GET /api/games/:id/record: the game's record (docs/spec/records.md), its complete deals only; a
 * table of five's is a record with `"players": 5` and each deal's `seats` (decision 006).
 */
export type RecordAnswer = GameRecord | TableOfFiveRecord;
/**
 * GET /api/fairdeal/key: the public half of the server's signing key (decision 013), which signs
 * each published commitment and each record handed out; `key` is its id (RFC 7638 thumbprint).
 */
export interface FairdealKeyAnswer {
  key: string;
  algorithm: 'Ed25519';
  /** The public key as PEM (SubjectPublicKeyInfo). */
  pem: string;
  jwk: { kty: 'OKP'; crv: 'Ed25519'; x: string; kid: string };
}
/** GET /healthz: alive, with the tables in memory, the connected sockets and the claims of this process. */
export interface HealthAnswer {
  ok: true;
  tables: number;
  sockets: number;
  /**
   * Claims since the process started: proofs run (on the worker threads), claims answered without
   * one (the same view's answer kept), and claims a bound refused (ERR_RATE).
   */
  claims: { proved: number; cached: number; limited: number };
  /** Whether the database answers a trivial query within half a second. */
  database: 'up' | 'down';
  /** With several processes (REDIS_URL): whether Redis is reachable, and the tables whose lease this process holds. */
  redis?: 'up' | 'down';
  leases?: number;
}
/**
 * GET /readyz: 200 with ready true once the tables in play are resumed and the database (and Redis,
 * when set) answer, else 503 with ready false.
 */
export interface ReadyAnswer {
  ready: boolean;
  database?: 'up' | 'down';
  redis?: 'up' | 'down';
  leases?: number;
}

// ---- Ratings (issue 19) ----

export const RATING_FAMILIES = ['baska', 'kop'] as const;

/**
 * The fewest deals a rated table is created with (the server's default; its operator may set
 * another): two rounds, so that every seat deals twice (decision 015).
 */
export const RATED_MIN_DEALS = 8;
export type RatingFamily = (typeof RATING_FAMILIES)[number];

/** GET /api/ratings/:family?page=N&size=M: the query, checked. */
export const LeaderboardQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    size: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();

/**
 * A player's rating in a family. `rating` is the shown, conservative one: mu − 3·sigma (openskill's
 * Plackett–Luce model), so it rises as the uncertainty shrinks.
 */
export interface RatingLine {
  player: { id: number; name: string };
  family: RatingFamily;
  rating: number;
  mu: number;
  sigma: number;
  games: number;
  /** Rated games he left before the end. */
  leftGames: number;
}
export interface LeaderboardAnswer {
  family: RatingFamily;
  /** Only players with at least this many rated games in the family are listed. */
  minGames: number;
  page: number;
  size: number;
  /** Players listed over all pages. */
  total: number;
  /** This page's players, best first, each with his place on the whole board. */
  lines: (RatingLine & { place: number })[];
}
/** One rated game in a player's history: his shown rating before and after it. */
export interface RatingPoint {
  game: string;
  at: string;
  place: number;
  total: number;
  left: boolean;
  before: number;
  rating: number;
  mu: number;
  sigma: number;
}
/** GET /api/players/:id/ratings: his ratings and their history, by family. */
export interface PlayerRatingsAnswer {
  player: { id: number; name: string };
  ratings: RatingLine[];
  history: Record<RatingFamily, RatingPoint[]>;
}

// ---- Profiles (issue 19) ----

/** Deals in one role: how many, how many his side won, and his points in them. */
export interface RoleStats {
  deals: number;
  won: number;
  points: number;
}
/** A player's statistics, computed from the stored records of his games (complete deals only). */
export interface PlayerStats {
  games: number;
  deals: number;
  points: number;
  perDeal: number;
  asOld: RoleStats;
  asYoung: RoleStats;
  /** By contract (zwyczajna, cicha, wesele, gran…): deals played in it, declared by him, won by his side. */
  contracts: Record<string, RoleStats & { declared: number }>;
  /** His own cicha and wesele (he declared them). */
  cicha: RoleStats;
  wesele: RoleStats;
  /** Kontra he gave, and how often his side then won. */
  kontra: { given: number; paid: number };
  /** Deals played in a bok-round. */
  bokDeals: number;
}
/** GET /api/players/:id/profile: who he is, his statistics and his last games. */
export interface ProfileAnswer {
  player: Player;
  stats: PlayerStats;
  games: HistoryGame[];
}
export * from './tournament.js';
export * from './pads.js';
export * from './privacy.js';
export * from './moderation.js';

// ---- Who is online, fair play (issue 19) ----

/** A person connected now: his ratings, and whether he sits at a table in play or open. */
export interface OnlinePlayer {
  player: Player;
  /** His shown ratings (μ − 3σ) by family, with his rated games and the ones he left. */
  ratings: { family: RatingFamily; rating: number; games: number; leftGames: number }[];
  /** He sits at a table not yet finished. */
  seated: boolean;
  /** That table's id when it is public (to watch it); null otherwise. */
  table: string | null;
}
/** GET /api/online: the people connected now, by name. */
export interface OnlineAnswer {
  players: OnlinePlayer[];
}

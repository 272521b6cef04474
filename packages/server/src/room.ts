// A table's state as the replay of its event log (ARCHITECTURE "Server"). `apply` is the only way
// the state changes, in replay and live alike, so memory is a cache of the log. A command changes a
// `fork` and the session keeps it only once its events are in the log. Of the deals before the
// current one it keeps what the sheet needs of the last few (`past`), not their Deal objects: a
// table holds one Deal and at most SHEET_RECENT rows however long it plays (game-table.ts). Every
// complete deal's row and record entry is written to storage as it ends (`recentDeals`, the
// session's projection); the sheet's and the record's earlier deals are read from there
// (past-deals.ts).
import {
  type Level,
  type PublicEvent,
  SHEET_RECENT,
  type SeatInfo,
  type SheetRow,
  type StandIn,
  type TableInfo,
} from '@baska/protocol';
import {
  type Deal,
  type FairProof,
  type Rules,
  type RulesSpec,
  SPECTATOR,
  parseCard,
  viewFor,
  type PlayerView,
} from '@baska/engine';
import {
  type GameTable,
  type PastDeal,
  dealOf,
  newGameTable,
  pastOf,
  seatsOfDeal,
  seatsOfNextDeal,
  sheetRowOf,
  sitterOut,
  totalsOf,
} from './game-table.js';
import { type Signer, signCommitment } from './fairdeal/key.js';
import { BOT_NAMES } from './names.js';
import type { StoredDeal } from './storage.js';

export interface Settings {
  rulesSpec: RulesSpec;
  stake: number;
  secondsPerMove: number;
  /** The longest pause between deals (s); absent in tables created before it existed: the default. */
  pauseSeconds?: number;
  public: boolean;
  /** Deals to play; 0: until the players leave. */
  deals: number;
  /**
   * Five: a table of five, whose dealer sits out each deal (RULES §9; game-table.ts maps its seats
   * to the deal's). Absent: four, as every table created before it existed.
   */
  players?: 4 | 5;
  /**
   * A rematch: the table it follows and, by seat, the person who sat there (kept for him until he
   * comes; the table starts by itself once every seat is taken).
   */
  rematchOf?: { table: string; seats: ({ player: number; name: string } | null)[] };
  /** A rated table (ratings/): chosen by its creator; absent in tables created before it existed. */
  rated?: boolean;
  /** Hints allowed (issue 18): the game is played with hints, never rated; absent: no hints. */
  hints?: boolean;
  /**
   * A tournament table: it ends after exactly `deals` deals, a bok-round owed or under way cut short,
   * as the format fixes a table's deals (spec/tournament.md). Others finish a bok-round first.
   */
  exactDeals?: boolean;
  /**
   * A duplicate round's table (tournaments/, decision 010): its table seed is the round's, shared by
   * every table of the round, so its deals take no contributions (they would differ by table).
   */
  duplicate?: boolean;
  /** Played in a browser with no network against its bots, and sent once the network was back (issue 36): never rated. */
  offline?: boolean;
}

/** An event as the log stores it (the server's own: a deal event holds the hands). */
export type StoredEvent =
  | { type: 'created'; owner: number; ownerName: string }
  | { type: 'seated'; seat: number; player: number | null; name: string; bot: Level | null; guest?: boolean }
  | { type: 'left'; seat: number }
  | { type: 'away'; seat: number }
  | { type: 'back'; seat: number }
  | { type: 'started'; seed: string; dealer: number }
  | { type: 'deal'; hands: number[] }
  | { type: 'action'; seat: number; action: string; by: 'player' | 'bot' | 'timeout' }
  /** A claim the solver proved (RULES §7) and the line the rest of the deal is scored as. */
  | { type: 'claim'; seat: number; line: string[] }
  | { type: 'ready'; seat: number }
  /** The next deal's secret seed and its commitment (fairdeal/, decision 013); the seed stays on the server until the deal is over. */
  | { type: 'committed'; deal: number; seed: string; commitment: string }
  | { type: 'contributed'; seat: number; deal: number; value: string }
  | { type: 'finished' }
  | { type: 'rematch'; table: string };

/** The next deal's commitment while its cards are not yet dealt, with the contributions so far. */
export interface PendingDeal {
  deal: number;
  seed: string;
  commitment: string;
  contributions: (string | null)[];
}

/** The pause between deals of a table whose settings do not say (s). */
export const DEFAULT_PAUSE_SECONDS = 30;

/** The engine refused a call or a card: on a fork, the command is refused; in a replay, the log is broken. */
export class IllegalAction extends Error {
  constructor(
    readonly action: string,
    readonly reason: string,
  ) {
    super(`${action}: ${reason}`);
  }
}

const emptySeat = (): Seat => ({ player: null, name: null, bot: null, away: false, guest: false });

export interface Seat {
  player: number | null;
  name: string | null;
  bot: Level | null;
  away: boolean;
  /** A guest's seat (logs written before the flag existed say nothing: not marked). */
  guest: boolean;
}

export class Room {
  version = 0;
  status: TableInfo['status'] = 'open';
  owner = 0;
  ownerName = '';
  seed = '';
  /** The seats round the table: four, or five at a table of five. */
  readonly seats: Seat[];
  table: GameTable | null = null;
  /**
   * The last deals before the current one (SHEET_RECENT at most), in order: their sheet rows, record
   * entries and seats. Never changed in place (a fork shares it): a new deal makes a new array.
   */
  past: readonly PastDeal[] = [];
  /**
   * The deals before `past[0]`, in storage only: how many, and how many of them each table seat
   * played. Replaced, never changed in place (a fork shares it).
   */
  older: { readonly deals: number; readonly playedBy: readonly number[] };
  /** When the seat to move got its turn (ms since the epoch; set live, not by replay). */
  turnSince = 0;
  /** When the pause after the last deal began (ms since the epoch; set live, not by replay; 0: not yet). */
  pauseSince = 0;
  /** The seats that have read the end of the last deal (since it ended). */
  ready = new Set<number>();
  /** Who made the current deal's moves for a person (TableInfo.marks). */
  marks: { auction: (StandIn | null)[]; plays: (StandIn | null)[] } = { auction: [], plays: [] };
  /** The table of the next game with the same people, once asked for. */
  rematch: string | null = null;
  /** The next deal's commitment, until it is dealt. */
  pending: PendingDeal | null = null;
  /** When the pending commitment was made (ms since the epoch; set live, not by replay; 0: not yet). */
  commitSince = 0;
  /** The current deal's proof (a deal dealt before verifiable deals has none). */
  proof: FairProof | undefined = undefined;
  /**
   * Players who sat here as guests and have registered since, by id: their account's name. A guest's
   * games go with him to the account (accounts.ts, register), and the table names the account.
   * Filled when the table is read (Games) and when one registers; one map for every fork.
   */
  registered = new Map<number, string>();
  /** The last commitment signed, with its signature (see `signed`). */
  private lastSigned: { deal: number; commitment: string; signature: string } | null = null;

  constructor(
    readonly id: string,
    readonly settings: Settings,
    readonly rules: Rules,
    /** Signs each commitment as it is published (fairdeal/key.ts); none in tests that do not sign. */
    readonly signer: Signer | null = null,
  ) {
    this.seats = Array.from({ length: settings.players === 5 ? 5 : 4 }, emptySeat);
    this.older = { deals: 0, playedBy: this.seats.map(() => 0) };
  }

  get deal(): Deal | null {
    return this.table?.current ?? null;
  }

  /** The table seats playing the current deal (the last one, between deals), by the deal's seats 0–3. */
  get dealSeats(): readonly number[] {
    const t = this.table;
    return seatsOfDeal(t, t && t.dealCount > 0 ? t.dealCount - 1 : 0);
  }

  /** The deal's seat (0–3) of table seat `seat` in the current deal; -1 when he sits it out. RULES §9 */
  dealSeatOf(seat: number): number {
    return this.dealSeats.indexOf(seat);
  }

  /** The table seat that dealt the current deal and sits it out (a table of five); else null. RULES §9 */
  get sitsOut(): number | null {
    const t = this.table;
    return t && t.dealCount > 0 ? sitterOut(t, t.dealCount - 1) : null;
  }

  /** The table seat to act in the current deal, or -1 when none is to act. */
  get toAct(): number {
    const d = this.deal;
    return d && !d.isComplete && d.toAct >= 0 ? this.dealSeats[d.toAct]! : -1;
  }

  /** The table seats that may add to the pending deal's shuffle: the four who will play it. */
  contributorSeats(): readonly number[] {
    return this.pending && this.table ? seatsOfNextDeal(this.table) : [];
  }

  /** The seat of a player at this table, or null. */
  seatOf(player: number): number | null {
    const s = this.seats.findIndex((x) => x.player === player);
    return s < 0 ? null : s;
  }

  /** The deals played to their end (those in storage only and those kept). */
  get dealsComplete(): number {
    const t = this.table;
    const current = t && t.dealCount > 0 && dealOf(t, t.dealCount - 1)?.isComplete ? 1 : 0;
    return this.older.deals + this.past.length + current;
  }

  /** The complete deals that table seat `seat` played (every one at four; at five, not those it sat out). */
  dealsPlayedBy(seat: number): number {
    const t = this.table;
    if (!t) return 0;
    const n = t.dealCount - 1;
    const current = n >= 0 && dealOf(t, n)?.isComplete && seatsOfDeal(t, n).includes(seat) ? 1 : 0;
    return this.older.playedBy[seat]! + this.past.filter((p) => p.seats.includes(seat)).length + current;
  }

  /**
   * The complete deals this Room keeps, as storage keeps them, each with its proof: those of `past`
   * and the current deal once it is over. The session writes each to storage in the command that
   * ends it; earlier ones are read from there (past-deals.ts).
   */
  recentDeals(): StoredDeal[] {
    const kept = this.past.map((p, i) => ({ n: this.older.deals + i, row: p.row, record: p.record }));
    const t = this.table;
    const n = t ? t.dealCount - 1 : -1;
    if (!t || n < 0 || !dealOf(t, n)?.isComplete) return kept;
    const { row, record } = pastOf(t, n, this.proof);
    return [...kept, { n, row, record }];
  }

  /**
   * The score sheet's last rows (SHEET_RECENT at most), by table seat, each with its proof, and how
   * many complete deals come before them (their rows are in storage: past-deals.ts).
   */
  sheet(): { from: number; rows: SheetRow[] } {
    const rows = this.past.map((p) => p.row);
    const t = this.table;
    const current = t && t.dealCount > 0 ? sheetRowOf(t, t.dealCount - 1) : null; // null until it is over
    if (current) rows.push(this.proof ? { ...current, fair: this.proof } : current);
    const last = rows.slice(-SHEET_RECENT);
    return { from: this.dealsComplete - last.length, rows: last };
  }

  /**
   * Keep what the sheet needs of the deal before the current one (`proof`: its proof), and let its
   * Deal go; past the last SHEET_RECENT, only counts stay (the rows are in storage).
   */
  private forgetPast(proof: FairProof | undefined): void {
    const t = this.table!;
    if (t.deals.length < 2) return;
    // The table keeps the current deal only (each deal event forgets the one before): one to keep.
    const past = [...this.past, pastOf(t, t.dealCount - 2, proof)];
    let { deals, playedBy } = this.older;
    while (past.length > SHEET_RECENT) {
      const gone = past.shift()!;
      deals++;
      playedBy = playedBy.map((k, seat) => (gone.seats.includes(seat) ? k + 1 : k));
    }
    if (deals !== this.older.deals) this.older = { deals, playedBy };
    this.past = past;
    t.forget();
  }

  /** A copy to change: what it changes is not seen here (complete deals, which never change, are shared). */
  fork(): Room {
    const r = new Room(this.id, this.settings, this.rules, this.signer);
    r.lastSigned = this.lastSigned;
    r.registered = this.registered;
    r.version = this.version;
    r.status = this.status;
    r.owner = this.owner;
    r.ownerName = this.ownerName;
    r.seed = this.seed;
    this.seats.forEach((s, i) => (r.seats[i] = { ...s }));
    r.table = this.table?.fork() ?? null;
    r.past = this.past;
    r.older = this.older;
    r.turnSince = this.turnSince;
    r.pauseSince = this.pauseSince;
    r.ready = new Set(this.ready);
    r.marks = { auction: [...this.marks.auction], plays: [...this.marks.plays] };
    r.rematch = this.rematch;
    r.pending = this.pending && { ...this.pending, contributions: [...this.pending.contributions] };
    r.commitSince = this.commitSince;
    r.proof = this.proof;
    return r;
  }

  /**
   * Apply one logged event (sequence number `seq`) and return what everyone may see of it. Throws on
   * an event the log should never hold.
   */
  apply(seq: number, e: StoredEvent): PublicEvent | null {
    if (seq !== this.version + 1) throw new Error(`event ${seq} after version ${this.version}`);
    switch (e.type) {
      case 'created':
        this.owner = e.owner;
        this.ownerName = e.ownerName;
        break;
      case 'seated':
        this.seats[e.seat] = { player: e.player, name: e.name, bot: e.bot, away: false, guest: e.guest === true };
        break;
      case 'left':
        this.seats[e.seat] = { player: null, name: null, bot: null, away: false, guest: false };
        break;
      case 'away':
        this.seats[e.seat]!.away = true;
        break;
      case 'back':
        this.seats[e.seat]!.away = false;
        break;
      case 'started':
        this.seed = e.seed;
        this.status = 'playing';
        this.table = newGameTable(this.rules, this.seats.length, e.dealer, e.seed);
        break;
      case 'deal': {
        const before = this.proof; // the deal before this one's
        const r = this.table!.newDeal(e.hands);
        if (!r.ok) throw new Error(r.error.message);
        this.ready = new Set();
        this.pauseSince = 0;
        this.marks = { auction: [], plays: [] };
        const p = this.pending;
        // The proof as the record has it: the contributions by the deal's seats (decision 013).
        this.proof =
          p && p.deal === this.table!.dealCount
            ? {
                commitment: p.commitment,
                seed: p.seed,
                contributions: this.dealSeats.map((s) => p.contributions[s] ?? null),
              }
            : undefined;
        this.pending = null;
        this.commitSince = 0;
        this.forgetPast(before);
        break;
      }
      case 'committed':
        this.pending = {
          deal: e.deal,
          seed: e.seed,
          commitment: e.commitment,
          contributions: this.seats.map(() => null),
        };
        break;
      case 'contributed':
        this.pending!.contributions[e.seat] = e.value;
        break;
      case 'action': {
        const auction = this.deal?.phase === 'auction';
        const r = this.table!.apply(e.action);
        if (!r.ok) throw new IllegalAction(e.action, r.error.message);
        // A bot's move at a person's seat is the stand-in's, while he is away.
        const seat = this.seats[e.seat]!;
        const mark = e.by === 'timeout' ? 'timeout' : e.by === 'bot' && seat.bot === null ? 'away' : null;
        (auction ? this.marks.auction : this.marks.plays).push(mark);
        break;
      }
      case 'claim': {
        const r = this.table!.claim(
          this.dealSeatOf(e.seat),
          e.line.map((c) => parseCard(c)!),
        );
        if (!r.ok) throw new IllegalAction('claim', r.error.message);
        for (let i = 0; i < e.line.length; i++) this.marks.plays.push(null);
        break;
      }
      case 'ready':
        this.ready.add(e.seat);
        break;
      case 'finished':
        this.status = 'finished';
        break;
      case 'rematch':
        this.rematch = e.table;
        break;
    }
    this.version = seq;
    return this.publicEvent(e);
  }

  /** What every seat and spectator may see of an event, just after it is applied. */
  private publicEvent(e: StoredEvent): PublicEvent | null {
    switch (e.type) {
      case 'seated':
        return { type: 'seated', seat: e.seat, name: e.name, bot: e.bot !== null };
      case 'left':
      case 'away':
      case 'back':
        return { type: e.type, seat: e.seat };
      case 'started':
        return { type: 'started' };
      case 'deal': {
        // At a table of five the dealer is the one who sits the deal out (RULES §9).
        const out = this.sitsOut;
        const number = this.table!.dealCount;
        return out === null
          ? { type: 'deal', dealer: this.deal!.dealer, number }
          : { type: 'deal', dealer: out, number, sitsOut: out };
      }
      case 'action':
        return { type: 'action', seat: e.seat, action: e.action, by: e.by };
      case 'claim':
        return { type: 'claim', seat: e.seat, cards: [...e.line] };
      case 'ready':
        return { type: 'ready', seat: e.seat };
      case 'committed':
        return { type: 'committed', deal: e.deal, commitment: e.commitment, ...this.signed(e.deal, e.commitment) };
      case 'contributed':
        return { type: 'contributed', seat: e.seat, deal: e.deal };
      case 'finished':
        return { type: 'finished' };
      case 'rematch':
        return { type: 'rematch', table: e.table };
      case 'created':
        return null;
    }
  }

  /**
   * The view of the current deal for a table seat (or a spectator): viewFor is the one place hidden
   * cards are removed. At a table of five the one who sits the deal out sees it as a spectator does.
   */
  viewOf(seat: number | null): PlayerView | null {
    const d = this.deal;
    const dealSeat = seat === null ? -1 : this.dealSeatOf(seat);
    return d ? viewFor(d, dealSeat < 0 ? SPECTATOR : dealSeat) : null;
  }

  /**
   * May `player` (null: nobody signed in) see the table, over the socket or HTTP alike? Its players,
   * always. Anyone, a public table; a private one until its game starts: its link is the invitation,
   * so whoever has it sees the waiting room and may sit. Once the cards are dealt a private table
   * (a duplicate round's too) shows only to its players (decision 013).
   */
  showsTo(player: number | null): boolean {
    return this.settings.public || this.table === null || (player !== null && this.seatOf(player) !== null);
  }

  /** The people who took a seat here as guests, and the creator: those who may have registered since. */
  mayHaveRegistered(): number[] {
    const guests = this.seats.filter((s) => s.guest && s.player !== null).map((s) => s.player!);
    return [...new Set([this.owner, ...guests])];
  }

  info(): TableInfo {
    const t = this.table;
    const sheet = this.sheet();
    const seats: SeatInfo[] = this.seats.map((s, seat) => {
      const account = s.guest && s.player !== null ? this.registered.get(s.player) : undefined;
      return {
        seat,
        // A bot seated under a name (a tournament's typed name it plays for) keeps it; others get the table's.
        name: s.bot ? `${s.name && s.name !== s.bot ? s.name : BOT_NAMES[seat]} (${s.bot})` : (account ?? s.name),
        bot: s.bot !== null || s.away,
        away: s.away,
        guest: s.bot === null && s.guest && account === undefined,
        reservedFor: this.reservedFor(seat)?.name ?? null,
      };
    });
    return {
      id: this.id,
      preset: this.rules.preset,
      rules: this.settings.rulesSpec,
      stake: this.settings.stake,
      secondsPerMove: this.settings.secondsPerMove,
      pauseSeconds: this.pauseSeconds,
      public: this.settings.public,
      rated: this.settings.rated === true,
      hints: this.settings.hints === true,
      deals: this.settings.deals,
      owner: this.registered.get(this.owner) ?? this.ownerName,
      ownerId: this.owner,
      status: this.status,
      seats,
      totals: t ? totalsOf(t) : this.seats.map(() => 0),
      dealsPlayed: this.dealsComplete,
      bokDealsLeft: t ? t.bokDealsLeft : 0,
      clock: this.clock(),
      pause: this.pause(),
      marks: { auction: [...this.marks.auction], plays: [...this.marks.plays] },
      dealSeats: t && this.sitsOut !== null ? [...this.dealSeats] : null,
      sitsOut: this.sitsOut,
      sheet: sheet.rows,
      sheetFrom: sheet.from,
      spectators: 0,
      rematch: this.rematch,
      rematchOf: this.settings.rematchOf?.table ?? null,
      commit: this.pending && {
        deal: this.pending.deal,
        commitment: this.pending.commitment,
        contributed: this.pending.contributions.flatMap((c, seat) => (c === null ? [] : [seat])),
        seats: [...this.contributorSeats()],
        ...(this.settings.duplicate && { duplicate: true as const }),
        ...this.signed(this.pending.deal, this.pending.commitment),
      },
    };
  }

  /** At a rematch not yet started, the person an empty seat is kept for. */
  reservedFor(seat: number): { player: number; name: string } | null {
    const s = this.seats[seat]!;
    if (this.status !== 'open' || s.player !== null || s.bot !== null) return null;
    return this.settings.rematchOf?.seats[seat] ?? null;
  }

  get pauseSeconds(): number {
    return this.settings.pauseSeconds ?? DEFAULT_PAUSE_SECONDS;
  }

  /** The table in play has played what it was to play, or has nobody left at it: it ends after this deal. */
  get over(): boolean {
    const t = this.table;
    if (this.status !== 'playing' || !t) return false;
    const enough =
      this.settings.deals > 0 &&
      t.dealCount >= this.settings.deals &&
      (this.settings.exactDeals === true || t.bokDealsLeft === 0);
    const nobody = this.seats.every((s) => s.player === null || s.away);
    // A tournament table plays its deals even with nobody at it: the clocks move for the absent.
    return enough || (nobody && this.settings.exactDeals !== true);
  }

  /**
   * Between deals: the seats of the people present who have not yet read the end of the deal, whom
   * the next deal waits for (empty when it waits for nobody: no pause, or the table ends).
   */
  waiting(): number[] {
    const d = this.deal;
    // An ended game has no next deal to wait for (its last summary said "next deal in…" before).
    if (this.status !== 'playing' || !d || !d.isComplete || this.over || this.pauseSeconds === 0) return [];
    const seats: number[] = [];
    this.seats.forEach((s, seat) => {
      if (s.player !== null && s.bot === null && !s.away && !this.ready.has(seat)) seats.push(seat);
    });
    return seats;
  }

  /** The pause between deals, while it lasts: whom it waits for and when it ends. */
  pause(): { seats: number[]; deadline: number; msLeft: number } | null {
    const seats = this.waiting();
    if (seats.length === 0) return null;
    const deadline = this.pauseSince + this.pauseSeconds * 1000; // pauseSince is set when the session schedules the pause
    return { seats, deadline, msLeft: Math.max(0, deadline - Date.now()) };
  }

  /** The seat whose clock runs (a person to move), and when his time is up. */
  clock(): { seat: number; deadline: number; msLeft: number } | null {
    const seat = this.toAct;
    if (this.status !== 'playing' || seat < 0) return null;
    const s = this.seats[seat]!;
    if (s.bot !== null || s.away) return null;
    const deadline = this.turnSince + this.settings.secondsPerMove * 1000;
    return { seat, deadline, msLeft: Math.max(0, deadline - Date.now()) };
  }

  /**
   * A published commitment's signature and the key's id (nothing without a signer). The last one is
   * kept: a commitment goes out in the event, in each description of the table and in the lobby.
   */
  private signed(deal: number, commitment: string): { signature?: string; key?: string } {
    if (!this.signer) return {};
    const last = this.lastSigned;
    const signature =
      last && last.deal === deal && last.commitment === commitment
        ? last.signature
        : signCommitment(this.signer, this.id, deal, commitment);
    this.lastSigned = { deal, commitment, signature };
    return { signature, key: this.signer.key };
  }
}

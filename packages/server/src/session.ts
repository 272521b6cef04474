// One table in play: its state (a Room, the replay of its log), its History of public events, and
// everything that runs on its behalf (colyseus' Room.clock): the queue that lets one change in at a
// time, the bot's or the move clock's timer, the grace timers of players who dropped, the timer
// that closes an abandoned table, the retries after a failure. `dispose` stops them together.
//
// A command is one transaction: its events (and what they imply: the next deal, the end of the game)
// are built on a fork of the room, written to the log with their projections at once, and only then
// does the session keep the fork and tell anyone. A failed write changes nothing in memory; the log
// is read again to learn the truth, and the table is moved on later if it waits for the server.
import { BOTS, claimLine } from '@baska/ai';
import type { BotPool } from '@baska/ai/pool';
import { SeededRng, cardCode, viewFor } from '@baska/engine';
import type { ErrorCode, Level, PublicEvent } from '@baska/protocol';
import { RATED_MIN_DEALS } from '@baska/protocol';
import type { Logger } from 'pino';
import { GameError } from './errors.js';
import { commitment, handsOf, waitLeft } from './fairdeal/commit.js';
import { nextDealDealer, recordText, seatsOfNextDeal } from './game-table.js';
import { History } from './history.js';
import { wholeRecord } from './past-deals.js';
import { ratedResult } from './ratings/result.js';
import { IllegalAction, type Room, type StoredEvent } from './room.js';
import type { ClaimProofs } from './claims.js';
import { type PlayerLine, type Projection, StaleLog, type Storage } from './storage.js';

export interface SessionOptions {
  /** How long a bot waits before it moves (ms), so that people can follow. */
  botDelayMs: number;
  /** How long a player who dropped keeps the seat before a bot plays for him (ms). */
  graceMs: number;
  /** The level that moves for a player whose clock ran out or who is away. */
  standIn: Level;
  /** How long a bot waits at least before it leads after a trick is taken (ms), so that people see it. */
  trickPauseMs?: number;
  /** How long a deal waits at most for the contributions of the clients that give them (ms; decision 013). */
  contributionMs?: number;
  /** The fewest deals of a rated table, at its creation and played by its end (decision 015; RATED_MIN_DEALS). */
  ratedMinDeals?: number;
}

/** What a session needs from the server around it. */
export interface SessionContext {
  storage: Storage;
  bots: BotPool;
  /** Where claims are proved: off the event loop, within bounds, answered from a cache when repeated. */
  claims: ClaimProofs;
  log: Logger;
  opts: SessionOptions;
  /** Told of every public event once it is in the log, with the table as it was just after it. */
  tell(room: Room, event: PublicEvent, version: number): void;
  /** Has the player a socket at the table in another process (his grace then does not end)? */
  present?(id: string, player: number): boolean | Promise<boolean>;
  /** Is anyone connected to the table (in any process)? */
  watched(id: string): boolean | Promise<boolean>;
  /** Events this session wrote to the log (after `base`), for the other processes' copies of the table. */
  written?(id: string, base: number, events: StoredEvent[]): void;
  /** The session has nothing more to do in memory (an abandoned table closed). */
  ended(id: string): void;
  /** The players at a table whose clients add contributions to the deals (decision 013). */
  contributors(id: string): ReadonlySet<number>;
  /** A bot of `level` decided a move in `ms` (the metrics). */
  botDecided?(level: string, ms: number): void;
}

type Emit = (e: StoredEvent) => void;

/** At a table of five the dealer sits the deal out (RULES §9): he neither calls, plays nor claims in it. */
function sitsIn(room: Room, seat: number): void {
  if (room.dealSeatOf(seat) < 0) throw new GameError('ERR_SITS_OUT', 'you deal this deal and sit it out');
}
/**
 * The guard every move of a deal shares (a call, a card, a claim): the table is in play, `seat` has a
 * part in its deal, the move was sent against the table as it is, and the deal has not ended. A
 * GameError says why not; the deal in play otherwise.
 */
function mustMoveIn(room: Room, seat: number, version: number) {
  if (room.status === 'open') throw new GameError('ERR_NOT_STARTED', 'the table has not started');
  if (room.status === 'finished') throw new GameError('ERR_GAME_OVER', 'the table has ended');
  const deal = room.deal!;
  if (!deal.isComplete) sitsIn(room, seat); // whatever version he saw: he has no part in this deal
  if (version !== room.version)
    throw new GameError('ERR_STALE', `sent against version ${version}; the table is at ${room.version}`);
  if (deal.isComplete) throw new GameError('ERR_GAME_OVER', 'the deal has ended');
  return deal;
}

/** May `seat` claim at `version` (RULES §7)? A GameError says why not; the proof comes after. */
function claimable(room: Room, seat: number, version: number): void {
  const deal = mustMoveIn(room, seat, version);
  if (deal.phase !== 'play') throw new GameError('ERR_CLAIM', 'a claim is made only during the play');
}
interface Step {
  stored: StoredEvent;
  event: PublicEvent | null;
  version: number;
  room: Room;
}

/** Retries after a failed write: from half a second up to half a minute. */
const RETRY_MS = [500, 1000, 2000, 5000, 10_000, 30_000];

/**
 * Each seated player's line in the projection: seat, total and the complete deals he played (at a
 * table of five not those he sat out), by player.
 */
function linesOf(room: Room): Map<number, PlayerLine> {
  const lines = new Map<number, PlayerLine>();
  const t = room.table;
  // A table closed before it started is no game to remember.
  if (room.status === 'finished' && !t) return lines;
  for (const [seat, s] of room.seats.entries())
    if (s.player !== null)
      lines.set(s.player, {
        player: s.player,
        seat,
        total: t?.totals[seat] ?? 0,
        deals: room.dealsPlayedBy(seat),
      });
  return lines;
}

interface Summary {
  status: Room['status'];
  complete: number;
  lines: Map<number, PlayerLine>;
}
function summaryOf(room: Room): Summary {
  return { status: room.status, complete: room.dealsComplete, lines: linesOf(room) };
}

/**
 * What changed in the projections between two summaries (all of it when the old one is unknown): the
 * deals that have ended since are stored (the Room keeps only the last ones); `save` adds the whole
 * record once the game ends.
 */
function projection(before: Summary | null, after: Summary, room: Room): Projection {
  const p: Projection = {};
  if (before?.status !== after.status) p.status = after.status;
  if ((before?.complete ?? -1) !== after.complete) {
    const ended = room.recentDeals().filter((d) => d.n >= (before?.complete ?? 0));
    if (ended.length) p.deals = ended;
  }
  const lines = [...after.lines.values()].filter((l) => {
    const old = before?.lines.get(l.player);
    return !old || old.seat !== l.seat || old.total !== l.total || old.deals !== l.deals;
  });
  if (lines.length) p.lines = lines;
  if (before) {
    const drop = [...before.lines.keys()].filter((id) => !after.lines.has(id));
    if (drop.length) p.drop = drop;
  } else p.keepOnly = [...after.lines.keys()];
  return p;
}

/** How a table's next deal waits for contributions: the players whose clients give them, and the longest wait. */
interface FairWait {
  contributors: ReadonlySet<number>;
  waitMs: number;
}

/**
 * The event the server owes a table in play whose deal is over (or not yet dealt): the end, the
 * commitment to the next deal (decision 013), or the next deal. A deal that people are still
 * reading the end of waits for them (or for its pause to end), and the next deal waits a moment
 * for the contributions of the clients that give them.
 */
function continuation(room: Room, fair: FairWait): StoredEvent | null {
  if (room.status !== 'playing') return null;
  const deal = room.deal;
  if (deal && !deal.isComplete) return null;
  if (room.over) return { type: 'finished' };
  if (!room.pending) return commitment(room, room.table!.dealCount + 1);
  if (room.waiting().length > 0) return null;
  if (waitLeft(room, fair.contributors, fair.waitMs) > 0) return null;
  return nextDeal(room);
}

/**
 * The next deal: its hands come from the committed seed and the contributions (decision 013); the
 * log holds them too.
 */
function nextDeal(room: Room): StoredEvent {
  const t = room.table!;
  return { type: 'deal', hands: handsOf(room.pending!, nextDealDealer(t), seatsOfNextDeal(t)) };
}

export class TableSession {
  readonly history = new History();
  private queue: Promise<unknown> = Promise.resolve();
  private moveTimer: NodeJS.Timeout | undefined;
  private readonly graceTimers = new Map<number, NodeJS.Timeout>();
  private abandonTimer: NodeJS.Timeout | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private failures = 0;
  private disposed = false;
  /**
   * Does this process run the table's time (its clock, bots, grace and abandon timers)? Always with
   * one process; with several, while it holds the table's lease (cluster/). Any process may write a
   * command: the log's primary key decides, and a loser reads the log and answers ERR_STALE.
   */
  private owner = true;
  /**
   * The projections as they are in the database now (each write, ours or another process's, leaves
   * them the summary of the table at its version); null when unknown (after a load or a failure):
   * then all are written.
   */
  private summary: Summary | null = null;

  constructor(
    public room: Room,
    private readonly ctx: SessionContext,
  ) {}

  get id(): string {
    return this.room.id;
  }

  /** Replay a table's log into a session (nothing is told: nobody has seen these events from here). */
  static replay(room: Room, events: StoredEvent[], ctx: SessionContext): TableSession {
    const s = new TableSession(room, ctx);
    for (const e of events) {
      const pub = room.apply(room.version + 1, e);
      if (pub) s.history.add(room.version, pub);
    }
    return s;
  }

  private fairWait(): FairWait {
    return { contributors: this.ctx.contributors(this.id), waitMs: this.ctx.opts.contributionMs ?? 0 };
  }

  /** Run `job` after every earlier change of this table: one change at a time. */
  private serial<T>(job: () => Promise<T>): Promise<T> {
    const next = this.queue.then(job, job);
    this.queue = next.catch(() => {});
    return next;
  }

  /** Wait for the changes in progress. */
  settled(): Promise<unknown> {
    return this.queue;
  }

  /**
   * One command: `build` checks and emits events on a fork of the room (a GameError thrown there
   * changes nothing); what the server owes after them follows; all of it is written in one
   * transaction, then kept and told.
   */
  command<T>(build: (draft: Room, emit: Emit) => T): Promise<T> {
    return this.serial(async () => {
      if (this.disposed) throw new GameError('ERR_STALE', 'the table was reloaded; join again');
      // Another writer (another process) may have taken our version first: the log was read again,
      // and the command is checked once more against the table as it is now (a move sent against
      // the old version is then refused as stale by the check itself).
      for (let attempt = 1; ; attempt++) {
        const draft = this.room.fork();
        draft.turnSince = Date.now();
        const steps: Step[] = [];
        const emit: Emit = (e) => {
          const last = steps.at(-1);
          if (last) last.room = draft.fork(); // the table as it was just after the previous event, for its listeners
          const event = draft.apply(draft.version + 1, e);
          steps.push({ stored: e, event, version: draft.version, room: draft });
        };
        const result = build(draft, emit);
        const fair = this.fairWait();
        for (let e = continuation(draft, fair), n = 0; e && n < 64; e = continuation(draft, fair), n++) emit(e);
        if (draft.pending && draft.commitSince === 0) draft.commitSince = Date.now();
        // A deal just ended and people are to read its end: the pause starts now (its end is told with it).
        if (draft.pauseSince === 0 && draft.waiting().length > 0) draft.pauseSince = Date.now();
        if (steps.length === 0 || (await this.save(draft, steps))) return result;
        if (attempt >= 3) throw new GameError('ERR_STALE', 'the table changed meanwhile; join again');
      }
    });
  }

  /** Write a command's steps; false when another writer was first (our copy has read the log since). */
  private async save(draft: Room, steps: Step[]): Promise<boolean> {
    const summary = summaryOf(draft);
    const p = projection(this.summary, summary, draft);
    // The game ends in this write: a rated game's result is written with it (ratings/).
    const rated = steps.some((s) => s.stored.type === 'finished')
      ? ratedResult(draft, this.ctx.opts.ratedMinDeals ?? RATED_MIN_DEALS)
      : null;
    if (rated) p.rated = rated;
    try {
      // The game ends in this write: its whole record goes with it (its earlier deals read from storage).
      if (p.status === 'finished' && draft.table) p.record = recordText((await wholeRecord(this.ctx.storage, draft))!);
      await this.ctx.storage.append(
        this.id,
        this.room.version,
        steps.map((s) => s.stored),
        p,
      );
    } catch (err) {
      this.summary = null;
      this.retrySoon();
      if (await this.catchUp(steps)) return true; // the write went through after all
      if (err instanceof StaleLog) return false;
      this.ctx.log.error({ err, table: this.id }, 'writing to the log failed; nothing was changed');
      throw new GameError('ERR_INTERNAL', 'the server could not save this; nothing was changed, try again');
    }
    this.summary = summary;
    this.failures = 0;
    const base = this.room.version;
    this.keep(draft, steps);
    this.ctx.written?.(
      this.id,
      base,
      steps.map((s) => s.stored),
    );
    return true;
  }

  /** Make `room` the table's state and tell each step's event. */
  private keep(room: Room, steps: Step[]): void {
    this.room = room;
    for (const s of steps) {
      if (!s.event) continue;
      this.history.add(s.version, s.event);
      this.ctx.tell(s.room, s.event, s.version);
    }
    this.schedule();
  }

  /**
   * After a failed write, read what the log holds beyond our version: the truth. Returns true when
   * it holds exactly the events we tried to write (the write went through and only its answer was
   * lost). Other events (another writer's) are taken in and told.
   */
  private async catchUp(ours: Step[]): Promise<boolean> {
    let tail: StoredEvent[];
    try {
      tail = (await this.ctx.storage.load(this.id, this.room.version))?.events ?? [];
    } catch (err) {
      this.ctx.log.error({ err, table: this.id }, 'reading the log after a failed write failed too');
      return false;
    }
    if (tail.length === 0) return false;
    this.takeIn(tail);
    return JSON.stringify(tail) === JSON.stringify(ours.map((s) => s.stored));
  }

  /** Events another writer put in the log after our version: replayed, kept and told in order. */
  private takeIn(tail: StoredEvent[]): void {
    if (tail.length === 0) return;
    const room = this.room.fork();
    const steps: Step[] = [];
    for (const e of tail) {
      const last = steps.at(-1);
      if (last) last.room = room.fork();
      const event = room.apply(room.version + 1, e);
      steps.push({ stored: e, event, version: room.version, room });
    }
    room.turnSince = Date.now(); // the clock of the seat to move starts when this process learns of the move
    if (room.pauseSince === 0 && room.waiting().length > 0) room.pauseSince = Date.now();
    // The other writer wrote the projections of these events in their transaction, from the log as it
    // was (the primary key let its write in only at our version): they are the summary of the table
    // as it is now. Writing them all again after every move another process made cost a
    // transaction of seven statements per action with three processes (issue 20).
    this.summary = summaryOf(room);
    this.keep(room, steps);
  }

  /**
   * Events another process wrote after `base` (cluster/): taken in when they follow our version,
   * skipped when we have them, and read from the log when some came before them that we missed.
   */
  absorb(base: number, events: StoredEvent[]): Promise<void> {
    return this.serial(async () => {
      if (this.disposed) return;
      const have = this.room.version;
      if (base + events.length <= have) return;
      if (base > have) return this.readLog();
      this.takeIn(events.slice(have - base));
    });
  }

  /** Read the log beyond our version and take in what another process wrote. */
  refresh(): Promise<void> {
    return this.serial(() => (this.disposed ? Promise.resolve() : this.readLog()));
  }

  private async readLog(): Promise<void> {
    const tail = (await this.ctx.storage.load(this.id, this.room.version))?.events ?? [];
    this.takeIn(tail);
  }

  /** This process now runs the table's time: read what others wrote, then the clock and bots go on from there. */
  async activate(): Promise<void> {
    if (this.disposed) return;
    this.owner = true;
    await this.refresh();
    this.schedule();
    if (this.room.status === 'open') this.unwatched();
    await this.advance().catch(() => {}); // a failure is logged and retried
  }

  /** Another process runs the table's time now (or none, until the lease is taken again): stop ours. */
  deactivate(): void {
    this.owner = false;
    this.stopTimers();
  }

  get runsTime(): boolean {
    return this.owner;
  }

  /** Move the table on if its log leaves it waiting for the server (a deal over and no next one). */
  advance(): Promise<void> {
    return this.command(() => {});
  }

  /** Try again later what a failure left undone: the deal owed, the automatic move. */
  private retrySoon(): void {
    if (this.disposed || !this.owner || this.retryTimer) return;
    const wait = RETRY_MS[Math.min(this.failures++, RETRY_MS.length - 1)]!;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.advance().then(
        () => this.schedule(),
        (err) => this.ctx.log.warn({ err, table: this.id }, 'moving the table on failed; will retry'),
      );
    }, wait);
  }

  // ---- The commands ----

  /** A call or a card for `seat`, sent against `version`. Every check comes before anything is written. */
  private move(
    draft: Room,
    emit: Emit,
    seat: number,
    version: number,
    action: string,
    by: 'player' | 'bot' | 'timeout',
  ) {
    const deal = mustMoveIn(draft, seat, version);
    if (draft.toAct !== seat) throw new GameError('ERR_NOT_YOUR_TURN', `it is seat ${draft.toAct}'s turn`);
    const code: ErrorCode = deal.phase === 'auction' ? 'ERR_ILLEGAL_CALL' : 'ERR_ILLEGAL_CARD';
    try {
      emit({ type: 'action', seat, action, by }); // on the fork: a refused action is simply not kept
    } catch (e) {
      throw e instanceof IllegalAction ? new GameError(code, e.reason) : e;
    }
  }

  act(player: number, version: number, action: string): Promise<void> {
    if (action === 'claim') return this.claim(player, version);
    return this.command((draft, emit) => {
      const seat = draft.seatOf(player);
      if (seat === null) throw new GameError('ERR_NOT_SEATED', 'you do not sit at this table');
      this.move(draft, emit, seat, version, action, 'player');
    });
  }

  /**
   * A claim (RULES §7, seed 002 §10): accepted only when the claimant's own view proves it, in every
   * layout of the hidden cards it allows (within CLAIM_LIMITS, the browser's limits too); then the
   * true hands, one of those layouts, are settled as well, and the deal is written with the solver's
   * line for the rest. The answer is a function of the claimant's view alone, never of the hidden
   * cards: a refusal tells him nothing he has not seen. Else ERR_CLAIM, nothing kept.
   *
   * The view is taken in the table's order (after every change before it), proved off the event
   * loop and off the table's queue (claims.ts: the other tables and this one go on meanwhile), and
   * the claim is kept only if the table is still at the version it was proved at: else ERR_STALE.
   */
  private async claim(player: number, version: number): Promise<void> {
    const asked = await this.serial(async () => {
      if (this.disposed) throw new GameError('ERR_STALE', 'the table was reloaded; join again');
      const seat = this.room.seatOf(player);
      if (seat === null) throw new GameError('ERR_NOT_SEATED', 'you do not sit at this table');
      claimable(this.room, seat, version);
      return viewFor(this.room.deal!, this.room.dealSeatOf(seat));
    });
    let sure: boolean | null;
    try {
      sure = await this.ctx.claims.judge(this.id, player, asked);
    } catch (err) {
      if (err instanceof GameError) throw err;
      this.ctx.log.error({ err, table: this.id }, 'proving a claim failed');
      throw new GameError('ERR_INTERNAL', 'the server could not check your claim; nothing was changed, try again');
    }
    if (sure === null)
      throw new GameError('ERR_CLAIM', 'too early to prove: your view still allows too many layouts of the cards');
    if (!sure) throw new GameError('ERR_CLAIM', 'your view does not prove it: some play could still change the result');
    await this.command((draft, emit) => {
      const seat = draft.seatOf(player);
      if (seat === null) throw new GameError('ERR_NOT_SEATED', 'you do not sit at this table');
      if (draft.version !== version)
        throw new GameError('ERR_STALE', `the table moved on to version ${draft.version} while your claim was proved`);
      claimable(draft, seat, version);
      const line = claimLine(draft.deal!);
      if (!line) throw new Error('a claim proved over every layout is not sure on the true hands');
      emit({ type: 'claim', seat, line: line.map(cardCode) });
    });
  }

  /** A player has read the end of the deal: the next deal waits for him no longer. */
  ready(player: number): Promise<void> {
    return this.command((draft, emit) => {
      const seat = draft.seatOf(player);
      if (seat === null) throw new GameError('ERR_NOT_SEATED', 'you do not sit at this table');
      if (draft.waiting().includes(seat)) emit({ type: 'ready', seat });
    });
  }

  /**
   * The pause after deal number `dealt` is over: the next deal starts, read or not (once its
   * commitment is made and the contributions are in, or their wait is over).
   */
  private pauseOver(dealt: number): Promise<void> {
    return this.command((draft, emit) => {
      if (draft.table?.dealCount !== dealt || draft.waiting().length === 0 || draft.over) return;
      if (!draft.pending) emit(commitment(draft, dealt + 1));
      if (waitLeft(draft, this.ctx.contributors(this.id), this.ctx.opts.contributionMs ?? 0) === 0)
        emit(nextDeal(draft));
    })
      .then(() => this.schedule())
      .catch((err) => this.ctx.log.warn({ err, table: this.id }, 'dealing after the pause failed; will retry'));
  }

  /** A seat's contribution to the next deal's shuffle (decision 013), before its cards are dealt. */
  contribute(player: number, deal: number, value: string): Promise<void> {
    return this.command((draft, emit) => {
      const seat = draft.seatOf(player);
      if (seat === null) throw new GameError('ERR_NOT_SEATED', 'you do not sit at this table');
      // Every table of a duplicate round deals the same cards: a contribution would make this one differ.
      if (draft.settings.duplicate)
        throw new GameError('ERR_DUPLICATE', 'a duplicate round’s deals take no contributions');
      const p = draft.pending;
      if (draft.status !== 'playing' || !p || p.deal !== deal)
        throw new GameError('ERR_STALE', `deal ${deal} takes no contributions now`);
      if (!draft.contributorSeats().includes(seat))
        throw new GameError('ERR_SITS_OUT', `you deal deal ${deal} and sit it out: its shuffle is the players’`);
      if (p.contributions[seat] !== null) throw new GameError('ERR_STALE', 'your contribution to this deal is in');
      emit({ type: 'contributed', seat, deal, value });
    });
  }

  /** A player's last connection dropped: after the grace period a bot plays for him. */
  dropped(player: number, wait = this.ctx.opts.graceMs): void {
    clearTimeout(this.graceTimers.get(player));
    if (!this.owner) return; // the process that runs the table's time keeps the grace
    this.graceTimers.set(
      player,
      setTimeout(async () => {
        this.graceTimers.delete(player);
        // With several processes: a player who still has a socket at the table elsewhere is not away.
        const here = await Promise.resolve(this.ctx.present?.(this.id, player) ?? false).catch(() => false);
        if (here || !this.owner) return;
        this.command((draft, emit) => {
          const seat = draft.seatOf(player);
          if (seat !== null && draft.status === 'playing' && !draft.seats[seat]!.away) emit({ type: 'away', seat });
        }).catch((err) => {
          this.ctx.log.warn({ err, table: this.id }, 'marking a player away failed; will retry');
          if (!this.disposed) this.dropped(player, 1000); // unless he comes back meanwhile
        });
      }, wait),
    );
  }

  /** A player came back (maybe to another process): his grace stops. */
  cancelGrace(player: number): void {
    clearTimeout(this.graceTimers.get(player));
    this.graceTimers.delete(player);
  }

  /** A player (re)joins: he takes his seat back from the bot. */
  returned(player: number): Promise<void> {
    this.cancelGrace(player);
    return this.command((draft, emit) => {
      const seat = draft.seatOf(player);
      if (seat !== null && draft.seats[seat]!.away && draft.status !== 'finished') emit({ type: 'back', seat });
    });
  }

  /** Nobody is at a table not yet started: close it after the grace period unless someone comes. */
  unwatched(): void {
    if (this.room.status !== 'open' || !this.owner) return;
    clearTimeout(this.abandonTimer);
    this.abandonTimer = setTimeout(async () => {
      this.abandonTimer = undefined;
      const watched = await Promise.resolve(this.ctx.watched(this.id)).catch(() => true);
      this.command((draft, emit) => {
        if (draft.status === 'open' && !watched) emit({ type: 'finished' });
      }).then(
        () => {
          if (this.room.status === 'finished') this.ctx.ended(this.id);
        },
        (err) => this.ctx.log.error({ err, table: this.id }, 'closing an abandoned table failed'),
      );
    }, this.ctx.opts.graceMs);
  }

  // ---- The clock and the bots ----

  /**
   * Arrange the next automatic move: a bot's (after a short delay), or the clock of a player; between
   * deals, the end of the pause (no clock runs while people read the end of the deal).
   */
  schedule(): void {
    clearTimeout(this.moveTimer);
    this.moveTimer = undefined;
    const room = this.room;
    if (this.disposed || !this.owner || room.status !== 'playing') return;
    const deal = room.deal;
    if (deal?.isComplete && room.waiting().length > 0) {
      if (room.pauseSince === 0) room.pauseSince = Date.now(); // rebuilt from the log: the pause starts again
      if (room.pending && room.commitSince === 0) room.commitSince = Date.now();
      const dealt = room.table!.dealCount;
      const pauseLeft = Math.max(0, room.pauseSince + room.pauseSeconds * 1000 - Date.now());
      // The pause over, the deal may still wait a moment for contributions.
      const wait =
        pauseLeft > 0 || !room.pending
          ? pauseLeft
          : waitLeft(room, this.ctx.contributors(this.id), this.ctx.opts.contributionMs ?? 0);
      this.moveTimer = setTimeout(() => {
        this.moveTimer = undefined;
        void this.pauseOver(dealt);
      }, wait);
      return;
    }
    if (!deal || deal.isComplete) {
      // The next deal waits for contributions: deal when their wait is over.
      if (room.pending && room.commitSince === 0) room.commitSince = Date.now(); // rebuilt from the log
      const left = waitLeft(room, this.ctx.contributors(this.id), this.ctx.opts.contributionMs ?? 0);
      if (room.pending && left > 0)
        this.moveTimer = setTimeout(() => {
          this.moveTimer = undefined;
          this.advance().catch((err) => this.ctx.log.warn({ err, table: this.id }, 'dealing failed; will retry'));
        }, left);
      return;
    }
    const seat = room.toAct;
    const s = room.seats[seat]!;
    const auto = s.bot !== null || s.away;
    if (room.turnSince === 0) room.turnSince = Date.now(); // rebuilt from the log: the clock starts again
    const clock = room.clock();
    // A bot about to lead waits a little longer, so that the trick just taken can be seen.
    const taken = deal.phase === 'play' && deal.nPlays > 0 && deal.nPlays % 4 === 0;
    const botWait = Math.max(this.ctx.opts.botDelayMs, taken ? (this.ctx.opts.trickPauseMs ?? 0) : 0);
    const wait = clock ? Math.max(0, clock.deadline - Date.now()) : botWait;
    const version = room.version;
    this.moveTimer = setTimeout(() => {
      this.moveTimer = undefined;
      void this.automatic(seat, version, auto ? 'bot' : 'timeout');
    }, wait);
  }

  /**
   * The bot's move for `seat` at `version`: decided on the bot pool, off the event loop (the other
   * tables go on meanwhile), then made only if nobody moved in between. A failed write is retried.
   */
  private async automatic(seat: number, version: number, by: 'bot' | 'timeout'): Promise<void> {
    const room = this.room;
    const deal = room.deal;
    if (room.version !== version || this.disposed || !this.owner || !deal) return;
    const level = room.seats[seat]!.bot ?? this.ctx.opts.standIn;
    const view = viewFor(deal, room.dealSeatOf(seat));
    const seed = `${room.seed}:${version}`;
    let action: string;
    try {
      const since = performance.now();
      action = await this.ctx.bots.decide(level, view, seed);
      this.ctx.botDecided?.(level, performance.now() - since);
    } catch (err) {
      if (this.disposed) return;
      this.ctx.log.error({ err, table: this.id }, 'a bot worker failed; deciding on the event loop');
      action = BOTS[level]!.decide(view, new SeededRng(seed));
    }
    await this.command((draft, emit) => {
      if (draft.version !== version) return; // someone moved meanwhile
      this.move(draft, emit, seat, version, action, by);
    }).catch((err) => this.ctx.log.warn({ err, table: this.id }, 'an automatic move failed; will retry'));
  }

  /** Stop every timer of this table; commands after this are refused. */
  dispose(): void {
    this.disposed = true;
    this.stopTimers();
  }

  private stopTimers(): void {
    clearTimeout(this.moveTimer);
    this.moveTimer = undefined;
    clearTimeout(this.abandonTimer);
    clearTimeout(this.retryTimer);
    this.abandonTimer = undefined;
    this.retryTimer = undefined;
    for (const t of this.graceTimers.values()) clearTimeout(t);
    this.graceTimers.clear();
  }
}

// A table of five (seed 002, "System rozgrywek"; RULES §9): the dealer of each deal sits out and
// scores nothing, the dealer moves on clockwise around all five every deal, and the other four play
// a normal deal. Bok-rounds count deals at the table, whoever sits out. RULES §5, §9
//
// Choice: a class of its own that drives a four-seat `Table` inside, rather than a `Table`
// generalised to 4 or 5 seats. `Table` keeps its API and its speed for four untouched; the inner
// table already deals, keeps the deals and counts bok-round deals at the table (RULES §5), and this
// class adds only the seating and the totals of five.
//
// Seating. Table seats 0–4 clockwise; deal n is dealt by table seat D = (first + n) mod 5, who sits
// out. The four who play keep their clockwise order and hold the Deal's seats 0–3 so that:
// - the Deal's dealer is Deal seat n mod 4 (so consecutive deals rotate as a four-seat record
//   expects, spec/records.md) and is the player to the right of the sitting-out dealer, table seat
//   D + 4: the one just before forehand among the four;
// - the Deal's forehand, Deal seat (n + 1) mod 4, is the player to the real dealer's left, table
//   seat D + 1 (RULES §1), and the next Deal seats follow clockwise: D + 2, D + 3.
//
// Record. A table of five is recorded as a game record (spec/records.md) with a top-level
// `"players": 5`, and in each deal a `"seats"` array: the table seats (0–4) playing in Deal seats
// 0–3, in that order. The seat missing from deal n's `seats` dealt it and sat out. Without
// `players` and `seats` the record is a valid four-seat record: the dealer rotates mod 4 and a
// bok-round carries over from deal to deal exactly as at the table of five, so a tool that knows
// only four seats scores every deal right (by Deal seat); only its totals mean nothing, as Deal
// seat k is a different player from deal to deal. See docs/decisions/006-table-of-five.md.
import { type Card, type CardMask, parseCard, parseCards } from './cards.js';
import type { CichaJudge, Deal } from './deal.js';
import { type DealRecord, type RecordOptions, loadRecord, parseJson, recordOfDeal } from './record.js';
import { type EngineError, type Result, fail, ok } from './result.js';
import type { Rules, RulesSpec } from './rules.js';
import type { RecordSignature } from './signed.js';
import type { DealScore } from './score.js';
import { Table } from './table.js';

/** One value per table seat of a table of five. */
export type ByTableSeat<T> = [T, T, T, T, T];

/** A protocol row (spec/tournament.md): the deal's score by table seat, `null` for the dealer who sat out. */
export type ProtocolRow = ByTableSeat<number | null>;

export interface TableOfFiveSetup {
  rules: Rules;
  /** The table seat (0–4) that deals first; 0 by default, as the tournament protocol has it. */
  dealer?: number;
  /** A seed for reproducible deals; without one, a cryptographically secure source is used. */
  seed?: number | string;
  cichaJudge?: CichaJudge;
}

/** The table seats playing deal n, by Deal seat (see the seating above). RULES §1, §9 */
export function seatsOfDealAtFive(first: number, n: number): [number, number, number, number] {
  const sitsOut = (first + n) % 5;
  const dealDealer = n % 4;
  const seats: [number, number, number, number] = [0, 0, 0, 0];
  for (let k = 0; k < 4; k++) seats[(dealDealer + 1 + k) % 4] = (sitsOut + 1 + k) % 5;
  return seats;
}

export class TableOfFive {
  readonly rules: Rules;
  /** The table seat that dealt the first deal. */
  readonly firstDealer: number;
  /** Running totals by table seat; the seat sitting out scores nothing. RULES §9 */
  readonly totals: ByTableSeat<number> = [0, 0, 0, 0, 0];
  /** The deals, four-seat and in order; `seatsOf(n)` maps deal n's seats to the table's. */
  private inner: Table;
  private settled = 0;

  constructor(setup: TableOfFiveSetup) {
    const dealer = setup.dealer ?? 0;
    if (!Number.isInteger(dealer) || dealer < 0 || dealer > 4)
      throw new RangeError(`ERR_DEALER: the first dealer must be a table seat 0–4, not ${dealer}`);
    this.rules = setup.rules;
    this.firstDealer = dealer;
    // Deal n's Deal dealer is n mod 4: the inner table starts at Deal seat 0 and rotates by one.
    this.inner = new Table({ rules: setup.rules, dealer: 0, seed: setup.seed, cichaJudge: setup.cichaJudge });
  }

  /** A table of five, or ERR_DEALER when the first dealer is not a table seat 0–4. */
  static create(setup: TableOfFiveSetup): Result<TableOfFive> {
    const d = setup.dealer ?? 0;
    if (!Number.isInteger(d) || d < 0 || d > 4)
      return fail('ERR_DEALER', `the first dealer must be a table seat 0–4, not ${d}`);
    return ok(new TableOfFive(setup));
  }

  /**
   * An independent copy (as `Table.fork`): the deal in progress is cloned; complete deals never
   * change and are shared. The server changes a copy and keeps it once its events are written.
   */
  fork(): TableOfFive {
    const t = new TableOfFive({ rules: this.rules, dealer: this.firstDealer, seed: 0 });
    t.inner = this.inner.fork();
    for (let s = 0; s < 5; s++) t.totals[s] = this.totals[s]!;
    t.settled = this.settled;
    return t;
  }

  /** The deals kept, in order (four-seat Deals): every deal, unless `forget` let go of the earlier ones. */
  get deals(): readonly Deal[] {
    return this.inner.deals;
  }

  /** Deals played before `deals[0]` that `forget` let go of (0: none). */
  get forgotten(): number {
    return this.inner.forgotten;
  }

  /** How many deals have been dealt, the forgotten ones too. */
  get dealCount(): number {
    return this.inner.dealCount;
  }

  /** Let go of the deals before the current one, as `Table.forget` (their scores are in the totals). */
  forget(): void {
    this.inner.forget();
  }

  /** The deal in progress or the last one played, or null before the first. */
  get current(): Deal | null {
    return this.inner.current;
  }

  /** Deals still owed at double value after a tie, counted at the table whoever sits out. RULES §5 */
  get bokDealsLeft(): number {
    return this.inner.bokDealsLeft;
  }

  /** The table seat that dealt (and sits out) deal n. RULES §9 */
  dealerOf(n: number): number {
    return (this.firstDealer + n) % 5;
  }

  /** The table seat that deals (and sits out) the next deal. */
  get nextDealer(): number {
    return this.dealerOf(this.inner.dealCount);
  }

  /** The Deal seat that deals the next deal, n mod 4 (the hands of `newDeal` are dealt from it). */
  get nextDealDealer(): number {
    return this.inner.nextDealer;
  }

  /** The table seats playing deal n, by Deal seat 0–3. */
  seatsOf(n: number): [number, number, number, number] {
    return seatsOfDealAtFive(this.firstDealer, n);
  }

  /** The table seats that will play the next deal, by Deal seat: the order `newDeal`'s hands are given in. */
  get nextSeats(): [number, number, number, number] {
    return this.seatsOf(this.inner.dealCount);
  }

  /** The table seat holding Deal seat `dealSeat` in deal n (the current deal by default). */
  tableSeatOf(dealSeat: number, n = this.inner.dealCount - 1): number {
    return this.seatsOf(n)[dealSeat]!;
  }

  /** The Deal seat of table seat `tableSeat` in deal n (the current deal by default); -1 when it sits out. */
  dealSeatOf(tableSeat: number, n = this.inner.dealCount - 1): number {
    return this.seatsOf(n).indexOf(tableSeat);
  }

  /** The table seat to act in the current deal, or -1 when there is none or it is complete. */
  get toAct(): number {
    const deal = this.current;
    return deal && !deal.isComplete ? this.tableSeatOf(deal.toAct) : -1;
  }

  /** Start the next deal; hands, when given, are by Deal seat (see `nextSeats`). The previous deal must be complete. */
  newDeal(hands?: readonly (CardMask | readonly Card[])[]): Result<Deal> {
    const r = this.inner.newDeal(hands);
    this.settle();
    return r;
  }

  /** Apply a call or card code for the seat to act in the current deal; bad input changes nothing. */
  apply(action: string): Result<void> {
    const r = this.inner.apply(action);
    this.settle();
    return r;
  }

  /**
   * A claim on the current deal by Deal seat `dealSeat`, scored as the rest played out as `line`
   * (see `Table.claim`; RULES §7). The seat sitting out has no Deal seat and cannot claim.
   */
  claim(dealSeat: number, line: readonly Card[]): Result<void> {
    const r = this.inner.claim(dealSeat, line);
    this.settle();
    return r;
  }

  /** Apply a move as an integer (see `Deal.applyMove`). */
  applyMove(move: number): EngineError | null {
    const error = this.inner.applyMove(move);
    this.settle();
    return error;
  }

  /** The protocol row of deal n once it is complete, else null (and for a forgotten deal). spec/tournament.md */
  rowOf(n: number): ProtocolRow | null {
    const deal = n >= this.inner.forgotten ? this.inner.deals[n - this.inner.forgotten] : undefined;
    if (!deal?.isComplete) return null;
    const row: ProtocolRow = [null, null, null, null, null];
    const seats = this.seatsOf(n);
    for (let s = 0; s < 4; s++) row[seats[s]!] = deal.outcome.scores[s]!;
    return row;
  }

  /** The protocol (protokół stolikowy): a row for each complete deal kept. RULES §9 */
  get protocol(): ProtocolRow[] {
    const rows: ProtocolRow[] = [];
    for (let n = this.inner.forgotten; n < this.inner.dealCount; n++) {
      const row = this.rowOf(n);
      if (row) rows.push(row);
    }
    return rows;
  }

  /** Add each newly complete deal to the totals of the table seats that played it. */
  private settle(): void {
    const { deals, forgotten } = this.inner;
    while (this.settled < forgotten + deals.length && deals[this.settled - forgotten]!.isComplete) {
      const seats = this.seatsOf(this.settled);
      const scores = deals[this.settled - forgotten]!.outcome.scores;
      for (let s = 0; s < 4; s++) this.totals[seats[s]!] = this.totals[seats[s]!]! + scores[s]!;
      this.settled++;
    }
  }
}

// ---- Records of a table of five ----

export interface TableOfFiveDealRecord extends DealRecord {
  /** The table seats (0–4) playing in Deal seats 0–3. */
  seats: [number, number, number, number];
}

export interface TableOfFiveRecord {
  rules: RulesSpec;
  players: 5;
  deals: TableOfFiveDealRecord[];
  /** Optional, as in a four-seat record: the game was played with hints. */
  hints?: boolean;
  /** Optional, as in a four-seat record: the server's signature of the whole record (signed.ts). */
  signature?: RecordSignature;
}

/** A table-of-five record checked by replaying it. */
export interface LoadedTableOfFive {
  record: TableOfFiveRecord;
  table: TableOfFive;
}

/** The record of a table of five's deals so far (a claim's seat, as every seat in a deal, is a Deal seat). */
export function recordOfTableOfFive(table: TableOfFive, rules: RulesSpec, hints = false): TableOfFiveRecord {
  return {
    rules,
    players: 5,
    deals: table.deals.map((d, n) => ({ ...recordOfDeal(d), seats: table.seatsOf(table.forgotten + n) })),
    ...(hints ? { hints: true } : {}),
  };
}

/** The record as JSON text. `parseTableOfFiveRecord(makeTableOfFiveRecord(x))` gives back `x`. */
export function makeTableOfFiveRecord(record: TableOfFiveRecord): string {
  return JSON.stringify({
    rules: record.rules,
    players: 5,
    deals: record.deals.map((d) => ({
      dealer: d.dealer,
      seats: d.seats,
      hands: d.hands,
      auction: d.auction,
      play: d.play,
      ...(d.claim ? { claim: d.claim } : {}),
      ...(d.fair && { fair: d.fair }),
    })),
    ...(record.hints ? { hints: true } : {}),
    ...(record.signature && { signature: record.signature }),
  });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parse JSON text and load the table-of-five record it holds. */
export function parseTableOfFiveRecord(text: string, options: RecordOptions = {}): Result<LoadedTableOfFive> {
  const value = parseJson(text);
  return value.ok ? loadTableOfFiveRecord(value.value, options) : value;
}

/**
 * Validate a table-of-five record by replaying it, in the order of spec/records.md: shape, rules,
 * then deal by deal the dealer (who sits out, and the seats), the cards, the auction and the play.
 * `loadRecord` checks the four-seat record left without `players` and `seats`; the seats are then
 * checked up to its first fault, so that the first fault met is the one named.
 */
export function loadTableOfFiveRecord(value: unknown, options: RecordOptions = {}): Result<LoadedTableOfFive> {
  if (!isObject(value) || value.players !== 5)
    return fail('ERR_SCHEMA', 'a table-of-five record is a game record with "players": 5');
  const { players: _players, ...four } = value;
  const seats: number[][] = [];
  let seatsShape: EngineError | null = null;
  if (Array.isArray(value.deals)) {
    const deals: unknown[] = [];
    for (let n = 0; n < value.deals.length; n++) {
      const d: unknown = value.deals[n];
      if (!isObject(d)) {
        deals.push(d);
        continue;
      }
      const { seats: s, ...deal } = d;
      if (isSeats(s)) seats[n] = s;
      else seatsShape ??= { code: 'ERR_SCHEMA', message: `deal ${n}: "seats" must be four table seats 0–4`, deal: n };
      deals.push(deal);
    }
    four.deals = deals;
  }
  const loaded = loadRecord(four, options);
  if (!loaded.ok && loaded.error.code === 'ERR_SCHEMA' && (loaded.error.deal ?? -1) <= (seatsShape?.deal ?? Infinity))
    return loaded;
  if (seatsShape) return { ok: false, error: seatsShape };
  if (!loaded.ok && (loaded.error.code === 'ERR_RULES' || loaded.error.deal === undefined)) return loaded;
  const deals = four.deals as DealRecord[];
  const last = loaded.ok ? deals.length - 1 : loaded.error.deal!;
  const first = firstDealerOf(seats[0]!);
  for (let n = 0; n <= last; n++) {
    const error = seatsError(first, n, deals[n]!.dealer, seats[n]!);
    if (error) return error;
  }
  if (!loaded.ok) return loaded;
  const table = new TableOfFive({ rules: loaded.value.rules, dealer: first, seed: 0, cichaJudge: options.cichaJudge });
  const replayed = loaded.value.record;
  for (const d of replayed.deals) {
    // loadRecord replayed these already: nothing here can fail, but an error would be passed on, not hidden.
    const started = table.newDeal(d.hands.map((h) => parseCards(h)!));
    if (!started.ok) return started;
    const at = d.claim?.at ?? d.play.length; // a claim plays out the rest as its line (RULES §7)
    for (const a of [...d.auction, ...d.play.slice(0, at)]) {
      const r = table.apply(a);
      if (!r.ok) return r;
    }
    if (d.claim) {
      const r = table.claim(
        d.claim.seat,
        d.play.slice(at).map((c) => parseCard(c)!),
      );
      if (!r.ok) return r;
    }
  }
  const record = recordOfTableOfFive(table, replayed.rules, replayed.hints === true);
  record.deals.forEach((d, n) => {
    const fair = replayed.deals[n]!.fair;
    if (fair) d.fair = structuredClone(fair);
  });
  if (replayed.signature) record.signature = structuredClone(replayed.signature);
  return ok({ record, table });
}

const isSeats = (v: unknown): v is number[] =>
  Array.isArray(v) && v.length === 4 && v.every((s) => Number.isInteger(s) && s >= 0 && s <= 4);

/** The table seat missing from the first deal's seats: the first dealer (-1 when none or several are). */
function firstDealerOf(seats: number[]): number {
  const missing = [0, 1, 2, 3, 4].filter((s) => !seats.includes(s));
  return missing.length === 1 ? missing[0]! : -1;
}

/** Deal n must be dealt by Deal seat n mod 4 and seat the four who play as `seatsOfDealAtFive` does. RULES §9 */
function seatsError(first: number, n: number, dealer: number, seats: number[]): Result<never> | null {
  const where = { deal: n };
  if (first < 0) return fail('ERR_DEALER', 'deal 0: "seats" must name four different table seats', where);
  const expected = seatsOfDealAtFive(first, n);
  if (dealer !== n % 4)
    return fail('ERR_DEALER', `deal ${n} of a table of five must have Deal dealer ${n % 4}, not ${dealer}`, where);
  if (expected.some((s, k) => seats[k] !== s))
    return fail(
      'ERR_DEALER',
      `deal ${n}: table seat ${(first + n) % 5} deals and sits out; "seats" must be [${expected.join(', ')}], not [${seats.join(', ')}]`,
      where,
    );
  return null;
}

// ---- `baska score` and `baska legal` of a table of five ----

/** `baska score` of a table of five: each deal's score line with its seats and protocol row, the five totals. */
export interface TableOfFiveScoreReport {
  /** Each deal's score line, its seats the deal's (0–3), with the table seats playing them and its protocol row. */
  deals: (DealScore & { seats: [number, number, number, number]; row: ProtocolRow })[];
  /** By table seat: the sum of the rows. */
  totals: ByTableSeat<number>;
  bokDealsLeft: number;
}

/** `baska score` of a loaded table-of-five record; ERR_INCOMPLETE when its last deal is unfinished. */
export function scoreTableOfFive(loaded: LoadedTableOfFive): Result<TableOfFiveScoreReport> {
  const { table } = loaded;
  const n = table.deals.length - 1;
  if (!table.current!.isComplete) return fail('ERR_INCOMPLETE', `deal ${n} has not ended`, { deal: n });
  return ok({
    deals: table.deals.map((d, i) => ({ ...d.score!, seats: table.seatsOf(i), row: table.rowOf(i)! })),
    totals: [...table.totals] as ByTableSeat<number>,
    bokDealsLeft: table.bokDealsLeft,
  });
}

/** `baska legal` of a table of five: as at four (`seat` the deal's), with the table seat to act. */
export type TableOfFiveLegalReport =
  { phase: 'auction' | 'play'; seat: number; tableSeat: number; legal: string[] } | { phase: 'complete' };

export function legalOfTableOfFive(loaded: LoadedTableOfFive): TableOfFiveLegalReport {
  const { table } = loaded;
  const deal = table.current!;
  if (deal.isComplete) return { phase: 'complete' };
  return { phase: deal.phase as 'auction' | 'play', seat: deal.toAct, tableSeat: table.toAct, legal: deal.legal() };
}

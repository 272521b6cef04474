// One deal as a state machine: auction → play → outcome. RULES §2–§5
// The rules it sequences live beside it: the calls in auction.ts, following and tricks in follow.ts,
// scoring in score.ts; here are the hands, whose turn it is, the contract and the sides.
//
// Hot paths (legal moves, applying a move) work on integers and typed arrays and allocate
// nothing; strings appear only in the friendly API (`legal()`, `apply(code)`).
import { Auction, type CountedDoublings, dutyForbids } from './auction.js';
import {
  BLACK_QUEENS,
  type Card,
  type CardMask,
  FULL_DECK,
  JC,
  JH,
  JS,
  POINTS,
  QC,
  QS,
  cardCode,
  cardsOf,
  parseCard,
  popcount,
} from './cards.js';
import { type Call, callName, gameOf, namedJack, parseCall } from './calls.js';
import { beats, legalCards } from './follow.js';
import { type CardOrder, ORDERS, GRAN_ORDER } from './order.js';
import { type EngineError, type Result, fail, ok } from './result.js';
import { type Contract, type Game, type Rules, isThrown } from './rules.js';
import { type DealScore, type Outcome, type ScoreInput, newOutcome, scoreInto, scoreLine } from './score.js';

export type Phase = 'auction' | 'play' | 'complete';

/**
 * Decides whether a cicha would be won in every layout of the other twelve cards with perfect
 * play (RULES §7, `cichaMustBeLosable`). The engine cannot solve deals; the solver supplies this.
 */
export type CichaJudge = (hand: CardMask, seat: number, dealer: number, rules: Rules) => boolean;

export interface DealSetup {
  rules: Rules;
  dealer: number;
  /** The four hands by seat, as masks or card lists. */
  hands: ArrayLike<CardMask | readonly Card[]>;
  /** This deal is played inside a bok-round (counts double). */
  inBokRound?: boolean;
  /** Enforces `cichaMustBeLosable` when given; without it that option cannot be enforced. */
  cichaJudge?: CichaJudge;
}

const PHASE_AUCTION = 0,
  PHASE_PLAY = 1,
  PHASE_COMPLETE = 2;
const PHASES: Phase[] = ['auction', 'play', 'complete'];

const holds = (hand: number, set: number) => (hand & set) === set;

const ARRAY_FIELDS = ['dealt', 'hand', 'plays', 'players', 'trickWinners', 'seatPoints', 'seatTricks'] as const;

export class Deal {
  readonly rules: Rules;
  dealer = 0;
  /** Seat to the dealer's left: leads to the first trick. RULES §1, §4 */
  forehand = 1;
  inBokRound = false;
  /** The hands as dealt, by seat. */
  readonly dealt = new Uint16Array(4);
  /** The cards each seat still holds. */
  readonly hand = new Uint16Array(4);
  private phaseCode = PHASE_AUCTION;
  /** The seat to act, or -1 when the deal is complete. */
  toAct = 0;

  // The auction: its rules are in auction.ts.
  private readonly auction: Auction;
  private cichaJudge: CichaJudge | undefined;
  private cichaSure = -1;

  // The contract, once the auction has ended.
  contract: Contract | null = null;
  declarer = -1;
  /** Bit s set when seat s is old. */
  oldSeats = 0;
  order: CardOrder;

  // The play.
  readonly plays = new Uint8Array(16);
  readonly players = new Uint8Array(16);
  nPlays = 0;
  private winCard = 0;
  private winSeat = 0;
  readonly trickWinners = new Int8Array(4).fill(-1);
  readonly seatPoints = new Int16Array(4);
  readonly seatTricks = new Int8Array(4);
  /** The seat that claimed the rest of the deal (RULES §7, seed 002 §10), or -1. */
  claimedBy = -1;
  /** How many cards had been played when the claim was made, or -1. */
  claimAt = -1;
  /** The result once the deal is complete, written in place: `outcome.scores` by seat. */
  readonly outcome: Outcome = newOutcome();
  private readonly scoreInput: ScoreInput = {
    contract: 'zwyczajna',
    declarer: null,
    oldSeats: 0,
    oldPoints: 0,
    oldTricks: 0,
    counted: 0,
    lastDoubler: null,
    inBokRound: false,
  };
  private line: DealScore | null = null;

  private constructor(rules: Rules) {
    this.rules = rules;
    this.order = ORDERS[rules.cardOrder];
    this.auction = new Auction(rules);
  }

  /** Start a deal from given hands, checking them: four cards each, the 16 cards of the pack. */
  static start(setup: DealSetup): Result<Deal> {
    const masks: number[] = [];
    if (setup.hands.length !== 4) return fail('ERR_CARDS', 'a deal needs four hands');
    for (let s = 0; s < 4; s++) {
      const h = setup.hands[s]!;
      const mask = typeof h === 'number' ? h : h.reduce((m, c) => m | (1 << c), 0);
      const size = typeof h === 'number' ? popcount(h) : h.length;
      if (size !== 4 || popcount(mask) !== 4 || (mask & ~FULL_DECK) !== 0)
        return fail('ERR_CARDS', `seat ${s} must hold four distinct cards`);
      masks.push(mask);
    }
    if ((masks[0]! | masks[1]! | masks[2]! | masks[3]!) !== FULL_DECK)
      return fail('ERR_CARDS', 'the hands must hold each of the 16 cards once');
    if (!Number.isInteger(setup.dealer) || setup.dealer < 0 || setup.dealer > 3)
      return fail('ERR_DEALER', 'the dealer must be a seat 0–3');
    const deal = new Deal(setup.rules);
    deal.reset(setup.dealer, masks, setup.inBokRound ?? false, setup.cichaJudge);
    return ok(deal);
  }

  /** A deal from trusted hands (masks by seat); throws on bad hands. For code, tests and benchmarks. */
  static of(rules: Rules, dealer: number, hands: ArrayLike<CardMask | readonly Card[]>, inBokRound = false): Deal {
    const d = Deal.start({ rules, dealer, hands, inBokRound });
    if (!d.ok) throw new Error(`${d.error.code}: ${d.error.message}`);
    return d.value;
  }

  /** Reuse this object for a new deal (no allocation). The hands must be valid. */
  reset(dealer: number, hands: ArrayLike<number>, inBokRound = false, cichaJudge?: CichaJudge): void {
    this.dealer = dealer;
    this.forehand = (dealer + 1) & 3;
    this.inBokRound = inBokRound;
    for (let s = 0; s < 4; s++) {
      this.dealt[s] = hands[s]!;
      this.hand[s] = hands[s]!;
      this.seatPoints[s] = 0;
      this.seatTricks[s] = 0;
      this.trickWinners[s] = -1;
    }
    this.phaseCode = PHASE_AUCTION;
    // RULES §3: position 2 calls first (`second`), or forehand (`forehand`, kop)
    this.toAct = this.rules.auctionStart === 'second' ? (dealer + 2) & 3 : this.forehand;
    this.auction.reset();
    this.cichaJudge = cichaJudge;
    this.cichaSure = -1;
    this.contract = null;
    this.declarer = -1;
    this.oldSeats = 0;
    this.order = ORDERS[this.rules.cardOrder];
    this.nPlays = 0;
    this.claimedBy = -1;
    this.claimAt = -1;
    this.line = null;
  }

  /** An independent copy: every typed array is copied, nothing is shared. */
  clone(): Deal {
    const d = new Deal(this.rules);
    d.dealer = this.dealer;
    d.forehand = this.forehand;
    d.inBokRound = this.inBokRound;
    d.phaseCode = this.phaseCode;
    d.toAct = this.toAct;
    d.auction.copyFrom(this.auction);
    d.cichaJudge = this.cichaJudge;
    d.cichaSure = this.cichaSure;
    d.contract = this.contract;
    d.declarer = this.declarer;
    d.oldSeats = this.oldSeats;
    d.order = this.order;
    d.nPlays = this.nPlays;
    d.claimedBy = this.claimedBy;
    d.claimAt = this.claimAt;
    d.winCard = this.winCard;
    d.winSeat = this.winSeat;
    for (const key of ARRAY_FIELDS) (d[key] as Uint8Array).set(this[key] as Uint8Array);
    Object.assign(d.scoreInput, this.scoreInput);
    Object.assign(d.outcome, this.outcome, { scores: Int32Array.from(this.outcome.scores) });
    return d;
  }

  get phase(): Phase {
    return PHASES[this.phaseCode]!;
  }
  get isComplete(): boolean {
    return this.phaseCode === PHASE_COMPLETE;
  }

  /** The calls made so far (`nCalls` of them), and who made each. */
  get calls(): Uint8Array {
    return this.auction.calls;
  }
  get callers(): Uint8Array {
    return this.auction.callers;
  }
  get nCalls(): number {
    return this.auction.nCalls;
  }
  /** Index in `calls` of the last game declared, or -1. */
  get lastGameAt(): number {
    return this.auction.lastGameAt;
  }
  /** Current doubling level since the last game declaration. */
  get level(): number {
    return this.auction.level;
  }

  /** The game declared so far (the last game call), or null. */
  get declaredGame(): Game | null {
    return this.lastGameAt < 0 ? null : gameOf(this.calls[this.lastGameAt]!);
  }

  /** The seat that holds (or held) a card. */
  holderOf(card: Card): number {
    for (let s = 0; s < 4; s++) if ((this.dealt[s]! >> card) & 1) return s;
    return -1;
  }

  // ---- The auction. RULES §3 ----

  /** Must the holder of both black queens declare, his cicha being a sure win? RULES §7 */
  private mustDeclare(seat: number): boolean {
    if (!this.rules.cichaMustBeLosable || !this.cichaJudge || this.lastGameAt >= 0) return false;
    if (!holds(this.hand[seat]!, BLACK_QUEENS)) return false;
    if (this.cichaSure < 0) this.cichaSure = this.cichaJudge(this.hand[seat]!, seat, this.dealer, this.rules) ? 1 : 0;
    return this.cichaSure === 1;
  }

  private isLegalCall(seat: number, call: Call): boolean {
    return this.auction.allows(seat, this.hand[seat]!, call) && !(dutyForbids(call) && this.mustDeclare(seat));
  }

  private applyCall(call: Call): void {
    const seat = this.toAct;
    this.toAct = (seat + 1) & 3;
    if (this.auction.apply(seat, call)) this.endAuction();
  }

  private endAuction(): void {
    if (this.lastGameAt >= 0) {
      const call = this.calls[this.lastGameAt]!;
      const game = gameOf(call);
      this.contract = game;
      this.declarer = this.callers[this.lastGameAt]!;
      this.oldSeats = 1 << this.declarer;
      if (game === 'wesele') this.oldSeats |= 1 << this.holderOf(this.weselePartnerJack());
    } else {
      const qc = this.holderOf(QC);
      const qs = this.holderOf(QS);
      // RULES §2: cicha when one player holds both black queens, else zwyczajna
      this.contract = qc === qs ? 'cicha' : 'zwyczajna';
      this.declarer = qc === qs ? qc : -1;
      this.oldSeats = (1 << qc) | (1 << qs);
    }
    const gran = this.contract === 'gran' || this.contract === 'gran-du';
    this.order = gran ? GRAN_ORDER : ORDERS[this.rules.cardOrder];
    if (isThrown(this.contract)) {
      this.finish(); // RULES §4: thrown games end at once
      return;
    }
    this.phaseCode = PHASE_PLAY;
    this.toAct = this.forehand; // RULES §4: forehand leads to the first trick
  }

  /** The jack whose holder is the wesele declarer's partner: the named one, or the highest of Jc, Js, Jh he lacks. RULES §2 */
  weselePartnerJack(): Card {
    const call = this.calls[this.lastGameAt]!;
    if (namedJack(call) >= 0) return namedJack(call);
    const hand = this.dealt[this.callers[this.lastGameAt]!]!;
    return ((hand >> JC) & 1) === 0 ? JC : ((hand >> JS) & 1) === 0 ? JS : JH;
  }

  // ---- The play. RULES §4 ----

  /** The cards the seat to act may play, as a mask. */
  legalCardMask(): CardMask {
    const inTrick = this.nPlays & 3;
    const led = inTrick === 0 ? -1 : this.plays[this.nPlays - inTrick]!;
    return legalCards(this.order, this.rules.granMustTrump, this.hand[this.toAct]!, led, this.winCard);
  }

  private applyCard(card: Card): void {
    const seat = this.toAct;
    this.hand[seat] = this.hand[seat]! & ~(1 << card);
    const i = this.nPlays++;
    this.plays[i] = card;
    this.players[i] = seat;
    const pos = i & 3;
    if (pos === 0) {
      this.winCard = card;
      this.winSeat = seat;
    } else {
      if (beats(this.order, card, this.winCard)) {
        this.winCard = card;
        this.winSeat = seat;
      }
    }
    if (pos < 3) {
      this.toAct = (seat + 1) & 3;
      return;
    }
    const w = this.winSeat;
    this.trickWinners[i >> 2] = w;
    this.seatPoints[w] =
      this.seatPoints[w]! +
      POINTS[card]! +
      POINTS[this.plays[i - 1]!]! +
      POINTS[this.plays[i - 2]!]! +
      POINTS[this.plays[i - 3]!]!;
    this.seatTricks[w] = this.seatTricks[w]! + 1;
    this.toAct = w; // the winner leads to the next trick
    if (this.nPlays === 16) this.finish();
  }

  /** The winner of the trick in progress so far (seat), or -1 when no card is in it. */
  get trickWinnerSoFar(): number {
    return (this.nPlays & 3) === 0 ? -1 : this.winSeat;
  }

  // ---- Moves as integers (hot path) ----

  /** Write the legal moves (calls or cards) into `out`; returns how many. No allocation. */
  legalMovesInto(out: Uint8Array | number[]): number {
    if (this.phaseCode === PHASE_AUCTION) {
      const seat = this.toAct; // the cicha duty leaves him only games to call (RULES §7)
      return this.auction.legalCallsInto(seat, this.hand[seat]!, this.mustDeclare(seat), out);
    }
    let n = 0;
    if (this.phaseCode === PHASE_PLAY)
      for (let m = this.legalCardMask(); m !== 0; m &= m - 1) out[n++] = 31 - Math.clz32(m & -m);
    return n;
  }

  /** Apply a move (a call in the auction, a card in play) for the seat to act. Returns null or the reason it is illegal. */
  applyMove(move: number): EngineError | null {
    if (this.phaseCode === PHASE_AUCTION) {
      if (!this.isLegalCall(this.toAct, move))
        return { code: 'ERR_ILLEGAL_CALL', message: `seat ${this.toAct} may not call ${callName(move)} now` };
      this.applyCall(move);
      return null;
    }
    if (this.phaseCode === PHASE_PLAY) {
      if (move < 0 || move > 15 || ((this.legalCardMask() >> move) & 1) === 0) return this.cardError(move);
      this.applyCard(move);
      return null;
    }
    return { code: 'ERR_EXTRA', message: 'the deal has ended' };
  }

  private cardError(card: Card): EngineError {
    const seat = this.toAct;
    const code = card >= 0 && card <= 15 ? cardCode(card) : String(card);
    if (card < 0 || card > 15 || ((this.hand[seat]! >> card) & 1) === 0)
      return { code: 'ERR_ILLEGAL_CARD', message: `seat ${seat} does not hold ${code}` };
    const legal = cardsOf(this.legalCardMask()).map(cardCode).join(' or ');
    return { code: 'ERR_ILLEGAL_CARD', message: `seat ${seat} must play ${legal}, not ${code}` };
  }

  /**
   * A claim (RULES §7, seed 002 §10): `seat` shows his cards and the rest of the deal is scored as
   * if played as `line`, every remaining card in order. The engine cannot prove a claim (the solver
   * does, packages/ai/src/solve/claim.ts); it checks that the line is a legal play-out to the end and
   * notes who claimed when. A refused claim changes nothing.
   */
  claim(seat: number, line: readonly Card[]): EngineError | null {
    if (this.phaseCode !== PHASE_PLAY) return { code: 'ERR_CLAIM', message: 'a claim is made only during the play' };
    if (!Number.isInteger(seat) || seat < 0 || seat > 3)
      return { code: 'ERR_CLAIM', message: 'the claimant must be a seat 0–3' };
    if (line.length !== 16 - this.nPlays)
      return { code: 'ERR_CLAIM', message: `a claim plays out the ${16 - this.nPlays} cards left, not ${line.length}` };
    const trial = this.clone();
    for (const card of line) {
      const error = trial.applyMove(card);
      if (error) return { code: 'ERR_CLAIM', message: `the claim's line does not replay: ${error.message}` };
    }
    const at = this.nPlays;
    for (const card of line) this.applyMove(card);
    this.claimedBy = seat;
    this.claimAt = at;
    return null;
  }

  // ---- The friendly API: canonical codes ----

  /** The legal calls (canonical names) or cards (codes) for the seat to act; empty when complete. */
  legal(): string[] {
    const buf: number[] = [];
    const n = this.legalMovesInto(buf);
    return buf.slice(0, n).map((m) => (this.phaseCode === PHASE_AUCTION ? callName(m) : cardCode(m)));
  }

  /** Apply a call name (in the auction) or a card code (in play) for the seat to act. Bad input changes nothing. */
  apply(action: string): Result<void> {
    let move: number | undefined;
    if (this.phaseCode === PHASE_AUCTION) {
      move = parseCall(action);
      if (move === undefined)
        return fail(
          parseCard(action) === undefined ? 'ERR_SCHEMA' : 'ERR_ILLEGAL_CARD',
          parseCard(action) === undefined
            ? `unknown call "${action}"`
            : 'no card may be played before the auction ends',
        );
    } else if (this.phaseCode === PHASE_PLAY) {
      move = parseCard(action);
      if (move === undefined)
        return fail(
          parseCall(action) === undefined ? 'ERR_CARDS' : 'ERR_ILLEGAL_CALL',
          parseCall(action) === undefined ? `unknown card "${action}"` : 'the auction has ended',
        );
    } else {
      return fail('ERR_EXTRA', 'the deal has ended');
    }
    const error = this.applyMove(move);
    return error ? { ok: false, error } : ok(undefined);
  }

  // ---- The outcome. RULES §3, §5 ----

  /** Effective doublings in this deal's sides. RULES §3 */
  countedDoublings(): CountedDoublings {
    const out: CountedDoublings = { counted: 0, lastDoubler: null };
    this.auction.countDoublingsInto(this.oldSeats, out);
    return out;
  }

  private finish(): void {
    this.phaseCode = PHASE_COMPLETE;
    this.toAct = -1;
    let oldPoints = 0;
    let oldTricks = 0;
    for (let s = 0; s < 4; s++) {
      if ((this.oldSeats >> s) & 1) {
        oldPoints += this.seatPoints[s]!;
        oldTricks += this.seatTricks[s]!;
      }
    }
    const input = this.scoreInput;
    input.contract = this.contract!;
    input.declarer = this.declarer < 0 ? null : this.declarer;
    input.oldSeats = this.oldSeats;
    input.oldPoints = oldPoints;
    input.oldTricks = oldTricks;
    this.auction.countDoublingsInto(this.oldSeats, input);
    input.inBokRound = this.inBokRound;
    scoreInto(input, this.rules, this.outcome);
  }

  /** The spec's score line once the deal is complete (built on first use), else null. */
  get score(): DealScore | null {
    if (this.phaseCode !== PHASE_COMPLETE) return null;
    return (this.line ??= scoreLine(this.scoreInput, this.outcome));
  }

  /** Does this deal's outcome start a bok-round? RULES §5 */
  get startsBokRound(): boolean {
    return this.phaseCode === PHASE_COMPLETE && this.outcome.tie && this.rules.bokRound;
  }
}

// A table: its deals in sequence, dealer rotation, the bok-round counter and running totals. RULES §1, §5
import type { Card, CardMask } from './cards.js';
import { type CichaJudge, Deal } from './deal.js';
import { type Rng, dealMasks, randomInt, rngFor } from './random.js';
import { type Result, fail } from './result.js';
import type { Rules } from './rules.js';
import type { BySeat } from './score.js';

export interface TableSetup {
  rules: Rules;
  /** The first dealer; drawn at random when absent. RULES §1 */
  dealer?: number;
  /** A seed for reproducible deals; without one, a cryptographically secure source is used. */
  seed?: number | string;
  rng?: Rng;
  cichaJudge?: CichaJudge;
}

export class Table {
  readonly rules: Rules;
  /** The deals kept, in order: every deal, unless `forget` let go of the earlier ones. */
  readonly deals: Deal[] = [];
  /** Deals played before `deals[0]` whose Deal objects `forget` let go of (0: none). */
  forgotten = 0;
  readonly totals: BySeat<number> = [0, 0, 0, 0];
  /** Deals still owed at double value after a tie. RULES §5 */
  bokDealsLeft = 0;
  /** Who deals next. */
  nextDealer: number;
  private readonly rng: Rng;
  private readonly cichaJudge: CichaJudge | undefined;

  constructor(setup: TableSetup) {
    this.rules = setup.rules;
    this.rng = setup.rng ?? rngFor(setup.seed);
    this.nextDealer = setup.dealer ?? randomInt(this.rng, 4);
    this.cichaJudge = setup.cichaJudge;
  }

  /** An independent copy: the deal in progress is cloned; complete deals never change and are shared. */
  fork(): Table {
    const t = new Table({ rules: this.rules, dealer: this.nextDealer, rng: this.rng, cichaJudge: this.cichaJudge });
    for (const d of this.deals) t.deals.push(d.isComplete ? d : d.clone());
    t.forgotten = this.forgotten;
    for (let s = 0; s < 4; s++) t.totals[s] = this.totals[s]!;
    t.bokDealsLeft = this.bokDealsLeft;
    return t;
  }

  /** The deal in progress or the last one played, or null before the first. */
  get current(): Deal | null {
    return this.deals[this.deals.length - 1] ?? null;
  }

  /** How many deals have been dealt, the forgotten ones too. */
  get dealCount(): number {
    return this.forgotten + this.deals.length;
  }

  /**
   * Let go of the Deal objects of every deal before the current one (all complete and settled): a
   * long game's memory then stays that of one deal. Deal n is `deals[n - forgotten]` afterwards; what
   * a caller needs of the earlier deals (their scores, their records) it keeps itself beforehand.
   */
  forget(): void {
    const n = this.deals.length - 1;
    if (n <= 0) return;
    this.deals.splice(0, n);
    this.forgotten += n;
  }

  /** Start the next deal, with the given hands or shuffled. The previous deal must be complete. */
  newDeal(hands?: readonly (CardMask | readonly Card[])[]): Result<Deal> {
    const prev = this.current;
    if (prev && !prev.isComplete) return fail('ERR_INCOMPLETE', 'the current deal has not ended');
    const dealer = this.nextDealer;
    const started = Deal.start({
      rules: this.rules,
      dealer,
      hands: hands ?? dealMasks(this.rng, dealer),
      inBokRound: this.bokDealsLeft > 0,
      cichaJudge: this.cichaJudge,
    });
    if (!started.ok) return started;
    this.deals.push(started.value);
    if (started.value.isComplete) this.settle(started.value);
    return started;
  }

  /** Apply a call or card code to the current deal; settles the table when the deal ends. */
  apply(action: string): Result<void> {
    const deal = this.current;
    if (!deal) return fail('ERR_INCOMPLETE', 'no deal has been started');
    const r = deal.apply(action);
    if (r.ok && deal.isComplete) this.settle(deal);
    return r;
  }

  /** A claim on the current deal with the line it is scored as (see `Deal.claim`); settles the table. */
  claim(seat: number, line: readonly Card[]): Result<void> {
    const deal = this.current;
    if (!deal) return fail('ERR_CLAIM', 'no deal has been started');
    const error = deal.claim(seat, line);
    if (error) return { ok: false, error };
    this.settle(deal);
    return { ok: true, value: undefined };
  }

  /** Apply a move as an integer (see `Deal.applyMove`). */
  applyMove(move: number): ReturnType<Deal['applyMove']> {
    const deal = this.current;
    if (!deal) return { code: 'ERR_INCOMPLETE', message: 'no deal has been started' };
    const error = deal.applyMove(move);
    if (!error && deal.isComplete) this.settle(deal);
    return error;
  }

  private settle(deal: Deal): void {
    const scores = deal.outcome.scores;
    for (let s = 0; s < 4; s++) this.totals[s] = this.totals[s]! + scores[s]!;
    // A bok-round never overlaps another: a tie inside one adds four deals after the current ones. RULES §5
    if (deal.inBokRound) this.bokDealsLeft--;
    if (deal.startsBokRound) this.bokDealsLeft += 4;
    this.nextDealer = (deal.dealer + 1) & 3; // RULES §1: the previous forehand deals next
  }
}

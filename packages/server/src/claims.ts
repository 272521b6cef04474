// The proofs of claims (RULES §7) for every table of this process. A proof over a claimant's view
// (`claimSureForView`) may take a few hundred milliseconds: it runs on the bot pool's workers, off
// the event loop that serves every table. It is also bounded, so that a player who repeats a claim
// can neither keep the workers (which the bots think on) busy nor stall his table: the answer for a
// view is kept, and the same view's claim is answered from it without proving again; while a view
// is being proved its claim waits for nothing; at most one proof is in progress per table, a player
// may start a few a minute, and the process runs a few at once. A claim over a bound is refused
// with ERR_RATE and changes nothing.
import type { BotPool } from '@baska/ai/pool';
import type { PlayerView } from '@baska/engine';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { GameError } from './errors.js';
import { take } from './limits.js';

export interface ClaimLimits {
  /** Proofs one player may start a minute (answers from the cache are free). */
  perMinute: number;
  /** Proofs in progress at once in the process. */
  atOnce: number;
  /** Views whose answer is kept, the most recently asked first. */
  cacheSize: number;
}

/** The answer to a claim over a view: sure, not sure, or null (too early to prove). */
export type ClaimAnswer = boolean | null;

export class ClaimProofs {
  /** How many proofs ran, how many claims the cache answered, and how many a bound refused. */
  readonly counts = { proved: 0, cached: 0, limited: 0 };
  private readonly answers = new Map<string, ClaimAnswer>();
  /** Proofs in progress, by view. */
  private readonly proving = new Map<string, Promise<ClaimAnswer>>();
  /** The tables with a proof in progress. */
  private readonly busy = new Set<string>();
  private readonly perPlayer: RateLimiterMemory;

  constructor(
    private readonly pool: BotPool,
    private readonly limits: ClaimLimits,
  ) {
    this.perPlayer = new RateLimiterMemory({
      keyPrefix: 'claims',
      points: Math.max(1, limits.perMinute),
      duration: 60,
    });
  }

  /**
   * The answer to `player`'s claim at `table` over his `view` (a function of the view alone): kept,
   * or proved now within the bounds. A GameError (ERR_RATE) when a bound refuses it, or while the
   * same view is being proved.
   */
  judge(table: string, player: number, view: PlayerView): Promise<ClaimAnswer> {
    // The view says everything the answer depends on (the rules, the hand, the calls, the cards
    // played and by whom), and nothing the claimant has not seen.
    const key = JSON.stringify(view);
    const known = this.answers.get(key);
    if (known !== undefined) {
      this.answers.delete(key);
      this.answers.set(key, known);
      this.counts.cached++;
      return Promise.resolve(known);
    }
    // Refused at once rather than kept waiting: a flood's claims would pile up behind the proof and
    // be answered all at once when it ends (hundreds of answers in one go stall the loop as well).
    if (this.proving.has(key)) return this.limited('this claim is being proved; wait for its answer');
    if (this.busy.has(table)) return this.limited('a claim is being proved at this table; wait for its answer');
    if (this.proving.size >= this.limits.atOnce) return this.limited('the server is proving other claims; try again');
    this.busy.add(table);
    // Done before anyone waiting hears the answer: his next claim finds the table free.
    const done = () => {
      this.proving.delete(key);
      this.busy.delete(table);
    };
    const proof = this.prove(player, view).then(
      (answer) => {
        done();
        this.answers.set(key, answer);
        while (this.answers.size > this.limits.cacheSize) this.answers.delete(this.answers.keys().next().value!);
        return answer;
      },
      (err: unknown) => {
        done(); // refused or failed: nothing kept, the next claim tries again
        throw err;
      },
    );
    this.proving.set(key, proof);
    return proof;
  }

  private async prove(player: number, view: PlayerView): Promise<ClaimAnswer> {
    if (!(await take(this.perPlayer, String(player))))
      throw this.refusal('too many claims to prove; wait a minute, or claim when your view proves it');
    this.counts.proved++;
    return this.pool.proveClaim(view);
  }

  private refusal(message: string): GameError {
    this.counts.limited++;
    return new GameError('ERR_RATE', message);
  }

  private limited(message: string): Promise<never> {
    return Promise.reject(this.refusal(message));
  }
}

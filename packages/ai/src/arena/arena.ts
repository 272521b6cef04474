// Duplicate matches between bots (ARCHITECTURE "AI"): the same deals replayed with the seats
// rotated, so that each bot plays every hand in every position, and luck cancels out.
//
// A duplicate deal is played twice: bot A in seats 0 and 2 and bot B in 1 and 3, then the other
// way round. A bot's result on a deal is its mean score over the four seats it played; the paired
// difference is A's mean minus B's. The oracle (sees all cards) may sit in an arena, and nowhere else.
import { type Contract, type Deal, type Rules, SeededRng, dealMasks, randomInt } from '@baska/engine';
import { basicAction } from '../bots/basic.js';
import { arenaBotByName, basicBot } from '../bots/bot.js';
import { startDeal } from '../play/judged.js';
import { type Player, botPlayer, oraclePlayer, playDeal, replyPlayer } from '../play/play-out.js';

/** Who may sit in an arena: the levels, and the oracle as a yardstick. */
export const ORACLE = oraclePlayer.name;

export interface ArenaSpec {
  rules: Rules;
  seed: string;
  /** The two players of the match. */
  bots: [string, string];
  /** On the first `gapDeals` deals, each player and the oracle also play `gapAgainst` (the gap to the oracle). */
  gapDeals: number;
  /** The yardstick's opponent: `random` (the default) or a level such as `basic`, which the leads do not saturate against. */
  gapAgainst?: string;
  /** Time budget per decision passed to the bots (ms). */
  budgetMs?: number;
}

/** One seat's game: which of the two players sat there, the contract, its side, its score. */
export interface SeatGame {
  player: 0 | 1;
  contract: Contract;
  old: boolean;
  score: number;
}

export interface DealResult {
  index: number;
  /** Mean score of each player over its four seats. */
  mean: [number, number];
  seats: SeatGame[];
  /** On the gap deals: each player's (and the oracle's) paired difference against `gapAgainst`. */
  gap?: Record<string, number>;
}

/** Decision times (ms) of each player, and whether the decision had a choice. */
export interface Timing {
  player: string;
  ms: number[];
  choice: boolean[];
}

/** The deal at index `i` of a seeded arena: the same for every pair of bots. */
export function arenaDeal(seed: string, i: number): { dealer: number; hands: ArrayLike<number> } {
  const rng = new SeededRng(`${seed}:deal:${i}`);
  const dealer = randomInt(rng, 4);
  return { dealer, hands: dealMasks(rng, dealer) };
}

export class Arena {
  readonly times = new Map<string, Timing>();

  constructor(readonly spec: ArenaSpec) {
    for (const name of [...spec.bots, spec.gapAgainst ?? 'random'])
      if (name !== ORACLE && !arenaBotByName(name)) throw new Error(`unknown bot "${name}"`);
  }

  private timing(player: string): Timing {
    let t = this.times.get(player);
    if (!t) this.times.set(player, (t = { player, ms: [], choice: [] }));
    return t;
  }

  /** One game of a deal with the players by seat; returns the complete deal. */
  playGame(i: number, game: string, bySeat: readonly string[]): Deal {
    const { dealer, hands } = arenaDeal(this.spec.seed, i);
    const started = startDeal({ rules: this.spec.rules, dealer, hands });
    if (!started.ok) throw new Error(started.error.message);
    // Against `basic` at every other seat, the oracle plays the best reply to it; else double-dummy.
    let oracleSeats = 0;
    for (let s = 0; s < 4; s++) if (bySeat[s] === ORACLE) oracleSeats |= 1 << s;
    const againstBasic = oracleSeats !== 15 && bySeat.every((name) => name === ORACLE || name === basicBot.name);
    const oracle = againstBasic ? replyPlayer(oracleSeats, basicAction) : oraclePlayer;
    const players = bySeat.map((name, s): Player =>
      name === ORACLE
        ? oracle
        : botPlayer(
            arenaBotByName(name)!,
            new SeededRng(`${this.spec.seed}:bot:${i}:${game}:${s}`),
            this.spec.budgetMs,
          ),
    );
    return playDeal(started.value, players, undefined, (player, ms, choice) => {
      const t = this.timing(player.name);
      t.ms.push(ms);
      t.choice.push(choice);
    });
  }

  /** Both rotations of a deal between two players: each one's mean score per seat, and the seats' games. */
  duplicate(i: number, a: string, b: string, tag: string): { mean: [number, number]; seats: SeatGame[] } {
    const seats: SeatGame[] = [];
    const sum = [0, 0];
    for (const rot of [0, 1] as const) {
      const bySeat = [0, 1, 2, 3].map((s) => ((s + rot) & 1 ? b : a));
      const d = this.playGame(i, `${tag}${rot}`, bySeat);
      for (let s = 0; s < 4; s++) {
        const player = ((s + rot) & 1) as 0 | 1;
        const score = d.outcome.scores[s]!;
        sum[player]! += score;
        seats.push({ player, contract: d.contract!, old: ((d.oldSeats >> s) & 1) === 1, score });
      }
    }
    return { mean: [sum[0]! / 4, sum[1]! / 4], seats };
  }

  /** Play duplicate deal `i`: the match, and on the gap deals the games against `gapAgainst`. */
  play(i: number): DealResult {
    const [a, b] = this.spec.bots;
    const against = this.spec.gapAgainst ?? 'random';
    const { mean, seats } = this.duplicate(i, a, b, 'm');
    const result: DealResult = { index: i, mean, seats };
    if (i < this.spec.gapDeals) {
      result.gap = {};
      for (const x of new Set([a, b, ORACLE])) {
        if (x === against) result.gap[x] = 0;
        else {
          const g = this.duplicate(i, x, against, `g${x}`);
          result.gap[x] = g.mean[0] - g.mean[1];
        }
      }
    }
    return result;
  }
}

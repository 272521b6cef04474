// Result and score of a deal. RULES §5
import { type Contract, type Rules, isDu, isPartnership, isThrown } from './rules.js';

export type Side = 'old' | 'young';
/** Four values, one per seat 0–3. */
export type BySeat<T> = [T, T, T, T];

/** What a finished deal gives: the spec's score line (docs/spec/records.md). */
export interface DealScore {
  contract: Contract;
  declarer: number | null;
  /** The old side's seats, ascending. */
  old: number[];
  /** Effective doublings (RULES §3). */
  counted: number;
  multiplier: number;
  /** Scored inside a bok-round (×2). */
  bokRound: boolean;
  oldPoints: number | null;
  youngPoints: number | null;
  oldTricks: number | null;
  youngTricks: number | null;
  tie: boolean;
  winner: Side;
  /** 1 z wyjściem, 2 bez wyjścia, 3 bez bitki: zwyczajna and wesele only. */
  grade: 1 | 2 | 3 | null;
  /** The per-opponent unit v. */
  value: number;
  scores: BySeat<number>;
}

/** Base value per opponent. RULES §5 */
export function baseValue(contract: Contract, grade: number | null): number {
  switch (contract) {
    case 'zwyczajna':
    case 'wesele':
      return grade ?? 1;
    case 'cicha':
      return 4;
    case 'gran':
    case 'zollo':
    case 'zollo-bieda':
      return 5;
    default:
      return 10; // gran-du, zollo-du, mester, baszka
  }
}

/** Loss factor when the old lose. RULES §5, §6 */
export function lossFactor(contract: Contract, rules: Rules): number {
  if (rules.oldLossFactor === 'all') return 2;
  if (rules.oldLossFactor === 'partnership') return isPartnership(contract) ? 2 : 1;
  return 1;
}

export interface ScoreInput {
  contract: Contract;
  declarer: number | null;
  /** Bit s set when seat s is old. */
  oldSeats: number;
  /** Card points and tricks the old took (ignored for thrown games). */
  oldPoints: number;
  oldTricks: number;
  counted: number;
  /** Side of the caller of the last counted doubling, or null with none. */
  lastDoubler: Side | null;
  inBokRound: boolean;
}

/** The numbers of a deal's result, written in place (no allocation): see `scoreInto`. */
export interface Outcome {
  winner: Side;
  tie: boolean;
  grade: 1 | 2 | 3 | null;
  counted: number;
  value: number;
  scores: Int32Array;
}

export const newOutcome = (): Outcome => ({
  winner: 'old',
  tie: false,
  grade: null,
  counted: 0,
  value: 0,
  scores: new Int32Array(4),
});

/** Score a deal into `out`. Every deal sums to zero. RULES §5 */
export function scoreInto(input: ScoreInput, rules: Rules, out: Outcome): Outcome {
  const { contract } = input;
  const thrown = isThrown(contract);
  let winner: Side;
  let tie = false;
  let grade: 1 | 2 | 3 | null = null;
  if (thrown) {
    winner = 'old'; // RULES §4: thrown games end at once with the declarer's win
  } else if (isDu(contract)) {
    winner = input.oldTricks === 4 ? 'old' : 'young'; // du games count tricks only
  } else if (input.oldPoints === 52) {
    tie = true; // RULES §5: tie 52:52
    // `young`: the young win. `lastDoubler`: the side of the last counted doubling loses; with none, the old lose.
    winner = rules.tie === 'lastDoubler' && input.lastDoubler === 'young' ? 'old' : 'young';
  } else {
    winner = input.oldPoints >= 53 ? 'old' : 'young';
  }
  if (!thrown && isPartnership(contract)) {
    const loserTricks = winner === 'old' ? 4 - input.oldTricks : input.oldTricks;
    const loserPoints = winner === 'old' ? 104 - input.oldPoints : input.oldPoints;
    const wyjscie = winner === 'old' ? rules.wyjscie.young : rules.wyjscie.old;
    grade = loserTricks === 0 ? 3 : loserPoints < wyjscie ? 2 : 1;
  }
  const value =
    baseValue(contract, grade) *
    (winner === 'young' ? lossFactor(contract, rules) : 1) *
    2 ** input.counted *
    (input.inBokRound ? 2 : 1);
  const solo = popSeats(input.oldSeats) === 1;
  for (let s = 0; s < 4; s++) {
    const isOld = ((input.oldSeats >> s) & 1) === 1;
    const sign = (winner === 'old') === isOld ? 1 : -1;
    // two against two: ±v each; one against three: the soloist ±3v, each defender ∓v
    out.scores[s] = sign * value * (isOld && solo ? 3 : 1);
  }
  out.winner = winner;
  out.tie = tie;
  out.grade = grade;
  out.counted = input.counted;
  out.value = value;
  return out;
}

/** The spec's score line for a scored deal. */
export function scoreLine(input: ScoreInput, o: Outcome): DealScore {
  const thrown = isThrown(input.contract);
  return {
    contract: input.contract,
    declarer: input.declarer,
    old: [0, 1, 2, 3].filter((s) => (input.oldSeats >> s) & 1),
    counted: o.counted,
    multiplier: 2 ** o.counted,
    bokRound: input.inBokRound,
    oldPoints: thrown ? null : input.oldPoints,
    youngPoints: thrown ? null : 104 - input.oldPoints,
    oldTricks: thrown ? null : input.oldTricks,
    youngTricks: thrown ? null : 4 - input.oldTricks,
    tie: o.tie,
    winner: o.winner,
    grade: o.grade,
    value: o.value,
    scores: Array.from(o.scores, (x) => x + 0) as BySeat<number>, // no -0
  };
}

/** Score a deal. Every deal sums to zero. RULES §5 */
export function scoreDeal(input: ScoreInput, rules: Rules): DealScore {
  return scoreLine(input, scoreInto(input, rules, newOutcome()));
}

const popSeats = (m: number) => (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1);

/** Money for points at a stake per point, in integer groszy: no floating-point cents. RULES §5 */
export function moneyGroszy(points: number, stakeGroszyPerPoint: number): number {
  if (!Number.isSafeInteger(points) || !Number.isSafeInteger(stakeGroszyPerPoint))
    throw new RangeError('points and stake must be whole numbers (stake in groszy)');
  return points * stakeGroszyPerPoint;
}

/** Groszy as złoty for display: `6,40 zł`, `-19,20 zł`. */
export function formatZloty(groszy: number): string {
  const sign = groszy < 0 ? '-' : '';
  const abs = Math.abs(groszy);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')} zł`;
}

// A deal as a scorer at a real table enters it, turned into a protocol row. RULES §5, seed 002 §8–§9, §14
//
// The API (stable; the hall's phones and the score pad both use it):
//
//   entryOfWords(words, ctx)   the deal in the game's own words -> a row, through the engine's scoreDeal
//   entryOfScores(scores, ctx) the small points typed directly (each row sums to 0, else ERR_SUM)
//   entryOf(entry, ctx)        either of the two, from `{words}` or `{scores}` (hostile input welcome)
//
// `ctx` says where the deal stands: the rules, the table's size (4 or 5), the seat sitting the deal
// out at a table of five (null at four) and whether the deal is played inside a bok-round. Seats
// are table seats: 0–3, or 0–4 at a table of five. A row has one number per seat and `null` for the
// seat sitting out.
//
// DealWords, every field checked:
//   contract     a contract of RULES §2 allowed by the rules ('zwyczajna', 'cicha', 'wesele', 'gran', …)
//   old          the old side's seats: the two old in zwyczajna and wesele, the one player otherwise
//   oldPoints    the old side's card points, 0–104 (52 is the tie), for a deal decided by points; or
//   winner       'old' | 'young', with
//   grade        1 z wyjściem, 2 bez wyjścia, 3 bez bitki (zwyczajna and wesele only)
//   said         the doublings as they were said, in order: [{seat, word}], word a doubling's canonical name
//                (kontra, rekontra, bok, hirsz, double5 …) or a game called between them (wesele, gran …);
//                the engine's auction checks the order and counts them (RULES §3). Or, as a shortcut:
//   doublings    the counted doublings, 0 to the rules' maxDoubling: 1 kontra, 2 rekontra, 3 bok, 4 hirsz
//   lastDoubler  the side of the last counted doubling: needed only for a 52:52 tie under `tie: lastDoubler`
//                (with `said` both are computed, and giving them too is refused)
//   offence      { seat, kind, tookRest? }: see `OFFENCE_KINDS` and decision 009
//
// Errors are values: ERR_ENTRY (a field missing, of the wrong type or impossible), ERR_SUM (typed
// small points that do not sum to 0), ERR_OFFENCE (an offence the rules do not punish so), ERR_SAID
// (doublings that could not have been said in that order, `field` naming the word).
import {
  type Contract,
  CONTRACTS,
  type DealScore,
  type Result,
  type Rules,
  type ScoreInput,
  type Side,
  doublingsAsSaid,
  scoreDeal,
} from '@baska/engine';

export const ENTRY_ERROR_CODES = ['ERR_ENTRY', 'ERR_SUM', 'ERR_OFFENCE', 'ERR_SAID', 'ERR_PAD', 'ERR_RULES'] as const;
export type EntryErrorCode = (typeof ENTRY_ERROR_CODES)[number];

export interface EntryError {
  readonly code: EntryErrorCode;
  readonly message: string;
  /** The field at fault, where there is one: `words.oldPoints`, `scores[2]`. */
  readonly field?: string;
}

export type EntryResult<T> = Result<T, EntryError>;

const ok = <T>(value: T): EntryResult<T> => ({ ok: true, value });
const fail = (code: EntryErrorCode, message: string, field?: string): EntryResult<never> => ({
  ok: false,
  error: field === undefined ? { code, message } : { code, message, field },
});

/**
 * Offences with real cards (seed 002 §8.4, §9.7–§9.11):
 * - `out-of-turn`: a card played out of turn or before one's turn (§8.4, §9.11);
 * - `revoke`: a failure to follow suit or to overtake (§9.7);
 * - `shown`: cards shown or dropped face up by a player who is not a lone old (§9.9): he must then
 *   take every remaining trick himself (`tookRest`); if he did, the deal scores as played;
 * - `other`: any other offence against the regulations (§8.4, §11.5).
 * The offending side loses "z wyjściem" with the contract as bid (its doublings and bok-round
 * counted); in a solo game only the offending player is charged (§9.8).
 */
export const OFFENCE_KINDS = ['out-of-turn', 'revoke', 'shown', 'other'] as const;
export type OffenceKind = (typeof OFFENCE_KINDS)[number];

export interface Offence {
  seat: number;
  kind: OffenceKind;
  /** `shown` only: did the player who showed his cards take every remaining trick? */
  tookRest?: boolean;
}

export type Grade = 1 | 2 | 3;

/** A word said in the auction, by the table seat that said it: a doubling, or a game called between them. RULES §3 */
export interface SaidWord {
  seat: number;
  word: string;
}

export interface DealWords {
  contract: Contract;
  old: number[];
  oldPoints?: number;
  winner?: Side;
  grade?: Grade;
  /** The doublings as said, in order; parsing sets `doublings` and `lastDoubler` from them. */
  said?: SaidWord[];
  doublings?: number;
  lastDoubler?: Side;
  offence?: Offence;
}

/** Where a deal stands at its table. */
export interface EntryContext {
  rules: Rules;
  size: 4 | 5;
  /** The seat sitting this deal out at a table of five (its dealer); null at a table of four. RULES §9 */
  out: number | null;
  /** The deal is played inside a bok-round and counts double. RULES §5 */
  inBokRound: boolean;
}

/** A protocol row with what it was computed from. */
export interface EntryRow {
  /** Small points by table seat; `null` for the seat sitting out. They sum to 0. */
  scores: (number | null)[];
  /** Typed directly (`entryOfScores`), not computed from words. */
  typed: boolean;
  contract: Contract | null;
  /** The old side's table seats (empty when typed). */
  old: number[];
  winner: Side | null;
  grade: Grade | null;
  counted: number;
  /** The per-opponent unit v (0 when typed). */
  value: number;
  bokRound: boolean;
  /** A 52:52 tie: with the rules' `bokRound` on, the next four deals count double. RULES §5 */
  tie: boolean;
  /** The row was decided by an offence (a protocol marks such rows). */
  offence: Offence | null;
}

/** An entry as a client sends it: the deal in words, or the small points typed. `id` is the client's idempotency key. */
export type Entry = { id?: string; words: DealWords } | { id?: string; scores: (number | null)[]; tie?: boolean };

/** The most small points one deal may give one player: the tournament file's limit (decision 007). */
export const MAX_ENTRY_POINTS = 1_000_000;
const MAX_POINTS = MAX_ENTRY_POINTS;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const has = (o: Record<string, unknown>, k: string) => Object.hasOwn(o, k) && o[k] !== undefined;
const isSide = (v: unknown): v is Side => v === 'old' || v === 'young';

const WORD_KEYS = ['contract', 'old', 'oldPoints', 'winner', 'grade', 'said', 'doublings', 'lastDoubler', 'offence'];
/** More words than any auction holds (eight rising games, each doubled up to the rules' limit): refused unread. */
const MAX_SAID = 64;
const unknownKey = (o: Record<string, unknown>, known: string[]) => Object.keys(o).find((k) => !known.includes(k));

function checkContext(ctx: EntryContext): EntryResult<void> {
  if (ctx.size !== 4 && ctx.size !== 5) return fail('ERR_ENTRY', 'a table has 4 or 5 seats');
  if (ctx.size === 4 ? ctx.out !== null : !isInt(ctx.out) || ctx.out < 0 || ctx.out > 4)
    return fail('ERR_ENTRY', 'at a table of five one seat (0–4) sits each deal out; at four none does');
  return ok(undefined);
}

const playing = (ctx: EntryContext): number[] =>
  Array.from({ length: ctx.size }, (_, s) => s).filter((s) => s !== ctx.out);

/** Check words from anywhere (a phone, a file): every field is hostile until checked. */
export function parseWords(input: unknown, ctx: EntryContext): EntryResult<DealWords> {
  const c = checkContext(ctx);
  if (!c.ok) return c;
  if (!isObj(input)) return fail('ERR_ENTRY', 'the deal in words is an object', 'words');
  const extra = unknownKey(input, WORD_KEYS);
  if (extra !== undefined) return fail('ERR_ENTRY', `unknown field "${extra}"`, `words.${extra}`);
  const { rules } = ctx;
  const contract = input.contract;
  if (typeof contract !== 'string' || !(CONTRACTS as readonly string[]).includes(contract))
    return fail('ERR_ENTRY', `contract must be one of ${CONTRACTS.join(', ')}`, 'words.contract');
  const k = contract as Contract;
  if (k !== 'zwyczajna' && k !== 'cicha' && !(rules.games as readonly string[]).includes(k))
    return fail('ERR_ENTRY', `${k} is not played under these rules (${rules.preset})`, 'words.contract');
  const two = k === 'zwyczajna' || k === 'wesele'; // RULES §2: two against two, else one against three
  const seats = playing(ctx);
  const old = input.old;
  if (
    !Array.isArray(old) ||
    old.length !== (two ? 2 : 1) ||
    !old.every((s) => isInt(s) && seats.includes(s)) ||
    new Set(old).size !== old.length
  )
    return fail(
      'ERR_ENTRY',
      `old must list ${two ? 'the two old seats' : 'the one old seat'} among the seats playing (${seats.join(', ')})`,
      'words.old',
    );
  const words: DealWords = { contract: k, old: [...(old as number[])].sort((a, b) => a - b) };

  if (has(input, 'said')) {
    const said = parseSaid(input, words, ctx);
    if (!said.ok) return said;
    Object.assign(words, said.value);
  }
  const doublings = has(input, 'said') ? words.doublings! : has(input, 'doublings') ? input.doublings : 0;
  if (!isInt(doublings) || doublings < 0 || doublings > rules.maxDoubling)
    return fail('ERR_ENTRY', `doublings must be a whole number from 0 to ${rules.maxDoubling}`, 'words.doublings');
  if (doublings > 0 && THROWN.includes(k))
    return fail('ERR_ENTRY', `${k} is won at once and cannot be doubled (RULES §2)`, 'words.doublings');
  words.doublings = doublings;
  if (!has(input, 'said') && has(input, 'lastDoubler')) {
    if (!isSide(input.lastDoubler)) return fail('ERR_ENTRY', 'lastDoubler is "old" or "young"', 'words.lastDoubler');
    if (doublings === 0) return fail('ERR_ENTRY', 'lastDoubler with no doubling counted', 'words.lastDoubler');
    words.lastDoubler = input.lastDoubler;
  }

  if (has(input, 'offence')) {
    const o = input.offence;
    if (!isObj(o)) return fail('ERR_ENTRY', 'offence is {seat, kind}', 'words.offence');
    const oExtra = unknownKey(o, ['seat', 'kind', 'tookRest']);
    if (oExtra !== undefined) return fail('ERR_ENTRY', `unknown field "${oExtra}"`, `words.offence.${oExtra}`);
    if (!isInt(o.seat) || !seats.includes(o.seat))
      return fail(
        'ERR_ENTRY',
        `the offending seat is one of the seats playing (${seats.join(', ')})`,
        'words.offence.seat',
      );
    if (typeof o.kind !== 'string' || !(OFFENCE_KINDS as readonly string[]).includes(o.kind))
      return fail('ERR_ENTRY', `offence kind is one of ${OFFENCE_KINDS.join(', ')}`, 'words.offence.kind');
    const offence: Offence = { seat: o.seat, kind: o.kind as OffenceKind };
    if (offence.kind === 'shown') {
      if (typeof o.tookRest !== 'boolean')
        return fail('ERR_ENTRY', 'say whether the player took every remaining trick', 'words.offence.tookRest');
      offence.tookRest = o.tookRest;
    } else if (has(o, 'tookRest'))
      return fail('ERR_ENTRY', 'tookRest belongs to a shown hand only', 'words.offence.tookRest');
    if (THROWN.includes(k))
      return fail('ERR_OFFENCE', `${k} is not played, so no card can be misplayed`, 'words.offence');
    if (offence.kind === 'shown' && !two && words.old[0] === offence.seat)
      // seed 002 §9.9: the lone old showing his cards is not punished
      return fail('ERR_OFFENCE', 'a lone old may show his cards (seed 002 §9.9)', 'words.offence');
    words.offence = offence;
  }
  const decided = words.offence !== undefined && !(words.offence.kind === 'shown' && words.offence.tookRest);

  // The result: card points, or the winner (with the grade where there is one).
  const hasPoints = has(input, 'oldPoints');
  const hasWinner = has(input, 'winner');
  const hasGrade = has(input, 'grade');
  if (decided) {
    if (hasPoints || hasWinner || hasGrade)
      return fail('ERR_ENTRY', 'the offence decides the deal: leave out oldPoints, winner and grade', 'words.offence');
    return ok(words);
  }
  if (THROWN.includes(k)) {
    if (hasPoints || hasGrade || (hasWinner && input.winner !== 'old'))
      return fail('ERR_ENTRY', `${k} is won at once by the declarer, without play (RULES §2)`, 'words.winner');
    return ok(words);
  }
  if (hasPoints) {
    if (hasWinner || hasGrade)
      return fail('ERR_ENTRY', 'give the card points or the winner and grade, not both', 'words.oldPoints');
    if (DU.includes(k)) return fail('ERR_ENTRY', `${k} is decided by tricks: give the winner`, 'words.oldPoints');
    if (!isInt(input.oldPoints) || input.oldPoints < 0 || input.oldPoints > 104)
      return fail('ERR_ENTRY', 'oldPoints is a whole number from 0 to 104', 'words.oldPoints');
    if (IMPOSSIBLE_POINTS.has(input.oldPoints) || IMPOSSIBLE_POINTS.has(104 - input.oldPoints))
      return fail(
        'ERR_ENTRY',
        `no side can take exactly ${input.oldPoints} : ${104 - input.oldPoints}`,
        'words.oldPoints',
      );
    words.oldPoints = input.oldPoints;
  } else {
    if (!isSide(input.winner))
      return fail('ERR_ENTRY', 'give the old side\'s card points, or the winner ("old" or "young")', 'words.winner');
    words.winner = input.winner;
    if (two) {
      if (input.grade !== 1 && input.grade !== 2 && input.grade !== 3)
        return fail('ERR_ENTRY', 'grade is 1 (z wyjściem), 2 (bez wyjścia) or 3 (bez bitki)', 'words.grade');
      words.grade = input.grade;
    } else if (hasGrade) return fail('ERR_ENTRY', `${k} has no grade (RULES §5)`, 'words.grade');
  }
  if (words.oldPoints === 52 && rules.tie === 'lastDoubler' && words.doublings > 0 && words.lastDoubler === undefined)
    return fail('ERR_ENTRY', 'a 52:52 tie under these rules needs the side that doubled last', 'words.lastDoubler');
  return ok(words);
}

/**
 * The doublings as said, checked and counted by the engine's auction (RULES §3): the counted number
 * and the side that doubled last come from the words, never from the sender.
 */
function parseSaid(
  input: Record<string, unknown>,
  words: DealWords,
  ctx: EntryContext,
): EntryResult<Pick<DealWords, 'said' | 'doublings' | 'lastDoubler'>> {
  if (has(input, 'doublings') || has(input, 'lastDoubler'))
    return fail('ERR_ENTRY', 'give the doublings as said or as counted, not both', 'words.said');
  const said = input.said;
  if (!Array.isArray(said) || said.length > MAX_SAID)
    return fail('ERR_ENTRY', `said is a list of at most ${MAX_SAID} words, each {seat, word}`, 'words.said');
  const seats = playing(ctx); // engine seat i is seats[i]
  const out: SaidWord[] = [];
  for (const [i, w] of said.entries()) {
    if (!isObj(w) || unknownKey(w, ['seat', 'word']) !== undefined)
      return fail('ERR_ENTRY', 'a word said is {seat, word}', `words.said[${i}]`);
    if (!isInt(w.seat) || !seats.includes(w.seat))
      return fail('ERR_ENTRY', `the seat is one of the seats playing (${seats.join(', ')})`, `words.said[${i}].seat`);
    if (typeof w.word !== 'string' || w.word.length > 16)
      return fail('ERR_ENTRY', 'the word is a doubling or a game, by its canonical name', `words.said[${i}].word`);
    out.push({ seat: w.seat, word: w.word });
  }
  const r = doublingsAsSaid(
    out.map((w) => ({ seat: seats.indexOf(w.seat), word: w.word })),
    { contract: words.contract, old: words.old.map((s) => seats.indexOf(s)) },
    ctx.rules,
  );
  if (!r.ok)
    return fail(
      r.error.code === 'ERR_ILLEGAL_CALL' ? 'ERR_SAID' : 'ERR_ENTRY',
      r.error.message,
      `words.${r.error.at ?? 'said'}`,
    );
  return ok({
    said: out,
    doublings: r.value.counted,
    ...(r.value.lastDoubler === null ? {} : { lastDoubler: r.value.lastDoubler }),
  });
}

const THROWN: readonly string[] = ['zollo-bieda', 'mester', 'baszka'];
const DU: readonly string[] = ['gran-du', 'zollo-du'];

/** Card points no side can take: a side's cards are a sub-pack of 11,11,11,11,10,10,10,10,3,3,3,3,2,2,2,2. */
const IMPOSSIBLE_POINTS: ReadonlySet<number> = (() => {
  const reach = new Set<number>([0]);
  for (const p of [11, 11, 11, 11, 10, 10, 10, 10, 3, 3, 3, 3, 2, 2, 2, 2]) {
    for (const x of [...reach]) reach.add(x + p);
  }
  const none = new Set<number>();
  for (let x = 0; x <= 104; x++) if (!reach.has(x)) none.add(x);
  return none;
})();

/** A deal's card points and tricks that give this winner and grade: the engine then scores them. */
function pointsFor(words: DealWords, rules: Rules, winner: Side, grade: Grade | null): [number, number] {
  if (DU.includes(words.contract)) return winner === 'old' ? [104, 4] : [0, 3];
  if (grade === null) return winner === 'old' ? [104, 4] : [0, 0];
  // The losers' points: bez bitki none (no trick), bez wyjścia one short of their wyjście, z wyjściem just their wyjście.
  const wyjscie = winner === 'old' ? rules.wyjscie.young : rules.wyjscie.old;
  const loser = grade === 3 ? 0 : grade === 2 ? Math.max(wyjscie - 1, 0) : wyjscie;
  const loserTricks = grade === 3 ? 0 : 1;
  return winner === 'old' ? [104 - loser, 4 - loserTricks] : [loser, loserTricks];
}

/** The row of a deal entered in words, through the engine's scoreDeal. RULES §5, seed 002 §8–§9 */
export function entryOfWords(input: unknown, ctx: EntryContext): EntryResult<EntryRow> {
  const parsed = parseWords(input, ctx);
  if (!parsed.ok) return parsed;
  const words = parsed.value;
  const { rules } = ctx;
  const seats = playing(ctx); // table seats in order; engine seat i is seats[i]
  const oldMask = words.old.reduce((m, s) => m | (1 << seats.indexOf(s)), 0);
  const two = words.old.length === 2;
  const offence = words.offence ?? null;
  const decided = offence !== null && !(offence.kind === 'shown' && offence.tookRest);

  let winner: Side;
  let grade: Grade | null;
  let points: [number, number];
  if (decided) {
    // seed 002 §8.4, §9.7: the offending side loses z wyjściem, the contract counted as bid
    winner = words.old.includes(offence.seat) ? 'young' : 'old';
    grade = two ? 1 : null;
    points = pointsFor(words, rules, winner, grade);
  } else if (words.oldPoints !== undefined) {
    points = [words.oldPoints, words.oldPoints === 104 ? 4 : words.oldPoints === 0 ? 0 : 2];
    winner = 'old'; // decided by the engine below
    grade = null;
  } else {
    winner = words.winner ?? 'old'; // thrown games: the declarer wins
    grade = two ? (words.grade ?? 1) : null;
    points = pointsFor(words, rules, winner, grade);
  }
  const score: ScoreInput = {
    contract: words.contract,
    declarer: words.contract === 'zwyczajna' ? null : seats.indexOf(words.old[0]!),
    oldSeats: oldMask,
    oldPoints: points[0],
    oldTricks: points[1],
    counted: words.doublings ?? 0,
    lastDoubler: words.lastDoubler ?? null,
    inBokRound: ctx.inBokRound,
  };
  const line: DealScore = scoreDeal(score, rules);
  if (words.oldPoints === undefined && (line.winner !== winner || line.grade !== grade))
    // only custom wyjście thresholds (above 51) can make a grade impossible
    return fail('ERR_ENTRY', "that grade cannot happen under these rules' wyjście", 'words.grade');
  if (3 * line.value > MAX_POINTS)
    return fail('ERR_ENTRY', `more than ${MAX_POINTS} small points in one deal`, 'words.doublings');
  const scores: (number | null)[] = Array.from({ length: ctx.size }, () => null);
  seats.forEach((s, i) => (scores[s] = line.scores[i]!));
  if (decided && !two && !words.old.includes(offence.seat)) {
    // seed 002 §9.8: in a solo game the offending defender alone pays what the three would have
    for (const s of seats) scores[s] = s === words.old[0] ? 3 * line.value : s === offence.seat ? -3 * line.value : 0;
  }
  return ok({
    scores,
    typed: false,
    contract: words.contract,
    old: words.old,
    winner: line.winner,
    grade: line.grade,
    counted: line.counted,
    value: line.value,
    bokRound: ctx.inBokRound,
    tie: line.tie,
    offence,
  });
}

/** The row of small points typed directly: integers, `null` only for the seat sitting out, summing to 0. */
export function entryOfScores(input: unknown, ctx: EntryContext, tie: unknown = false): EntryResult<EntryRow> {
  const c = checkContext(ctx);
  if (!c.ok) return c;
  if (!Array.isArray(input) || input.length !== ctx.size)
    return fail('ERR_ENTRY', `give ${ctx.size} small points, one per seat`, 'scores');
  const scores: (number | null)[] = [];
  let sum = 0;
  for (let s = 0; s < ctx.size; s++) {
    const v: unknown = input[s];
    if (s === ctx.out) {
      if (v !== null) return fail('ERR_ENTRY', `seat ${s} sits this deal out: its entry is empty`, `scores[${s}]`);
      scores.push(null);
    } else if (!isInt(v) || Math.abs(v) > MAX_POINTS)
      return fail('ERR_ENTRY', `seat ${s}: small points are whole numbers`, `scores[${s}]`);
    else {
      scores.push(v + 0); // no -0
      sum += v;
    }
  }
  if (sum !== 0) return fail('ERR_SUM', `the row sums to ${sum}, not 0 (seed 002 §14.1)`, 'scores');
  if (typeof tie !== 'boolean') return fail('ERR_ENTRY', 'tie is true or false', 'tie');
  return ok({
    scores,
    typed: true,
    contract: null,
    old: [],
    winner: null,
    grade: null,
    counted: 0,
    value: 0,
    bokRound: ctx.inBokRound,
    tie,
    offence: null,
  });
}

/** Check an entry from anywhere: `{id?, words}` or `{id?, scores, tie?}`. */
export function parseEntry(input: unknown): EntryResult<Entry> {
  if (!isObj(input)) return fail('ERR_ENTRY', 'an entry is an object with "words" or "scores"');
  const extra = unknownKey(input, ['id', 'words', 'scores', 'tie']);
  if (extra !== undefined) return fail('ERR_ENTRY', `unknown field "${extra}"`, extra);
  if (has(input, 'id') && (typeof input.id !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(input.id)))
    return fail('ERR_ENTRY', 'id is 1 to 64 letters, digits, "-" or "_"', 'id');
  const id = has(input, 'id') ? { id: input.id as string } : {};
  if (has(input, 'words') === has(input, 'scores')) return fail('ERR_ENTRY', 'give either "words" or "scores"');
  if (has(input, 'words')) {
    if (has(input, 'tie')) return fail('ERR_ENTRY', 'a tie in words is oldPoints 52', 'tie');
    return ok({ ...id, words: input.words as DealWords });
  }
  if (has(input, 'tie') && typeof input.tie !== 'boolean') return fail('ERR_ENTRY', 'tie is true or false', 'tie');
  return ok({ ...id, scores: input.scores as (number | null)[], ...(input.tie === true ? { tie: true } : {}) });
}

/** The row of an entry of either kind; the words or scores inside are checked here. */
export function entryOf(input: unknown, ctx: EntryContext): EntryResult<EntryRow> {
  const e = parseEntry(input);
  if (!e.ok) return e;
  return 'words' in e.value
    ? entryOfWords(e.value.words, ctx)
    : entryOfScores(e.value.scores, ctx, e.value.tie ?? false);
}

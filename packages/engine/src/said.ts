// The doublings as a table at a real game remembers them: who said kontra, rekontra, bok, hirsz, in
// order, and the games called between them; the passes left out, the hands unknown. The engine's own
// auction (auction.ts) decides whether they could have been said so, and which of them count. RULES §3
//
// The hands are not known, so each seat is given only what its words and the deal's sides prove it
// held: both black queens for the cicha player and for a wesele caller, one black queen for each old
// player of a zwyczajna, the four tens, aces or queens for a thrown game's caller. The auction's rules
// that depend on a holding (no first kontra by the would-be cicha player, wesele only with both black
// queens) are then checked against those holdings, and nothing else is assumed.
import { Auction, type CountedDoublings } from './auction.js';
import { ALL_ACES, ALL_QUEENS, ALL_TENS, BLACK_QUEENS, type CardMask, JC, QC, QS, bit } from './cards.js';
import { type Call, PASS, gameOf, isGameCall, namedWeseleCall, parseCall } from './calls.js';
import { type EngineError, type Result, fail, ok } from './result.js';
import { type Contract, GAMES, type Rules, isPartnership } from './rules.js';

/** One word said at the table: a doubling (`kontra`, `rekontra`, `bok`, `hirsz`, `double5` …) or a game (`wesele`, `gran` …). */
export interface SaidWord {
  /** The engine seat (0–3) of the player who said it. */
  seat: number;
  /** The canonical name of the call (records' spelling, docs/spec/records.md). */
  word: string;
}

/** The deal the words were said in: its contract and its old side (engine seats). */
export interface SaidDeal {
  contract: Contract;
  /** The old seats: the two in zwyczajna and wesele, the declarer alone otherwise. */
  old: readonly number[];
}

/** What a game call proves its caller held. RULES §3 */
const HOLDING: Partial<Record<Contract, CardMask>> = {
  wesele: BLACK_QUEENS,
  'zollo-bieda': ALL_TENS,
  mester: ALL_ACES,
  baszka: ALL_QUEENS,
};

/** A word that could not have been said; the game's own call, when not among the words, is `said`. */
const illegal = (i: number, message: string) =>
  fail('ERR_ILLEGAL_CALL', message, { at: i < 0 ? 'said' : `said[${i}]` });

/**
 * The counted doublings of a deal whose doublings were said so (RULES §3 "Effective doublings"):
 * the words replayed through the engine's auction after the game call (at the start when the words
 * do not place it), each checked as the auction checks a call. `ERR_ILLEGAL_CALL` at `said[i]` for
 * a word that could not have been said there; `ERR_SCHEMA` for a list that is not one.
 */
export function doublingsAsSaid(
  said: readonly SaidWord[],
  deal: SaidDeal,
  rules: Rules,
): Result<CountedDoublings, EngineError> {
  // Past this many words no auction gets: each game rises, each doubling raises the level by one.
  if (!Array.isArray(said) || said.length > (GAMES.length + 1) * (rules.maxDoubling + 1))
    return fail('ERR_SCHEMA', 'the words said are a list no longer than an auction can be');
  if (!deal.old.every((s) => Number.isInteger(s) && s >= 0 && s <= 3))
    return fail('ERR_SCHEMA', 'the old seats are 0 to 3', { at: 'old' });
  const calls: Call[] = [];
  for (const [i, w] of said.entries()) {
    const seat: unknown = w?.seat;
    if (typeof seat !== 'number' || !Number.isInteger(seat) || seat < 0 || seat > 3)
      return fail('ERR_SCHEMA', 'a seat is 0 to 3', { at: `said[${i}].seat` });
    let call = typeof w.word === 'string' ? parseCall(w.word) : undefined;
    if (call === undefined || call === PASS)
      return fail('ERR_SCHEMA', 'a word said is a doubling or a game, by its canonical name', {
        at: `said[${i}].word`,
      });
    // RULES §8: with the jack named, any wesele the caller could call stands for the word "wesele"
    if (rules.weseleNamedJack && call === parseCall('wesele')) call = namedWeseleCall(JC);
    calls.push(call);
  }
  const declared = !(deal.contract === 'zwyczajna' || deal.contract === 'cicha');
  // The game's own call, when the words do not place it, came before them all; in a wesele the
  // declarer is one of the two old, either of whom may have called it.
  const placed = calls.some(isGameCall);
  const declarers = !declared || placed ? [null] : isPartnership(deal.contract) ? deal.old : deal.old.slice(0, 1);
  let first: Result<CountedDoublings, EngineError> | null = null;
  for (const declarer of declarers) {
    const words = declarer === null ? said : [{ seat: declarer, word: deal.contract }, ...said];
    const all = declarer === null ? calls : [gameCallOf(deal.contract, rules), ...calls];
    const r = replay(words, all, deal, rules, declarer === null ? 0 : 1);
    if (r.ok) return r;
    first ??= r;
  }
  return first!;
}

const gameCallOf = (contract: Contract, rules: Rules): Call =>
  contract === 'wesele' && rules.weseleNamedJack ? namedWeseleCall(JC) : parseCall(contract)!;

/** The words (with the game's call first when `implicit` is 1) through a fresh auction. */
function replay(
  words: readonly SaidWord[],
  calls: readonly Call[],
  deal: SaidDeal,
  rules: Rules,
  implicit: number,
): Result<CountedDoublings, EngineError> {
  const at = (k: number) => k - implicit; // the index in the scorer's list
  // What each seat is proved to have held.
  const hands = [0, 0, 0, 0];
  const hold = (seat: number, cards: CardMask) => (hands[seat] = hands[seat]! | cards);
  if (deal.contract === 'cicha') hold(deal.old[0]!, BLACK_QUEENS);
  if (deal.contract === 'zwyczajna') {
    hold(deal.old[0]!, bit(QC));
    hold(deal.old[1]!, bit(QS));
  }
  for (const [k, call] of calls.entries()) {
    if (!isGameCall(call)) continue;
    const seat = words[k]!.seat;
    const holding = HOLDING[gameOf(call)] ?? 0;
    if (hands.some((h, s) => s !== seat && (h & holding) !== 0))
      return illegal(at(k), `${words[k]!.word}: its caller would hold cards another player is known to hold`);
    hold(seat, holding);
  }
  const auction = new Auction(rules);
  for (const [k, call] of calls.entries()) {
    const seat = words[k]!.seat;
    // RULES §3: the others answer in turn; the same player twice in a row means three passes between, the auction's end
    if (k > 0 && words[k - 1]!.seat === seat)
      return illegal(at(k), 'one player cannot say two words in a row: the three passes between end the auction');
    if (!auction.allows(seat, hands[seat]!, call))
      return illegal(at(k), `${words[k]!.word} could not be said there by seat ${seat}`);
    auction.apply(seat, call);
  }
  // The last game called is the contract, by one of the old.
  const last = auction.lastGameAt;
  if (deal.contract === 'zwyczajna' || deal.contract === 'cicha') {
    if (last >= 0) return illegal(at(last), `a game was called, so the deal was not ${deal.contract}`);
  } else if (last < 0 || gameOf(calls[last]!) !== deal.contract || !deal.old.includes(words[last]!.seat)) {
    return illegal(
      at(last < 0 ? calls.length - 1 : last),
      `the last game called must be the ${deal.contract}, by its declarer`,
    );
  }
  const oldMask = deal.old.reduce((m, s) => m | (1 << s), 0);
  const out: CountedDoublings = { counted: 0, lastDoubler: null };
  auction.countDoublingsInto(oldMask, out);
  return ok(out);
}

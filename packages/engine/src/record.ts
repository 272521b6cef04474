// Game records exactly as docs/spec/records.md defines them: parse with validation, make, round trip.
import type { FairProof } from './fair.js';
import { type RecordSignature, isRecordSignature, isSignatureValue } from './signed.js';
import { type CardCode, cardCode, cardsOf, parseCard, popcount } from './cards.js';
import { callName, parseCall } from './calls.js';
import type { CichaJudge, Deal } from './deal.js';
import { ORDERS, sortByOrder } from './order.js';
import { type EngineError, type Result, fail, ok } from './result.js';
import { type Rules, type RulesSpec, resolveRules } from './rules.js';
import type { BySeat, DealScore } from './score.js';
import { Table } from './table.js';

/** A deal's record entry as spec/records.md writes it (canonical codes). */
export interface DealRecord {
  dealer: number;
  hands: [string, string, string, string];
  auction: string[];
  play: string[];
  /**
   * Optional: a claim ended this deal (RULES §7): the seat that claimed and how many cards had been
   * played then; the cards of `play` from `at` on are the line the rest was scored as.
   */
  claim?: { seat: number; at: number };
  /** A verifiable deal's commitment, seed and contributions (optional; fair.ts, decision 013). */
  fair?: FairProof;
}

export interface GameRecord {
  rules: RulesSpec;
  deals: DealRecord[];
  /** Optional: the game was played with hints (the expert's advice on request); such games are unrated. */
  hints?: boolean;
  /** Optional: the server's signature of the whole record, its key and its table (signed.ts). */
  signature?: RecordSignature;
}

/** A record checked by replaying it: the rules it names and the table it describes. */
export interface LoadedRecord {
  record: GameRecord;
  rules: Rules;
  table: Table;
}

export interface ScoreReport {
  deals: DealScore[];
  totals: BySeat<number>;
  bokDealsLeft: number;
}

export type LegalReport = { phase: 'auction' | 'play'; seat: number; legal: string[] } | { phase: 'complete' };

export interface RecordOptions {
  /** Enforces `cichaMustBeLosable` (RULES §7); supplied by the solver. */
  cichaJudge?: CichaJudge;
}

const DEAL_KEYS = ['dealer', 'hands', 'auction', 'play'];
const OPTIONAL_DEAL_KEYS = ['claim', 'fair'];
const HEX = /^[0-9a-f]+$/;

/** Is `v` a verifiable deal's proof as records.md has it? */
const isFairProof = (v: unknown): v is FairProof =>
  isObject(v) &&
  Object.keys(v).every((k) => ['commitment', 'seed', 'contributions', 'signature'].includes(k)) &&
  (!('signature' in v) || isSignatureValue(v.signature)) &&
  typeof v.commitment === 'string' &&
  /^[0-9a-f]{64}$/.test(v.commitment) &&
  typeof v.seed === 'string' &&
  v.seed.length > 0 &&
  v.seed.length <= 200 &&
  Array.isArray(v.contributions) &&
  v.contributions.length === 4 &&
  v.contributions.every((c) => c === null || (typeof c === 'string' && c.length <= 64 && HEX.test(c)));

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** Check a record's shape (spec: "JSON, shape, rules" come before any deal is replayed). */
function checkShape(value: unknown): EngineError | null {
  const bad = (message: string, where: { deal?: number; at?: string } = {}): EngineError => ({
    code: 'ERR_SCHEMA',
    message,
    ...where,
  });
  if (!isObject(value)) return bad('a record must be a JSON object {"rules": ..., "deals": [...]}');
  for (const key of Object.keys(value))
    if (key !== 'rules' && key !== 'deals' && key !== 'hints' && key !== 'signature')
      return bad(`unknown field "${key}" in the record`);
  if ('hints' in value && typeof value.hints !== 'boolean') return bad('"hints" must be true or false');
  if ('signature' in value && !isRecordSignature(value.signature))
    return bad('"signature" must be {"key", "table", "value"} (docs/spec/records.md)');
  if (!('rules' in value)) return bad('the record has no "rules"');
  const rules = value.rules;
  if (typeof rules !== 'string' && !isObject(rules)) return bad('"rules" must be a preset name or an object');
  if (!Array.isArray(value.deals) || value.deals.length === 0) return bad('"deals" must be a non-empty array');
  for (let d = 0; d < value.deals.length; d++) {
    const deal: unknown = value.deals[d];
    if (!isObject(deal)) return bad(`deal ${d} must be an object`, { deal: d });
    for (const key of Object.keys(deal))
      if (!DEAL_KEYS.includes(key) && !OPTIONAL_DEAL_KEYS.includes(key))
        return bad(`unknown field "${key}" in deal ${d}`, { deal: d });
    if ('fair' in deal && !isFairProof(deal.fair))
      return bad(
        `deal ${d}: "fair" must be {"commitment", "seed", "contributions"} and may have a "signature" (docs/spec/records.md)`,
        {
          deal: d,
        },
      );
    for (const key of DEAL_KEYS) if (!(key in deal)) return bad(`deal ${d} has no "${key}"`, { deal: d });
    if (typeof deal.dealer !== 'number' || !Number.isInteger(deal.dealer))
      return bad(`deal ${d}: "dealer" must be a whole number`, { deal: d });
    if (!isStringArray(deal.hands) || deal.hands.length !== 4)
      return bad(`deal ${d}: "hands" must be an array of four strings`, { deal: d });
    if (!isStringArray(deal.auction)) return bad(`deal ${d}: "auction" must be an array of strings`, { deal: d });
    for (let i = 0; i < deal.auction.length; i++)
      if (parseCall(deal.auction[i]!) === undefined)
        return bad(`unknown call "${deal.auction[i]}"`, { deal: d, at: `auction[${i}]` });
    if (!isStringArray(deal.play)) return bad(`deal ${d}: "play" must be an array of strings`, { deal: d });
    if ('claim' in deal) {
      const c = deal.claim;
      const whole = (x: unknown) => typeof x === 'number' && Number.isInteger(x);
      if (!isObject(c) || Object.keys(c).some((k) => k !== 'seat' && k !== 'at') || !whole(c.seat) || !whole(c.at))
        return bad(`deal ${d}: "claim" must be {"seat": <seat>, "at": <cards played before it>}`, { deal: d });
    }
  }
  return null;
}

/** Parse and fully validate a record given as JSON text. */
export function parseRecord(text: string, options: RecordOptions = {}): Result<GameRecord> {
  const r = loadRecordText(text, options);
  return r.ok ? ok(r.value.record) : r;
}

/** JSON text as a value, or ERR_JSON. */
export function parseJson(text: string): Result<unknown> {
  try {
    return ok(JSON.parse(text));
  } catch (e) {
    return fail('ERR_JSON', `not JSON: ${(e as Error).message}`);
  }
}

/** Parse JSON text and load the record it holds. */
export function loadRecordText(text: string, options: RecordOptions = {}): Result<LoadedRecord> {
  const value = parseJson(text);
  return value.ok ? loadRecord(value.value, options) : value;
}

/**
 * Validate a parsed JSON value as a record by replaying it, in the spec's order: shape, rules, then
 * deal by deal the dealer, the cards, the auction and the play. Card codes may be canonical or Polish;
 * the returned record holds canonical codes.
 */
export function loadRecord(value: unknown, options: RecordOptions = {}): Result<LoadedRecord> {
  const shapeError = checkShape(value);
  if (shapeError) return { ok: false, error: shapeError };
  const raw = value as { rules: unknown; deals: DealRecord[]; hints?: boolean; signature?: RecordSignature };
  const rules = resolveRules(raw.rules);
  if (!rules.ok) return rules;
  const table = new Table({
    rules: rules.value,
    dealer: raw.deals[0]!.dealer,
    seed: 0,
    cichaJudge: options.cichaJudge,
  });
  const deals: DealRecord[] = [];
  for (let d = 0; d < raw.deals.length; d++) {
    const entry = raw.deals[d]!;
    const where = (at?: string) => (at === undefined ? { deal: d } : { deal: d, at });
    // The dealer: a seat, rotating clockwise from deal to deal. RULES §1
    if (entry.dealer < 0 || entry.dealer > 3)
      return fail('ERR_DEALER', `dealer ${entry.dealer} is not a seat 0–3`, where());
    if (d > 0 && entry.dealer !== table.nextDealer)
      return fail('ERR_DEALER', `deal ${d} must be dealt by seat ${table.nextDealer}, not ${entry.dealer}`, where());
    // The cards: four distinct known codes per hand, the 16 cards of the pack together.
    const hands: number[][] = [];
    const canonicalHands: string[] = [];
    let all = 0;
    for (let s = 0; s < 4; s++) {
      const codes = entry.hands[s]!.split(' ');
      const cards = codes.map(parseCard);
      const unknown = codes.find((_, i) => cards[i] === undefined);
      if (unknown !== undefined) return fail('ERR_CARDS', `seat ${s}: unknown card code "${unknown}"`, where());
      const mask = (cards as number[]).reduce((m, c) => m | (1 << c), 0);
      if (cards.length !== 4 || popcount(mask) !== 4)
        return fail('ERR_CARDS', `seat ${s} must hold four distinct cards, not "${entry.hands[s]}"`, where());
      if (all & mask) return fail('ERR_CARDS', `seat ${s} holds a card dealt to another seat`, where());
      all |= mask;
      hands.push(cards as number[]);
      canonicalHands.push((cards as number[]).map(cardCode).join(' '));
    }
    const started = table.newDeal(hands);
    if (!started.ok) return fail(started.error.code, started.error.message, where());
    const deal = started.value;
    for (let i = 0; i < entry.auction.length; i++) {
      if (deal.phase !== 'auction') return fail('ERR_EXTRA', 'call after the auction ended', where(`auction[${i}]`));
      const r = table.apply(entry.auction[i]!);
      if (!r.ok) return fail(r.error.code, r.error.message, where(`auction[${i}]`));
    }
    const play: CardCode[] = [];
    const claim = entry.claim;
    // A claim comes after `at` cards and plays out the rest as written. RULES §7
    if (claim && (claim.seat < 0 || claim.seat > 3 || claim.at < 0 || claim.at >= 16 || claim.at >= entry.play.length))
      return fail('ERR_CLAIM', `the claim must be by a seat 0–3 after 0–15 of the cards played`, where('claim'));
    for (let i = 0; i < entry.play.length; i++) {
      if (claim && i === claim.at) {
        if (deal.phase !== 'play') return fail('ERR_CLAIM', 'a claim is made only during the play', where('claim'));
        const line = entry.play.slice(i).map(parseCard);
        const bad = line.findIndex((c) => c === undefined);
        if (bad >= 0) return fail('ERR_CARDS', `unknown card code "${entry.play[i + bad]}"`, where(`play[${i + bad}]`));
        const r = table.claim(claim.seat, line as number[]);
        if (!r.ok) return fail(r.error.code, r.error.message, where('claim'));
        for (const c of line) play.push(cardCode(c!));
        break;
      }
      if (deal.phase === 'auction')
        return fail('ERR_INCOMPLETE', 'cards are played before the auction has ended', where(`play[${i}]`));
      if (deal.phase === 'complete') return fail('ERR_EXTRA', 'card after the deal ended', where(`play[${i}]`));
      const card = parseCard(entry.play[i]!);
      if (card === undefined) return fail('ERR_CARDS', `unknown card code "${entry.play[i]}"`, where(`play[${i}]`));
      const r = table.apply(cardCode(card));
      if (!r.ok) return fail(r.error.code, r.error.message, where(`play[${i}]`));
      play.push(cardCode(card));
    }
    // Every deal but the last must be complete (spec: only after all of it replayed cleanly).
    if (d < raw.deals.length - 1 && !deal.isComplete) return fail('ERR_INCOMPLETE', `deal ${d} has not ended`, where());
    deals.push({
      dealer: entry.dealer,
      hands: canonicalHands as DealRecord['hands'],
      auction: [...entry.auction],
      play,
      ...(claim ? { claim: { seat: claim.seat, at: claim.at } } : {}),
      ...(entry.fair && { fair: structuredClone(entry.fair) }),
    });
  }
  const rulesSpec = typeof raw.rules === 'string' ? raw.rules : structuredClone(raw.rules);
  const record: GameRecord = {
    rules: rulesSpec as RulesSpec,
    deals,
    ...(raw.hints ? { hints: true } : {}),
    ...(raw.signature && { signature: structuredClone(raw.signature) }),
  };
  return ok({ record, rules: rules.value, table });
}

/** The record as JSON text (docs/spec/records.md). `parseRecord(makeRecord(x))` gives back `x`. */
export function makeRecord(record: GameRecord): string {
  return JSON.stringify({
    rules: record.rules,
    deals: record.deals.map((d) => ({
      dealer: d.dealer,
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

/** A deal as a record entry in canonical codes: each hand as dealt in the normal order, the calls, the cards played. */
export function recordOfDeal(deal: Deal): DealRecord {
  const hands = [0, 1, 2, 3].map((s) => sortByOrder(cardsOf(deal.dealt[s]!), ORDERS.normal).map(cardCode).join(' '));
  return {
    dealer: deal.dealer,
    hands: hands as DealRecord['hands'],
    auction: Array.from(deal.calls.subarray(0, deal.nCalls), callName),
    play: Array.from(deal.plays.subarray(0, deal.nPlays), (c) => cardCode(c) as CardCode),
    ...(deal.claimedBy >= 0 ? { claim: { seat: deal.claimedBy, at: deal.claimAt } } : {}),
  };
}

/** The record of a table's deals so far (those it keeps: see `Table.forget`). */
export function recordOfTable(table: Table, rules: RulesSpec, hints = false): GameRecord {
  return { rules, deals: table.deals.map(recordOfDeal), ...(hints ? { hints: true } : {}) };
}

/** `baska score`: every deal's score line, the totals and the bok-round deals still owed. */
export function scoreRecord(loaded: LoadedRecord): Result<ScoreReport> {
  const { table } = loaded;
  const last = table.current!;
  if (!last.isComplete)
    return fail('ERR_INCOMPLETE', `deal ${table.deals.length - 1} has not ended`, { deal: table.deals.length - 1 });
  return ok({
    deals: table.deals.map((d) => d.score!),
    totals: [...table.totals] as BySeat<number>,
    bokDealsLeft: table.bokDealsLeft,
  });
}

/** `baska legal`: what may happen next in the record's last deal. */
export function legalOfRecord(loaded: LoadedRecord): LegalReport {
  const deal = loaded.table.current!;
  if (deal.isComplete) return { phase: 'complete' };
  return { phase: deal.phase as 'auction' | 'play', seat: deal.toAct, legal: deal.legal() };
}

// @baska/engine: the rules of Baśka and Kop. See docs/rules.md (the "RULES §n" of comments) and docs/spec/records.md.
//
// The public surface, named: what the other packages, the bench and a reader of the README use.
// Rule internals (following, the auction's bookkeeping, score tables) stay inside; the integer and
// mask API for search is the separate entry `@baska/engine/fast` (fast.ts).

// Cards, codes and display. RULES §1
export type { Card, CardCode, CardMask, Lang } from './cards.js';
export {
  CARD_CODES,
  POINTS,
  RANK_SYMBOLS_PL,
  cardCode,
  cardName,
  cardSymbol,
  isRed,
  maskOf,
  parseCard,
  parseCards,
  polishPlural,
} from './cards.js';
export type { CardOrder } from './order.js';
export { ORDERS } from './order.js';

// Presets and options. RULES §6
export type { Contract, Game, Options, Preset, Rules, RulesSpec } from './rules.js';
export { CONTRACTS, DOUBLING_NAMES, PRESETS, resolveRules, rulesOf, rulesSpecOf } from './rules.js';

// Calls by their canonical and display names. RULES §3
export type { Call } from './calls.js';
export { callDisplayName, callName, doublingCall, doublingDisplayName, parseCall } from './calls.js';
// The doublings as a real table said them, and which count. RULES §3
export type { SaidDeal, SaidWord } from './said.js';
export { doublingsAsSaid } from './said.js';

// Errors as values with stable codes.
export type { EngineError, ErrorCode, Result } from './result.js';
export { ERROR_CODES } from './result.js';

// Random sources, shuffling and dealing.
export type { Rng } from './random.js';
export { CryptoRng, SeededRng, dealMasks, randomInt, rngFor, shuffleDeck } from './random.js';

// A deal, its views and a table of deals. RULES §2–§5
export type { CountedDoublings } from './auction.js';
export type { CichaJudge, DealSetup, Phase } from './deal.js';
export { Deal } from './deal.js';
export type { PlayerView, TrickView } from './view.js';
export { SPECTATOR, viewFor } from './view.js';
export type { TableSetup } from './table.js';
export { Table } from './table.js';
export type {
  ByTableSeat,
  LoadedTableOfFive,
  ProtocolRow,
  TableOfFiveDealRecord,
  TableOfFiveLegalReport,
  TableOfFiveRecord,
  TableOfFiveScoreReport,
  TableOfFiveSetup,
} from './table-five.js';
export {
  TableOfFive,
  legalOfTableOfFive,
  scoreTableOfFive,
  loadTableOfFiveRecord,
  makeTableOfFiveRecord,
  parseTableOfFiveRecord,
  recordOfTableOfFive,
  seatsOfDealAtFive,
} from './table-five.js';

// Results and scores. RULES §5
export type { BySeat, DealScore, Outcome, ScoreInput, Side } from './score.js';
export { baseValue, formatZloty, lossFactor, moneyGroszy, scoreDeal } from './score.js';

// Game records. spec/records.md
export type { FairProof, FairVerdict } from './fair.js';
export { dealSeed, fairHands, fairInput, sha256Hex, verifyFair } from './fair.js';
export type { RecordSignature } from './signed.js';
export {
  canonicalJson,
  commitmentStatement,
  isRecordSignature,
  isSignatureValue,
  keyThumbprintText,
  recordStatement,
} from './signed.js';
export type { DealRecord, GameRecord, LegalReport, LoadedRecord, RecordOptions, ScoreReport } from './record.js';
export {
  legalOfRecord,
  loadRecord,
  loadRecordText,
  makeRecord,
  parseJson,
  parseRecord,
  recordOfDeal,
  recordOfTable,
  scoreRecord,
} from './record.js';

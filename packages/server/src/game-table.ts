// The game behind a Room: the engine's four-seat `Table`, or its `TableOfFive` (RULES §9: the dealer
// of each deal sits it out, the other four play it). A Room numbers its seats round the table (0–3,
// or 0–4); a deal numbers its own four (0–3). This module is the one place that maps between them,
// always through the engine's own seating (`TableOfFive.seatsOf`), and makes the sheet's rows by
// table seat. See docs/decisions/010-tournaments-on-the-server.md, "Tables of five".
//
// A Room keeps the Deal object of the current deal only: once the next deal is dealt, what the
// table still needs of the earlier one (its sheet row, its record entry, its seats) is kept as a
// `PastDeal` and the engine table `forget`s it, so an endless table's memory does not grow by a
// whole Deal a deal (some 4 KB of heap with its typed arrays). Deal n is then
// `t.deals[n - t.forgotten]` while it is kept. The Room keeps the last PastDeals only: every complete
// deal's row and entry are written to storage as it ends (`StoredDeal`, past-deals.ts).
import type { SheetRow } from '@baska/protocol';
import {
  type Deal,
  type DealRecord,
  type FairProof,
  type GameRecord,
  type Rules,
  type RulesSpec,
  type Table,
  TableOfFive,
  type TableOfFiveDealRecord,
  type TableOfFiveRecord,
  makeRecord,
  makeTableOfFiveRecord,
  recordOfDeal,
} from '@baska/engine';
import { newTable, newTableOfFive } from '@baska/ai';

export type GameTable = Table | TableOfFive;

/** The seats of a table of four: the deal's seats are the table's. */
const FOUR: readonly number[] = [0, 1, 2, 3];

/** A new game for `players` seats, dealt first by table seat `dealer` (0–3, or 0–4 at five). */
export function newGameTable(rules: Rules, players: number, dealer: number, seed: string): GameTable {
  return players === 5 ? newTableOfFive({ rules, dealer, seed }) : newTable({ rules, dealer, seed });
}

/**
 * The table seats playing deal n, by the deal's seats 0–3 (RULES §9 at five); the identity at four
 * and before a game is under way.
 */
export function seatsOfDeal(t: GameTable | null, n: number): readonly number[] {
  return t instanceof TableOfFive ? t.seatsOf(n) : FOUR;
}

/** The table seats playing the next deal, by its seats 0–3: the order its hands are dealt in. */
export const seatsOfNextDeal = (t: GameTable): readonly number[] => seatsOfDeal(t, t.dealCount);

/** The deal's seat that deals the next deal (the seeded shuffle deals from it). */
export const nextDealDealer = (t: GameTable): number => (t instanceof TableOfFive ? t.nextDealDealer : t.nextDealer);

/** The table seat that dealt deal n and sits it out at a table of five; null at four. RULES §9 */
export const sitterOut = (t: GameTable, n: number): number | null => (t instanceof TableOfFive ? t.dealerOf(n) : null);

/**
 * The score sheet's row of deal n by table seat, once scored: the deal's scores at the seats that
 * played it, `null` for the one who sat out (the protocol's row, spec/tournament.md); else null.
 */
export function rowOf(t: GameTable, n: number): (number | null)[] | null {
  if (t instanceof TableOfFive) return t.rowOf(n);
  const score = dealOf(t, n)?.score;
  return score ? [...score.scores] : null;
}

/** Deal n while the table keeps it (not forgotten, and dealt). */
export const dealOf = (t: GameTable, n: number): Deal | undefined =>
  n >= t.forgotten ? t.deals[n - t.forgotten] : undefined;

/** The seats' running totals, by table seat. */
export const totalsOf = (t: GameTable): number[] => [...t.totals];

/** What a Room keeps of a deal once the next one is dealt, its Deal object forgotten. */
export interface PastDeal {
  /** Its row on the score sheet, by table seat, with its proof (revealed: the deal is over). */
  row: SheetRow;
  /** Its entry in the game's record (at five with the table seats that played it), with its proof. */
  record: DealRecord | TableOfFiveDealRecord;
  /** The table seats that played it, by its seats 0–3. */
  seats: readonly number[];
}

/** The sheet's row of deal n, kept and complete (else null): by table seat, as RULES §9 has it at five. */
export function sheetRowOf(t: GameTable, n: number): Omit<SheetRow, 'fair'> | null {
  const score = dealOf(t, n)?.score;
  if (!score) return null;
  const seats = seatsOfDeal(t, n);
  return {
    // At five the dealer is the one who sat out (RULES §9).
    dealer: sitterOut(t, n) ?? dealOf(t, n)!.dealer,
    contract: score.contract,
    declarer: score.declarer === null ? null : seats[score.declarer]!,
    bokRound: score.bokRound,
    scores: rowOf(t, n)!,
  };
}

/** The record entry of deal n while the table keeps it (at five with its seats, decision 006). */
function recordEntryOf(t: GameTable, n: number): DealRecord | TableOfFiveDealRecord {
  const r = recordOfDeal(dealOf(t, n)!);
  return t instanceof TableOfFive ? { ...r, seats: t.seatsOf(n) } : r;
}

/** What is kept of deal n, complete, with its proof (none for a deal dealt before verifiable deals). */
export function pastOf(t: GameTable, n: number, fair: FairProof | undefined): PastDeal {
  const row = sheetRowOf(t, n)!;
  const record = recordEntryOf(t, n);
  return fair
    ? { row: { ...row, fair }, record: { ...record, fair }, seats: seatsOfDeal(t, n) }
    : { row, record, seats: seatsOfDeal(t, n) };
}

/**
 * A game's record (docs/spec/records.md; at five with `"players": 5` and each deal's `seats`,
 * decision 006) of these deals' entries.
 */
export function recordOf(
  deals: readonly (DealRecord | TableOfFiveDealRecord)[],
  settings: { rulesSpec: RulesSpec; players?: 4 | 5; hints?: boolean },
): GameRecord | TableOfFiveRecord {
  const h = settings.hints === true ? { hints: true } : {};
  return settings.players === 5
    ? { rules: settings.rulesSpec, players: 5, deals: deals as TableOfFiveDealRecord[], ...h }
    : { rules: settings.rulesSpec, deals: deals as DealRecord[], ...h };
}

/** A game's record as JSON text, of four or of five. */
export const recordText = (r: GameRecord | TableOfFiveRecord): string =>
  'players' in r ? makeTableOfFiveRecord(r) : makeRecord(r);

// The game behind a Room: the engine's four-seat `Table`, or its `TableOfFive` (RULES §9: the dealer
// of each deal sits it out, the other four play it). A Room numbers its seats round the table (0–3,
// or 0–4); a deal numbers its own four (0–3). This module is the one place that maps between them,
// always through the engine's own seating (`TableOfFive.seatsOf`), and makes the sheet's rows by
// table seat. See docs/decisions/010-tournaments-on-the-server.md, "Tables of five".
import {
  type Deal,
  type GameRecord,
  type Rules,
  type RulesSpec,
  type Table,
  TableOfFive,
  type TableOfFiveRecord,
  makeRecord,
  makeTableOfFiveRecord,
  recordOfTable,
  recordOfTableOfFive,
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
export const seatsOfNextDeal = (t: GameTable): readonly number[] => seatsOfDeal(t, t.deals.length);

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
  const score = t.deals[n]?.score;
  return score ? [...score.scores] : null;
}

/** The seats' running totals, by table seat. */
export const totalsOf = (t: GameTable): number[] => [...t.totals];

/** The complete deals that table seat `seat` played (every one at four; at five, not those it sat out). */
export function dealsPlayedBy(t: GameTable, seat: number): number {
  return t.deals.filter((d: Deal, n) => d.isComplete && seatsOfDeal(t, n).includes(seat)).length;
}

/** The game's record (docs/spec/records.md; at five with `"players": 5` and each deal's `seats`, decision 006). */
export function recordOf(t: GameTable, rules: RulesSpec, hints: boolean) {
  return t instanceof TableOfFive ? recordOfTableOfFive(t, rules, hints) : recordOfTable(t, rules, hints);
}

/** A game's record as JSON text, of four or of five. */
export const recordText = (r: GameRecord | TableOfFiveRecord): string =>
  'players' in r ? makeTableOfFiveRecord(r) : makeRecord(r);

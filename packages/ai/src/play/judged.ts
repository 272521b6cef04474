// Tables, deals and records with the cicha judge bound (RULES §7, `cichaMustBeLosable`): the engine
// cannot solve a deal, so it asks a judge whether a cicha is a sure win, and without one it silently
// lets the holder of both black queens pass. Every table, deal and record the AI's users play or
// check is made here, so that none can forget the judge.
import {
  type CardMask,
  type Deal,
  type DealSetup,
  type LoadedRecord,
  type LoadedTableOfFive,
  type Result,
  type Rules,
  type TableOfFiveSetup,
  type TableSetup,
  Deal as DealClass,
  Table,
  TableOfFive,
  loadRecord,
  loadRecordText,
  loadTableOfFiveRecord,
} from '@baska/engine';
import { cichaIsSure } from '../solve/cicha.js';

/** A table whose deals enforce `cichaMustBeLosable` when the rules ask for it. RULES §7 */
export function newTable(setup: Omit<TableSetup, 'cichaJudge'>): Table {
  return new Table({ ...setup, cichaJudge: cichaIsSure });
}

/** A table of five (the dealer sits out each deal) with the same judge. RULES §7, §9 */
export function newTableOfFive(setup: Omit<TableOfFiveSetup, 'cichaJudge'>): TableOfFive {
  return new TableOfFive({ ...setup, cichaJudge: cichaIsSure });
}

/** A deal with the given hands that enforces `cichaMustBeLosable` when the rules ask for it. RULES §7 */
export function startDeal(setup: Omit<DealSetup, 'cichaJudge'>): Result<Deal> {
  return DealClass.start({ ...setup, cichaJudge: cichaIsSure });
}

/** The same from trusted hands (masks by seat), for code that builds deals itself; throws on bad hands. */
export function dealOf(rules: Rules, dealer: number, hands: ArrayLike<CardMask>, inBokRound = false): Deal {
  const started = startDeal({ rules, dealer, hands, inBokRound });
  if (!started.ok) throw new Error(`${started.error.code}: ${started.error.message}`);
  return started.value;
}

/** A record (docs/spec/records.md) replayed under its rules, `cichaMustBeLosable` included. RULES §7 */
export function readRecord(value: unknown): Result<LoadedRecord> {
  return loadRecord(value, { cichaJudge: cichaIsSure });
}

/** The same, from the record's JSON text. */
export function readRecordText(text: string): Result<LoadedRecord> {
  return loadRecordText(text, { cichaJudge: cichaIsSure });
}

/** A table-of-five record (decision 006) replayed under its rules, `cichaMustBeLosable` included. RULES §7, §9 */
export function readTableOfFiveRecord(value: unknown): Result<LoadedTableOfFive> {
  return loadTableOfFiveRecord(value, { cichaJudge: cichaIsSure });
}

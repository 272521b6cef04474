// Where tables live between processes: the event log (the truth) and the projections kept beside
// it for the lobby and the archive (a game's status and record, each complete deal's sheet row and
// record entry, each player's seat and running total). The server core sees only this interface, so it can run on SQLite, PostgreSQL or memory.
import type { DealRecord, TableOfFiveDealRecord } from '@baska/engine';
import type { SheetRow } from '@baska/protocol';
import type { RatedResult } from './ratings/store.js';
import type { StoredEvent } from './room.js';

export type TableStatus = 'open' | 'playing' | 'finished';

/** A table's row: what it was created with. */
export interface TableRow {
  id: string;
  owner: number;
  /** Settings as JSON: rules, stake, seconds per move, public, deals. */
  settings: string;
  public: boolean;
  createdAt: string;
}

/** A player's line at a table: his seat and his running total there. */
export interface PlayerLine {
  player: number;
  seat: number;
  total: number;
  deals: number;
}

/**
 * A complete deal as storage keeps it beside the log: deal `n` (from 0) of its table, its row of the
 * score sheet and its entry in the record, each with its proof. A Room keeps only the last ones in
 * memory (room.ts); the sheet's and the record's earlier deals are read from here (past-deals.ts).
 */
export interface StoredDeal {
  n: number;
  row: SheetRow;
  record: DealRecord | TableOfFiveDealRecord;
}

/**
 * What a command changes beside the log, written in the same transaction as its events. Absent
 * fields stay as they are.
 */
export interface Projection {
  status?: TableStatus;
  /** The finished game's record (docs: records), as JSON: written once, when the game ends. */
  record?: string;
  /** Deals that have just ended: each written once (a deal already stored stays as it is). */
  deals?: StoredDeal[];
  /** Lines to insert or replace. */
  lines?: PlayerLine[];
  /** Players whose line goes (they left before the start, or the table closed unplayed). */
  drop?: number[];
  /** When set, every line of this table whose player is not in it goes (a full resync). */
  keepOnly?: number[];
  /** A rated game has just ended: its result goes into the ratings in the same transaction. */
  rated?: RatedResult;
}

export interface HistoryRow {
  id: string;
  status: TableStatus;
  settings: string;
  createdAt: string;
  seat: number;
  total: number;
  deals: number;
}

export interface Storage {
  /** A new table with its first events, in one transaction. */
  createTable(row: TableRow, events: StoredEvent[], projection: Projection): Promise<void>;
  /**
   * Append events after `version` (the first gets version + 1) with their projection, in one
   * transaction. Throws a `StaleLog` when another writer took one of those versions first.
   */
  append(id: string, version: number, events: StoredEvent[], projection: Projection): Promise<void>;
  /** A table's row and its events after `version` (0: all), or null when there is no such table. */
  load(id: string, version?: number): Promise<{ row: TableRow; events: StoredEvent[] } | null>;
  /** A table's stored deals `from` ≤ n < `to`, in order. */
  deals(id: string, from: number, to: number): Promise<StoredDeal[]>;
  /** Tables being played, for a restart. */
  inPlay(): Promise<string[]>;
  /** Tables not yet finished (open or in play): with several processes, each needs one to run its time. */
  unfinished(): Promise<string[]>;
  /** The last version in the log of each of these tables (absent: no events). */
  versions(ids: string[]): Promise<Map<string, number>>;
  /** Public tables not yet finished, newest first. */
  lobby(limit: number): Promise<string[]>;
  /** The tables not yet finished that `owner` created, or among `ids`. */
  openTables(by: { owner: number } | { ids: string[] }): Promise<string[]>;
  /** A player's tables, newest first. */
  historyOf(player: number): Promise<HistoryRow[]>;
}

/** Another writer took a version first: the copy in memory is behind the log. */
export class StaleLog extends Error {}

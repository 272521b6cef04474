// The Storage of tables in memory: the same contract as the databases (a version taken twice is a
// StaleLog; a command's events and projection land together or not at all), for tests of the core
// without a database and for trying a server out. Nothing survives the process.
import type { StoredEvent } from './room.js';
import {
  type HistoryRow,
  type PlayerLine,
  type Projection,
  StaleLog,
  type Storage,
  type StoredDeal,
  type TableRow,
  type TableStatus,
} from './storage.js';

interface Stored {
  row: TableRow;
  events: StoredEvent[];
  status: TableStatus;
  record: string | null;
  /** The complete deals' rows and record entries, by n. */
  deals: Map<number, StoredDeal>;
  lines: Map<number, PlayerLine>;
}

export class MemoryStorage implements Storage {
  private readonly tables = new Map<string, Stored>();
  /** The rated results written with the games' ends, in order (the ratings themselves live in SQL). */
  readonly rated: { id: string; result: Projection['rated'] & object }[] = [];

  /** Every write goes through here first: a test makes it throw to play a failing database. */
  beforeWrite: (id: string, version: number, events: StoredEvent[], projection: Projection) => void = () => {};

  private write(t: Stored, version: number, events: StoredEvent[], p: Projection): void {
    if (t.events.length !== version) throw new StaleLog(`table ${t.row.id}: version ${version + 1} is taken`);
    this.beforeWrite(t.row.id, version, events, p);
    t.events.push(...structuredClone(events));
    if (p.status !== undefined) t.status = p.status;
    if (p.record !== undefined) t.record = p.record;
    for (const d of p.deals ?? []) if (!t.deals.has(d.n)) t.deals.set(d.n, structuredClone(d));
    for (const l of p.lines ?? []) t.lines.set(l.player, { ...l });
    for (const id of p.drop ?? []) t.lines.delete(id);
    if (p.keepOnly) for (const id of t.lines.keys()) if (!p.keepOnly.includes(id)) t.lines.delete(id);
    if (p.rated) this.rated.push({ id: t.row.id, result: structuredClone(p.rated) });
  }

  async createTable(row: TableRow, events: StoredEvent[], projection: Projection): Promise<void> {
    if (this.tables.has(row.id)) throw new StaleLog(`table ${row.id} exists`);
    const t: Stored = { row: { ...row }, events: [], status: 'open', record: null, deals: new Map(), lines: new Map() };
    this.write(t, 0, events, projection);
    this.tables.set(row.id, t);
  }

  async append(id: string, version: number, events: StoredEvent[], projection: Projection): Promise<void> {
    const t = this.tables.get(id);
    if (!t) throw new Error(`no table ${id}`);
    this.write(t, version, events, projection);
  }

  async load(id: string, version = 0) {
    const t = this.tables.get(id);
    return t ? { row: { ...t.row }, events: structuredClone(t.events.slice(version)) } : null;
  }

  async deals(id: string, from: number, to: number): Promise<StoredDeal[]> {
    const deals = [...(this.tables.get(id)?.deals.values() ?? [])];
    return structuredClone(deals.filter((d) => d.n >= from && d.n < to).sort((a, b) => a.n - b.n));
  }

  /** How many events a table's log holds. */
  logLength(id: string): number {
    return this.tables.get(id)?.events.length ?? 0;
  }

  /** The game's record as stored (JSON), or null. */
  record(id: string): string | null {
    return this.tables.get(id)?.record ?? null;
  }

  async inPlay(): Promise<string[]> {
    return [...this.tables.values()].filter((t) => t.status === 'playing').map((t) => t.row.id);
  }

  async unfinished(): Promise<string[]> {
    return [...this.tables.values()].filter((t) => t.status !== 'finished').map((t) => t.row.id);
  }

  async versions(ids: string[]): Promise<Map<string, number>> {
    return new Map(ids.flatMap((id) => (this.tables.has(id) ? [[id, this.logLength(id)] as const] : [])));
  }

  async lobby(limit: number): Promise<string[]> {
    return [...this.tables.values()]
      .filter((t) => t.row.public && t.status !== 'finished')
      .sort((a, b) => b.row.createdAt.localeCompare(a.row.createdAt))
      .slice(0, limit)
      .map((t) => t.row.id);
  }

  async openTables(by: { owner: number } | { ids: string[] }): Promise<string[]> {
    return [...this.tables.values()]
      .filter((t) => t.status !== 'finished' && ('owner' in by ? t.row.owner === by.owner : by.ids.includes(t.row.id)))
      .map((t) => t.row.id);
  }

  async historyOf(player: number): Promise<HistoryRow[]> {
    const rows: HistoryRow[] = [];
    for (const t of this.tables.values()) {
      const l = t.lines.get(player);
      if (l) rows.push({ id: t.row.id, status: t.status, settings: t.row.settings, createdAt: t.row.createdAt, ...l });
    }
    return rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }
}

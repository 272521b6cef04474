// The Storage of tables in SQLite or PostgreSQL through Kysely: `game_event` (primary key game +
// version) is the log; `game`, `game_deal` and `game_player` are its projections, written in the
// same transaction.
import type { Transaction } from 'kysely';
import { type Database, type Db, isDuplicateKey, retryBusy } from './db.js';
import { applyResult } from './ratings/store.js';
import type { StoredEvent } from './room.js';
import {
  type HistoryRow,
  type Projection,
  StaleLog,
  type Storage,
  type StoredDeal,
  type TableRow,
  type TableStatus,
} from './storage.js';

const now = () => new Date().toISOString();

/**
 * The last version in the log of each of these tables (`version` null: no events): the last entry
 * of each table's part of the primary key (game, seq), one read of the index per table. Every
 * process asks this for every table it follows every two seconds; a max over a group by made
 * PostgreSQL read the whole log each time, which grows with every move (issue 20).
 */
export function versionsQuery(db: Db, ids: string[]) {
  return db
    .selectFrom('game')
    .where('game.id', 'in', ids)
    .select((eb) => [
      'game.id',
      eb
        .selectFrom('game_event')
        .select('game_event.seq')
        .whereRef('game_event.game_id', '=', 'game.id')
        .orderBy('game_event.seq', 'desc')
        .limit(1)
        .as('version'),
    ]);
}

export class SqlStorage implements Storage {
  constructor(private readonly db: Db) {}

  async createTable(row: TableRow, events: StoredEvent[], projection: Projection): Promise<void> {
    await retryBusy(() =>
      this.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('game')
          .values({
            id: row.id,
            owner_id: row.owner,
            settings: row.settings,
            status: 'open',
            public: row.public ? 1 : 0,
            created_at: row.createdAt,
            record: null,
          })
          .execute();
        await this.write(trx, row.id, 0, events, projection);
      }),
    );
  }

  async append(id: string, version: number, events: StoredEvent[], projection: Projection): Promise<void> {
    const alone = Object.keys(projection).length === 0; // one statement: no transaction needed
    try {
      await retryBusy(() =>
        alone
          ? this.write(this.db, id, version, events, projection)
          : this.db.transaction().execute((trx) => this.write(trx, id, version, events, projection)),
      );
    } catch (e) {
      if (isDuplicateKey(e)) throw new StaleLog(`table ${id}: version ${version + 1} was written by another writer`);
      throw e;
    }
  }

  private async write(
    trx: Transaction<Database> | Db,
    id: string,
    version: number,
    events: StoredEvent[],
    p: Projection,
  ) {
    const at = now();
    if (events.length > 0)
      await trx
        .insertInto('game_event')
        .values(events.map((e, i) => ({ game_id: id, seq: version + 1 + i, body: JSON.stringify(e), created_at: at })))
        .execute();
    if (p.status !== undefined || p.record !== undefined)
      await trx
        .updateTable('game')
        .set({
          ...(p.status !== undefined && { status: p.status }),
          ...(p.record !== undefined && { record: p.record }),
        })
        .where('id', '=', id)
        .execute();
    if (p.deals?.length)
      await trx
        .insertInto('game_deal')
        .values(
          p.deals.map((d) => ({ game_id: id, n: d.n, row: JSON.stringify(d.row), record: JSON.stringify(d.record) })),
        )
        // Written once: a deal stored already (a command written again after its answer was lost) stays.
        .onConflict((oc) => oc.columns(['game_id', 'n']).doNothing())
        .execute();
    for (const l of p.lines ?? [])
      await trx
        .insertInto('game_player')
        .values({ game_id: id, player_id: l.player, seat: l.seat, total: l.total, deals: l.deals })
        .onConflict((oc) =>
          oc.columns(['game_id', 'player_id']).doUpdateSet({ seat: l.seat, total: l.total, deals: l.deals }),
        )
        .execute();
    if (p.drop?.length)
      await trx.deleteFrom('game_player').where('game_id', '=', id).where('player_id', 'in', p.drop).execute();
    if (p.keepOnly) {
      let q = trx.deleteFrom('game_player').where('game_id', '=', id);
      if (p.keepOnly.length) q = q.where('player_id', 'not in', p.keepOnly);
      await q.execute();
    }
    if (p.rated) await applyResult(trx, id, p.rated);
  }

  async load(id: string, version = 0) {
    const row = await this.db.selectFrom('game').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    const events = await this.db
      .selectFrom('game_event')
      .select('body')
      .where('game_id', '=', id)
      .where('seq', '>', version)
      .orderBy('seq')
      .execute();
    return {
      row: {
        id: row.id,
        owner: Number(row.owner_id),
        settings: row.settings,
        public: row.public === 1,
        createdAt: row.created_at,
      },
      events: events.map((e) => JSON.parse(e.body) as StoredEvent),
    };
  }

  async deals(id: string, from: number, to: number): Promise<StoredDeal[]> {
    if (to <= from) return [];
    const rows = await this.db
      .selectFrom('game_deal')
      .select(['n', 'row', 'record'])
      .where('game_id', '=', id)
      .where('n', '>=', from)
      .where('n', '<', to)
      .orderBy('n')
      .execute();
    return rows.map((r) => ({ n: Number(r.n), row: JSON.parse(r.row), record: JSON.parse(r.record) }));
  }

  async inPlay(): Promise<string[]> {
    const rows = await this.db.selectFrom('game').select('id').where('status', '=', 'playing').execute();
    return rows.map((r) => r.id);
  }

  async unfinished(): Promise<string[]> {
    const rows = await this.db.selectFrom('game').select('id').where('status', '!=', 'finished').execute();
    return rows.map((r) => r.id);
  }

  async versions(ids: string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (let i = 0; i < ids.length; i += 500)
      for (const r of await versionsQuery(this.db, ids.slice(i, i + 500)).execute())
        if (r.version !== null) out.set(r.id, Number(r.version));
    return out;
  }

  async lobby(limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('game')
      .select('id')
      .where('public', '=', 1)
      .where('status', '!=', 'finished')
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  async openTables(by: { owner: number } | { ids: string[] }): Promise<string[]> {
    if ('ids' in by && by.ids.length === 0) return [];
    let q = this.db.selectFrom('game').select('id').where('status', '!=', 'finished');
    q = 'owner' in by ? q.where('owner_id', '=', by.owner) : q.where('id', 'in', by.ids);
    return (await q.execute()).map((r) => r.id);
  }

  async historyOf(player: number): Promise<HistoryRow[]> {
    const rows = await this.db
      .selectFrom('game_player')
      .innerJoin('game', 'game.id', 'game_player.game_id')
      .select(['game.id', 'game.status', 'game.settings', 'game.created_at', 'game_player.seat', 'total', 'deals'])
      .where('player_id', '=', player)
      .orderBy('game.created_at', 'desc')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      status: r.status as TableStatus,
      settings: r.settings,
      createdAt: r.created_at,
      seat: Number(r.seat),
      total: Number(r.total),
      deals: Number(r.deals),
    }));
  }
}

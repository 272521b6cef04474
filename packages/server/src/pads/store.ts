// Score pads kept on the server: their own two tables, and the few operations on them. A pad's rows
// are never stored: they are computed from its entries by @baska/tournament's pad, the one scoring.
//
//   pad        id, owner, names, rules, first dealer, stake, version (up with every change)
//   pad_entry  the entries in order (pad, seq), each under its client-made id (unique per pad);
//              an undone entry stays, marked, so that a late resend of its id changes nothing
import { randomBytes } from 'node:crypto';
import type { RulesSpec } from '@baska/engine';
import type { PadRowView, PadSummary, PadView } from '@baska/protocol';
import { type Entry, type Pad, newPad, padAdd, padFile, padMoney, padNext, padOfFile } from '@baska/tournament';
import { type Kysely, sql } from 'kysely';
import { type Db, type Dialect, isDuplicateKey, retryBusy } from '../db.js';
import { GameError } from '../errors.js';

export interface PadTables {
  pad: {
    id: string;
    owner_id: number;
    names: string;
    rules: string;
    first_dealer: number;
    stake: number;
    version: number;
    created_at: string;
  };
  pad_entry: {
    pad_id: string;
    seq: number;
    entry_id: string;
    body: string;
    undone: number;
    created_at: string;
  };
}

type PadDb = Kysely<PadTables>;
const padDb = (db: Db): PadDb => db as unknown as PadDb; // the same database, seen through the pad tables

/** Pads one player may keep; the oldest must be deleted by hand past it (a family plays for years). */
export const PADS_PER_PLAYER = 500;

/** Create the pad tables that do not exist yet (called from db.ts's migrate). */
export async function migratePads(db: Db, _dialect: Dialect): Promise<void> {
  const d = padDb(db);
  await d.schema
    .createTable('pad')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('names', 'text', (c) => c.notNull())
    .addColumn('rules', 'text', (c) => c.notNull())
    .addColumn('first_dealer', 'integer', (c) => c.notNull())
    .addColumn('stake', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await sql`create index if not exists pad_by_owner on pad (owner_id)`.execute(db);
  await d.schema
    .createTable('pad_entry')
    .ifNotExists()
    .addColumn('pad_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('entry_id', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('undone', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('pad_entry_pk', ['pad_id', 'seq'])
    .execute();
  await sql`create unique index if not exists pad_entry_id on pad_entry (pad_id, entry_id)`.execute(db);
}

interface Loaded {
  row: PadTables['pad'];
  pad: Pad;
  /** The live entries' ids, in order. */
  ids: string[];
  lastSeq: number;
}

const now = () => new Date().toISOString();

export class Pads {
  private readonly db: PadDb;

  constructor(db: Db) {
    this.db = padDb(db);
  }

  async create(
    owner: number,
    body: { names: string[]; preset: string; options: Record<string, unknown>; firstDealer: number; stake: number },
  ): Promise<PadView> {
    const rules: RulesSpec = Object.keys(body.options).length
      ? ({ preset: body.preset, ...body.options } as RulesSpec)
      : (body.preset as RulesSpec);
    const made = newPad(rules, body.names, { firstDealer: body.firstDealer });
    if (!made.ok) throw new GameError(made.error.code, made.error.message);
    const { count } = await this.db
      .selectFrom('pad')
      .select((e) => e.fn.countAll<number>().as('count'))
      .where('owner_id', '=', owner)
      .executeTakeFirstOrThrow();
    if (Number(count) >= PADS_PER_PLAYER)
      throw new GameError('ERR_TOO_MANY', `${PADS_PER_PLAYER} pads per player at most`);
    const file = padFile(made.value);
    const row: PadTables['pad'] = {
      id: randomBytes(9).toString('base64url'), // 72 random bits: knowing the link is the invitation to watch
      owner_id: owner,
      names: JSON.stringify(file.names),
      rules: JSON.stringify(file.rules),
      first_dealer: file.firstDealer,
      stake: body.stake,
      version: 0,
      created_at: now(),
    };
    await retryBusy(() => this.db.insertInto('pad').values(row).execute());
    return view({ row, pad: made.value, ids: [], lastSeq: 0 }, owner);
  }

  async list(owner: number): Promise<PadSummary[]> {
    const rows = await this.db
      .selectFrom('pad')
      .selectAll()
      .where('owner_id', '=', owner)
      .orderBy('created_at', 'desc')
      .limit(100)
      .execute();
    const out: PadSummary[] = [];
    for (const row of rows) {
      const l = await this.loadRow(this.db, row);
      out.push({
        id: row.id,
        names: [...l.pad.names],
        deals: l.pad.rows.length,
        totals: [...l.pad.totals],
        createdAt: row.created_at,
      });
    }
    return out;
  }

  /** The pad as anyone with its id sees it; `since`: null when its version is still that. */
  async get(id: string, viewer: number | null, since?: number): Promise<PadView | null> {
    const row = await this.db.selectFrom('pad').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new GameError('ERR_NOT_FOUND', 'no such pad');
    if (since !== undefined && row.version === since) return null;
    return view(await this.loadRow(this.db, row), viewer);
  }

  /** Add a deal; an id already seen (even undone) answers with the pad as it is and changes nothing. */
  async add(
    id: string,
    player: number,
    entry: { id: string } & Record<string, unknown>,
  ): Promise<{ pad: PadView; duplicate: boolean }> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await retryBusy(() =>
          this.db.transaction().execute(async (trx) => {
            const l = await this.load(trx, id, player);
            const seen = await trx
              .selectFrom('pad_entry')
              .select('seq')
              .where('pad_id', '=', id)
              .where('entry_id', '=', entry.id)
              .executeTakeFirst();
            if (seen) return { pad: view(l, player), duplicate: true };
            const r = padAdd(l.pad, entry);
            if (!r.ok)
              throw new GameError(
                r.error.code,
                r.error.field ? `${r.error.field}: ${r.error.message}` : r.error.message,
              );
            const stored = r.value.entries[r.value.entries.length - 1]!;
            await trx
              .insertInto('pad_entry')
              .values({
                pad_id: id,
                seq: l.lastSeq + 1,
                entry_id: entry.id,
                body: JSON.stringify(stored),
                undone: 0,
                created_at: now(),
              })
              .execute();
            const version = l.row.version + 1;
            await trx.updateTable('pad').set({ version }).where('id', '=', id).execute();
            return {
              pad: view(
                { row: { ...l.row, version }, pad: r.value, ids: [...l.ids, entry.id], lastSeq: l.lastSeq + 1 },
                player,
              ),
              duplicate: false,
            };
          }),
        );
      } catch (e) {
        // Two sends at once: one took the sequence number (or the id); the next attempt sees it.
        if (isDuplicateKey(e) && attempt < 3) continue;
        throw e;
      }
    }
  }

  /** Take back the last deal, named by its id: sent twice, it takes back one deal. */
  async undo(id: string, player: number, entryId: string): Promise<PadView> {
    return retryBusy(() =>
      this.db.transaction().execute(async (trx) => {
        const l = await this.load(trx, id, player);
        const e = await trx
          .selectFrom('pad_entry')
          .select(['seq', 'undone'])
          .where('pad_id', '=', id)
          .where('entry_id', '=', entryId)
          .executeTakeFirst();
        if (!e) throw new GameError('ERR_NOT_FOUND', 'no such deal on this pad');
        if (e.undone) return view(l, player); // taken back already
        if (l.ids[l.ids.length - 1] !== entryId)
          throw new GameError('ERR_STALE', 'only the last deal can be taken back');
        await trx
          .updateTable('pad_entry')
          .set({ undone: 1 })
          .where('pad_id', '=', id)
          .where('seq', '=', e.seq)
          .execute();
        const version = l.row.version + 1;
        await trx.updateTable('pad').set({ version }).where('id', '=', id).execute();
        return view(await this.loadRow(trx, { ...l.row, version }), player);
      }),
    );
  }

  private async load(db: PadDb, id: string, player: number): Promise<Loaded> {
    const row = await db.selectFrom('pad').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new GameError('ERR_NOT_FOUND', 'no such pad');
    if (row.owner_id !== player) throw new GameError('ERR_NOT_OWNER', 'only the one who keeps the pad writes in it');
    return this.loadRow(db, row);
  }

  private async loadRow(db: PadDb, row: PadTables['pad']): Promise<Loaded> {
    const entries = await db
      .selectFrom('pad_entry')
      .select(['entry_id', 'body', 'seq'])
      .where('pad_id', '=', row.id)
      .where('undone', '=', 0)
      .orderBy('seq')
      .execute();
    const last = await db
      .selectFrom('pad_entry')
      .select((e) => e.fn.max('seq').as('seq'))
      .where('pad_id', '=', row.id)
      .executeTakeFirst();
    const r = padOfFile({
      rules: JSON.parse(row.rules),
      names: JSON.parse(row.names),
      firstDealer: row.first_dealer,
      entries: entries.map((e) => JSON.parse(e.body) as Entry),
    });
    if (!r.ok) throw new Error(`pad ${row.id} no longer loads: ${r.error.message}`); // checked on the way in
    return { row, pad: r.value, ids: entries.map((e) => e.entry_id), lastSeq: Number(last?.seq ?? 0) };
  }
}

function view(l: Loaded, viewer: number | null): PadView {
  const { pad, row } = l;
  const rows: PadRowView[] = pad.rows.map((r, i) => ({ id: l.ids[i]!, ...r, offence: r.offence && { ...r.offence } }));
  return {
    id: row.id,
    names: [...pad.names],
    rules: padFile(pad).rules,
    firstDealer: pad.firstDealer,
    stake: row.stake,
    rows,
    totals: [...pad.totals],
    money: padMoney(pad, row.stake),
    bokDealsLeft: pad.bokDealsLeft,
    next: padNext(pad),
    version: row.version,
    mine: viewer === row.owner_id,
    createdAt: row.created_at,
  };
}

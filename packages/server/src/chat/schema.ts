// The chat's own table, created by its own migration (called from db.ts's migrate): the lines
// players reported, kept with their words for the operator. Chat lines themselves live in memory.
import type { Db } from '../db.js';

export interface ChatTables {
  chat_report: {
    table_id: string;
    line_id: number;
    reporter_id: number;
    author_id: number;
    /** The reported line as the table saw it (JSON of a ChatLine). */
    line: string;
    at: string;
  };
}

export async function migrateChat(db: Db): Promise<void> {
  await db.schema
    .createTable('chat_report')
    .ifNotExists()
    .addColumn('table_id', 'text', (c) => c.notNull())
    .addColumn('line_id', 'integer', (c) => c.notNull())
    .addColumn('reporter_id', 'integer', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.notNull())
    .addColumn('line', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_report_pk', ['table_id', 'line_id', 'reporter_id'])
    .execute();
}

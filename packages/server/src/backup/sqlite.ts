// A backup of a SQLite server, taken while it runs, and its restore into a new data directory.
// The database is copied by SQLite's online backup (better-sqlite3's db.backup()) from a connection
// of its own, in one step: one read transaction, so the copy is the database as it was at one
// instant, every table's log whole, while the server goes on writing (WAL: a reader never blocks
// the writer). The signing key goes with it: the deals of a restored server, those in play included,
// must verify with the key its records were signed with (decision 013).
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { KEY_FILE } from '../fairdeal/key.js';

/** The database's file in a data dir (app.ts) and in a backup. */
export const DB_FILE = 'baska.db';

/** A refusal the operator is told plainly; nothing was changed. */
export class BackupError extends Error {}

/** Copy the signing key, readable by its owner only (as the server makes it). */
function copyKey(from: string, to: string): void {
  copyFileSync(from, to);
  chmodSync(to, 0o600);
}

/** Does the SQLite file pass its own integrity check? ('ok', or what is wrong.) */
function integrity(file: string): string {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check).join('; ');
  } finally {
    db.close();
  }
}

const isEmptyOrAbsent = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/**
 * Copy the database of `dataDir` and the signing key (`keyFile`, or the one in `dataDir`) into
 * `to`, a new directory. Returns what was copied.
 */
export async function backup(opts: { dataDir: string; keyFile?: string; to: string }) {
  const source = join(opts.dataDir, DB_FILE);
  if (!existsSync(source)) throw new BackupError(`no database in ${opts.dataDir} (${DB_FILE})`);
  if (!isEmptyOrAbsent(opts.to)) throw new BackupError(`${opts.to} is not empty: back up into a new directory`);
  mkdirSync(opts.to, { recursive: true, mode: 0o700 });
  const partial = join(opts.to, `${DB_FILE}.partial`);
  const db = new SQLite(source, { fileMustExist: true });
  try {
    // The first step sizes the copy; the next copies every page at once (the progress asks for all).
    const done = await db.backup(partial, { progress: () => 0x7fffffff });
    const ok = integrity(partial);
    if (ok !== 'ok') throw new BackupError(`the copy failed its integrity check: ${ok}`);
    renameSync(partial, join(opts.to, DB_FILE));
    const key = opts.keyFile ?? join(opts.dataDir, KEY_FILE);
    const withKey = existsSync(key);
    if (withKey) copyKey(key, join(opts.to, KEY_FILE));
    return { pages: done.totalPages, key: withKey ? key : null };
  } finally {
    db.close();
  }
}

/**
 * Put the backup in `from` into `dataDir`, which holds no database yet (a running server's is never
 * overwritten): the database, checked first, and the signing key, readable by its owner only.
 */
export function restore(opts: { from: string; dataDir: string }) {
  const copy = join(opts.from, DB_FILE);
  if (!existsSync(copy)) throw new BackupError(`${opts.from} holds no backup (${DB_FILE})`);
  for (const f of [DB_FILE, `${DB_FILE}-wal`, KEY_FILE])
    if (existsSync(join(opts.dataDir, f)))
      throw new BackupError(`${opts.dataDir} already holds ${f}: restore into a new data directory`);
  let ok: string;
  try {
    ok = integrity(copy);
  } catch (e) {
    throw new BackupError(`${copy} is not a database: ${(e as Error).message}`);
  }
  if (ok !== 'ok') throw new BackupError(`${copy} failed its integrity check: ${ok}`);
  mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
  copyFileSync(copy, join(opts.dataDir, DB_FILE));
  const key = join(opts.from, KEY_FILE);
  if (existsSync(key)) copyKey(key, join(opts.dataDir, KEY_FILE));
  return { key: existsSync(key) };
}

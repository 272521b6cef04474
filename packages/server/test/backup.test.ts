// baska-backup against real processes on SQLite: a server in the middle of a game is backed up while
// it runs (another table writing meanwhile), the backup is restored into a new data directory, a new
// server starts on it, and the table plays on from where the backup took it: the same seats, the
// same hand, the same deal, to the game's end. And what the command refuses, changing nothing.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerMessage } from '@baska/protocol';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, autoplay, guestAtTable, start, stopAll, viewOf } from './harness.js';

afterAll(stopAll);

const BACKUP = fileURLToPath(new URL('../bin/baska-backup.js', import.meta.url));
const temp = (name: string) => mkdtempSync(join(tmpdir(), `baska-${name}-`));
const finished = (m: ServerMessage) => m.type === 'event' && m.event.type === 'finished';
const myTurn = (m: ServerMessage) => {
  const v = viewOf(m);
  return v !== null && v.toAct === v.seat && v.legal.length > 0;
};

/** Run baska-backup with these arguments and environment: its exit code and what it wrote. */
function backupCommand(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const child = spawn(process.execPath, [BACKUP, ...args], {
      env: { ...process.env, DATABASE_URL: '', BASKA_SIGNING_KEY_FILE: '', ...env },
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

describe('backups of a SQLite server', () => {
  it('backs up a server in the middle of a game while it runs; a server on the restored copy plays the table on', async () => {
    const first = await start({});
    // A table in the middle of its first deal, waiting for the guest's move.
    const { c, id } = await guestAtTable(first.url, 'Kopia', 'basic', { deals: 2 });
    await c.http('POST', `/api/tables/${id}/start`);
    await autoplay(c, id, () => false, 3);
    const waiting = await c.next(myTurn);
    const before = waiting.type === 'event' ? waiting : null;
    expect(before).not.toBeNull();
    // Another table is played meanwhile: the server writes while the backup is taken.
    const other = await guestAtTable(first.url, 'Ruch', 'basic', { deals: 8 });
    await other.c.http('POST', `/api/tables/${other.id}/start`);
    let backedUp = false;
    const playing = autoplay(other.c, other.id, (m) => backedUp || finished(m));
    const dir = join(temp('backups'), 'today');
    const made = await backupCommand(['create', dir], { BASKA_DATA_DIR: first.dataDir });
    backedUp = true;
    await playing;
    expect(made.err).toBe('');
    expect(made.code).toBe(0);
    expect(made.out).toMatch(/^backed up .* the signing key/);
    expect(statSync(join(dir, 'signing-key.pem')).mode & 0o777).toBe(0o600);

    // Restored into a new data directory, a new server on it: the guest's session and his table are there.
    const dataDir = join(temp('restored'), 'data');
    const restored = await backupCommand(['restore', dir], { BASKA_DATA_DIR: dataDir });
    expect(restored.code, restored.err).toBe(0);
    const second = await start({}, dataDir);
    expect(await (await fetch(`${second.url}/api/fairdeal/key.pem`)).text()).toBe(
      await (await fetch(`${first.url}/api/fairdeal/key.pem`)).text(),
    );
    const again = new Client(second.url);
    again.cookie = c.cookie;
    c.close();
    await again.connect();
    again.send({ type: 'join', table: id });
    const snapshot = await again.next((m) => m.type === 'snapshot' || m.type === 'error', 20_000, 0);
    expect(snapshot.type === 'error' && snapshot.code).toBe(false);
    if (snapshot.type !== 'snapshot' || !before) throw new Error('no snapshot');
    expect(snapshot.version).toBe(before.version);
    expect(snapshot.seat).toBe(before.seat);
    expect(snapshot.table.seats.map((s) => s.name)).toEqual(before.info.seats.map((s) => s.name));
    expect(snapshot.view!.hand).toEqual(before.view!.hand);
    expect(snapshot.view!.tricks).toEqual(before.view!.tricks);
    expect(snapshot.view!.toAct).toBe(before.seat);
    // The deal goes on from there, and the game to its end.
    const end = await autoplay(again, id, finished);
    expect(end.type === 'event' && end.event.type).toBe('finished');
    // The other table, backed up in the middle of its writes, loads whole too.
    const watcher = new Client(second.url);
    watcher.cookie = other.c.cookie;
    await watcher.connect();
    watcher.send({ type: 'join', table: other.id });
    const otherSnapshot = await watcher.next((m) => m.type === 'snapshot' || m.type === 'error', 20_000, 0);
    expect(otherSnapshot.type).toBe('snapshot');
    for (const x of [again, watcher, other.c]) x.close();
  });

  it('refuses, changing nothing: a data dir that holds a database, a backup dir in use, no backup, PostgreSQL, bad usage', async () => {
    // A data dir with a database (no server needed to refuse).
    const dataDir = temp('data');
    const db = join(dataDir, 'baska.db');
    new SQLite(db).exec('create table game (id text)').close();
    const dir = join(temp('backups'), 'one');
    expect((await backupCommand(['create', dir], { BASKA_DATA_DIR: dataDir })).code).toBe(0);
    // Restoring over a server's database.
    const size = statSync(db).size;
    const over = await backupCommand(['restore', dir, '--data-dir', dataDir]);
    expect(over.code).toBe(1);
    expect(over.err).toMatch(/already holds baska\.db: restore into a new data directory; nothing was changed/);
    expect(statSync(db).size).toBe(size);
    // Backing up into a directory that holds an earlier backup.
    const twice = await backupCommand(['create', dir], { BASKA_DATA_DIR: dataDir });
    expect(twice.code).toBe(1);
    expect(twice.err).toMatch(/is not empty/);
    // Restoring what is not a backup: an empty directory, a file that is not a database.
    const empty = temp('empty');
    const fresh = join(temp('restored'), 'data');
    expect((await backupCommand(['restore', empty, '--data-dir', fresh])).err).toMatch(/holds no backup/);
    writeFileSync(join(empty, 'baska.db'), 'not a database');
    const junk = await backupCommand(['restore', empty, '--data-dir', fresh]);
    expect(junk.code).toBe(1);
    expect(junk.err).toMatch(/is not a database/);
    // No database at all where it backs up from.
    const none = await backupCommand(['create', join(temp('backups'), 'x')], { BASKA_DATA_DIR: temp('nothing') });
    expect(none.err).toMatch(/no database in/);
    // PostgreSQL is pg_dump's.
    const pg = await backupCommand(['create', join(temp('backups'), 'pg')], {
      DATABASE_URL: 'postgres://x@127.0.0.1/y',
    });
    expect(pg.code).toBe(1);
    expect(pg.err).toMatch(/pg_dump/);
    // Usage errors.
    for (const args of [
      ['backup', dir],
      ['create', dir, '--bogus'],
    ]) {
      const r = await backupCommand(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toMatch(/^baska-backup: .*\nusage:/);
    }
    expect(readFileSync(join(dir, 'baska.db')).subarray(0, 15).toString()).toBe('SQLite format 3');
  });
});

// Fault injection for the server's integration tests (BASKA_TEST_FAULTS; never set in production).
// At each deal's end, the write that carries the deal's row and record entry meets a real fault:
//   fail-deal-end      the write fails once (as a lost connection or a full disk would make it)
//   lock-deal-end:MS   just before it, another connection takes the database's write lock for MS
//                      milliseconds (SQLite: BEGIN IMMEDIATE; PostgreSQL: LOCK TABLE game_event)
// Or, with several processes:
//   die-after-move     the process kills itself (SIGKILL) as soon as a player's move it wrote is in
//                      the log, before it tells the other processes of it
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Storage } from './storage.js';

/** Hold the write lock of the database from another connection for `ms`; resolves once it is held. */
async function holdLock(config: Config, ms: number): Promise<void> {
  if (config.databaseUrl) {
    const c = new pg.Client({ connectionString: config.databaseUrl });
    await c.connect();
    await c.query('begin');
    await c.query('lock table game_event in exclusive mode');
    setTimeout(() => void c.query('rollback').finally(() => c.end()), ms);
    return;
  }
  const other = new SQLite(join(config.dataDir, 'baska.db'));
  for (;;) {
    try {
      other.prepare('begin immediate').run();
      break;
    } catch {
      await sleep(5); // the server's own connection is writing: try again in a moment
    }
  }
  setTimeout(() => {
    other.prepare('rollback').run();
    other.close();
  }, ms);
}

export function faultyStorage(inner: Storage, config: Config, log: Logger): Storage {
  if (!config.faults) return inner;
  const [kind, arg] = config.faults.split(':');
  if (kind !== 'fail-deal-end' && kind !== 'lock-deal-end' && kind !== 'die-after-move')
    throw new Error(`unknown fault "${config.faults}"`);
  log.warn({ faults: config.faults }, 'fault injection is on (tests only)');
  const met = new Set<string>(); // each deal's end meets its fault once
  const append: Storage['append'] = async (id, version, events, projection) => {
    if (kind === 'die-after-move') {
      await inner.append(id, version, events, projection);
      if (events.some((e) => e.type === 'action' && e.by === 'player')) process.kill(process.pid, 'SIGKILL');
      return;
    }
    const key = `${id}:${version}`;
    if (projection.deals !== undefined && !met.has(key)) {
      met.add(key);
      if (kind === 'fail-deal-end')
        throw new Error(`injected fault: the write after version ${version} of ${id} fails`);
      await holdLock(config, Number(arg ?? 1000));
    }
    return inner.append(id, version, events, projection);
  };
  return Object.assign(Object.create(inner) as Storage, { append });
}

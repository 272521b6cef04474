// `baska-backup`: the operator's backup of a SQLite server while it runs, and its restore into a new
// data directory (backup/sqlite.ts). The data directory and the signing key are the server's own
// settings (BASKA_DATA_DIR, BASKA_SIGNING_KEY_FILE; config.ts), or --data-dir. A server on
// PostgreSQL (DATABASE_URL) is backed up with PostgreSQL's pg_dump and pg_restore (the README).
// Exit codes: 0 done, 1 refused or failed (nothing changed), 2 a usage error.
import { parseArgs } from 'node:util';
import { configFromEnv } from '../config.js';
import { BackupError, backup, restore } from './sqlite.js';

const USAGE = `usage:
  baska-backup create DIR    copy the running server's SQLite database and signing key into DIR (new or empty)
  baska-backup restore DIR   put the backup in DIR into the data directory, which must hold no database yet

options:
  --data-dir DIR   the server's data directory (default: BASKA_DATA_DIR, or ./data)
  --help           this text

A server on PostgreSQL (DATABASE_URL) is backed up with pg_dump: see the README, "Backups".`;

function usage(message: string): never {
  process.stderr.write(`baska-backup: ${message}\n${USAGE}\n`);
  process.exit(2);
}

export async function main(argv: string[]): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { 'data-dir': { type: 'string' }, help: { type: 'boolean' } },
    });
  } catch (e) {
    usage((e as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const [command, dir, ...extra] = positionals;
  if (command !== 'create' && command !== 'restore') usage(command ? `unknown command "${command}"` : 'no command');
  if (!dir) usage(`${command}: which directory?`);
  if (extra.length) usage(`too many arguments: ${extra.join(' ')}`);
  const config = configFromEnv();
  if (config.databaseUrl) {
    process.stderr.write(
      'baska-backup: this server uses PostgreSQL (DATABASE_URL): back it up with pg_dump (README, "Backups")\n',
    );
    process.exit(1);
  }
  const dataDir = values['data-dir'] ?? config.dataDir;
  try {
    if (command === 'create') {
      const done = await backup({ dataDir, keyFile: config.signingKeyFile, to: dir });
      process.stdout.write(
        `backed up ${dataDir} into ${dir} (${done.pages} pages` +
          (done.key ? `, the signing key ${done.key})\n` : '; no signing key found: the server had not made one)\n'),
      );
    } else {
      const done = restore({ from: dir, dataDir });
      process.stdout.write(
        `restored ${dir} into ${dataDir}${done.key ? ' with its signing key' : ''}: start the server with BASKA_DATA_DIR=${dataDir}\n`,
      );
    }
  } catch (e) {
    if (!(e instanceof BackupError)) throw e;
    process.stderr.write(`baska-backup: ${e.message}; nothing was changed\n`);
    process.exit(1);
  }
}

await main(process.argv.slice(2));

// The operator's commands on the server's machine: `baska-server COMMAND …` (bin/baska-server.js;
// without a command it starts the server). Each reads the same environment as the server (its
// database, its public address) and is one entry of COMMANDS. Exit codes: 0 done, 1 refused, 2 a
// usage error.
import { join } from 'node:path';
import { pino } from 'pino';
import { Accounts } from './accounts.js';
import { type Config, configFromEnv } from './config.js';
import { type Db, migrate, openDb } from './db.js';
import { GameError } from './errors.js';
import { inMemory } from './limits.js';
import { Moderation } from './moderation/service.js';
import { Recovery } from './recovery/service.js';

interface Command {
  usage: string;
  about: string;
  run(args: string[], db: Db, config: Config): Promise<number>;
}

const COMMANDS: Record<string, Command> = {
  /** A one-use reset link for a player who forgot his password, when the server sends no mail (decision 018). */
  'reset-link': {
    usage: 'reset-link NAME',
    about: 'print a one-use link (an hour) that sets a new password for the registered player NAME',
    async run(args, db, config) {
      if (args.length !== 1) return usage(this);
      const base = config.publicUrl ?? `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}`;
      const log = pino({ level: 'warn' });
      const recovery = new Recovery(db, new Accounts(db), { post: null, base: () => base, limiters: inMemory, log });
      const { name, link, expires } = await recovery.resetLink(args[0]!);
      process.stdout.write(
        `A new password for ${name}: give him this link (it works once, until ${expires.toISOString()}).\n` +
          `Opening it ends every session of the account.\n${link}\n`,
      );
      if (!config.publicUrl)
        process.stderr.write(`BASKA_PUBLIC_URL is not set: the link names the server as ${base}.\n`);
      return 0;
    },
  },
  /** The first administrator is named here, on the server's machine; he names moderators (issue 35). */
  'grant-admin': {
    usage: 'grant-admin NAME',
    about: 'make the registered player NAME an administrator (he names moderators on the site)',
    async run(args, db) {
      if (args.length !== 1) return usage(this);
      const { name } = await new Moderation(db, new Accounts(db)).grantAdmin(args[0]!);
      process.stdout.write(`${name} is an administrator: the audit log keeps it.\n`);
      return 0;
    },
  },
};

function usage(c?: Command): number {
  const list = c ? [c] : Object.values(COMMANDS);
  process.stderr.write(
    `Usage: baska-server            start the server\n` +
      list.map((x) => `       baska-server ${x.usage.padEnd(16)} ${x.about}\n`).join(''),
  );
  return 2;
}

/** Run the command `argv` names; resolves with the exit code. */
export async function run(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name === undefined ? undefined : COMMANDS[name];
  if (!command) return usage();
  const config = configFromEnv();
  const { db, dialect } = openDb({ url: config.databaseUrl, file: join(config.dataDir, 'baska.db') });
  try {
    await migrate(db, dialect);
    return await command.run(args, db, config);
  } catch (e) {
    if (!(e instanceof GameError)) throw e;
    process.stderr.write(`${e.message}\n`);
    return 1;
  } finally {
    await db.destroy();
  }
}

// The real server as a child process, and clients over real HTTP and websockets.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PlayerAnswer, PlayerView, ServerMessage, TournamentView } from '@baska/protocol';
import { type Socket, io } from 'socket.io-client';

const MAIN = fileURLToPath(new URL('../bin/baska-server.js', import.meta.url));

/** The databases the suite runs on: SQLite always, PostgreSQL when BASKA_TEST_PG_URL is set. */
export const DATABASES: { name: string; env: () => Record<string, string> }[] = [
  { name: 'SQLite', env: () => ({}) },
  ...(process.env.BASKA_TEST_PG_URL
    ? [{ name: 'PostgreSQL', env: () => ({ DATABASE_URL: freshSchemaUrl(process.env.BASKA_TEST_PG_URL!) }) }]
    : []),
];

/**
 * The database a browser test runs on: PostgreSQL when it is set (what a public server runs), else
 * SQLite. The server's own suite runs each of its tests on both; a browser test checks what the pages
 * show, which does not depend on the database, and twice would double the slowest part of the run.
 */
export const BROWSER_DATABASES = DATABASES.slice(-1);

let schemas = 0;
/** Each server gets its own PostgreSQL schema, so runs do not see each other's tables. */
function freshSchemaUrl(url: string): string {
  const schema = `t${process.pid}_${Date.now()}_${schemas++}`;
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  pgSchemasToCreate.push({ url, schema });
  return u.toString();
}
export const pgSchemasToCreate: { url: string; schema: string }[] = [];

export interface Running {
  url: string;
  child: ChildProcess;
  dataDir: string;
  env: Record<string, string>;
  log: string[];
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Start the server process; resolves when it prints its address. */
export async function startProcess(env: Record<string, string>, dataDir?: string): Promise<Running> {
  for (const s of pgSchemasToCreate.splice(0)) {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: s.url });
    await c.connect();
    await c.query(`create schema if not exists ${s.schema}`);
    await c.end();
  }
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'baska-server-'));
  const fullEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    BASKA_DATA_DIR: dir,
    LOG_LEVEL: 'warn',
    BASKA_BOT_DELAY_MS: '0',
    BASKA_TRICK_PAUSE_MS: '0',
    // The test clients answer at once, faster than any person: with instant bots a game that
    // bok-rounds stretch to a dozen deals sends ~70 messages in a third of a second, over the
    // per-connection limit. The limits have their own test (flows.test.ts), with their own values.
    BASKA_MESSAGES_PER_SECOND: '1000',
    ...env,
  };
  const child = spawn(process.execPath, [MAIN], { env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const log: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    // One that did not start in time is stopped: no test would stop it, and it would go on using the machine.
    // A start takes about a second; the minute is for a machine shared and busy (a CI run at load 17
    // once waited over 20 s for one).
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start within a minute:\n${log.join('')}`));
    }, 60_000);
    child.stdout!.setEncoding('utf8');
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (d: string) => log.push(d));
    child.stdout!.on('data', (d: string) => {
      log.push(d);
      const m = /open (http:\/\/\S+)/.exec(d);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.on('exit', (code) => reject(new Error(`the server exited (${code}):\n${log.join('')}`)));
  });
  return {
    url,
    child,
    dataDir: dir,
    env,
    log,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill(signal);
      }),
  };
}

/** A player: a cookie from the guest login, HTTP calls with it, and a socket that keeps every message. */
export class Client {
  cookie = '';
  /** Headers sent with every request and the socket's handshake (a test's X-Forwarded-For). */
  headers: Record<string, string> = {};
  socket: Socket | null = null;
  readonly messages: ServerMessage[] = [];
  private waiters: { test: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] = [];

  constructor(public url: string) {}

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies of many shapes, checked by each test
  async http(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
    const r = await fetch(this.url + path, {
      method,
      headers: {
        ...this.headers,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        cookie: this.cookie,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const set = r.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0]!;
    return { status: r.status, body: await r.json() };
  }

  async guest(nickname: string) {
    const r = await this.http('POST', '/api/guest', { nickname });
    if (r.status !== 200) throw new Error(JSON.stringify(r.body));
    const answer: PlayerAnswer = r.body;
    return answer.player;
  }

  /** Register `name` (a director, a rated player): the account, signed in on this client. */
  async register(name: string, password = 'kaszëbë-1234') {
    const r = await this.http('POST', '/api/register', { name, password });
    if (r.status !== 200) throw new Error(JSON.stringify(r.body));
    return (r.body as PlayerAnswer).player!;
  }

  connect(): Promise<void> {
    this.socket = io(this.url, {
      extraHeaders: { ...this.headers, cookie: this.cookie },
      transports: ['websocket'],
      reconnection: false,
    });
    this.socket.on('message', (m: ServerMessage) => {
      this.messages.push(m);
      this.waiters = this.waiters.filter((w) => (w.test(m) ? (w.resolve(m), false) : true));
    });
    return new Promise((resolve, reject) => {
      this.socket!.once('connect', () => resolve());
      this.socket!.once('connect_error', reject);
    });
  }

  send(m: unknown): void {
    this.socket!.emit('message', m);
  }

  /** How many messages have come so far: a mark for `next`. */
  mark(): number {
    return this.messages.length;
  }

  /** The first message from `from` on (default: from now on) that passes `test`. */
  next(test: (m: ServerMessage) => boolean, ms = 20_000, from = this.messages.length): Promise<ServerMessage> {
    const seen = this.messages.slice(from).find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      // The awaited test's source in the error says which wait of a test ran out.
      const timer = setTimeout(
        () => reject(new Error(`no such message came within ${ms} ms: ${String(test).slice(0, 120)}`)),
        ms,
      );
      this.waiters.push({
        test,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  close(): void {
    this.socket?.close();
  }
}

const running: Running[] = [];
/** Kill every server the tests started (afterAll). */
export async function stopAll() {
  for (const r of running.splice(0)) await r.stop('SIGKILL');
}
export async function start(env: Record<string, string>, dataDir?: string) {
  const r = await startProcess(env, dataDir);
  running.push(r);
  return r;
}

/**
 * A record the server handed out, without its signatures (decision 013): two runs of the same game
 * play other tables and may sign with other keys, so they compare the game, not its signatures.
 */
export function unsigned<T>(record: T): T {
  const r = structuredClone(record) as { signature?: unknown; deals?: { fair?: { signature?: unknown } }[] };
  delete r.signature;
  for (const d of r.deals ?? []) if (d.fair) delete d.fair.signature;
  return r as T;
}

export const viewOf = (m: ServerMessage): PlayerView | null =>
  m.type === 'snapshot' || m.type === 'event' || m.type === 'missed' ? m.view : null;
export const versionOf = (m: ServerMessage) =>
  m.type === 'snapshot' || m.type === 'event' || m.type === 'missed' ? m.version : -1;

/**
 * Play the client's seat (the first legal action, or the one `how.pick` chooses) until `done` says
 * so, within `how.ms`. Resolves with the last message seen. With `resend`, a refusal with
 * ERR_INTERNAL (the server could not save; nothing changed) is answered by sending the same action
 * again, as a player would, and counted in `refused`.
 */
export function autoplay(
  c: Client,
  table: string,
  done: (m: ServerMessage) => boolean,
  maxMoves = Infinity,
  resend?: { refused: number },
  how: { pick?: (legal: string[]) => string; ms?: number } = {},
): Promise<ServerMessage> {
  const pick = how.pick ?? ((legal: string[]) => legal[0]!);
  return new Promise((resolve, reject) => {
    let acted = -1;
    let moves = 0;
    let last: { version: number; action: string } | null = null;
    const timer = setTimeout(
      () => reject(new Error(`the game did not go on; last: ${JSON.stringify(c.messages.slice(-2)).slice(0, 1500)}`)),
      how.ms ?? 60_000,
    );
    const onMessage = (m: ServerMessage) => {
      if (m.type === 'error') {
        if (!resend || m.code !== 'ERR_INTERNAL' || !last) return reject(new Error(`${m.code}: ${m.message}`));
        resend.refused++;
        return c.send({ type: 'act', table, ...last });
      }
      if (done(m) || moves >= maxMoves) {
        clearTimeout(timer);
        c.socket!.off('message', onMessage);
        return resolve(m);
      }
      const v = viewOf(m);
      const version = versionOf(m);
      // Between deals, a player who is waited for reads the end of the deal at once.
      const info = m.type === 'event' ? m.info : m.type === 'snapshot' || m.type === 'missed' ? m.table : null;
      const seat = m.type === 'event' || m.type === 'snapshot' || m.type === 'missed' ? m.seat : null;
      if (info?.pause && seat !== null && info.pause.seats.includes(seat) && version > acted) {
        acted = version;
        c.send({ type: 'ready', table });
      }
      if (v && v.toAct === v.seat && v.legal.length > 0 && version > acted) {
        acted = version;
        moves++;
        last = { version, action: pick(v.legal) };
        c.send({ type: 'act', table, ...last });
      }
    };
    c.socket!.on('message', onMessage);
    // The table may have moved on before this was called: start from the last message seen.
    const seen = c.messages.at(-1);
    if (seen) onMessage(seen);
  });
}

export async function tableWithBots(c: Client, bots = 'basic', extra: Record<string, unknown> = {}) {
  const r = await c.http('POST', '/api/tables', { bots, seat: 0, secondsPerMove: 600, deals: 1, ...extra });
  if (r.status !== 200) throw new Error(`creating a table: ${JSON.stringify(r.body)}`);
  return r.body.table.id as string;
}

/** A guest at a new table with bots of a level, connected and joined (the table not yet started). */
export async function guestAtTable(url: string, nickname: string, bots = 'basic', extra: Record<string, unknown> = {}) {
  const c = new Client(url);
  await c.guest(nickname);
  const id = await tableWithBots(c, bots, extra);
  await c.connect();
  c.send({ type: 'join', table: id });
  await c.next((m) => m.type === 'snapshot', 20_000, 0);
  return { c, id };
}

/**
 * Play the client's seat until the game ends, choosing the legal action `pick` says (so that people
 * at two tables with the same cards play them differently), reading the end of each deal at once.
 */
export function playSeat(c: Client, table: string, pick: (legal: string[]) => string, ms = 90_000): Promise<void> {
  const finished = (m: ServerMessage) => m.type === 'event' && m.event.type === 'finished';
  return autoplay(c, table, finished, Infinity, undefined, { pick, ms }).then(() => undefined);
}

/** A new client with `name` registered and signed in, and the account's id. */
export async function registered(url: string, name: string, password?: string) {
  const c = new Client(url);
  return { c, id: (await c.register(name, password)).id };
}

/** A hall tournament the director `dir` creates, with round 1 drawn and started: its id, the started view and the tables' codes. */
export async function hallRoundStarted(
  dir: Client,
  tournament: { name: string; format: unknown; players: string[] },
): Promise<{ id: string; tournament: TournamentView; codes: string[] }> {
  const created = await dir.http('POST', '/api/tournaments', {
    name: tournament.name,
    format: tournament.format,
    mode: 'hall',
    players: tournament.players.join('\n'),
  });
  if (created.status !== 200) throw new Error(`the tournament was not created: ${JSON.stringify(created.body)}`);
  const id = created.body.tournament.id as string;
  await dir.http('POST', `/api/tournaments/${id}/draw`, { round: 1 });
  const started = await dir.http('POST', `/api/tournaments/${id}/start`, { round: 1 });
  const view = started.body.tournament as TournamentView;
  return { id, tournament: view, codes: view.rounds[0]!.tables.map((t) => t.code!) };
}

/** A new phone at the hall table of this code: the token the server gives it, to send as `device`. */
export async function hallPhone(c: Client, code: string): Promise<string> {
  const r = await c.http('POST', `/api/hall/${code}/phones`);
  if (r.status !== 200) throw new Error(`no phone for table ${code}: ${JSON.stringify(r.body)}`);
  return r.body.device as string;
}

/**
 * Run one SQL statement on a running server's database (SQLite in its data directory, or its
 * PostgreSQL schema) from outside it, as an operator or an intruder with the database would: the
 * rows it returns (none for a change). Parameters are `?` for both.
 */
export async function sqlOn(server: Running, text: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  if (server.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: server.env.DATABASE_URL });
    await c.connect();
    let n = 0;
    const r = await c.query(
      text.replace(/\?/g, () => `$${++n}`),
      params,
    );
    await c.end();
    return r.rows as Record<string, unknown>[];
  }
  const { default: SQLite } = await import('better-sqlite3');
  const db = new SQLite(join(server.dataDir, 'baska.db'));
  try {
    const statement = db.prepare(text);
    return statement.reader ? (statement.all(...params) as Record<string, unknown>[]) : (statement.run(...params), []);
  } finally {
    db.close();
  }
}

/** The baska-server command on the server's machine, with the server's environment: its exit code and output. */
export function serverCommand(server: Running, ...args: string[]) {
  const child = spawn(process.execPath, [MAIN, ...args], {
    env: { ...process.env, BASKA_DATA_DIR: server.dataDir, LOG_LEVEL: 'warn', ...server.env },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d));
  child.stderr.on('data', (d: Buffer) => (err += d));
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, out, err })),
  );
}

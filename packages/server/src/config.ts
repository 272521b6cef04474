// Configuration from the environment, with the defaults the README lists.
import { availableParallelism } from 'node:os';
import { RATED_MIN_DEALS } from '@baska/protocol';

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL when set (postgres://…); otherwise SQLite in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  /**
   * The server's Ed25519 signing key (a PEM private key) for commitments and records (decision 013).
   * Unset: `signing-key.pem` in `dataDir`, made on the first start.
   */
  signingKeyFile?: string;
  /**
   * Redis (redis://…) when several processes serve the same PostgreSQL: their sockets share rooms,
   * a lease per table says which process runs its clock and bots. Unset: one process, as ever.
   */
  redisUrl?: string;
  /** The prefix of this server's keys and streams in Redis (several deployments may share one). */
  redisPrefix: string;
  /** How long a process's lease on a table lasts without renewal (ms): a dead process's tables wait this long. */
  leaseMs: number;
  logLevel: string;
  /** Set the session cookie's Secure flag (behind HTTPS). */
  secureCookies: boolean;
  botDelayMs: number;
  /** How long a bot waits at least before it leads after a trick is taken (ms). */
  trickPauseMs: number;
  /** Worker threads on which the bots decide (0: on the event loop). */
  botThreads: number;
  /** Claim proofs one player may start a minute (a repeated claim over the same view is answered from a cache). */
  claimsPerMinute: number;
  graceMs: number;
  messagesPerSecond: number;
  httpPerSecond: number;
  /** Failed logins under one name before each further one locks it for a growing time. */
  loginFreeTries: number;
  /** The same for one address (an IPv6 /64), across names. */
  loginFreeTriesPerAddress: number;
  /** Where the web client's files are; the server's own public/ by default. */
  webDir?: string;
  /** Deal every table from this seed (tests and reproducible demos only). */
  tableSeed?: string;
  /** Faults to inject at each deal's end (the fault-injection tests only): see faults.ts. */
  faults?: string;
  /**
   * Pages of other origins whose sockets are accepted besides the server's own (the Host it is
   * reached by): for a deployment that serves the client under another host name, or behind a
   * proxy that rewrites Host (then the public origin is listed here, and its pages' requests that
   * change something are taken too: http/forgery.ts). A handshake without an Origin header (not a
   * browser page) is accepted.
   */
  allowedOrigins: string[];
  /**
   * The load balancers whose X-Forwarded-For is believed (addresses, ranges, or `loopback`): the
   * client's address then counts for the limits per address. Empty: the peer's address.
   */
  trustProxy: string[];
  /** Sockets open at once from one address. */
  socketsPerAddress: number;
  /** Tables one socket watches or plays at once. */
  tablesPerSocket: number;
  /** Joins a minute from one address of tables not in memory (bursts of as many): each reads a log. */
  joinsPerMinute: number;
  /** Chat lines one person may write a minute (chat/). */
  chatPerMinute: number;
  /** How long a deal waits at most for the clients' contributions (ms; decision 013). */
  contributionMs: number;
  /** Tables not yet finished that one player has created. */
  openTablesPerPlayer: number;
  /** Tables not yet finished created from one address. */
  openTablesPerAddress: number;
  /** Finished tables kept in memory (their description, snapshot and record), most recent first. */
  finishedCacheSize: number;
  /** Rated games a player needs in a family before the leaderboard lists him. */
  ratingMinGames: number;
  /** The fewest deals a rated table is created with and plays before it is rated (decision 015). */
  ratedMinDeals: number;
  /** A session unused this long ends (ms; decision 016). */
  sessionIdleMs: number;
  /** A session ends this long after its login however much it is used (ms). */
  sessionMaxMs: number;
  /** The bearer token Prometheus sends for GET /metrics; unset, there is no /metrics (metrics/). */
  metricsToken?: string;
  /**
   * The operator's SMTP server (smtp://user:password@host:587, smtps://…:465) for the server's
   * letters: reset links and address confirmations (decision 018). Unset: no mail; the operator
   * issues reset links with `baska-server reset-link NAME`.
   */
  smtpUrl?: string;
  /** The letters' sender (`Baśka <baska@example.org>`); required with smtpUrl. */
  mailFrom?: string;
  /**
   * The site's public address, which the links in letters start with (https://baska.example.org).
   * Unset: the server's own address (right only when people reach it directly).
   */
  publicUrl?: string;
  /**
   * Who runs this server (a club, an association, a person), and how to reach them (an e-mail
   * address, a web page, a telephone): shown on the privacy page. Unset: the page says plainly that
   * no contact was given.
   */
  operatorName?: string;
  operatorContact?: string;
}

const int = (v: string | undefined, d: number, name: string): number => {
  if (v === undefined || v === '') return d;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, not "${v}"`);
  return n;
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days, possibly a fraction (a test's lifetime of seconds), above zero; as ms. */
const days = (v: string | undefined, d: number, name: string): number => {
  if (v === undefined || v === '') return d * DAY_MS;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a number of days above 0, not "${v}"`);
  return Math.round(n * DAY_MS);
};

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  if (env.BASKA_SMTP_URL && !env.BASKA_MAIL_FROM)
    throw new Error('BASKA_SMTP_URL needs BASKA_MAIL_FROM: the sender of the letters (Baśka <baska@example.org>)');
  if (env.BASKA_PUBLIC_URL && !/^https?:\/\/[^/]+/.test(env.BASKA_PUBLIC_URL))
    throw new Error(`BASKA_PUBLIC_URL must be the site's http(s):// address, not "${env.BASKA_PUBLIC_URL}"`);
  return {
    port: int(env.PORT, 3000, 'PORT'),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.BASKA_DATA_DIR || './data',
    signingKeyFile: env.BASKA_SIGNING_KEY_FILE || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.BASKA_REDIS_PREFIX || 'baska',
    leaseMs: int(env.BASKA_LEASE_MS, 5000, 'BASKA_LEASE_MS'),
    logLevel: env.LOG_LEVEL || 'info',
    secureCookies: env.BASKA_SECURE_COOKIES === '1',
    botDelayMs: int(env.BASKA_BOT_DELAY_MS, 700, 'BASKA_BOT_DELAY_MS'),
    trickPauseMs: int(env.BASKA_TRICK_PAUSE_MS, 1500, 'BASKA_TRICK_PAUSE_MS'),
    botThreads: int(env.BASKA_BOT_THREADS, Math.max(1, availableParallelism() - 1), 'BASKA_BOT_THREADS'),
    claimsPerMinute: int(env.BASKA_CLAIMS_PER_MINUTE, 10, 'BASKA_CLAIMS_PER_MINUTE'),
    graceMs: int(env.BASKA_GRACE_SECONDS, 30, 'BASKA_GRACE_SECONDS') * 1000,
    messagesPerSecond: int(env.BASKA_MESSAGES_PER_SECOND, 20, 'BASKA_MESSAGES_PER_SECOND'),
    httpPerSecond: int(env.BASKA_HTTP_PER_SECOND, 50, 'BASKA_HTTP_PER_SECOND'),
    loginFreeTries: int(env.BASKA_LOGIN_TRIES, 5, 'BASKA_LOGIN_TRIES'),
    loginFreeTriesPerAddress: int(env.BASKA_LOGIN_TRIES_PER_IP, 20, 'BASKA_LOGIN_TRIES_PER_IP'),
    webDir: env.BASKA_WEB_DIR || undefined,
    tableSeed: env.BASKA_TABLE_SEED || undefined,
    faults: env.BASKA_TEST_FAULTS || undefined,
    allowedOrigins: (env.BASKA_ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    trustProxy: (env.BASKA_TRUST_PROXY ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
    socketsPerAddress: int(env.BASKA_SOCKETS_PER_ADDRESS, 20, 'BASKA_SOCKETS_PER_ADDRESS'),
    tablesPerSocket: int(env.BASKA_TABLES_PER_SOCKET, 16, 'BASKA_TABLES_PER_SOCKET'),
    joinsPerMinute: int(env.BASKA_JOINS_PER_MINUTE, 120, 'BASKA_JOINS_PER_MINUTE'),
    chatPerMinute: int(env.BASKA_CHAT_PER_MINUTE, 20, 'BASKA_CHAT_PER_MINUTE'),
    contributionMs: int(env.BASKA_CONTRIBUTION_MS, 2000, 'BASKA_CONTRIBUTION_MS'),
    openTablesPerPlayer: int(env.BASKA_OPEN_TABLES_PER_PLAYER, 3, 'BASKA_OPEN_TABLES_PER_PLAYER'),
    openTablesPerAddress: int(env.BASKA_OPEN_TABLES_PER_ADDRESS, 10, 'BASKA_OPEN_TABLES_PER_ADDRESS'),
    finishedCacheSize: int(env.BASKA_FINISHED_CACHE, 200, 'BASKA_FINISHED_CACHE'),
    ratingMinGames: int(env.BASKA_RATING_MIN_GAMES, 5, 'BASKA_RATING_MIN_GAMES'),
    ratedMinDeals: Math.max(1, int(env.BASKA_RATED_MIN_DEALS, RATED_MIN_DEALS, 'BASKA_RATED_MIN_DEALS')),
    sessionIdleMs: days(env.BASKA_SESSION_IDLE_DAYS, 30, 'BASKA_SESSION_IDLE_DAYS'),
    sessionMaxMs: days(env.BASKA_SESSION_MAX_DAYS, 365, 'BASKA_SESSION_MAX_DAYS'),
    metricsToken: env.BASKA_METRICS_TOKEN || undefined,
    smtpUrl: env.BASKA_SMTP_URL || undefined,
    mailFrom: env.BASKA_MAIL_FROM || undefined,
    publicUrl: env.BASKA_PUBLIC_URL?.replace(/\/+$/, '') || undefined,
    operatorName: env.BASKA_OPERATOR_NAME?.trim() || undefined,
    operatorContact: env.BASKA_OPERATOR_CONTACT?.trim() || undefined,
  };
}

// The server's wiring: the database, the services, Fastify for HTTP (the route modules in http/),
// Socket.IO for play (hub.ts), and a graceful close. Every request and message is validated
// against @baska/protocol; a bad one gets a coded error and changes nothing (errors.ts).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import { MAX_MESSAGE_BYTES } from '@baska/protocol';
import Fastify, { type FastifyBaseLogger, LogController } from 'fastify';
import { sql } from 'kysely';
import { pino } from 'pino';
import { Server as SocketServer } from 'socket.io';
import { Accounts } from './accounts.js';
import { addressKey, addressOf, limitKeyOf } from './client-address.js';
import { Cluster } from './cluster/cluster.js';
import { ChatRelay } from './chat/relay.js';
import { admit } from './admission.js';
import type { Config } from './config.js';
import { migrate, openDb } from './db.js';
import { GameError, fail } from './errors.js';
import { KEY_FILE, loadServerKey } from './fairdeal/key.js';
import { Contributions } from './fairdeal/relay.js';
import { fairdealRoutes } from './fairdeal/routes.js';
import { SameAddress } from './fairplay/same-address.js';
import { faultyStorage } from './faults.js';
import { FinishedTables } from './finished.js';
import { Games } from './games.js';
import { accountRoutes } from './http/accounts.js';
import { archiveRoutes } from './http/archive.js';
import { offlineRoutes } from './http/offline.js';
import type { Services } from './http/context.js';
import { HEALTH_PATHS, healthRoutes } from './http/health.js';
import { ratingRoutes } from './http/ratings.js';
import { LocalCaps } from './http/caps.js';
import { forgeryRefusal } from './http/forgery.js';
import { tableRoutes } from './http/tables.js';
import { webRoutes } from './http/web.js';
import { Hub } from './hub.js';
import { padRoutes } from './pads/routes.js';
import { Pads } from './pads/store.js';
import { inMemory, take, windowOf } from './limits.js';
import { Metrics } from './metrics/metrics.js';
import { metricsRoutes } from './metrics/routes.js';
import { privacyRoutes } from './erasure/routes.js';
import { moderationRoutes } from './moderation/routes.js';
import { Moderation, bannedRefused } from './moderation/service.js';
import { Presence } from './online/presence.js';
import { onlineRoutes } from './online/routes.js';
import { profileRoutes } from './profile/routes.js';
import { smtpPost } from './recovery/post.js';
import { recoveryRoutes } from './recovery/routes.js';
import { Recovery } from './recovery/service.js';
import { Ratings } from './ratings/store.js';
import { SqlStorage } from './storage-sql.js';
import { OnlineRounds } from './tournaments/online.js';
import { tournamentRoutes } from './tournaments/routes.js';
import { Tournaments } from './tournaments/service.js';

/** How often the ended sessions are swept (decision 016). */
const SWEEP_MS = 60 * 60 * 1000;

export async function startServer(config: Config) {
  const log = pino({ level: config.logLevel });
  const { db, dialect } = openDb({ url: config.databaseUrl, file: join(config.dataDir, 'baska.db') });
  await migrate(db, dialect);
  // What the operator's Prometheus reads (GET /metrics with BASKA_METRICS_TOKEN): the writes timed here.
  const metrics = new Metrics();
  const storage = metrics.timed(faultyStorage(new SqlStorage(db), config, log));
  const { key, made } = loadServerKey({ file: config.signingKeyFile, dataDir: config.dataDir });
  if (made) log.info({ key: key.key, file: join(config.dataDir, KEY_FILE) }, 'made a signing key for the deals');
  const games = new Games(storage, log, {
    botDelayMs: config.botDelayMs,
    trickPauseMs: config.trickPauseMs,
    botThreads: config.botThreads,
    claimsPerMinute: config.claimsPerMinute,
    graceMs: config.graceMs,
    standIn: 'basic',
    tableSeed: config.tableSeed,
    contributionMs: config.contributionMs,
    ratedMinDeals: config.ratedMinDeals,
    signer: key,
  });
  const finished = new FinishedTables(games, config.finishedCacheSize);
  // Several processes on one database: Redis for the sockets' rooms, the tables' leases, who is where.
  const cluster = config.redisUrl
    ? await Cluster.connect(
        { url: config.redisUrl, prefix: config.redisPrefix, leaseMs: config.leaseMs, graceMs: config.graceMs },
        log,
      )
    : null;
  if (cluster && dialect === 'sqlite')
    log.warn('REDIS_URL with SQLite: several processes need one PostgreSQL (DATABASE_URL)');
  // The limits per address and per person: in this process's memory, or in Redis over every process
  // (decision 008); a connection's messages stay the hub's own, in memory.
  const limiters = cluster?.limiters ?? inMemory;
  const accounts = new Accounts(db, {
    limits: { perName: config.loginFreeTries, perAddress: config.loginFreeTriesPerAddress },
    limiters,
    sessions: { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs },
  });
  games.botDecided = (level, ms) => metrics.botDecided(level, ms);
  // A table names a player who sat as a guest and has registered since by his account (Room.registered).
  games.accountNames = (players) => accounts.registeredNames(players);
  let ready = false;

  const app = Fastify({
    loggerInstance: log as FastifyBaseLogger, // the plain instance type the route modules take
    bodyLimit: 16 * 1024,
    trustProxy: config.trustProxy.length ? config.trustProxy : false, // req.ip: the client's, behind nginx
    logController: new LogController({ disableRequestLogging: true }), // a line per request would drown the game's own logs
  });
  await app.register(fastifyCookie);
  app.removeContentTypeParser('text/plain'); // every body is JSON (http/forgery.ts); no route reads text
  // Security headers on every answer. The client is a built bundle with no inline script or style:
  // everything from this origin only; no framing (clickjacking); no referrer to other sites.
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'], // the favicon is a data: URL
        fontSrc: ["'self'"],
        connectSrc: ["'self'"], // the API and the websocket of this origin
        workerSrc: ["'self'"], // the analysis worker
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HTTPS-only settings only where the site is served over HTTPS (BASKA_SECURE_COOKIES=1).
    strictTransportSecurity: config.secureCookies ? { maxAge: 180 * 24 * 3600 } : false,
    referrerPolicy: { policy: 'same-origin' },
  });
  const httpLimit = limiters('http', windowOf(config.httpPerSecond, config.httpPerSecond * 4));
  app.setErrorHandler((err: Error & { statusCode?: number }, _req, reply) => {
    if (err instanceof GameError) return fail(reply, err.code, err.message, err.detail);
    if (err.statusCode === 413) return fail(reply, 'ERR_TOO_BIG', 'the request is too large');
    if (err.statusCode && err.statusCode < 500) return fail(reply, 'ERR_SCHEMA', err.message);
    log.error({ err }, 'request failed');
    return fail(reply, 'ERR_INTERNAL', 'the server failed; nothing was changed');
  });
  app.addHook('onRequest', async (req, reply) => {
    // The health checks are cheap and must answer the operator even while his address is refused.
    if (HEALTH_PATHS.includes(req.url)) return;
    if (!(await take(httpLimit, addressKey(req.ip)))) return fail(reply, 'ERR_RATE', 'too many requests; slow down');
    // A change only from this site's own pages, in JSON (a same-site page's text/plain form is refused).
    const forged = forgeryRefusal(req.method, req.headers, config.allowedOrigins);
    if (forged) return fail(reply, forged.code, forged.message);
  });

  // The client's address (the fair-play marks), and the key his limits count under (an IPv6 /64).
  const clientAddress = addressOf(config.trustProxy);
  const limitKey = limitKeyOf(clientAddress);
  const moderation = new Moderation(db, accounts);
  const io = new SocketServer(app.server, {
    maxHttpBufferSize: MAX_MESSAGE_BYTES,
    serveClient: true,
    ...(cluster && { adapter: cluster.adapter }),
  });
  io.engine.opts.allowRequest = admit(io, config, limitKey, cluster?.sockets);
  const hub = new Hub(io, games, finished, accounts, log, {
    messagesPerSecond: config.messagesPerSecond,
    tablesPerSocket: config.tablesPerSocket,
    joinsPerMinute: config.joinsPerMinute,
    limiters,
    ...(cluster && { shared: cluster }),
    limitKeyOf: limitKey,
    acted: (result, ms) => metrics.acted(result, ms),
    mayJoin: (player) => moderation.mustNotBeBanned(player),
  });
  await cluster?.start(games);
  const socketsAt = (id: string) => hub.socketsAt(id);
  // With several processes, who is online, whom a deal waits for, the chat and its limit are kept in
  // Redis and told to the other processes over the cluster's channel (decision 008).
  const presence = new Presence(clientAddress, cluster ? { online: cluster.online, channel: cluster } : undefined);
  games.addressesOf = (players) => presence.addressesOf(players); // a rated start checks them (decision 015)
  hub.plugins.push(
    presence,
    new SameAddress(db, log, presence, socketsAt, cluster ?? undefined),
    new Contributions(games, cluster?.contributors ?? undefined),
  );
  const rooms = {
    now: (id: string) => finished.room(id),
    // Another process may have written since this copy last heard: read the log first.
    fresh: async (id: string) => {
      if (cluster && games.cached(id)) await games.fresh(id);
      return finished.room(id);
    },
  };
  const chat = cluster && { book: cluster.chat, channel: cluster };
  const chatRelay = new ChatRelay(db, log, socketsAt, rooms, {
    mayChat: (player) => moderation.mayChat(player),
    perMinute: config.chatPerMinute,
    limiters,
    ...(chat && { shared: chat }),
  });
  hub.plugins.push(chatRelay);

  const services: Services = { config, accounts, games, finished, key };
  healthRoutes(app, {
    ready: () => ready,
    tables: () => games.inMemory,
    sockets: () => io.engine.clientsCount,
    claims: () => ({ ...games.claims.counts }),
    database: async () => {
      await sql`select 1`.execute(db);
    },
    redis: cluster ? () => ({ up: cluster.up, leases: cluster.tables }) : undefined,
  });
  metrics.watch({
    tables: () => ({ inMemory: games.inMemory, inPlay: games.inPlay }),
    sockets: () => io.engine.clientsCount,
    redis: cluster ? () => ({ up: cluster.up, leases: cluster.tables }) : undefined,
  });
  metricsRoutes(app, metrics, config.metricsToken);
  accountRoutes(app, services, (id) => hub.disconnectPlayer(id), moderation);
  bannedRefused(app, accounts, moderation);
  moderationRoutes(app, services, {
    db,
    moderation,
    chat: chatRelay.lines,
    addressesOf: async (id) => (await presence.addressesOf([id])).get(id) ?? new Set(),
    disconnect: (id) => hub.disconnectPlayer(id),
  });
  // The password and the e-mail address (decision 018): links in letters start with the public address.
  let ownUrl = '';
  const recovery = new Recovery(db, accounts, {
    post: config.smtpUrl ? smtpPost(config.smtpUrl, config.mailFrom!) : null,
    base: () => config.publicUrl ?? ownUrl,
    limiters,
    log,
  });
  if (config.smtpUrl && !config.publicUrl)
    log.warn('BASKA_SMTP_URL without BASKA_PUBLIC_URL: the links in letters name the server by its own address');
  recoveryRoutes(app, services, recovery, (id, keep) => hub.disconnectPlayer(id, keep));
  // Ended sessions and expired links nobody looks up again are deleted now and then (a lookup deletes its own).
  const sweep = () =>
    void Promise.all([accounts.sweep(), recovery.tokens.sweep()]).catch((err: unknown) =>
      log.warn({ err }, 'sweeping ended sessions failed'),
    );
  sweep();
  const sweeper = setInterval(sweep, SWEEP_MS);
  sweeper.unref();
  // The caps on open tables per address count every process's tables under REDIS_URL (decision 008).
  tableRoutes(app, services, cluster ? cluster.caps(games, config) : new LocalCaps(games, config));
  archiveRoutes(app, services);
  offlineRoutes(app, services);
  fairdealRoutes(app, key);
  const ratings = new Ratings(db);
  ratingRoutes(app, services, ratings);
  onlineRoutes(app, services, presence, ratings, limiters);
  profileRoutes(app, services, db);
  const tournaments = new Tournaments(db);
  const online = new OnlineRounds(games, tournaments, log);
  tournaments.games = online;
  // Every game event reaches the sockets first (the hub), then a tournament table's protocol.
  const tell = games.listener;
  games.listener = (room, event, version) => {
    tell(room, event, version);
    online.observe(room);
  };
  tournamentRoutes(app, services, tournaments);
  padRoutes(app, services, new Pads(db));
  privacyRoutes(app, services, { db, chat: chatRelay.lines, disconnect: (id) => hub.disconnectPlayer(id) });

  // The browser client: the web package's production build (npm ci and npm run build make it).
  await webRoutes(app, config.webDir ?? fileURLToPath(new URL('../../web/dist', import.meta.url)));

  // The tournament tables' games are known again before any of them moves on (a bot's deal may end at once).
  await online.restore();
  await app.listen({ port: config.port, host: config.host });
  const resumed = await games.resume();
  await online.catchUp();
  ready = true;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  ownUrl = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
  log.info({ port, dialect, resumed }, 'baska server ready');

  let closed: Promise<void> | null = null;
  return {
    url: ownUrl,
    port,
    dialect,
    /** Graceful: stop accepting, finish the writes in progress, close the database. */
    close: () =>
      (closed ??= (async () => {
        ready = false;
        clearInterval(sweeper);
        hub.close();
        online.close();
        await new Promise<void>((r) => io.close(() => r()));
        await games.close();
        await cluster?.close();
        await app.close();
        await db.destroy();
      })()),
  };
}

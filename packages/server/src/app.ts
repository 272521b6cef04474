// The server: Fastify for HTTP (accounts, lobby, archive, health), Socket.IO for play. Every
// request and message is validated against @baska/protocol; a bad one gets a coded error and
// changes nothing.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import {
  BotRequest,
  ClientMessage,
  CreateTableRequest,
  type ErrorCode,
  GuestRequest,
  LoginRequest,
  MAX_MESSAGE_BYTES,
  RegisterRequest,
  type ServerMessage,
  SitRequest,
} from '@baska/protocol';
import Fastify, { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { pino } from 'pino';
import { Server as SocketServer, type Socket } from 'socket.io';
import type { ZodType, z } from 'zod';
import { Accounts, type Player, SESSION_COOKIE } from './accounts.js';
import type { Config } from './config.js';
import { migrate, openDb } from './db.js';
import { GameError, Games } from './games.js';
import { Buckets } from './limits.js';
import { withRetryAfter } from './login-limits.js';
import type { Room } from './room.js';

const STATUS: Partial<Record<ErrorCode, number>> = {
  ERR_SCHEMA: 400,
  ERR_AUTH: 401,
  ERR_CREDENTIALS: 401,
  ERR_NOT_FOUND: 404,
  ERR_PRIVATE: 403,
  ERR_NOT_OWNER: 403,
  ERR_NOT_SEATED: 403,
  ERR_RATE: 429,
  ERR_TOO_BIG: 413,
  ERR_INTERNAL: 500,
};

export async function startServer(config: Config) {
  const log = pino({ level: config.logLevel });
  const { db, dialect } = openDb({ url: config.databaseUrl, file: join(config.dataDir, 'baska.db') });
  await migrate(db, dialect);
  const accounts = new Accounts(db, {
    limits: { perName: config.loginFreeTries, perAddress: config.loginFreeTriesPerAddress },
  });
  const games = new Games(db, log, {
    botDelayMs: config.botDelayMs,
    botThreads: config.botThreads,
    graceMs: config.graceMs,
    standIn: 'basic',
    tableSeed: config.tableSeed,
  });
  let ready = false;

  const app = Fastify({
    loggerInstance: log,
    bodyLimit: 16 * 1024,
    logController: new LogController({ disableRequestLogging: true }), // a line per request would drown the game's own logs
  });
  await app.register(fastifyCookie);
  const httpLimit = new Buckets(config.httpPerSecond, config.httpPerSecond * 4);

  const fail = (reply: FastifyReply, code: ErrorCode, message: string) =>
    reply.code(STATUS[code] ?? 409).send({ error: { code, message } });
  app.setErrorHandler((err: Error & { statusCode?: number }, _req, reply) => {
    if (err instanceof GameError) return fail(reply, err.code, err.message);
    if (err.statusCode === 413) return fail(reply, 'ERR_TOO_BIG', 'the request is too large');
    if (err.statusCode && err.statusCode < 500) return fail(reply, 'ERR_SCHEMA', err.message);
    log.error({ err }, 'request failed');
    return fail(reply, 'ERR_INTERNAL', 'the server failed; nothing was changed');
  });
  app.addHook('onRequest', async (req, reply) => {
    if (!httpLimit.take(req.ip)) return fail(reply, 'ERR_RATE', 'too many requests; slow down');
  });

  const parse = <S extends ZodType>(schema: S, body: unknown): z.output<S> => {
    const r = schema.safeParse(body ?? {});
    if (!r.success)
      throw new GameError(
        'ERR_SCHEMA',
        r.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '),
      );
    return r.data;
  };
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.secureCookies,
    maxAge: 60 * 60 * 24 * 365,
  };
  const signIn = (reply: FastifyReply, s: { player: Player; token: string }) =>
    reply.setCookie(SESSION_COOKIE, s.token, cookieOptions).send({ player: s.player });
  const who = async (req: FastifyRequest): Promise<Player> => {
    const p = await accounts.byToken(req.cookies[SESSION_COOKIE]);
    if (!p) throw new GameError('ERR_AUTH', 'log in or play as a guest first');
    return p;
  };

  // Alive, with what the process holds: tables in memory and connected sockets.
  app.get('/healthz', async () => ({ ok: true, tables: games.inMemory, sockets: io.engine.clientsCount }));
  app.get('/readyz', async (_req, reply) => (ready ? { ready: true } : reply.code(503).send({ ready: false })));

  app.post('/api/guest', async (req, reply) =>
    signIn(reply, await accounts.guest(parse(GuestRequest, req.body).nickname)),
  );
  app.post('/api/register', async (req, reply) => {
    const b = parse(RegisterRequest, req.body);
    return signIn(reply, await accounts.register(b.name, b.password).catch(withRetryAfter(reply)));
  });
  app.post('/api/login', async (req, reply) => {
    const b = parse(LoginRequest, req.body);
    return signIn(reply, await accounts.login(b.name, b.password, req.ip).catch(withRetryAfter(reply)));
  });
  app.post('/api/logout', async (req, reply) => {
    const token = req.cookies[SESSION_COOKIE];
    if (token) await accounts.logout(token);
    return reply.clearCookie(SESSION_COOKIE, { path: '/' }).send({ ok: true });
  });
  app.get('/api/me', async (req) => ({ player: await who(req) }));
  app.get('/api/me/games', async (req) => games.history((await who(req)).id));

  app.get('/api/tables', async () => ({ tables: await games.list() }));
  app.post('/api/tables', async (req) => {
    const player = await who(req);
    const room = await games.create(player, parse(CreateTableRequest, req.body));
    // The invite link: a table's id is 72 random bits, so knowing the link is the invitation.
    return { table: room.info(), invite: `/#/t/${room.id}` };
  });
  const tableId = (req: FastifyRequest) => {
    const id = (req.params as { id: string }).id;
    if (!/^[A-Za-z0-9_-]{6,40}$/.test(id)) throw new GameError('ERR_NOT_FOUND', `no table ${id}`);
    return id;
  };
  app.get('/api/tables/:id', async (req) => ({ table: (await games.room(tableId(req))).info() }));
  app.post('/api/tables/:id/sit', async (req) => {
    const room = await games.sit(tableId(req), await who(req), parse(SitRequest, req.body).seat);
    return { table: room.info() };
  });
  app.post('/api/tables/:id/bot', async (req) => {
    const b = parse(BotRequest, req.body);
    return { table: (await games.addBot(tableId(req), await who(req), b.seat, b.level)).info() };
  });
  app.post('/api/tables/:id/start', async (req) => ({
    table: (await games.start(tableId(req), await who(req))).info(),
  }));
  app.post('/api/tables/:id/leave', async (req) => {
    await games.leave(tableId(req), await who(req));
    return { ok: true };
  });
  app.get('/api/games/:id/record', async (req, reply) => {
    const room = await games.room(tableId(req));
    const player = await accounts.byToken(req.cookies[SESSION_COOKIE]);
    const seated = player !== null && room.seats.some((s) => s.player === player.id);
    // RULES: a record holds every hand; the players may have it, everyone once a public game is over.
    if (!seated && !(room.settings.public && room.status === 'finished'))
      return fail(reply, 'ERR_PRIVATE', 'the record is for the players until the public game is over');
    const record = room.record();
    if (!record || record.deals.length === 0) return fail(reply, 'ERR_NOT_STARTED', 'no deal has been played');
    // An unfinished deal's hands are still hidden from everyone: the record stops at the last complete deal.
    const complete = record.deals.filter((_, i) => room.table!.deals[i]!.isComplete);
    if (complete.length === 0) return fail(reply, 'ERR_NOT_STARTED', 'no deal has ended yet');
    return { ...record, deals: complete };
  });

  // The browser client: the web package's production build (npm ci and npm run build make it).
  const web = config.webDir ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
  if (existsSync(join(web, 'index.html'))) await app.register(fastifyStatic, { root: web });
  else {
    log.warn({ web }, 'no web client build here: run npm run build');
    app.get('/', async (_req, reply) =>
      reply.type('text/plain; charset=utf-8').send('The web client is not built: run `npm run build`, then reload.'),
    );
  }

  // ---- Realtime ----
  const io = new SocketServer(app.server, { maxHttpBufferSize: MAX_MESSAGE_BYTES, serveClient: true });
  const socketLimit = new Buckets(config.messagesPerSecond, config.messagesPerSecond * 2);
  /** Sockets by table, with the player behind each. */
  const watchers = new Map<string, Map<Socket, Player | null>>();

  const send = (socket: Socket, m: ServerMessage) => socket.emit('message', m);
  const seatIn = (room: Room, p: Player | null) => (p ? room.seatOf(p.id) : null);

  /** Is any socket at the table (seated or watching)? */
  const watched = (id: string) => (watchers.get(id)?.size ?? 0) > 0;
  /** How many people (not sockets) watch a table without a seat at it. */
  const spectatorsOf = (room: Room) => {
    const watching = new Set<number | string>();
    for (const [socket, p] of watchers.get(room.id) ?? [])
      if (seatIn(room, p) === null) watching.add(p?.id ?? socket.id);
    return watching.size;
  };
  /** A table's description with the number of people watching it. */
  const infoFor = (room: Room) => {
    const info = room.info();
    info.spectators = spectatorsOf(room);
    return info;
  };
  /** The spectator count each table was last told; a change is told after a short pause (joins come in bursts). */
  const told = new Map<string, number>();
  const countTimers = new Map<string, NodeJS.Timeout>();
  const tellSpectators = (id: string) => {
    if (countTimers.has(id)) return;
    countTimers.set(
      id,
      setTimeout(() => {
        countTimers.delete(id);
        const room = games.cached(id);
        const socks = watchers.get(id);
        if (!room || !socks) return;
        const spectators = spectatorsOf(room);
        if (told.get(id) === spectators) return;
        told.set(id, spectators);
        for (const socket of socks.keys()) send(socket, { type: 'spectators', table: id, spectators });
      }, 250),
    );
  };

  games.listener = (room, event, version) => {
    const socks = watchers.get(room.id);
    if (!socks) {
      if (event.type === 'finished') games.unwatched(room.id, watched);
      return;
    }
    const info = infoFor(room);
    told.set(room.id, info.spectators); // everyone at the table hears the count with the event
    const views = new Map<number | null, unknown>();
    for (const [socket, p] of socks) {
      const seat = seatIn(room, p);
      if (!views.has(seat)) views.set(seat, room.viewOf(seat));
      send(socket, { type: 'event', table: room.id, version, event, view: views.get(seat) ?? null, info });
    }
  };

  io.on('connection', (socket) => {
    const cookie = (socket.handshake.headers.cookie ?? '')
      .split(';')
      .map((c) => c.trim().split('='))
      .find(([k]) => k === SESSION_COOKIE)?.[1];
    // Handlers are set at once (a message may come before the session is looked up); they wait for it.
    const playerOf = accounts.byToken(cookie ? decodeURIComponent(cookie) : undefined).catch(() => null);
    let player: Player | null = null;
    const key = `${socket.handshake.address}:${socket.id}`;
    const joined = new Set<string>();
    socket.on('message', async (raw: unknown) => {
      player = await playerOf;
      if (!socketLimit.take(key)) {
        send(socket, { type: 'error', code: 'ERR_RATE', message: 'too many messages; slow down' });
        if (socketLimit.level(key) < -config.messagesPerSecond * 4) socket.disconnect(true); // a flood: cut off
        return;
      }
      const parsed = ClientMessage.safeParse(raw);
      if (!parsed.success) {
        send(socket, { type: 'error', code: 'ERR_SCHEMA', message: parsed.error.issues[0]?.message ?? 'bad message' });
        return;
      }
      const m = parsed.data;
      try {
        if (m.type === 'join') {
          const room = await games.room(m.table);
          const seat = seatIn(room, player);
          if (seat === null && !room.settings.public)
            throw new GameError('ERR_PRIVATE', 'a private table shows only to its players');
          let socks = watchers.get(room.id);
          if (!socks) watchers.set(room.id, (socks = new Map()));
          socks.set(socket, player);
          joined.add(room.id);
          tellSpectators(room.id);
          if (seat !== null && player) await games.returned(room.id, player.id);
          // A client that says what it has seen gets what it missed, when the room still remembers it.
          const missed = m.version === undefined ? null : room.missedSince(m.version);
          const now = { table: infoFor(room), version: room.version, seat, view: room.viewOf(seat) };
          send(socket, missed ? { type: 'missed', events: missed, ...now } : { type: 'snapshot', ...now });
        } else if (m.type === 'act') {
          if (!player) throw new GameError('ERR_AUTH', 'log in or play as a guest first');
          await games.act(m.table, player, m.version, m.action);
        } else {
          if (!player) throw new GameError('ERR_AUTH', 'log in or play as a guest first');
          await games.leave(m.table, player);
        }
      } catch (e) {
        if (e instanceof GameError) send(socket, { type: 'error', code: e.code, message: e.message, table: m.table });
        else {
          log.error({ err: e }, 'message failed');
          send(socket, { type: 'error', code: 'ERR_INTERNAL', message: 'the server failed; nothing was changed' });
        }
      }
    });
    socket.on('disconnect', () => {
      socketLimit.forget(key);
      for (const id of joined) {
        const socks = watchers.get(id);
        socks?.delete(socket);
        if (socks?.size === 0) {
          watchers.delete(id);
          told.delete(id);
          games.unwatched(id, watched);
        } else tellSpectators(id);
        const me = player;
        if (!me) continue;
        const still = [...(socks?.values() ?? [])].some((p) => p?.id === me.id);
        if (!still) games.dropped(id, me.id);
      }
    });
  });

  await app.listen({ port: config.port, host: config.host });
  const resumed = await games.resume();
  ready = true;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log.info({ port, dialect, resumed }, 'baska server ready');

  let closed: Promise<void> | null = null;
  return {
    url: `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`,
    port,
    dialect,
    /** Graceful: stop accepting, finish the writes in progress, close the database. */
    close: () =>
      (closed ??= (async () => {
        ready = false;
        for (const t of countTimers.values()) clearTimeout(t);
        await new Promise<void>((r) => io.close(() => r()));
        await games.close();
        await app.close();
        await db.destroy();
      })()),
  };
}

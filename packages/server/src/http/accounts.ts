// Accounts over HTTP: a guest, registration, login and logout (the session in a cookie), logging out
// everywhere, who one is, and one's games. Each answer is the protocol's (a refusal is its ErrorBody,
// from app.ts).
import {
  type MeAnswer,
  GuestRequest,
  LoginRequest,
  type OkAnswer,
  type Player,
  type PlayerAnswer,
  type PlayerHistory,
  RegisterRequest,
} from '@baska/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SESSION_COOKIE } from '../accounts.js';
import { type Services, parse, who } from './context.js';
import { withRetryAfter } from '../login-limits.js';

/**
 * `disconnect` closes a player's open sockets (hub.ts): "log out everywhere" ends them with his
 * sessions.
 */
export function accountRoutes(
  app: FastifyInstance,
  { config, accounts, games, finished }: Services,
  disconnect: (playerId: number) => Promise<void>,
  /**
   * Moderation (moderation/service.ts): a banned player's login is refused with the ban's reason and
   * end; a new account from a banned player's address is marked for the moderators.
   */
  moderation?: {
    mustNotBeBanned(player: number): Promise<void>;
    registeredFrom(player: number, address: string): Promise<void>;
  },
) {
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.secureCookies,
    maxAge: Math.ceil(config.sessionMaxMs / 1000), // the cookie outlives no session (decision 016)
  };
  const signIn = (reply: FastifyReply, s: { player: Player; token: string }) =>
    reply.setCookie(SESSION_COOKIE, s.token, cookieOptions).send({ player: s.player } satisfies PlayerAnswer);

  app.post('/api/guest', async (req, reply) =>
    signIn(reply, await accounts.guest(parse(GuestRequest, req.body).nickname)),
  );
  /** A guest who registers keeps his games: they go with him to the account (accounts.ts, register). */
  app.post('/api/register', async (req, reply) => {
    const b = parse(RegisterRequest, req.body);
    const before = await accounts.byToken(req.cookies[SESSION_COOKIE]);
    const guest = before?.guest ? before.id : undefined;
    const s = await accounts.register(b.name, b.password, guest).catch(withRetryAfter(reply));
    if (s.player.id === guest) finished.registered(guest, s.player.name);
    await moderation?.registeredFrom(s.player.id, req.ip);
    return signIn(reply, s);
  });
  app.post('/api/login', async (req, reply) => {
    const b = parse(LoginRequest, req.body);
    const s = await accounts.login(b.name, b.password, req.ip).catch(withRetryAfter(reply));
    // The password first: whether an account is banned is told only to whoever holds it.
    await moderation?.mustNotBeBanned(s.player.id).catch(async (e: unknown) => {
      await accounts.logout(s.token);
      throw e;
    });
    return signIn(reply, s);
  });
  app.post('/api/logout', async (req, reply) => {
    const token = req.cookies[SESSION_COOKIE];
    if (token) await accounts.logout(token);
    return reply.clearCookie(SESSION_COOKIE, { path: '/' }).send({ ok: true } satisfies OkAnswer);
  });
  /** Log out everywhere: every session of the player ends, and every socket of his closes. */
  app.post('/api/me/logout-all', async (req, reply) => {
    const me = await who(accounts, req);
    await accounts.logoutAll(me.id);
    await disconnect(me.id);
    return reply.clearCookie(SESSION_COOKIE, { path: '/' }).send({ ok: true } satisfies OkAnswer);
  });
  app.get('/api/me', async (req): Promise<MeAnswer> => ({
    player: await accounts.byToken(req.cookies[SESSION_COOKIE]),
  }));
  app.get('/api/me/games', async (req): Promise<PlayerHistory> => games.history((await who(accounts, req)).id));
}

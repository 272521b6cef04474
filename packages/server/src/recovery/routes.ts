// The account's password and e-mail address over HTTP (decision 018): a change of password by its
// owner, an address confirmed by a link, a forgotten password replaced through a link. Each body is
// checked against the protocol's schema; a refusal is a coded error that changes nothing.
import {
  type AccountAnswer,
  ChangePasswordRequest,
  ConfirmEmailRequest,
  EmailRequest,
  type OkAnswer,
  ResetPasswordRequest,
  ResetRequest,
} from '@baska/protocol';
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../accounts.js';
import { type Services, parse, who } from '../http/context.js';
import { withRetryAfter } from '../login-limits.js';
import type { Recovery } from './service.js';

const OK: OkAnswer = { ok: true };

/** `disconnect` closes a player's sockets, but those of the session `keep` (hub.ts). */
export function recoveryRoutes(
  app: FastifyInstance,
  { accounts }: Services,
  recovery: Recovery,
  disconnect: (playerId: number, keep?: string) => Promise<void>,
) {
  /** A new password: the old one stops working, every other session of the account ends, this one stays. */
  app.post('/api/me/password', async (req, reply) => {
    const me = await who(accounts, req);
    const b = parse(ChangePasswordRequest, req.body);
    const keep = req.cookies[SESSION_COOKIE]!;
    await accounts.changePassword(me.id, b.old, b.new, keep, req.ip).catch(withRetryAfter(reply));
    await disconnect(me.id, keep);
    return OK;
  });
  app.get('/api/me/account', async (req): Promise<AccountAnswer> => recovery.account((await who(accounts, req)).id));
  app.post('/api/me/email', async (req, reply) => {
    const me = await who(accounts, req);
    const b = parse(EmailRequest, req.body);
    await recovery.addEmail(me.id, b.email, b.lang).catch(withRetryAfter(reply));
    return OK;
  });
  app.delete('/api/me/email', async (req) => {
    await recovery.removeEmail((await who(accounts, req)).id);
    return OK;
  });
  app.post('/api/email/confirm', async (req, reply) => {
    const b = parse(ConfirmEmailRequest, req.body);
    await recovery.confirmEmail(b.token, req.ip).catch(withRetryAfter(reply));
    return OK;
  });
  /** A forgotten password: the same answer whether the name or address is known or not. */
  app.post('/api/password/forgot', async (req, reply) => {
    const b = parse(ResetRequest, req.body);
    await recovery.askReset(b.who, b.lang, req.ip).catch(withRetryAfter(reply));
    return OK;
  });
  /** A new password by a reset link: every session of the account ends, this browser's too. */
  app.post('/api/password/reset', async (req, reply) => {
    const b = parse(ResetPasswordRequest, req.body);
    const player = await recovery.reset(b.token, b.password, req.ip).catch(withRetryAfter(reply));
    await disconnect(player);
    return reply.clearCookie(SESSION_COOKIE, { path: '/' }).send(OK);
  });
}

// A person's rights over HTTP (decision 019): `DELETE /api/me {password}` deletes his account,
// `GET /api/me/data` gives him everything kept about him as one JSON file, and `GET /api/operator`
// says who runs this server and how to reach them (the privacy page names them).
import { DeleteAccountRequest, type OkAnswer, type OperatorAnswer } from '@baska/protocol';
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../accounts.js';
import type { ChatBook } from '../chat/lines.js';
import type { Db } from '../db.js';
import { GameError } from '../errors.js';
import type { Games } from '../games.js';
import { type Services, parse, who } from '../http/context.js';
import { withRetryAfter } from '../login-limits.js';
import { myData } from './data.js';
import { eraseAccount } from './erase.js';

export interface PrivacyDeps {
  db: Db;
  /** The table chat's kept lines (in memory, or Redis with several processes). */
  chat: ChatBook;
  /** Close every open socket of a player (hub.ts), as "log out everywhere" does. */
  disconnect: (player: number) => Promise<void>;
}

/**
 * The tables not finished at which he has a seat (also as away, a bot playing for him): a table in
 * play cannot lose a player, so the account is deleted once they end (decision 019).
 */
async function seatsHeld(db: Db, games: Games, player: number): Promise<string[]> {
  const rows = await db
    .selectFrom('game_player')
    .innerJoin('game', 'game.id', 'game_player.game_id')
    .select('game.id')
    .where('game_player.player_id', '=', player)
    .where('game.status', '!=', 'finished')
    .execute();
  const held: string[] = [];
  for (const { id } of rows) {
    const room = await games.room(id);
    if (room.status !== 'finished' && room.seatOf(player) !== null) held.push(id);
  }
  return held;
}

export function privacyRoutes(
  app: FastifyInstance,
  { config, accounts, games, finished, key }: Services,
  deps: PrivacyDeps,
) {
  // Open to everyone, as the privacy page is.
  app.get('/api/operator', async (): Promise<OperatorAnswer> => ({
    name: config.operatorName ?? null,
    contact: config.operatorContact ?? null,
  }));

  app.delete('/api/me', async (req, reply) => {
    const me = await who(accounts, req);
    const { password } = parse(DeleteAccountRequest, req.body);
    if (me.guest) throw new GameError('ERR_CREDENTIALS', 'a guest has no account to delete: logging out ends him');
    if (!(await accounts.passwordOk(me.id, password, req.ip).catch(withRetryAfter(reply))))
      throw new GameError('ERR_CREDENTIALS', 'wrong password');
    const held = await seatsHeld(deps.db, games, me.id);
    if (held.length)
      throw new GameError('ERR_SEATED', `leave these tables, or let them end, first: ${held.join(', ')}`);
    const erased = await eraseAccount(deps.db, me);
    for (const [id, label] of erased.games) {
      finished.forget(id);
      games.renamed(id, me.id, label);
    }
    await deps.chat.forget(me.id);
    await deps.disconnect(me.id);
    req.log.info(
      { player: me.id, games: erased.games.size, tournaments: erased.tournaments.length },
      'account deleted',
    );
    return reply.clearCookie(SESSION_COOKIE, { path: '/' }).send({ ok: true } satisfies OkAnswer);
  });

  app.get('/api/me/data', async (req, reply) => {
    const me = await who(accounts, req);
    const data = await myData(deps.db, key, me.id, (p) => deps.chat.of(p));
    return reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', 'attachment; filename="baska-my-data.json"')
      .send(JSON.stringify(data, null, 2));
  });
}

// What the route modules share: the services they call, and the helpers at the edge (validation
// against the protocol's schemas, the session behind a request, a table id from the path).
import type { Player } from '@baska/protocol';
import type { FastifyRequest } from 'fastify';
import type { ZodType, z } from 'zod';
import { type Accounts, SESSION_COOKIE } from '../accounts.js';
import type { Config } from '../config.js';
import type { ServerKey } from '../fairdeal/key.js';
import { GameError } from '../errors.js';
import type { FinishedTables } from '../finished.js';
import type { Games } from '../games.js';

export interface Services {
  config: Config;
  accounts: Accounts;
  games: Games;
  finished: FinishedTables;
  /** Signs the records handed out (fairdeal/key.ts, decision 013). */
  key: ServerKey;
}

/** The body checked against its schema, or ERR_SCHEMA with every problem named. */
export const parse = <S extends ZodType>(schema: S, body: unknown): z.output<S> => {
  const r = schema.safeParse(body ?? {});
  if (!r.success)
    throw new GameError(
      'ERR_SCHEMA',
      r.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '),
    );
  return r.data;
};

/** The player behind the request's session cookie, or ERR_AUTH. */
export const who = async (accounts: Accounts, req: FastifyRequest): Promise<Player> => {
  const p = await accounts.byToken(req.cookies[SESSION_COOKIE]);
  if (!p) throw new GameError('ERR_AUTH', 'log in or play as a guest first');
  return p;
};

/** The table id in the path (`:id`); anything that cannot be one is not found. */
export const tableId = (req: FastifyRequest) => {
  const id = (req.params as { id: string }).id;
  if (!/^[A-Za-z0-9_-]{6,40}$/.test(id)) throw new GameError('ERR_NOT_FOUND', `no table ${id}`);
  return id;
};

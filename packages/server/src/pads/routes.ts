// /api/pads: score pads on the server. Creating, listing, writing and undoing need a registered
// player (a guest keeps his pads in his browser); reading one needs only its id, the shared link.
import {
  CreatePadRequest,
  type PadAnswer,
  type PadEntryAnswer,
  PadEntryRequest,
  type PadUnchanged,
  PadUndoRequest,
  type PadsAnswer,
  type Player,
} from '@baska/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../accounts.js';
import { GameError } from '../errors.js';
import { type Services, parse, who } from '../http/context.js';
import type { Pads } from './store.js';

const padId = (req: FastifyRequest) => {
  const id = (req.params as { id: string }).id;
  if (!/^[A-Za-z0-9_-]{6,40}$/.test(id)) throw new GameError('ERR_NOT_FOUND', 'no such pad');
  return id;
};

export function padRoutes(app: FastifyInstance, { accounts }: Services, pads: Pads) {
  const registered = async (req: FastifyRequest): Promise<Player> => {
    const p = await who(accounts, req);
    if (p.guest)
      throw new GameError('ERR_AUTH', 'sign in to keep pads on the server (a guest keeps them in the browser)');
    return p;
  };

  app.get('/api/pads', async (req): Promise<PadsAnswer> => ({ pads: await pads.list((await registered(req)).id) }));

  app.post('/api/pads', async (req): Promise<PadAnswer> => {
    const player = await registered(req);
    return { pad: await pads.create(player.id, parse(CreatePadRequest, req.body)) };
  });

  app.get('/api/pads/:id', async (req): Promise<PadAnswer | PadUnchanged> => {
    const id = padId(req);
    const q = (req.query as { since?: string }).since;
    const since = q !== undefined && /^\d{1,9}$/.test(q) ? Number(q) : undefined;
    const viewer = await accounts.byToken(req.cookies[SESSION_COOKIE]);
    const pad = await pads.get(id, viewer?.id ?? null, since);
    return pad ? { pad } : { unchanged: true, version: since! };
  });

  app.post('/api/pads/:id/entries', async (req): Promise<PadEntryAnswer> => {
    const id = padId(req);
    const player = await registered(req);
    const body = parse(PadEntryRequest, req.body);
    const r = await pads.add(id, player.id, body);
    return { pad: r.pad, entry: body.id, duplicate: r.duplicate };
  });

  app.post('/api/pads/:id/undo', async (req): Promise<PadAnswer> => {
    const id = padId(req);
    const player = await registered(req);
    return { pad: await pads.undo(id, player.id, parse(PadUndoRequest, req.body).entry) };
  });
}

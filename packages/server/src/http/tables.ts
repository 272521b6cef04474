// The lobby and a table before and during play over HTTP: list, create, describe, sit, seat a bot,
// start, leave, and another game with the same people (rematch). Playing itself goes over the socket (hub.ts). Each answer is the protocol's.
import {
  BotRequest,
  CreateTableRequest,
  type CreatedTable,
  type OkAnswer,
  SitRequest,
  type TableAnswer,
  type TablesAnswer,
} from '@baska/protocol';
import type { FastifyInstance } from 'fastify';
import { GameError } from '../errors.js';
import { type Services, parse, tableId, who } from './context.js';

export function tableRoutes(app: FastifyInstance, { config, accounts, games, finished }: Services) {
  /** The tables created from each address (pruned to the open ones whenever counted). */
  const byAddress = new Map<string, string[]>();
  /** Creations under way, by player and by address: counted too, so that a burst cannot slip past the caps. */
  const underWay = new Map<string, number>();
  const bump = (key: string, by: number) => {
    const n = (underWay.get(key) ?? 0) + by;
    if (n > 0) underWay.set(key, n);
    else underWay.delete(key);
  };

  /** One guest must not fill the lobby: a few open tables per player and per address. */
  const checkCaps = async (player: number, address: string) => {
    const mine = await games.openTables({ owner: player });
    const fromHere = await games.openTables({ ids: byAddress.get(address) ?? [] });
    byAddress.set(address, fromHere);
    if (mine.length + (underWay.get(`p:${player}`) ?? 1) - 1 >= config.openTablesPerPlayer)
      throw new GameError('ERR_TOO_MANY', `${config.openTablesPerPlayer} open tables per player at most`);
    if (fromHere.length + (underWay.get(`a:${address}`) ?? 1) - 1 >= config.openTablesPerAddress)
      throw new GameError('ERR_TOO_MANY', `${config.openTablesPerAddress} open tables per address at most`);
  };

  app.get('/api/tables', async (): Promise<TablesAnswer> => ({ tables: await games.list() }));
  app.post('/api/tables', async (req): Promise<CreatedTable> => {
    const player = await who(accounts, req);
    const body = parse(CreateTableRequest, req.body);
    const keys = [`p:${player.id}`, `a:${req.ip}`];
    for (const k of keys) bump(k, 1);
    try {
      await checkCaps(player.id, req.ip);
      const room = await games.create(player, body);
      if (byAddress.size > 100_000) byAddress.clear(); // bounded memory under a storm of addresses
      byAddress.set(req.ip, [...(byAddress.get(req.ip) ?? []), room.id]);
      // The invite link: a table's id is 72 random bits, so knowing the link is the invitation.
      return { table: room.info(), invite: `/#/t/${room.id}` };
    } finally {
      for (const k of keys) bump(k, -1);
    }
  });
  app.get('/api/tables/:id', async (req): Promise<TableAnswer> => {
    const room = await finished.room(tableId(req));
    return { table: finished.memo(room, 'info', () => room.info()) };
  });
  app.post('/api/tables/:id/sit', async (req): Promise<TableAnswer> => {
    const room = await games.sit(tableId(req), await who(accounts, req), parse(SitRequest, req.body).seat);
    return { table: room.info() };
  });
  app.post('/api/tables/:id/bot', async (req): Promise<TableAnswer> => {
    const b = parse(BotRequest, req.body);
    return { table: (await games.addBot(tableId(req), await who(accounts, req), b.seat, b.level)).info() };
  });
  app.post('/api/tables/:id/start', async (req): Promise<TableAnswer> => ({
    table: (await games.start(tableId(req), await who(accounts, req))).info(),
  }));
  app.post('/api/tables/:id/rematch', async (req): Promise<TableAnswer> => {
    const player = await who(accounts, req);
    const id = tableId(req);
    // The first to ask creates a table: counted under the caps on open tables like any other.
    if ((await finished.room(id)).rematch === null) await checkCaps(player.id, req.ip);
    const room = await games.rematch(id, player);
    return { table: room.info() };
  });
  app.post('/api/tables/:id/leave', async (req): Promise<OkAnswer> => {
    await games.leave(tableId(req), await who(accounts, req));
    return { ok: true };
  });
}

// The lobby and a table before and during play over HTTP: list, create, describe, sit, seat a bot,
// start, leave. Playing itself goes over the socket (hub.ts).
import { BotRequest, CreateTableRequest, SitRequest } from '@baska/protocol';
import type { FastifyInstance } from 'fastify';
import { type Services, parse, tableId, who } from './context.js';

export function tableRoutes(app: FastifyInstance, { accounts, games }: Services) {
  app.get('/api/tables', async () => ({ tables: await games.list() }));
  app.post('/api/tables', async (req) => {
    const player = await who(accounts, req);
    const room = await games.create(player, parse(CreateTableRequest, req.body));
    // The invite link: a table's id is 72 random bits, so knowing the link is the invitation.
    return { table: room.info(), invite: `/#/t/${room.id}` };
  });
  app.get('/api/tables/:id', async (req) => ({ table: (await games.room(tableId(req))).info() }));
  app.post('/api/tables/:id/sit', async (req) => {
    const room = await games.sit(tableId(req), await who(accounts, req), parse(SitRequest, req.body).seat);
    return { table: room.info() };
  });
  app.post('/api/tables/:id/bot', async (req) => {
    const b = parse(BotRequest, req.body);
    return { table: (await games.addBot(tableId(req), await who(accounts, req), b.seat, b.level)).info() };
  });
  app.post('/api/tables/:id/start', async (req) => ({
    table: (await games.start(tableId(req), await who(accounts, req))).info(),
  }));
  app.post('/api/tables/:id/leave', async (req) => {
    await games.leave(tableId(req), await who(accounts, req));
    return { ok: true };
  });
}

// The lobby and a table before and during play over HTTP: list, create, describe, sit, seat a bot,
// start, leave, and another game with the same people (rematch). Playing itself goes over the socket (hub.ts). Each answer is the protocol's.
import {
  BotRequest,
  CreateTableRequest,
  type CreatedTable,
  type OkAnswer,
  type SheetAnswer,
  SheetQuery,
  SitRequest,
  type TableAnswer,
  type TablesAnswer,
} from '@baska/protocol';
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../accounts.js';
import { addressKey } from '../client-address.js';
import { GameError } from '../errors.js';
import type { Room } from '../room.js';
import type { TableCaps } from './caps.js';
import { type Services, parse, tableId, who } from './context.js';

export function tableRoutes(app: FastifyInstance, { accounts, games, finished }: Services, caps: TableCaps) {
  /** Create a table under the caps on open tables per player and per address (its limit key: http/caps.ts). */
  const capped = async (player: number, address: string, create: () => Promise<Room>): Promise<Room> => {
    const done = await caps.reserve(player, address);
    let room: Room | null = null;
    try {
      room = await create();
      return room;
    } finally {
      await done(room?.id ?? null);
    }
  };

  app.get('/api/tables', async (): Promise<TablesAnswer> => ({ tables: await games.list() }));
  app.post('/api/tables', async (req): Promise<CreatedTable> => {
    const player = await who(accounts, req);
    const body = parse(CreateTableRequest, req.body);
    const room = await capped(player.id, addressKey(req.ip), () => games.create(player, body));
    // The invite link: a table's id is 72 random bits, so knowing the link is the invitation.
    return { table: room.info(), invite: `/#/t/${room.id}` };
  });
  app.get('/api/tables/:id', async (req): Promise<TableAnswer> => {
    const room = await finished.room(tableId(req));
    // The same audience as the table's socket (hub.ts): a started private table is its players' only.
    const viewer = await accounts.byToken(req.cookies[SESSION_COOKIE]);
    if (!room.showsTo(viewer?.id ?? null))
      throw new GameError('ERR_PRIVATE', 'a private table shows only to its players once it has started');
    return { table: finished.memo(room, 'info', () => room.info()) };
  });
  // The score sheet's rows before those the description carries (TableInfo.sheetFrom), a page at a
  // time: to the same people as the description, read from storage (past-deals.ts).
  app.get('/api/tables/:id/sheet', async (req): Promise<SheetAnswer> => {
    const { from, size } = parse(SheetQuery, req.query);
    const room = await finished.room(tableId(req));
    const viewer = await accounts.byToken(req.cookies[SESSION_COOKIE]);
    if (!room.showsTo(viewer?.id ?? null))
      throw new GameError('ERR_PRIVATE', 'a private table shows only to its players once it has started');
    const dealsPlayed = room.dealsComplete;
    return { from, rows: await games.sheetRows(room, from, from + size), dealsPlayed };
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
    const rematch = () => games.rematch(id, player);
    const room =
      (await finished.room(id)).rematch === null
        ? await capped(player.id, addressKey(req.ip), rematch)
        : await rematch();
    return { table: room.info() };
  });
  app.post('/api/tables/:id/leave', async (req): Promise<OkAnswer> => {
    await games.leave(tableId(req), await who(accounts, req));
    return { ok: true };
  });
}

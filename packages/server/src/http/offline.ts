// POST /api/me/offline-games: a game the player played in his browser with no network (issue 36),
// into his archive once the network is back (offline-games.ts checks it by replaying it).
import { OfflineGameRequest, type OfflineGameAnswer } from '@baska/protocol';
import type { FastifyInstance } from 'fastify';
import { type Services, parse, who } from './context.js';

/** A whole game's record: 200 deals of some 250 bytes each, well within this. */
const BODY_LIMIT = 128 * 1024;

export function offlineRoutes(app: FastifyInstance, { accounts, games }: Services) {
  app.post('/api/me/offline-games', { bodyLimit: BODY_LIMIT }, async (req): Promise<OfflineGameAnswer> => {
    const player = await who(accounts, req);
    const game = parse(OfflineGameRequest, req.body);
    return { table: await games.importOffline({ id: player.id, name: player.name, guest: player.guest }, game) };
  });
}

// A game's record (docs/spec/records.md), under its privacy rule, signed by the server (decision 013).
import type { RecordAnswer } from '@baska/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SESSION_COOKIE } from '../accounts.js';
import { fail } from '../errors.js';
import { signedRecord } from '../fairdeal/key.js';
import { type Services, tableId } from './context.js';

export function archiveRoutes(app: FastifyInstance, { accounts, finished, games, key }: Services) {
  app.get('/api/games/:id/record', async (req, reply): Promise<RecordAnswer | FastifyReply> => {
    const room = await finished.room(tableId(req));
    const player = await accounts.byToken(req.cookies[SESSION_COOKIE]);
    const seated = player !== null && room.seats.some((s) => s.player === player.id);
    // RULES: a record holds every hand; the players may have it, everyone once a public game is over.
    if (!seated && !(room.settings.public && room.status === 'finished'))
      return fail(reply, 'ERR_PRIVATE', 'the record is for the players until the public game is over');
    const record = await finished.memo(room, 'record', async () => {
      // An unfinished deal's hands are still hidden from everyone: the record stops at the last complete deal.
      const r = await games.record(room);
      // Signed as handed out, with each deal's published commitment (decision 013).
      return r && r.deals.length > 0 ? signedRecord(r, room.id, key) : r;
    });
    if (!record || room.table!.dealCount === 0) return fail(reply, 'ERR_NOT_STARTED', 'no deal has been played');
    if (record.deals.length === 0) return fail(reply, 'ERR_NOT_STARTED', 'no deal has ended yet');
    return record;
  });
}

// Who is online over HTTP, and invitations: a person seated at an open table asks someone online
// to it; the invitation goes to his sockets at once.
import { InviteRequest, type OkAnswer, type OnlineAnswer, type OnlinePlayer } from '@baska/protocol';
import type { FastifyInstance } from 'fastify';
import { GameError } from '../errors.js';
import { type Services, parse, tableId, who } from '../http/context.js';
import { type Limiters, take, windowOf } from '../limits.js';
import type { Ratings } from '../ratings/store.js';
import type { Presence } from './presence.js';

/** The most people the list shows. */
const LISTED = 200;

export function onlineRoutes(
  app: FastifyInstance,
  { games, accounts, finished }: Services,
  presence: Presence,
  ratings: Ratings,
  /** Where the limit per person is counted: this process's memory, or with several processes Redis (one for all). */
  limiters: Limiters,
) {
  // Ten invitations a minute per person (bursts of five): an invitation is a message on someone's screen.
  const inviteLimit = limiters('invite', windowOf(10 / 60, 5));

  app.get('/api/online', async (): Promise<OnlineAnswer> => {
    const people = (await presence.list())
      .sort((a, b) => a.player.name.localeCompare(b.player.name, 'pl') || a.player.id - b.player.id)
      .slice(0, LISTED);
    const lines = await ratings.linesOf(people.filter((p) => !p.player.guest).map((p) => p.player.id));
    // The tables their sockets are at: in memory here, or (with several processes, a table another
    // process serves) read as the lobby reads a table it has not got.
    const ids = [...new Set(people.flatMap((p) => [...p.tables]))];
    const rooms = new Map(
      await Promise.all(
        ids.map(
          async (id) =>
            [id, games.cached(id) ?? (games.cluster ? await finished.room(id).catch(() => null) : null)] as const,
        ),
      ),
    );
    const players = people.map(({ player, tables }): OnlinePlayer => {
      // The table he sits at among those his sockets are at, if it is still open or in play.
      const at = [...tables]
        .map((id) => rooms.get(id))
        .find((r) => r && r.status !== 'finished' && r.seatOf(player.id) !== null);
      return {
        player,
        ratings: lines.get(player.id) ?? [],
        seated: at !== undefined && at !== null,
        table: at?.settings.public ? at.id : null,
      };
    });
    return { players };
  });

  app.post('/api/tables/:id/invite', async (req): Promise<OkAnswer> => {
    const me = await who(accounts, req);
    const { player } = parse(InviteRequest, req.body);
    const room = await games.room(tableId(req));
    if (room.seatOf(me.id) === null) throw new GameError('ERR_NOT_SEATED', 'you do not sit at this table');
    if (room.status !== 'open') throw new GameError('ERR_STARTED', 'the table has started');
    if (player === me.id) throw new GameError('ERR_SCHEMA', 'player: you sit here already');
    if (!(await presence.isOnline(player))) throw new GameError('ERR_OFFLINE', 'that person is not online');
    if (!(await take(inviteLimit, String(me.id)))) throw new GameError('ERR_RATE', 'too many invitations; slow down');
    presence.tell(player, {
      type: 'invite',
      table: room.id,
      from: me.name,
      preset: room.rules.preset,
      rated: room.settings.rated === true,
    });
    return { ok: true };
  });
}

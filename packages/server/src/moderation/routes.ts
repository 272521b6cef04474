// The moderators' routes (issue 35, "Moderators"), all under /api/mod. Each asks the role first:
// anyone else gets ERR_FORBIDDEN whatever he sent, and a bad body from a moderator gets ERR_SCHEMA;
// neither changes anything. A moderator sees what a spectator sees of a table, never hidden cards:
// these routes give chat lines, reports and marks only.
import {
  type AuditAnswer,
  LiftRequest,
  type ChatLine,
  type MarksAnswer,
  type ModPlayerAnswer,
  type OkAnswer,
  type Player,
  RoleRequest,
  type ReportsAnswer,
  type RolesAnswer,
  SanctionRequest,
} from '@baska/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ChatBook } from '../chat/lines.js';
import type { Db } from '../db.js';
import { GameError } from '../errors.js';
import { type Services, parse, who } from '../http/context.js';
import type { Moderation } from './service.js';

export interface ModerationDeps {
  db: Db;
  moderation: Moderation;
  /** The table chat's kept lines (a player's recent ones). */
  chat: ChatBook;
  /** The addresses a player connects from now (online/presence.ts): a ban keeps them. */
  addressesOf: (player: number) => Promise<Set<string>>;
  /** Close every open socket of a player (hub.ts). */
  disconnect: (player: number) => Promise<void>;
}

export function moderationRoutes(app: FastifyInstance, { accounts }: Services, deps: ModerationDeps) {
  const { moderation } = deps;
  const moderator = async (req: FastifyRequest): Promise<Player> => {
    const me = await who(accounts, req);
    await moderation.mustBe(me, 'moderator');
    return me;
  };

  app.get('/api/mod/me', async (req): Promise<RolesAnswer> => ({
    roles: await moderation.roles((await who(accounts, req)).id),
  }));

  app.post('/api/mod/roles', async (req): Promise<OkAnswer> => {
    const me = await who(accounts, req);
    await moderation.mustBe(me, 'admin');
    const b = parse(RoleRequest, req.body);
    await moderation.setModerator(me, b.name, b.role, b.reason);
    return { ok: true };
  });

  /** A mute or a ban; a ban ends the player's sessions and closes his sockets at once. */
  app.post('/api/mod/sanctions', async (req): Promise<OkAnswer> => {
    const me = await moderator(req);
    const b = parse(SanctionRequest, req.body);
    const target = await moderation.sanction(me, b, deps.addressesOf);
    if (b.kind === 'ban') {
      await accounts.logoutAll(target.id);
      await deps.disconnect(target.id);
    }
    req.log.warn({ moderator: me.id, player: target.id, kind: b.kind, until: target.until }, 'a moderator acted');
    return { ok: true };
  });

  app.post('/api/mod/lift', async (req): Promise<OkAnswer> => {
    const me = await moderator(req);
    await moderation.lift(me, parse(LiftRequest, req.body));
    return { ok: true };
  });

  app.get('/api/mod/audit', async (req): Promise<AuditAnswer> => {
    await moderator(req);
    return { entries: await moderation.audit() };
  });

  app.get('/api/mod/marks', async (req): Promise<MarksAnswer> => {
    await moderator(req);
    return { marks: await moderation.marks() };
  });

  /** The chat lines players reported, newest first, with who wrote and who reported them. */
  app.get('/api/mod/reports', async (req): Promise<ReportsAnswer> => {
    await moderator(req);
    const rows = await deps.db
      .selectFrom('chat_report')
      .innerJoin('player as a', 'a.id', 'chat_report.author_id')
      .innerJoin('player as r', 'r.id', 'chat_report.reporter_id')
      .select(['table_id', 'line', 'at', 'a.id as aid', 'a.name as aname', 'r.id as rid', 'r.name as rname'])
      .orderBy('at', 'desc')
      .limit(200)
      .execute();
    return {
      reports: rows.map((r) => ({
        table: r.table_id,
        line: JSON.parse(r.line) as ChatLine,
        at: r.at,
        author: { id: r.aid, name: r.aname },
        reporter: { id: r.rid, name: r.rname },
      })),
    };
  });

  /** A registered player for the moderators: his recent chat lines, his fair-play marks, his mute and ban. */
  app.get('/api/mod/players/:name', async (req): Promise<ModPlayerAnswer> => {
    await moderator(req);
    const name = (req.params as { name: string }).name;
    const row = name.length <= 40 ? await accounts.registered(name) : undefined;
    if (!row) throw new GameError('ERR_NOT_FOUND', `no registered player ${name.slice(0, 40)}`);
    const marks = await deps.db.selectFrom('fair_play_mark').selectAll().orderBy('at', 'desc').limit(2000).execute();
    return {
      player: { id: row.id, name: row.name },
      chat: (await deps.chat.of(row.id)).slice(-50),
      fairPlay: marks
        .filter((m) => (JSON.parse(m.players) as number[][]).some((g) => g.includes(row.id)))
        .map((m) => ({ table: m.game_id, players: JSON.parse(m.players) as number[][], at: m.at })),
      mute: await moderation.standing(row.id, 'mute'),
      ban: await moderation.standing(row.id, 'ban'),
    };
  });
}

// Roles, mutes and bans, and the audit log (issue 35, "Moderators"). An administrator is granted on
// the server's machine only (commands.ts, `grant-admin`); he names moderators; a moderator mutes and
// bans registered players with a reason they are shown. Each act and its audit entry are written in
// one transaction: no act without its entry.
import type { AuditEntry, EvasionMark, Player, Role, Sanction, SanctionKind } from '@baska/protocol';
import type { FastifyInstance } from 'fastify';
import { type Accounts, SESSION_COOKIE } from '../accounts.js';
import { addressKey } from '../client-address.js';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../db.js';
import { GameError } from '../errors.js';

interface Act {
  by: Player | null;
  action: string;
  target: { id: number; name: string } | null;
  reason: string;
  detail?: string | null;
}

export class Moderation {
  constructor(
    private readonly db: Db,
    private readonly accounts: Accounts,
  ) {}

  async roles(player: number): Promise<Role[]> {
    const row = await this.db
      .selectFrom('player_role')
      .select('role')
      .where('player_id', '=', player)
      .executeTakeFirst();
    if (!row) return [];
    return row.role === 'admin' ? ['admin', 'moderator'] : ['moderator'];
  }

  /** The player holds `role` (an administrator is a moderator too), or ERR_FORBIDDEN. */
  async mustBe(player: Player, role: Role): Promise<void> {
    if (!(await this.roles(player.id)).includes(role))
      throw new GameError(
        'ERR_FORBIDDEN',
        role === 'admin' ? 'only an administrator may do this' : 'only moderators may do this',
      );
  }

  /** `baska-server grant-admin NAME`: the registered player NAME becomes an administrator. */
  async grantAdmin(name: string): Promise<{ id: number; name: string }> {
    const target = await this.target(name);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('player_role')
        .values({ player_id: target.id, role: 'admin', granted_at: new Date().toISOString() })
        .onConflict((c) => c.column('player_id').doUpdateSet({ role: 'admin' }))
        .execute();
      await this.log(trx, { by: null, action: 'grant-admin', target, reason: 'granted on the server machine' });
    });
    return target;
  }

  /** An administrator makes `name` a moderator (`role`), or a player again (null). */
  async setModerator(by: Player, name: string, role: 'moderator' | null, reason: string): Promise<void> {
    await this.mustBe(by, 'admin');
    const target = await this.target(name);
    if ((await this.roles(target.id)).includes('admin'))
      throw new GameError('ERR_FORBIDDEN', "an administrator's role is changed on the server machine only");
    await this.db.transaction().execute(async (trx) => {
      if (role)
        await trx
          .insertInto('player_role')
          .values({ player_id: target.id, role, granted_at: new Date().toISOString() })
          .onConflict((c) => c.column('player_id').doNothing())
          .execute();
      else await trx.deleteFrom('player_role').where('player_id', '=', target.id).execute();
      await this.log(trx, { by, action: role ? 'grant-moderator' : 'revoke-moderator', target, reason });
    });
  }

  /**
   * A moderator mutes or bans `name` for `minutes` (null: for good); a ban keeps the addresses he
   * connects from now, so that an account registered from one is marked. The ban's sessions and
   * sockets are the caller's to end.
   */
  async sanction(
    by: Player,
    o: { name: string; kind: SanctionKind; reason: string; minutes: number | null },
    addresses: (player: number) => Promise<Set<string>>,
  ): Promise<{ id: number; name: string; until: string | null }> {
    await this.mustBe(by, 'moderator');
    const target = await this.target(o.name);
    if ((await this.roles(target.id)).length)
      throw new GameError('ERR_FORBIDDEN', 'a moderator or an administrator loses his role before a mute or a ban');
    const now = new Date();
    const until = o.minutes === null ? null : new Date(now.getTime() + o.minutes * 60_000).toISOString();
    const keys = o.kind === 'ban' ? [...new Set([...(await addresses(target.id))].map(addressKey))] : [];
    await this.db.transaction().execute(async (trx) => {
      const row = { reason: o.reason, until, by_id: by.id, at: now.toISOString() };
      await trx
        .insertInto('sanction')
        .values({ player_id: target.id, kind: o.kind, ...row })
        .onConflict((c) => c.columns(['player_id', 'kind']).doUpdateSet(row))
        .execute();
      for (const address of keys)
        await trx
          .insertInto('banned_address')
          .values({ address, player_id: target.id })
          .onConflict((c) => c.columns(['address', 'player_id']).doNothing())
          .execute();
      await this.log(trx, {
        by,
        action: o.kind,
        target,
        reason: o.reason,
        detail: until ? `until ${until}` : 'for good',
      });
    });
    return { ...target, until };
  }

  /** A moderator ends a mute or a ban early; ERR_NOT_FOUND when none stands. */
  async lift(by: Player, o: { name: string; kind: SanctionKind; reason: string }): Promise<void> {
    await this.mustBe(by, 'moderator');
    const target = await this.target(o.name);
    if (!(await this.standing(target.id, o.kind)))
      throw new GameError('ERR_NOT_FOUND', `${target.name} has no ${o.kind} to lift`);
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sanction').where('player_id', '=', target.id).where('kind', '=', o.kind).execute();
      if (o.kind === 'ban') await trx.deleteFrom('banned_address').where('player_id', '=', target.id).execute();
      await this.log(trx, { by, action: `lift-${o.kind}`, target, reason: o.reason });
    });
  }

  /** The mute or the ban standing now (an ended one is none). */
  async standing(player: number, kind: SanctionKind): Promise<Sanction | null> {
    const row = await this.db
      .selectFrom('sanction')
      .selectAll()
      .where('player_id', '=', player)
      .where('kind', '=', kind)
      .executeTakeFirst();
    if (!row || (row.until !== null && row.until <= new Date().toISOString())) return null;
    return { kind, reason: row.reason, until: row.until, at: row.at };
  }

  /** Not banned, or ERR_BANNED with the reason and the end. */
  async mustNotBeBanned(player: number): Promise<void> {
    const ban = await this.standing(player, 'ban');
    if (ban) throw refusal(ban);
  }

  /** May write in the chat: neither banned nor muted, or a refusal with the reason and the end. */
  async mayChat(player: number): Promise<void> {
    await this.mustNotBeBanned(player);
    const mute = await this.standing(player, 'mute');
    if (mute) throw refusal(mute);
  }

  /** A new account from an address a player banned now connected from: marked for the moderators. */
  async registeredFrom(player: number, address: string): Promise<void> {
    const now = new Date().toISOString();
    const rows = await this.db
      .selectFrom('banned_address')
      .innerJoin('sanction', 'sanction.player_id', 'banned_address.player_id')
      .select('banned_address.player_id')
      .where('banned_address.address', '=', addressKey(address))
      .where('sanction.kind', '=', 'ban')
      .where((w) => w.or([w('sanction.until', 'is', null), w('sanction.until', '>', now)]))
      .execute();
    for (const { player_id } of rows)
      if (player_id !== player)
        await this.db
          .insertInto('evasion_mark')
          .values({ player_id: player, banned_id: player_id, at: now })
          .onConflict((c) => c.columns(['player_id', 'banned_id']).doNothing())
          .execute();
  }

  async marks(): Promise<EvasionMark[]> {
    const rows = await this.db
      .selectFrom('evasion_mark')
      .innerJoin('player as p', 'p.id', 'evasion_mark.player_id')
      .innerJoin('player as b', 'b.id', 'evasion_mark.banned_id')
      .select(['p.id as pid', 'p.name as pname', 'b.id as bid', 'b.name as bname', 'evasion_mark.at'])
      .orderBy('evasion_mark.at', 'desc')
      .limit(200)
      .execute();
    return rows.map((r) => ({ player: { id: r.pid, name: r.pname }, banned: { id: r.bid, name: r.bname }, at: r.at }));
  }

  /** The audit log, newest first. */
  async audit(limit = 200): Promise<AuditEntry[]> {
    const rows = await this.db.selectFrom('mod_audit').selectAll().orderBy('id', 'desc').limit(limit).execute();
    return rows.map((r) => ({
      id: r.id,
      at: r.at,
      by: r.by_id === null ? null : { id: r.by_id, name: r.by_name ?? '' },
      action: r.action,
      target: r.target_id === null ? null : { id: r.target_id, name: r.target_name ?? '' },
      reason: r.reason,
      detail: r.detail,
    }));
  }

  /** Append one act to the audit log (inside the act's own transaction). */
  async log(trx: Transaction<Database> | Db, a: Act): Promise<void> {
    await trx
      .insertInto('mod_audit')
      .values({
        at: new Date().toISOString(),
        by_id: a.by?.id ?? null,
        by_name: a.by?.name ?? null,
        action: a.action,
        target_id: a.target?.id ?? null,
        target_name: a.target?.name ?? null,
        reason: a.reason,
        detail: a.detail ?? null,
      })
      .execute();
  }

  /** The registered player of this name, or ERR_NOT_FOUND. */
  private async target(name: string): Promise<{ id: number; name: string }> {
    const row = await this.accounts.registered(name);
    if (!row) throw new GameError('ERR_NOT_FOUND', `no registered player ${name}`);
    return { id: row.id, name: row.name };
  }
}

/** What a banned or muted player is told: the reason and the end, also for his page to word. */
function refusal(s: Sanction): GameError {
  const end = s.until ? `until ${s.until}` : 'for good';
  return s.kind === 'ban'
    ? new GameError('ERR_BANNED', `banned ${end}: ${s.reason}`, { why: 'banned', reason: s.reason, until: s.until })
    : new GameError('ERR_MUTED', `muted ${end}: ${s.reason}`, { why: 'muted', reason: s.reason, until: s.until });
}

/** What a banned player may still do over HTTP: leave, and use his rights over his data (decision 019). */
const OPEN_TO_BANNED = new Set(['/api/logout', '/api/login', '/api/guest', '/api/register', '/api/me', '/api/me/data']);

/**
 * A change asked for by a banned player's session is refused (ERR_BANNED): the ban ends his
 * sessions at once, and this refuses any one that outlived it (another process's, a race).
 */
export function bannedRefused(app: FastifyInstance, accounts: Accounts, moderation: Moderation): void {
  app.addHook('preHandler', async (req) => {
    if (req.method === 'GET' || req.method === 'HEAD' || !req.url.startsWith('/api/')) return;
    if (OPEN_TO_BANNED.has(req.url.split('?')[0]!)) return;
    const token = req.cookies[SESSION_COOKIE];
    if (!token) return;
    const me = await accounts.byToken(token);
    if (me) await moderation.mustNotBeBanned(me.id);
  });
}

// Players and sessions: a guest with a nickname at once, or a registered name with a password
// (argon2id); a session is a random token in a secure, http-only cookie. Registered names are one
// under their key (names.ts); failed logins are limited (login-limits.ts); hashes run one at a time
// (hash-gate.ts); an unknown name is answered as late as a wrong password. A session ends when it
// has not been used for its idle lifetime or is older than its absolute one (decision 016): checked
// at every lookup, which deletes it, and swept now and then; "log out everywhere" ends them all.
import { randomBytes } from 'node:crypto';
import type { Player } from '@baska/protocol';
import argon2 from 'argon2';
import { type Db, isDuplicateKey, retryBusy } from './db.js';
import { GameError } from './errors.js';
import { HashGate } from './hash-gate.js';
import type { Limiters } from './limits.js';
import { LoginLimits, type LoginLimitOptions } from './login-limits.js';
import { isBotName, legacyKey, lookalikeKey, nameKey, oneScript } from './names.js';
import { looksDeleted } from './erasure/label.js';

export const SESSION_COOKIE = 'baska_session';
/**
 * The hashing parameters, written out (they are argon2's defaults): a new hash and the stand-in hash
 * an unknown name is checked against must cost the same.
 */
const HASH = { type: argon2.argon2id, memoryCost: 64 * 1024, timeCost: 3, parallelism: 4 } as const;
const now = () => new Date().toISOString();

export interface AccountOptions {
  limits?: LoginLimitOptions;
  /** Where the failed logins are counted: this process's memory (the default), or Redis for all (limits.ts). */
  limiters?: Limiters;
  /** Hashes at a time (default 1) and how many more may wait (default 16): hash-gate.ts. */
  hashing?: { concurrency?: number; queue?: number };
  /** A session's lifetimes (ms): unused (default 30 days), and in all (default 365 days). */
  sessions?: { idleMs?: number; maxMs?: number };
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A session's last use is written at most this often (the idle lifetime is that much less exact). */
const TOUCH_MS = 60 * 60 * 1000;

export class Accounts {
  private readonly limits: LoginLimits;
  private readonly gate: HashGate;
  /**
   * A hash of a random password, made once at start: a login under an unknown name is checked
   * against it, so that it takes as long as a wrong password.
   */
  private readonly dummy: Promise<string>;
  readonly idleMs: number;
  readonly maxMs: number;
  /** How often a session's last use is written: an hour, or a tenth of a shorter idle lifetime. */
  private readonly touchMs: number;

  constructor(
    private readonly db: Db,
    options: AccountOptions = {},
  ) {
    this.limits = new LoginLimits(options.limiters, options.limits);
    this.gate = new HashGate(options.hashing?.concurrency, options.hashing?.queue);
    this.dummy = argon2.hash(randomBytes(24).toString('base64url'), HASH);
    this.idleMs = options.sessions?.idleMs ?? 30 * DAY_MS;
    this.maxMs = options.sessions?.maxMs ?? 365 * DAY_MS;
    this.touchMs = Math.min(TOUCH_MS, Math.floor(this.idleMs / 10));
  }

  private async newSession(player: Player): Promise<{ player: Player; token: string }> {
    const token = randomBytes(24).toString('base64url');
    const at = now();
    await retryBusy(() =>
      this.db.insertInto('session').values({ token, player_id: player.id, created_at: at, used_at: at }).execute(),
    );
    return { player, token };
  }

  private async insert(name: string, hash: string | null): Promise<Player> {
    const name_key = hash === null ? null : nameKey(name);
    const name_skeleton = hash === null ? null : lookalikeKey(name);
    const row = await retryBusy(() =>
      this.db
        .insertInto('player')
        .values({ name, name_key, name_skeleton, password_hash: hash, guest: hash === null ? 1 : 0, created_at: now() })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    return { id: Number(row.id), name, guest: hash === null };
  }

  /**
   * May a new player take this name (docs/decisions/016)? Not one looking like a bot's name, nor like
   * a registered player's: his is kept for him, also from guests (ERR_NAME_TAKEN); its letters of one
   * script (ERR_NAME_SCRIPTS).
   */
  private async mayTake(name: string): Promise<void> {
    if (isBotName(name)) throw new GameError('ERR_NAME_TAKEN', `${name} is a bot's name`);
    // A deleted player's label stands for nobody: no one may pass for him (decision 019).
    if (looksDeleted(name)) throw new GameError('ERR_NAME_TAKEN', `${name} is how a deleted player is called`);
    const taken = await this.db
      .selectFrom('player')
      .select('id')
      .where((w) => w.or([w('name_key', '=', nameKey(name)), w('name_skeleton', '=', lookalikeKey(name))]))
      .where('guest', '=', 0)
      .executeTakeFirst();
    if (taken) throw new GameError('ERR_NAME_TAKEN', `the name ${name} is a registered player's, or looks like it`);
    if (!oneScript(name)) throw new GameError('ERR_NAME_SCRIPTS', `the name ${name} mixes letters of several scripts`);
  }

  async guest(nickname: string) {
    await this.mayTake(nickname);
    return this.newSession(await this.insert(nickname, null));
  }

  /**
   * Register `name`. A guest who registers (`guest`, his player id) keeps what he played: his own
   * player becomes the account, so his games, their lines and records stay his under the same id;
   * his guest sessions end and a new one begins (the table names the account: Room.registered).
   */
  async register(name: string, password: string, guest?: number) {
    await this.mayTake(name);
    const hash = await this.gate.run(() => argon2.hash(password, HASH));
    let player: Player | null;
    try {
      player = guest === undefined ? await this.insert(name, hash) : await this.upgrade(guest, name, hash);
      // The guest is gone meanwhile (nothing of his to keep): a new account, as for anyone.
      player ??= await this.insert(name, hash);
    } catch (e) {
      if (isDuplicateKey(e)) throw new GameError('ERR_NAME_TAKEN', `the name ${name} is taken`); // a race with another registration
      throw e;
    }
    if (guest !== undefined) await this.logoutAll(guest);
    return this.newSession(player);
  }

  /** A guest's player made an account with this name and hash; null when there is no such guest. */
  private async upgrade(guest: number, name: string, hash: string): Promise<Player | null> {
    const r = await retryBusy(() =>
      this.db
        .updateTable('player')
        .set({ name, name_key: nameKey(name), name_skeleton: lookalikeKey(name), password_hash: hash, guest: 0 })
        .where('id', '=', guest)
        .where('guest', '=', 1)
        .executeTakeFirst(),
    );
    return Number(r.numUpdatedRows) === 1 ? { id: guest, name, guest: false } : null;
  }

  /** Which of these players are registered, with their names (a table names them so: Room.registered). */
  async registeredNames(players: number[]): Promise<Map<number, string>> {
    if (players.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('player')
      .select(['id', 'name'])
      .where('id', 'in', players)
      .where('guest', '=', 0)
      .execute();
    return new Map(rows.map((r) => [Number(r.id), r.name]));
  }

  /**
   * The registered player of a name, by its key; an account that shares its key with an older one
   * (names.ts, legacyKey) answers to its exact spelling.
   */
  async registered(name: string) {
    const rows = await this.db
      .selectFrom('player')
      .selectAll()
      .where('name_key', 'in', [nameKey(name), legacyKey(name)])
      .where('guest', '=', 0)
      .execute();
    return rows.find((r) => r.name_key === legacyKey(name)) ?? rows[0];
  }

  /** Log in; `address` is the client's, for the limit on failures (login-limits.ts). */
  async login(name: string, password: string, address = '') {
    const key = nameKey(name);
    await this.limits.check(key, address);
    const row = await this.registered(name);
    // An unknown name costs the same hashing as a known one: its answer must not come sooner.
    const against = row?.password_hash ?? (await this.dummy);
    const ok = await this.gate.run(async () => {
      await this.limits.check(key, address); // again: the failures of the logins that were ahead in the queue count
      return argon2.verify(against, password);
    });
    if (!row?.password_hash || !ok) {
      await this.limits.failed(key, address);
      throw new GameError('ERR_CREDENTIALS', 'wrong name or password');
    }
    await this.limits.succeeded(key);
    return this.newSession({ id: Number(row.id), name: row.name, guest: false });
  }

  /**
   * A new password for a registered player who knows his old one (decision 018): the old one stops
   * working at once, and every session of his but `keep` (the one asking) ends, as do the reset links
   * he was sent. A wrong old password counts as a failed login of his name (login-limits.ts).
   * Returns the sessions ended.
   */
  async changePassword(playerId: number, old: string, password: string, keep: string, address = ''): Promise<number> {
    const row = await this.db
      .selectFrom('player')
      .select(['name', 'name_key', 'password_hash'])
      .where('id', '=', playerId)
      .executeTakeFirst();
    if (!row?.password_hash || row.name_key === null)
      throw new GameError('ERR_GUEST', 'a guest has no password: register first');
    const key = row.name_key;
    await this.limits.check(key, address);
    const ok = await this.gate.run(async () => {
      await this.limits.check(key, address);
      return argon2.verify(row.password_hash!, old);
    });
    if (!ok) {
      await this.limits.failed(key, address);
      throw new GameError('ERR_CREDENTIALS', 'the old password is wrong');
    }
    await this.limits.succeeded(key);
    return this.setPassword(playerId, password, { keep });
  }

  /**
   * Set a registered player's password (a change, a reset by a link): written, then his sessions end
   * (all but `keep`, when given) and his reset links with them. `spend`: the hash of the link's token
   * that allows it, used up in the same transaction (two uses at once: one wins, the other is
   * ERR_TOKEN and changes nothing). Returns the sessions ended.
   */
  async setPassword(playerId: number, password: string, o: { keep?: string; spend?: string } = {}): Promise<number> {
    const hash = await this.gate.run(() => argon2.hash(password, HASH));
    return retryBusy(() =>
      this.db.transaction().execute(async (trx) => {
        if (o.spend !== undefined) {
          const spent = await trx
            .deleteFrom('account_token')
            .where('hash', '=', o.spend)
            .where('player_id', '=', playerId)
            .where('expires_at', '>', now())
            .executeTakeFirst();
          if (Number(spent.numDeletedRows) !== 1) throw new GameError('ERR_TOKEN', 'this link is used or expired');
        }
        const r = await trx
          .updateTable('player')
          .set({ password_hash: hash })
          .where('id', '=', playerId)
          .where('guest', '=', 0)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) throw new GameError('ERR_GUEST', 'no registered player of that id');
        await trx
          .deleteFrom('account_token')
          .where('player_id', '=', playerId)
          .where('purpose', '=', 'reset')
          .execute();
        let ended = trx.deleteFrom('session').where('player_id', '=', playerId);
        if (o.keep !== undefined) ended = ended.where('token', '!=', o.keep);
        return Number((await ended.executeTakeFirst()).numDeletedRows);
      }),
    );
  }

  async logout(token: string): Promise<void> {
    await retryBusy(() => this.db.deleteFrom('session').where('token', '=', token).execute());
  }

  /** A player by his id, or null. */
  async byId(id: number): Promise<Player | null> {
    const row = await this.db
      .selectFrom('player')
      .select(['id', 'name', 'guest'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? { id: Number(row.id), name: row.name, guest: row.guest === 1 } : null;
  }

  /**
   * The player of a session token, or null: also when the session has ended, unused for the idle
   * lifetime or older than the absolute one (then it is deleted). Its last use is written when the
   * one written is older than `touchMs`, not at every request.
   */
  async byToken(token: string | undefined): Promise<Player | null> {
    if (!token) return null;
    const row = await this.db
      .selectFrom('session')
      .innerJoin('player', 'player.id', 'session.player_id')
      .select(['player.id', 'player.name', 'player.guest', 'session.created_at', 'session.used_at'])
      .where('session.token', '=', token)
      .executeTakeFirst();
    if (!row) return null;
    const at = Date.now();
    const used = Date.parse(row.used_at ?? row.created_at); // a session from before used_at: its login
    if (at - Date.parse(row.created_at) >= this.maxMs || at - used >= this.idleMs) {
      await this.logout(token);
      return null;
    }
    if (at - used >= this.touchMs)
      await retryBusy(() =>
        this.db
          .updateTable('session')
          .set({ used_at: new Date(at).toISOString() })
          .where('token', '=', token)
          .execute(),
      );
    return { id: Number(row.id), name: row.name, guest: row.guest === 1 };
  }

  /** End every session of a player ("log out everywhere"): how many there were. */
  async logoutAll(playerId: number): Promise<number> {
    const r = await retryBusy(() => this.db.deleteFrom('session').where('player_id', '=', playerId).executeTakeFirst());
    return Number(r.numDeletedRows);
  }

  /**
   * Is this the password of registered player `id` (deleting the account asks it again, decision
   * 019)? Counted as a login's failures are (login-limits.ts), and hashed through the same gate.
   */
  async passwordOk(id: number, password: string, address = ''): Promise<boolean> {
    const row = await this.db
      .selectFrom('player')
      .select(['name', 'password_hash'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row?.password_hash) return false;
    const key = nameKey(row.name);
    await this.limits.check(key, address);
    const ok = await this.gate.run(() => argon2.verify(row.password_hash!, password));
    if (ok) await this.limits.succeeded(key);
    else await this.limits.failed(key, address);
    return ok;
  }

  /** Delete the sessions that have ended, though nobody looked them up (run now and then): how many. */
  async sweep(): Promise<number> {
    const at = Date.now();
    const idle = new Date(at - this.idleMs).toISOString();
    const old = new Date(at - this.maxMs).toISOString();
    const r = await retryBusy(() =>
      this.db
        .deleteFrom('session')
        .where((w) =>
          w.or([
            w('created_at', '<=', old),
            w('used_at', '<=', idle),
            w.and([w('used_at', 'is', null), w('created_at', '<=', idle)]),
          ]),
        )
        .executeTakeFirst(),
    );
    return Number(r.numDeletedRows);
  }
}

// A player's ways back into his account (decision 018): an e-mail address confirmed by a link, and
// a forgotten password replaced through a link sent to it (or issued by the operator on the
// server's machine when the server sends no mail). Asking for a reset answers the same whether the
// name or address exists or not, as fast: the letter is written and sent after the answer.
import type { Logger } from 'pino';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Accounts } from '../accounts.js';
import { addressKey } from '../client-address.js';
import { type Db, isDuplicateKey, retryBusy } from '../db.js';
import { GameError } from '../errors.js';
import { type Limiters, takeOrWait } from '../limits.js';
import { Lockout, RateLimited } from '../login-limits.js';
import { nameKey } from '../names.js';
import { type MailLang, confirmLetter, resetLetter } from './letters.js';
import type { Post } from './post.js';
import { LinkTokens, tokenHash } from './tokens.js';

const HOUR_MS = 60 * 60 * 1000;

export interface RecoveryOptions {
  /** The operator's SMTP server; null: the server sends no mail. */
  post: Post | null;
  /** The site's address the links start with (BASKA_PUBLIC_URL, else the server's own). */
  base: () => string;
  limiters: Limiters;
  log: Logger;
  /** How long a reset link works (default an hour) and an address's confirmation link (a day). */
  resetMs?: number;
  confirmMs?: number;
}

/** The link a letter carries to a page of the web client (its route after #). */
const linkTo = (base: string, route: string, token: string) => `${base.replace(/\/+$/, '')}/#/${route}/${token}`;

export class Recovery {
  readonly tokens: LinkTokens;
  private readonly resetMs: number;
  private readonly confirmMs: number;
  /** Resets asked a hour: from one address, and for one name or address (its mailbox is not flooded). */
  private readonly asksByAddress: RateLimiterAbstract;
  private readonly asksByWho: RateLimiterAbstract;
  /** Addresses one player may be sent a confirmation to in an hour. */
  private readonly confirmsByPlayer: RateLimiterAbstract;
  /** Links that did not work, by address: guessing tokens is locked out as guessing passwords is. */
  private readonly badLinks: Lockout;

  constructor(
    private readonly db: Db,
    private readonly accounts: Accounts,
    private readonly o: RecoveryOptions,
  ) {
    this.tokens = new LinkTokens(db);
    this.resetMs = o.resetMs ?? HOUR_MS;
    this.confirmMs = o.confirmMs ?? 24 * HOUR_MS;
    this.asksByAddress = o.limiters('reset-asks-address', { points: 10, seconds: 3600 });
    this.asksByWho = o.limiters('reset-asks-who', { points: 3, seconds: 3600 });
    this.confirmsByPlayer = o.limiters('email-confirms-player', { points: 5, seconds: 3600 });
    this.badLinks = new Lockout(o.limiters, 'links-address', {
      free: 10,
      baseSeconds: 1,
      capSeconds: 15 * 60,
      forgetSeconds: 3600,
    });
  }

  get mail(): boolean {
    return this.o.post !== null;
  }

  /** ERR_RATE with Retry-After while this limiter's key has nothing left. */
  private async limit(limiter: RateLimiterAbstract, key: string, what: string): Promise<void> {
    const ms = await takeOrWait(limiter, key);
    if (ms > 0) throw new RateLimited(Math.ceil(ms / 1000), what);
  }

  /** A registered player's address (confirmed) and the one waiting for confirmation; ERR_GUEST for a guest. */
  async account(playerId: number) {
    const player = await this.accounts.byId(playerId);
    if (!player || player.guest) throw new GameError('ERR_GUEST', 'a guest has no account settings: register first');
    const row = await this.db
      .selectFrom('account_email')
      .select('email')
      .where('player_id', '=', playerId)
      .executeTakeFirst();
    return { email: row?.email ?? null, pending: await this.tokens.pendingEmail(playerId), mail: this.mail };
  }

  /** Send a confirmation link to this address for a registered player (it is his once he opens it). */
  async addEmail(playerId: number, email: string, lang: MailLang): Promise<void> {
    const player = await this.accounts.byId(playerId);
    if (!player || player.guest) throw new GameError('ERR_GUEST', 'a guest has no e-mail address: register first');
    const post = this.o.post;
    if (!post) throw new GameError('ERR_NO_MAIL', 'this server sends no mail');
    await this.limit(this.confirmsByPlayer, String(playerId), 'too many addresses this hour; wait before trying again');
    const token = await this.tokens.issue(playerId, 'email', this.confirmMs, email);
    await post(confirmLetter(lang, email, player.name, linkTo(this.o.base(), 'email', token)));
  }

  /** The address and its waiting confirmation go. */
  async removeEmail(playerId: number): Promise<void> {
    await retryBusy(() =>
      this.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('account_email').where('player_id', '=', playerId).execute();
        await trx
          .deleteFrom('account_token')
          .where('player_id', '=', playerId)
          .where('purpose', '=', 'email')
          .execute();
      }),
    );
  }

  /**
   * The confirmation link opened: its address is now the player's (replacing the one he had).
   * ERR_TOKEN for a link used, expired or unknown; ERR_EMAIL_TAKEN when another account has
   * confirmed the address meanwhile (the one who opens it owns the mailbox: he may know).
   */
  async confirmEmail(token: string, address: string): Promise<void> {
    await this.checkLinks(address);
    const row = await this.tokens.take(token, 'email');
    if (!row?.email) return this.badLink(address);
    const email = row.email;
    try {
      await retryBusy(() =>
        this.db.transaction().execute(async (trx) => {
          await trx.deleteFrom('account_email').where('player_id', '=', row.player_id).execute();
          await trx
            .insertInto('account_email')
            .values({ player_id: row.player_id, email, confirmed_at: new Date().toISOString() })
            .execute();
        }),
      );
    } catch (e) {
      if (isDuplicateKey(e)) throw new GameError('ERR_EMAIL_TAKEN', 'another account has confirmed this address');
      throw e;
    }
  }

  /**
   * A forgotten password: a reset link to the confirmed address of the account named by `who` (its
   * name, or the address itself). The answer is the same, and as soon, when there is no such account
   * or it has no address: the letter is made and sent after it.
   */
  async askReset(who: string, lang: MailLang, address: string): Promise<void> {
    const post = this.o.post;
    if (!post) throw new GameError('ERR_NO_MAIL', 'this server sends no mail: its operator can issue a reset link');
    const byEmail = who.includes('@'); // a name has no @ (protocol's nickname)
    const whoKey = byEmail ? who.toLowerCase() : nameKey(who);
    const wait = 'too many resets asked; wait before trying again';
    await this.limit(this.asksByAddress, addressKey(address), wait);
    await this.limit(this.asksByWho, whoKey, wait);
    // The same two lookups whether or not the first finds someone.
    const player = byEmail ? undefined : await this.accounts.registered(who);
    const row = await this.db
      .selectFrom('account_email')
      .innerJoin('player', 'player.id', 'account_email.player_id')
      .select(['player.id', 'player.name', 'account_email.email'])
      .where(byEmail ? 'account_email.email' : 'account_email.player_id', '=', byEmail ? whoKey : (player?.id ?? -1))
      .executeTakeFirst();
    if (!row) return;
    void (async () => {
      const token = await this.tokens.issue(row.id, 'reset', this.resetMs);
      await post(resetLetter(lang, row.email, row.name, linkTo(this.o.base(), 'reset', token)));
    })().catch((err: unknown) => this.o.log.warn({ err, player: row.id }, 'sending a reset link failed'));
  }

  /** A reset link the operator hands over himself (no mail): ERR_NOT_FOUND for a name nobody registered. */
  async resetLink(name: string): Promise<{ name: string; link: string; expires: Date }> {
    const player = await this.accounts.registered(name);
    if (!player) throw new GameError('ERR_NOT_FOUND', `no registered player is called ${name}`);
    const token = await this.tokens.issue(Number(player.id), 'reset', this.resetMs);
    return {
      name: player.name,
      link: linkTo(this.o.base(), 'reset', token),
      expires: new Date(Date.now() + this.resetMs),
    };
  }

  /**
   * A new password through a reset link: every session of the player ends (the link is used up in
   * the same transaction). Returns the player's id (his sockets close too).
   */
  async reset(token: string, password: string, address: string): Promise<number> {
    await this.checkLinks(address);
    const row = await this.tokens.find(token, 'reset');
    if (!row) return this.badLink(address);
    await this.accounts.setPassword(row.player_id, password, { spend: tokenHash(token) }).catch(async (e: unknown) => {
      if (e instanceof GameError && e.code === 'ERR_TOKEN') await this.badLinks.fail(addressKey(address));
      throw e;
    });
    return row.player_id;
  }

  private async checkLinks(address: string): Promise<void> {
    const ms = await this.badLinks.wait(addressKey(address));
    if (ms > 0)
      throw new RateLimited(Math.ceil(ms / 1000), 'too many links that do not work; wait before trying again');
  }

  private async badLink(address: string): Promise<never> {
    await this.badLinks.fail(addressKey(address));
    throw new GameError('ERR_TOKEN', 'this link is used, expired or not ours');
  }
}

// The tokens of the links the server sends (decision 018): 32 random bytes in the link, only their
// SHA-256 in the database; one use (taken in the same statement that deletes it), expiring, and one
// live link per player and purpose (asking again replaces the link sent before).
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db.js';
import { retryBusy } from '../db.js';

/** What a link allows: a new password, or an address confirmed as the player's. */
export type Purpose = 'reset' | 'email';

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export class LinkTokens {
  constructor(private readonly db: Db) {}

  /** A new link's token for the player (his older one of the purpose stops working). */
  async issue(playerId: number, purpose: Purpose, ttlMs: number, email: string | null = null): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const at = Date.now();
    await retryBusy(() =>
      this.db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('account_token')
          .where('player_id', '=', playerId)
          .where('purpose', '=', purpose)
          .execute();
        await trx
          .insertInto('account_token')
          .values({
            hash: tokenHash(token),
            player_id: playerId,
            purpose,
            email,
            created_at: new Date(at).toISOString(),
            expires_at: new Date(at + ttlMs).toISOString(),
          })
          .execute();
      }),
    );
    return token;
  }

  /** The live link of this token and purpose (not used, not expired), or undefined; it stays. */
  async find(token: string, purpose: Purpose) {
    return this.db
      .selectFrom('account_token')
      .select(['hash', 'player_id', 'email'])
      .where('hash', '=', tokenHash(token))
      .where('purpose', '=', purpose)
      .where('expires_at', '>', new Date().toISOString())
      .executeTakeFirst();
  }

  /** Use the link up: its row if it was live (deleted now, so a second use finds nothing), else undefined. */
  async take(token: string, purpose: Purpose) {
    const row = await retryBusy(() =>
      this.db
        .deleteFrom('account_token')
        .where('hash', '=', tokenHash(token))
        .where('purpose', '=', purpose)
        .returning(['player_id', 'email', 'expires_at'])
        .executeTakeFirst(),
    );
    return row && row.expires_at > new Date().toISOString() ? row : undefined;
  }

  /** The address waiting for the player's confirmation, if a live link was sent for one. */
  async pendingEmail(playerId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('account_token')
      .select('email')
      .where('player_id', '=', playerId)
      .where('purpose', '=', 'email')
      .where('expires_at', '>', new Date().toISOString())
      .executeTakeFirst();
    return row?.email ?? null;
  }

  /** Delete the expired links (run now and then): how many. */
  async sweep(): Promise<number> {
    const r = await retryBusy(() =>
      this.db.deleteFrom('account_token').where('expires_at', '<=', new Date().toISOString()).executeTakeFirst(),
    );
    return Number(r.numDeletedRows);
  }
}

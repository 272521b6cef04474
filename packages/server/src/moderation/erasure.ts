// What deleting an account does to the moderators' tables (decision 019, "Moderators"): his role,
// his mutes and bans, the addresses kept with a ban and the marks naming him go; the audit log keeps
// every act, naming him by the label instead (the act stays, the person goes; his id, a number that
// names nobody, stays as in the game logs).
import { DELETED_LABEL } from '@baska/protocol';
import type { Transaction } from 'kysely';
import type { Database } from '../db.js';

export async function eraseModeration(trx: Transaction<Database>, player: number): Promise<void> {
  await trx.deleteFrom('player_role').where('player_id', '=', player).execute();
  await trx.deleteFrom('sanction').where('player_id', '=', player).execute();
  await trx.deleteFrom('banned_address').where('player_id', '=', player).execute();
  await trx
    .deleteFrom('evasion_mark')
    .where((w) => w.or([w('player_id', '=', player), w('banned_id', '=', player)]))
    .execute();
  await trx.updateTable('mod_audit').set({ target_name: DELETED_LABEL }).where('target_id', '=', player).execute();
  await trx.updateTable('mod_audit').set({ by_name: DELETED_LABEL }).where('by_id', '=', player).execute();
}

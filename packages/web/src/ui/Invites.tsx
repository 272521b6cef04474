// Invitations to other people's tables, wherever the player is: go to the table, or dismiss. Being
// shown keeps the connection open, so that the player is online to be invited.
import { useEffect } from 'preact/hooks';
import { t } from '../i18n.js';
import { connect, go, invites } from '../store.js';

export function Invites() {
  const w = t();
  useEffect(() => connect(), []);
  const drop = (table: string) => (invites.value = invites.value.filter((i) => i.table !== table));
  if (invites.value.length === 0) return null;
  return (
    <aside class="invites" aria-live="polite">
      {invites.value.map((i) => (
        <p key={i.table} class="banner invite">
          <span>{w.invitedBy(i.from, i.rated)}</span>{' '}
          <button
            class="primary small"
            onClick={() => {
              drop(i.table);
              go(`t/${i.table}`);
            }}
          >
            {w.goToTable}
          </button>{' '}
          <button class="small" onClick={() => drop(i.table)}>
            {w.dismiss}
          </button>
        </p>
      ))}
    </aside>
  );
}

// Where the signed-in person stands in an online tournament's list, for the tournament's page:
// not in it (he may join while the next round is not drawn), in it, or withdrawn by the director
// after a round he played (spec "Late entries and withdrawals": he keeps his rounds and cannot
// join again, so the page must not tell him he is entered).
import type { TournamentView } from '@baska/protocol';

export type MyEntry = { kind: 'out' } | { kind: 'in' } | { kind: 'withdrawn'; after: number };

export function myEntry(players: TournamentView['players'], mine: string | undefined): MyEntry {
  const me = mine === undefined ? undefined : players.find((p) => p.id === mine);
  if (!me) return { kind: 'out' };
  return me.until !== undefined ? { kind: 'withdrawn', after: me.until } : { kind: 'in' };
}

// The lobby's notice for a player of an online tournament: the table waiting for him in the round
// being played, one tap away.
import type { MyTournamentsAnswer } from '@baska/protocol';
import { useEffect, useState } from 'preact/hooks';
import { t } from '../../i18n.js';

export function TournamentNotice() {
  const w = t().tour;
  const [mine, setMine] = useState<MyTournamentsAnswer['tournaments']>([]);
  useEffect(() => {
    const load = () =>
      fetch('/api/me/tournaments', { credentials: 'same-origin' })
        .then((r) => (r.ok ? (r.json() as Promise<MyTournamentsAnswer>) : { tournaments: [] }))
        .then((r) => setMine(r.tournaments))
        .catch(() => {});
    void load();
    const timer = setInterval(load, 10_000);
    return () => clearInterval(timer);
  }, []);
  const waiting = mine.filter((x) => x.game && x.round !== null && x.table !== null);
  if (!waiting.length) return null;
  return (
    <ul class="banner tournament-notice" role="status">
      {waiting.map((x) => (
        <li key={x.id}>
          {w.lobbyNotice(x.name, x.round!, x.table!)} <a href={`#/t/${x.game}`}>{w.lobbyOpen}</a> ·{' '}
          <a href={`#/tournament/${x.id}`}>{w.publicPage}</a>
        </li>
      ))}
    </ul>
  );
}

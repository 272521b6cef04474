// After a game: the archive of one's games, each with its replay (ui/replay/).
import type { Preset } from '@baska/engine';
import { useEffect, useState } from 'preact/hooks';
import type { PlayerHistory } from '@baska/protocol';
import { api } from '../api.js';
import { errorText, lang, t } from '../i18n.js';
import { dateTime, num } from '../i18n/format.js';
import { go } from '../store.js';

export function Archive() {
  const w = t();
  const [data, setData] = useState<PlayerHistory | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    api.history().then(setData, (e) => setError(errorText(e)));
  }, []);
  return (
    <main class="archive">
      <h2>{w.archive}</h2>
      {data && <p>{w.stats(data.stats.games, data.stats.deals, data.stats.points, data.stats.perDeal)}</p>}
      {data?.games.length === 0 && <p>{w.noGames}</p>}
      <ul class="tables">
        {data?.games.map((g) => (
          <li key={g.id} class="table-row">
            <span>{dateTime(lang.value, Date.parse(g.createdAt))}</span>
            <span class="preset">{w.presets[g.preset as Preset] ?? g.preset}</span>
            <span>{w.status[g.status]}</span>
            <span>{w.dealCount(g.deals)}</span>
            {g.hints && <span class="badge">{w.hints}</span>}
            {g.offline && <span class="badge offline">{w.off.playedOffline}</span>}
            <span>
              {w.total}: {num(lang.value, g.total)}
            </span>
            {g.status !== 'finished' && <button onClick={() => go(`t/${g.id}`)}>{w.join}</button>}
            {g.deals > 0 && <button onClick={() => go(`replay/${g.id}`)}>{w.replay}</button>}
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </main>
  );
}

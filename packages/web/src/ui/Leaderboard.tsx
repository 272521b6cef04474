// A family's leaderboard (Baśka's presets, or Kop), by pages: the shown rating is μ − 3σ, said so.
import { leavesOften } from '@baska/protocol/social';
import type { LeaderboardAnswer, RatingFamily } from '@baska/protocol';
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api.js';
import { errorText, lang, t } from '../i18n.js';
import { num } from '../i18n/format.js';
import { go } from '../store.js';

export function Leaderboard({ family }: { family: RatingFamily }) {
  const w = t();
  const [page, setPage] = useState(1);
  const [board, setBoard] = useState<LeaderboardAnswer | null>(null);
  const [error, setError] = useState('');
  useEffect(() => setPage(1), [family]);
  useEffect(() => {
    api
      .leaderboard(family, page)
      .then(setBoard)
      .catch((e) => setError(errorText(e)));
  }, [family, page]);
  const pages = board ? Math.max(1, Math.ceil(board.total / board.size)) : 1;
  return (
    <main class="leaderboard">
      <h2>{w.leaderboard}</h2>
      <div class="row" role="group" aria-label={w.leaderboard}>
        {(['baska', 'kop'] as const).map((f) => (
          <button aria-pressed={f === family} class={f === family ? 'primary' : ''} onClick={() => go(`ratings/${f}`)}>
            {w.families[f]}
          </button>
        ))}
      </div>
      {board && <p class="note">{w.ratingExplained(board.minGames)}</p>}
      {board && board.lines.length === 0 && <p>{w.noRatings}</p>}
      {board && board.lines.length > 0 && (
        <table class="board">
          <thead>
            <tr>
              <th scope="col">{w.placeCol}</th>
              <th scope="col">{w.player}</th>
              <th scope="col">{w.ratingCol}</th>
              <th scope="col">{w.gamesCol}</th>
            </tr>
          </thead>
          <tbody>
            {board.lines.map((l) => (
              <tr key={l.player.id}>
                <td>{num(lang.value, l.place)}</td>
                <td>
                  <a href={`#/player/${l.player.id}`}>{l.player.name}</a>
                  {leavesOften(l.games, l.leftGames) && <span class="badge warn">{w.leftOften(l.leftGames)}</span>}
                </td>
                <td>{w.ratingValue(l.rating)}</td>
                <td>{num(lang.value, l.games)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {board && pages > 1 && (
        <div class="row">
          <button disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {w.prevPage}
          </button>
          <span>{w.pageOf(page, pages)}</span>
          <button disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {w.nextPage}
          </button>
        </div>
      )}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </main>
  );
}

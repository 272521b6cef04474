// A director's season: his tournaments ranked together, the best results counted (6 of 8 under znin).
// Only finished tournaments count; one still being played is named as such in its column.
import { pointsText } from '@baska/tournament';
import { useEffect, useState } from 'preact/hooks';
import { api } from '../../api.js';
import { errorText, lang, t } from '../../i18n.js';
import { trueMinus } from '../../i18n/format.js';

type Season = Awaited<ReturnType<typeof api.season>>;

export function SeasonPage({ director }: { director: number }) {
  const w = t();
  const [season, setSeason] = useState<Season | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    api
      .season(director)
      .then(setSeason)
      .catch((e) => setError(errorText(e)));
  }, [director]);
  // Tournament points as every page and CSV file rounds them (the core's pointsText).
  const n = (x: number | null) => (x === null ? '—' : trueMinus(pointsText(x, lang.value)));
  const open = season?.tournaments.filter((x) => !x.finished) ?? [];
  return (
    <main class="tournament season">
      <h1>{w.tour.season}</h1>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      <p class="muted">{w.tour.seasonFinished}</p>
      {open.length > 0 && (
        <p class="in-progress-list">
          {w.tour.inProgressList}{' '}
          {open.map((x, i) => (
            <span key={x.id}>
              {i > 0 && ', '}
              <a href={`#/tournament/${x.id}`}>{x.name}</a>
            </span>
          ))}
        </p>
      )}
      <p class="row wrap">
        <a href={`/api/tournaments/season?director=${director}&csv=1`}>{w.tour.seasonCsv}</a>
        <a href={`/api/tournaments/season?director=${director}&csv=1&excel=${lang.value}`}>{w.tour.seasonExcel}</a>
      </p>
      {season && (
        <div class="standings-wrap" tabIndex={0} role="region" aria-label={w.tour.season}>
          <table class="standings">
            <thead>
              <tr>
                <th scope="col">{w.tour.place}</th>
                <th scope="col">{w.tour.player}</th>
                <th scope="col">{w.tour.tournamentPoints}</th>
                <th scope="col">{w.tour.total}</th>
                <th scope="col">{w.tour.played}</th>
                {season.tournaments.map((x) => (
                  <th scope="col" key={x.id} class={x.finished ? '' : 'in-progress'}>
                    <a href={`#/tournament/${x.id}`}>{x.name}</a>
                    {!x.finished && <span class="muted"> ({w.tour.inProgress})</span>}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {season.standings.map((r) => (
                <tr key={r.player}>
                  <td>{n(r.place)}</td>
                  <td>{r.name}</td>
                  <td>{n(r.score)}</td>
                  <td>{n(r.total)}</td>
                  <td>{n(r.played)}</td>
                  {r.results.map((x, i) => (
                    <td key={i}>{n(x)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}

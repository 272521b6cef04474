// A player's profile: his rating in each family with its history as a plot (inline SVG), his
// statistics from the records of his games, his last games with links to their replays, and for
// himself the download of his games as records and "log out everywhere".
import type { Preset } from '@baska/engine';
import type { PlayerRatingsAnswer, ProfileAnswer, RatingPoint, RoleStats } from '@baska/protocol';
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api.js';
import { errorText, lang, t } from '../i18n.js';
import { dateTime, num } from '../i18n/format.js';
import { logOut, me } from '../store.js';
import { YourData } from './privacy/YourData.js';

export function Profile({ id }: { id: number }) {
  const w = t();
  const [profile, setProfile] = useState<ProfileAnswer | null>(null);
  const [ratings, setRatings] = useState<PlayerRatingsAnswer | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    api.profile(id).then(setProfile, (e) => setError(errorText(e)));
    api.ratings(id).then(setRatings, (e) => setError(errorText(e)));
  }, [id]);
  const own = me.value?.id === id;
  const s = profile?.stats;
  // A heading cut short to fit five columns on a phone: the whole word is its name and its title.
  const head = (full: string, short: string) => (
    <th scope="col" aria-label={full}>
      {short === full ? full : <abbr title={full}>{short}</abbr>}
    </th>
  );
  // A listed game the numbers leave out (still in play, or played with hints): said so beside them.
  const uncounted = profile?.games.some((g) => g.status !== 'finished' || g.hints) ?? false;
  const roleRow = (label: string, r: RoleStats) => (
    <tr>
      <th scope="row">{label}</th>
      <td>{num(lang.value, r.deals)}</td>
      <td>{num(lang.value, r.won)}</td>
      <td>{num(lang.value, r.points)}</td>
    </tr>
  );
  return (
    <main class="profile">
      <h2>
        {w.profile}: {profile?.player.name ?? ratings?.player.name ?? '…'}
      </h2>
      {profile?.player.guest && own && <p class="note">{w.guestProfile}</p>}
      {ratings && !profile?.player.guest && (
        <section aria-labelledby="rating-h">
          <h3 id="rating-h">{w.ratingHistory}</h3>
          {ratings.ratings.length === 0 && <p>{w.noRatedGames}</p>}
          {ratings.ratings.map((r) => (
            <div key={r.family} class="rating-family">
              <p>
                <strong>
                  {w.families[r.family]}: {w.ratingValue(r.rating)}
                </strong>{' '}
                ({w.gamesCol}: {r.games})
              </p>
              {r.leftGames > 0 && <p class="badge warn">{w.leftGames(r.leftGames)}</p>}
              <RatingPlot points={ratings.history[r.family]} label={w.ratingPlot(w.families[r.family], r.games)} />
            </div>
          ))}
          {ratings.ratings.length > 0 && <p class="note">{w.ratingShort}</p>}
        </section>
      )}
      {s && (
        <section aria-labelledby="stats-h">
          <h3 id="stats-h">{w.statsTitle}</h3>
          <p>{w.stats(s.games, s.deals, s.points, s.perDeal)}</p>
          {uncounted && <p class="note stats-counted">{w.statsCounted}</p>}
          <table class="board">
            <thead>
              <tr>
                <th scope="col">{w.role}</th>
                <th scope="col">{w.colDeals}</th>
                <th scope="col">{w.colWon}</th>
                <th scope="col">{w.colPoints}</th>
              </tr>
            </thead>
            <tbody>
              {roleRow(w.asOld, s.asOld)}
              {roleRow(w.asYoung, s.asYoung)}
              {roleRow(w.ownCicha, s.cicha)}
              {roleRow(w.ownWesele, s.wesele)}
            </tbody>
          </table>
          {Object.keys(s.contracts).length === 0 ? (
            <p>{w.noContracts}</p>
          ) : (
            <table class="board contracts">
              <thead>
                <tr>
                  {head(w.contractCol, w.colShort.contract)}
                  {head(w.colDeals, w.colShort.deals)}
                  {head(w.colDeclared, w.colShort.declared)}
                  {head(w.colWon, w.colShort.won)}
                  {head(w.colPoints, w.colShort.points)}
                </tr>
              </thead>
              <tbody>
                {Object.entries(s.contracts)
                  .sort((a, b) => b[1].deals - a[1].deals)
                  .map(([name, c]) => (
                    <tr key={name}>
                      <th scope="row" lang="pl">
                        {name}
                      </th>
                      <td>{num(lang.value, c.deals)}</td>
                      <td>{num(lang.value, c.declared)}</td>
                      <td>{num(lang.value, c.won)}</td>
                      <td>{num(lang.value, c.points)}</td>
                    </tr>
                  ))}
              </tbody>
            </table>
          )}
          <p>{w.kontraLine(s.kontra.given, s.kontra.paid)}</p>
          <p>{w.bokLine(s.bokDeals)}</p>
        </section>
      )}
      {profile && profile.games.length > 0 && (
        <section aria-labelledby="last-h">
          <h3 id="last-h">{w.lastGames}</h3>
          <ul class="tables">
            {profile.games.map((g) => (
              <li key={g.id} class="table-row">
                <span>{dateTime(lang.value, Date.parse(g.createdAt))}</span>
                <span class="preset">{w.presets[g.preset as Preset] ?? g.preset}</span>
                <span>{w.dealCount(g.deals)}</span>
                {g.status !== 'finished' && <span class="badge">{w.status[g.status]}</span>}
                {g.hints && <span class="badge">{w.hints}</span>}
                <span>
                  {w.total}: {num(lang.value, g.total)}
                </span>
                {g.deals > 0 && <a href={`#/replay/${g.id}`}>{w.replay}</a>}
              </li>
            ))}
          </ul>
        </section>
      )}
      {own && (
        <p>
          <a href="/api/me/records" download="baska-games.jsonl">
            {w.download}
          </a>
        </p>
      )}
      {own && !profile?.player.guest && (
        <p>
          <button
            onClick={async () => {
              try {
                await logOut(true);
              } catch (e) {
                setError(errorText(e));
              }
            }}
          >
            {w.logoutAll}
          </button>{' '}
          <span class="note">{w.logoutAllNote}</span>
        </p>
      )}
      {own && !profile?.player.guest && <YourData />}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </main>
  );
}

/** The shown rating after each rated game, as a line (inline SVG: no chart library for one line). */
function RatingPlot({ points, label }: { points: RatingPoint[]; label: string }) {
  const w = t();
  if (points.length === 0) return null;
  const values = [points[0]!.before, ...points.map((p) => p.rating)];
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const span = hi - lo || 1;
  const W = 320;
  const H = 120;
  const pad = 24;
  const x = (i: number) => pad + (i * (W - 2 * pad)) / Math.max(1, values.length - 1);
  const y = (v: number) => H - pad - ((v - lo) * (H - 2 * pad)) / span;
  return (
    <svg class="rating-plot" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label}>
      <line x1={pad} y1={H - pad} x2={W - pad} y2={H - pad} class="axis" />
      <line x1={pad} y1={pad} x2={pad} y2={H - pad} class="axis" />
      <text x={2} y={y(hi) + 4} class="tick">
        {w.ratingValue(hi)}
      </text>
      <text x={2} y={y(lo) + 4} class="tick">
        {w.ratingValue(lo)}
      </text>
      <polyline points={values.map((v, i) => `${x(i)},${y(v)}`).join(' ')} class="line" />
      {values.map((v, i) => (
        <circle cx={x(i)} cy={y(v)} r={3} class="dot" />
      ))}
    </svg>
  );
}

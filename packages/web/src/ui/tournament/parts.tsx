// Pieces the tournament screens share: the standings, a round's seating and tables with their
// progress, and a tournament kept fresh from the server while a screen shows it.
import type { TournamentRoundView, TournamentStandingView, TournamentView } from '@baska/protocol';
import { type PeopleCells, peopleTable, pointsText } from '@baska/tournament';
import { useEffect, useState } from 'preact/hooks';
import { api } from '../../api.js';
import { errorText, lang, t } from '../../i18n.js';
import { num, trueMinus } from '../../i18n/format.js';
import { HallQr } from './HallQr.js';

/** The tournament, reloaded every `ms` (the live page) and after each action (`set`). */
export function useTournament(id: string, ms = 5000) {
  const [view, set] = useState<TournamentView | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    const load = () =>
      api
        .tournament(id)
        .then((r) => live && (set(r.tournament), setError('')))
        .catch((e) => live && setError(errorText(e)));
    void load();
    const timer = ms > 0 ? setInterval(load, ms) : undefined;
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [id, ms]);
  return { view, set, error, setError };
}

/**
 * What a late entry's or a withdrawn player's rounds were ("od 2. rundy", "wycofanie po 1. rundzie"),
 * or '' for a player of every round (spec "Late entries and withdrawals").
 */
export function rosterMark(p: { from?: number; until?: number }): string {
  const w = t();
  return [
    p.from !== undefined && p.from > 1 ? w.tour.fromRound(p.from) : '',
    p.until !== undefined ? w.tour.withdrawnAfter(p.until) : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/** Whether a complete table ranks anyone yet (spec: only complete tables count; places come from them). */
export const counted = (rows: readonly TournamentStandingView[]) => rows.some((r) => r.placed !== false);

/** Whether a round is being played: someone has small points so far at a table not yet complete. */
export const inPlay = (rows: readonly TournamentStandingView[]) => rows.some((r) => r.running !== undefined);

/**
 * The standings; with a duplicate round in the tournament, each player's comparison with those who
 * held the same cards at the other tables stands beside them (and its meaning under them). A late
 * entry and a withdrawn player are ranked with everyone, their rounds marked under the name. Only
 * complete tables rank (spec): a player none ranks yet has no place and no tournament points ("—"),
 * so nobody is "first" before a table ends. During a round each player's small points so far at his
 * table stand in a column marked provisional. Every number is written as the CSV files and the
 * command write it (the core's peopleCells: rounded the same way, in the page's language).
 */
export function Standings({
  rows,
  big = false,
  ranked = counted(rows),
  running = inPlay(rows),
}: {
  rows: TournamentStandingView[];
  big?: boolean;
  /** Whether any table counts yet (the projector shows a page of the rows, so it says so for all). */
  ranked?: boolean;
  /** Whether a round is being played: a column of small points so far (the projector's pages all have it). */
  running?: boolean;
}) {
  const w = t();
  const duplicate = rows.some((r) => r.duplicate !== undefined);
  // The core writes "-" (its CSV files need it); a page shows the true minus sign.
  const cells = peopleTable(rows, lang.value, true, running).map((c): PeopleCells => ({
    ...c,
    bigPoints: trueMinus(c.bigPoints),
    smallPoints: trueMinus(c.smallPoints),
    tournamentPoints: trueMinus(c.tournamentPoints),
    running: c.running === undefined ? undefined : trueMinus(c.running),
    duplicate: c.duplicate === undefined ? undefined : trueMinus(c.duplicate),
  }));
  return (
    <>
      {!ranked && <p class="muted note not-counted">{w.tour.notCounted}</p>}
      <div class="standings-wrap" tabIndex={0} role="region" aria-label={w.tour.standings}>
        <table class={big ? 'standings big' : 'standings'}>
          <thead>
            <tr>
              <th scope="col">{w.tour.place}</th>
              <th scope="col">{w.tour.player}</th>
              <th scope="col">{w.tour.bigPoints}</th>
              <th scope="col">{w.tour.smallPoints}</th>
              {running && (
                <th scope="col" class="running" title={w.tour.runningHint}>
                  {w.tour.running}
                </th>
              )}
              <th scope="col">{w.tour.tournamentPoints}</th>
              {duplicate && (
                <th scope="col" title={w.tour.duplicateHint}>
                  {w.tour.duplicate}
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, k) => {
              const c = cells[k]!;
              return (
                <tr key={r.player}>
                  <td>{c.place || '—'}</td>
                  <td>
                    {r.name}
                    {rosterMark(r) && <small class="muted roster-mark">{rosterMark(r)}</small>}
                  </td>
                  <td>{c.bigPoints}</td>
                  <td>{c.smallPoints}</td>
                  {/* In a round being played, a player whose table has finished has no points "so far". */}
                  {running && <td class="running">{c.running || '—'}</td>}
                  <td>{c.tournamentPoints || '—'}</td>
                  {duplicate && <td class="duplicate">{c.duplicate ?? pointsText(0, lang.value)}</td>}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {running && <p class="muted note running-note">{w.tour.runningHint}</p>}
      {duplicate && !big && <p class="muted note">{w.tour.duplicateHint}</p>}
    </>
  );
}

/** A duplicate round's note: its results wait for every table; its seed's hash, and the seed once it is over. */
export function DuplicateNote({ round }: { round: TournamentRoundView }) {
  const w = t();
  const d = round.duplicate;
  if (!d) return null;
  return (
    <div class="duplicate-note">
      {round.sealed && round.started && <p>{w.tour.sealed}</p>}
      <dl>
        {d.commitment && (
          <>
            <dt>{w.tour.commitment}</dt>
            <dd>
              <code>{d.commitment}</code>
            </dd>
          </>
        )}
        {d.seed && (
          <>
            <dt>{w.tour.seed}</dt>
            <dd>
              <code>{d.seed}</code>
            </dd>
          </>
        )}
      </dl>
      {d.seed && <p class="muted">{w.tour.checkDeals(round.round)}</p>}
    </div>
  );
}

/** A round's seating list: table, seat, name (printable); a hall table's code and its QR code beside it. */
export function Seating({ round }: { round: TournamentRoundView }) {
  const w = t();
  return (
    <table class="seating">
      <thead>
        <tr>
          <th scope="col">{w.tour.tableCol}</th>
          <th scope="col">{w.tour.seat}</th>
          <th scope="col">{w.tour.player}</th>
        </tr>
      </thead>
      <tbody>
        {round.tables.flatMap((tb) =>
          tb.players.map((p, seat) => (
            <tr key={p.id} class={seat === 0 ? 'first' : ''}>
              {seat === 0 && (
                <td rowSpan={tb.players.length} class="at">
                  <span class="no">{num(lang.value, tb.table)}</span>
                  {tb.code && (
                    <span class="hall-code">
                      <span class="code">{tb.code}</span>
                      <HallQr code={tb.code} />
                    </span>
                  )}
                </td>
              )}
              <td>{num(lang.value, seat + 1)}</td>
              <td>{p.name}</td>
            </tr>
          )),
        )}
      </tbody>
    </table>
  );
}

/** Each table of a round: its players, "deals played of N", and (optionally) the link to its game. */
export function RoundTables({ round, view, me }: { round: TournamentRoundView; view: TournamentView; me?: string }) {
  const w = t();
  return (
    <ul class="round-tables">
      {round.tables.map((tb) => (
        <li key={tb.table} class={tb.complete ? 'complete' : ''}>
          <strong>{w.tour.table(tb.table)}</strong>
          <span class="progress">
            <progress max={tb.of} value={tb.deals} aria-hidden="true" /> {w.tour.progress(tb.deals, tb.of)}
          </span>
          <span class="names">{tb.players.map((p) => p.name).join(', ')}</span>
          {tb.game && me && tb.players.some((p) => p.id === me) && !tb.complete && (
            <a class="button" href={`#/t/${tb.game}`}>
              {w.tour.yourTable(tb.table)}
            </a>
          )}
          {/* A duplicate round's games are private to their players (decision 010): nothing to watch. */}
          {view.mode === 'online' && tb.game && !round.duplicate && !(me && tb.players.some((p) => p.id === me)) && (
            <a href={`#/t/${tb.game}`}>{w.watch}</a>
          )}
        </li>
      ))}
    </ul>
  );
}

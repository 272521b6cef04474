// Pieces the tournament screens share: the standings, a round's seating and tables with their
// progress, and a tournament kept fresh from the server while a screen shows it.
import type { TournamentRoundView, TournamentStandingView, TournamentView } from '@baska/protocol';
import { useEffect, useState } from 'preact/hooks';
import { api } from '../../api.js';
import { errorText, lang, t } from '../../i18n.js';
import { num, signed } from '../../i18n/format.js';
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

/** Whether any table has counted yet: a complete table gives big points (8/6/4/2, or their average when tied). */
export const counted = (rows: readonly TournamentStandingView[]) => rows.some((r) => r.bigPoints > 0);

/**
 * The standings; with a duplicate round in the tournament, each player's comparison with those who
 * held the same cards at the other tables stands beside them (and its meaning under them). A late
 * entry and a withdrawn player are ranked with everyone, their rounds marked under the name. Until a
 * table is complete nothing counts (spec: only complete tables): no places or tournament points are
 * shown then — everyone would share the first place with the average of all the points.
 */
export function Standings({
  rows,
  big = false,
  ranked = counted(rows),
}: {
  rows: TournamentStandingView[];
  big?: boolean;
  /** Whether any table counts yet (the projector shows a page of the rows, so it says so for all). */
  ranked?: boolean;
}) {
  const w = t();
  const n = (x: number) => num(lang.value, x);
  const ranking = (x: number) => (ranked ? n(x) : '—');
  const duplicate = rows.some((r) => r.duplicate !== undefined);
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
              <th scope="col">{w.tour.tournamentPoints}</th>
              {duplicate && (
                <th scope="col" title={w.tour.duplicateHint}>
                  {w.tour.duplicate}
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.player}>
                <td>{ranking(r.place)}</td>
                <td>
                  {r.name}
                  {rosterMark(r) && <small class="muted roster-mark">{rosterMark(r)}</small>}
                </td>
                <td>{n(r.bigPoints)}</td>
                <td>{n(r.smallPoints)}</td>
                <td>{ranking(r.tournamentPoints)}</td>
                {duplicate && <td class="duplicate">{signed(lang.value, r.duplicate ?? 0)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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

// The tournament's page for everyone (live standings, each table's progress round by round, the
// share link, joining an online tournament) and its projector view (large type, no controls, the
// pages turn by themselves when the list is long).
import { useEffect, useState } from 'preact/hooks';
import { api } from '../../api.js';
import { errorText, lang, t } from '../../i18n.js';
import { me } from '../../store.js';
import { myEntry } from './entry.js';
import { DuplicateNote, RoundTables, Standings, counted, inPlay, useTournament } from './parts.js';

export function TournamentPage({ id }: { id: string }) {
  const w = t();
  const { view, set, error, setError } = useTournament(id);
  if (!view) return <main>{error && <p role="alert">{error}</p>}</main>;
  const mine = me.value ? `u${me.value.id}` : undefined;
  const entry = myEntry(view.players, mine);
  // A person enters while the next round is not drawn: before round 1, or a late entry between rounds.
  const next = view.rounds.filter((r) => r.started).length + 1;
  const open = view.mode === 'online' && next <= view.format.rounds && view.rounds.length < next;
  const link = `${location.origin}/#/tournament/${id}`;
  return (
    <main class="tournament">
      <h1>{view.name}</h1>
      <p class="muted">
        {w.tour.director}: {view.director.name} · {w.tour.modes[view.mode]} · {w.tour.playerCount(view.players.length)}
        {view.clock && ` · ${w.tour.clock(view.clock.secondsPerMove, view.clock.pauseSeconds)}`}
      </p>
      <nav class="row wrap" aria-label={w.tour.publicPage}>
        <a href={`#/tournament/${id}/projector`}>{w.tour.projector}</a>
        <a href={`/api/tournaments/${id}/standings.csv`}>{w.tour.standingsCsv}</a>
        <a href={`/api/tournaments/${id}/standings.csv?excel=${lang.value}`}>{w.tour.standingsExcel}</a>
        {me.value?.id === view.director.id && <a href={`#/tournament/${id}/director`}>{w.tour.directorPage}</a>}
      </nav>
      <label class="share">
        {w.tour.share}
        <input readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
      </label>
      {open && !me.value && (
        <p>
          {/* #/tournament/ID/join asks who he is (the start screen), then comes back here to join. */}
          {w.tour.signInToJoin} <a href={`#/tournament/${id}/join`}>{w.tour.signIn}</a>
        </p>
      )}
      {open && me.value && (
        <p>
          {entry.kind === 'withdrawn' ? (
            w.tour.withdrawnMe(entry.after)
          ) : entry.kind === 'in' ? (
            w.tour.joined
          ) : (
            <>
              {next > 1 && `${w.tour.joinFrom(next)} `}
              <button
                onClick={() =>
                  api
                    .tournamentAct(id, 'join')
                    .then((r) => set(r.tournament))
                    .catch((e) => setError(errorText(e)))
                }
              >
                {w.tour.join}
              </button>
            </>
          )}
        </p>
      )}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      <section aria-labelledby="st-h">
        <h2 id="st-h">{w.tour.standings}</h2>
        <p class="muted">{w.tour.live}</p>
        <Standings rows={view.standings} />
      </section>
      {[...view.rounds].reverse().map((r) => (
        <section key={r.round} aria-label={w.tour.round(r.round)}>
          <h2>
            {w.tour.round(r.round)}{' '}
            <span class="muted">
              · {r.complete ? w.tour.done : r.started ? w.tour.started : w.tour.notStarted}
              {r.duplicate && ` · ${w.tour.duplicateRound}`}
            </span>
          </h2>
          <DuplicateNote round={r} />
          <RoundTables round={r} view={view} me={mine} />
        </section>
      ))}
    </main>
  );
}

/** Rows a projector page shows at once. */
const PER_PAGE = 10;

export function Projector({ id }: { id: string }) {
  const w = t();
  const { view } = useTournament(id, 10_000);
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil((view?.standings.length ?? 0) / PER_PAGE));
  useEffect(() => {
    const timer = setInterval(() => setPage((p) => (p + 1) % pages), 8000);
    return () => clearInterval(timer);
  }, [pages]);
  if (!view) return <main class="projector" />;
  const shown = page % pages;
  const current = view.rounds.findLast((r) => r.started);
  return (
    <main class="projector">
      <h1>
        {view.name}
        {current && <span class="muted"> · {w.tour.round(current.round)}</span>}
      </h1>
      <Standings
        rows={view.standings.slice(shown * PER_PAGE, shown * PER_PAGE + PER_PAGE)}
        ranked={counted(view.standings)}
        running={inPlay(view.standings)}
        big
      />
      {pages > 1 && <p class="muted">{w.tour.page(shown + 1, pages)}</p>}
    </main>
  );
}

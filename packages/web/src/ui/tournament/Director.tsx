// The director's screens: his tournaments and a new one (name, format, rules, online or hall,
// players typed, pasted or from a CSV; or a tournament file), and one tournament's page of work:
// players, draw, seating list, protocols to print, reseat, start, rows, corrections and their history.
// A hall table's deals are read back in the phones' words, and corrected in them (or in small points).
import { PRESETS, type Rules, resolveRules } from '@baska/engine';
import type { ErrorDetail, TournamentEventView, TournamentView } from '@baska/protocol';
import { padNext } from '@baska/tournament';
import { type ComponentChild, Fragment } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api } from '../../api.js';
import { errorText, lang, playingText, t } from '../../i18n.js';
import { list, num } from '../../i18n/format.js';
import { go, me } from '../../store.js';
import { EntryForm, signed } from '../../pad/Entry.js';
import type { EntryBody } from '../../pad/remote.js';
import { padOfSaid, saidOf, saidWords } from '../../pad/said.js';
import { NumberField } from '../NumberField.js';
import { pageUrl } from './HallQr.js';
import { readList } from './list-file.js';
import { History } from './History.js';
import { DuplicateNote, RoundTables, Seating, Standings, rosterMark, useTournament } from './parts.js';

type Playing = Extract<ErrorDetail, { why: 'round-playing' }>;

const readFile = (input: HTMLInputElement): Promise<string> => input.files?.[0]?.text() ?? Promise.resolve('');

export function Tournaments() {
  const w = t();
  const [list, setList] = useState<{ id: string; name: string; mode: string }[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    api
      .tournaments()
      .then((r) => setList(r.tournaments))
      .catch((e) => setError(errorText(e)));
  }, []);
  if (me.value?.guest)
    return (
      <main class="tournaments">
        <h1>{w.tour.tournaments}</h1>
        <p>{w.tour.registerFirst}</p>
      </main>
    );
  return (
    <main class="tournaments">
      <h1>{w.tour.mine}</h1>
      {list?.length === 0 && <p>{w.tour.none}</p>}
      <ul>
        {list?.map((x) => (
          <li key={x.id}>
            <a href={`#/tournament/${x.id}/director`}>{x.name}</a>{' '}
            <span class="muted">· {w.tour.modes[x.mode as 'online' | 'hall']}</span>
          </li>
        ))}
      </ul>
      {me.value && <a href={`#/season/${me.value.id}`}>{w.tour.season}</a>}
      <NewTournament onError={setError} />
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </main>
  );
}

function NewTournament({ onError }: { onError: (e: string) => void }) {
  const w = t();
  const [name, setName] = useState('');
  const [own, setOwn] = useState(false);
  const [rounds, setRounds] = useState(4);
  const [deals4, setDeals4] = useState(32);
  const [deals5, setDeals5] = useState(36);
  const [rules, setRules] = useState('znin');
  const [mode, setMode] = useState<'online' | 'hall'>('hall');
  const [players, setPlayers] = useState('');
  const [seconds, setSeconds] = useState(60);
  const [pause, setPause] = useState(30);
  const clock = () => (mode === 'online' ? { clock: { secondsPerMove: seconds, pauseSeconds: pause } } : {});
  const submit = async (e: Event) => {
    e.preventDefault();
    try {
      const format = own ? { format: 'znin', rounds, deals: { 4: deals4, 5: deals5 } } : 'znin';
      const r = await api.createTournament({ name, format, rules, mode, players, ...clock() });
      go(`tournament/${r.tournament.id}/director`);
    } catch (err) {
      onError(errorText(err));
    }
  };
  const importFile = async (input: HTMLInputElement) => {
    try {
      const r = await api.importTournament(await readFile(input), mode, clock().clock);
      go(`tournament/${r.tournament.id}/director`);
    } catch (err) {
      onError(errorText(err));
    }
  };
  return (
    <form class="card-box new-tournament" onSubmit={submit}>
      <h2>{w.tour.create}</h2>
      <label>
        {w.tour.name}
        <input required maxLength={120} value={name} onInput={(e) => setName(e.currentTarget.value)} />
      </label>
      <fieldset>
        <legend>{w.tour.format}</legend>
        <label class="check">
          <input type="radio" name="format" checked={!own} onChange={() => setOwn(false)} /> {w.tour.formatZnin}
        </label>
        <label class="check">
          <input type="radio" name="format" checked={own} onChange={() => setOwn(true)} /> {w.tour.formatOwn}
        </label>
        {own && (
          <div class="row wrap">
            <NumberField label={w.tour.rounds} min={1} max={100} value={rounds} set={setRounds} />
            <NumberField label={w.tour.dealsAt(4)} min={1} max={1000} value={deals4} set={setDeals4} />
            <NumberField label={w.tour.dealsAt(5)} min={1} max={1000} value={deals5} set={setDeals5} />
          </div>
        )}
      </fieldset>
      <label>
        {w.tour.rules}
        <select value={rules} onChange={(e) => setRules(e.currentTarget.value)}>
          {PRESETS.map((p) => (
            <option value={p}>{w.presets[p]}</option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend>{w.tour.mode}</legend>
        {(['hall', 'online'] as const).map((m) => (
          <label class="check" key={m}>
            <input type="radio" name="mode" checked={mode === m} onChange={() => setMode(m)} /> {w.tour.modes[m]}
          </label>
        ))}
        {mode === 'online' && (
          <div class="row wrap">
            <NumberField label={w.secondsPerMove} name="seconds" min={5} max={3600} value={seconds} set={setSeconds} />
            <NumberField label={w.pauseSeconds} name="pause" min={0} max={600} value={pause} set={setPause} />
          </div>
        )}
      </fieldset>
      <label>
        {w.tour.players}
        <textarea rows={6} value={players} onInput={(e) => setPlayers(e.currentTarget.value)} />
      </label>
      <p class="muted">{w.tour.playersHint}</p>
      <ListFile
        // The names typed so far are not dropped without asking (a CSV cannot be appended to them).
        onList={(text) => (!players.trim() || confirm(w.tour.replacePlayers)) && setPlayers(text)}
      />
      <button type="submit">{w.tour.submit}</button>
      <label class="file">
        {w.tour.importFile}
        <input type="file" accept=".json,application/json" onChange={(e) => void importFile(e.currentTarget)} />
      </label>
    </form>
  );
}

export function DirectorPage({ id }: { id: string }) {
  const w = t();
  const { view, set, error, setError } = useTournament(id, 0);
  const [events, setEvents] = useState<TournamentEventView[]>([]);
  const [bots, setBots] = useState(false);
  const [duplicate, setDuplicate] = useState(false);
  // The refusal of the last action, shown beside the control that asked for it (`at`).
  const [refusal, setRefusal] = useState<{ at: string; text: string } | null>(null);
  // The round whose seating list is being printed: the other rounds are left off the paper.
  const [printing, setPrinting] = useState<number | null>(null);
  usePrintRoundInView();
  useEffect(() => {
    if (printing === null) return;
    window.print(); // returns when the print dialog closes
    setPrinting(null);
  }, [printing]);
  const reloadEvents = () =>
    api
      .tournamentEvents(id)
      .then((r) => setEvents(r.events))
      .catch(() => {});
  useEffect(() => void reloadEvents(), [id]);
  if (!view) return <main>{error && <p role="alert">{error}</p>}</main>;
  /** An action; its refusal is shown beside the control pressed (`at`), not at the top of a long page. */
  const act = (action: string, body: Record<string, unknown> = {}, at: string = action) =>
    api
      .tournamentAct(id, action, body)
      .then((r) => (set(r.tournament), setError(''), setRefusal(null), reloadEvents()))
      .catch((e) => setRefusal({ at, text: errorText(e) }));
  const refused = (at: string) =>
    refusal?.at === at && (
      <p role="alert" class="error refusal">
        {refusal.text}
      </p>
    );
  const resolved = resolveRules(view.rules);
  const rules = resolved.ok ? resolved.value : null;
  const next = view.rounds.filter((r) => r.started).length + 1;
  const toStart = view.rounds[next - 1];
  // The round being played, while a table of it has not finished: the next is drawn only when asked.
  const playing = roundPlaying(view, next - 1);
  // Online: who of the next round has no account at the server, so that only a bot can play his seat (if allowed).
  const seatedNext = new Set(toStart?.tables.flatMap((tb) => tb.players.map((p) => p.id)));
  const absent = view.players.filter((p) => p.joined === false && seatedNext.has(p.id)).map((p) => p.name);
  return (
    <main class="tournament director">
      <h1>
        {view.name} <span class="muted no-print">· {w.tour.directorPage}</span>
      </h1>
      <nav class="row wrap no-print" aria-label={w.tour.directorPage}>
        <a href={`#/tournament/${id}`}>{w.tour.publicPage}</a>
        <a href={`#/tournament/${id}/projector`}>{w.tour.projector}</a>
        <a href={`/api/tournaments/${id}/file`}>{w.tour.exportFile}</a>
        <a href={`/api/tournaments/${id}/standings.csv`}>{w.tour.standingsCsv}</a>
        <a href={`/api/tournaments/${id}/standings.csv?excel=${lang.value}`}>{w.tour.standingsExcel}</a>
      </nav>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {/* Players come and go while a round is still to start (late entries, withdrawals). */}
      {next <= view.format.rounds && (
        <Players view={view} act={(a, b) => act(a, b, 'players')} refused={refused('players')} />
      )}
      <div class="row wrap no-print">
        {view.drawable !== null && view.mode === 'online' && (
          <label class="check">
            <input type="checkbox" checked={duplicate} onChange={(e) => setDuplicate(e.currentTarget.checked)} />{' '}
            {w.tour.drawDuplicate}
          </label>
        )}
        {view.drawable !== null && (
          <button
            onClick={() => {
              // The draw follows from the file's seed (spec): drawn again, the swaps made by hand are undone.
              const again = view.drawable! <= view.rounds.length;
              if (again && !confirm(w.tour.drawAgainAsk(view.drawable!))) return;
              // The next round while this one is played: allowed (its seating does not depend on the
              // results), but it cannot start yet, and the director is told so before it is drawn.
              if (
                !again &&
                playing &&
                !confirm(`${playingText(playing)}. ${w.tour.drawWhilePlayingAsk(view.drawable!, playing.round)}`)
              )
                return;
              void act('draw', { round: view.drawable, ...(view.mode === 'online' && { duplicate }) });
            }}
          >
            {view.drawable <= view.rounds.length ? w.tour.drawAgain(view.drawable) : w.tour.draw(view.drawable)}
          </button>
        )}
        {refused('draw')}
        {toStart && !toStart.started && (
          <>
            {view.mode === 'online' && absent.length > 0 && (
              <p class="muted absent">{w.tour.noAccount(absent.join(', '))}</p>
            )}
            {view.mode === 'online' && (
              <label class="check">
                <input type="checkbox" checked={bots} onChange={(e) => setBots(e.currentTarget.checked)} />{' '}
                {w.tour.allowBots}
              </label>
            )}
            <button onClick={() => act('start', { round: next, bots })}>{w.tour.startRound(next)}</button>
            {refused('start')}
          </>
        )}
      </div>
      {[...view.rounds].reverse().map((r) => (
        <section key={r.round} class={printing !== null && printing !== r.round ? 'round no-print' : 'round'}>
          <h2>
            {w.tour.round(r.round)}{' '}
            <span class="muted">
              · {r.complete ? w.tour.done : r.started ? w.tour.started : w.tour.notStarted}
              {r.duplicate && ` · ${w.tour.duplicateRound}`}
            </span>
          </h2>
          <DuplicateNote round={r} />
          <div class="row wrap no-print">
            <button onClick={() => setPrinting(r.round)}>{w.tour.print}</button>
            {/* With this page's address, a hall table's sheet carries the QR code of its phone page. */}
            <a
              href={`/api/tournaments/${id}/protocols?round=${r.round}&lang=${lang.value}&page=${encodeURIComponent(pageUrl())}`}
              target="_blank"
            >
              {w.tour.protocols}
            </a>
          </div>
          <h3>{w.tour.seating}</h3>
          <Seating round={r} />
          {!r.started && <Reseat round={r} act={(a, b) => act(a, b, `reseat:${r.round}`)} />}
          {refused(`reseat:${r.round}`)}
          <div class="no-print">
            <RoundTables round={r} view={view} />
          </div>
          {r.started &&
            r.tables.map((tb) => (
              <Fragment key={tb.table}>
                <Protocol
                  round={r.round}
                  table={tb}
                  mode={view.mode}
                  rules={rules}
                  act={(a, b) => act(a, b, `table:${r.round}:${tb.table}`)}
                />
                {refused(`table:${r.round}:${tb.table}`)}
              </Fragment>
            ))}
        </section>
      ))}
      <section class="no-print">
        <h2>{w.tour.standings}</h2>
        <Standings rows={view.standings} />
      </section>
      <History events={events} />
    </main>
  );
}

type Act = (action: string, body?: Record<string, unknown>) => Promise<unknown>;

/**
 * Round `round` while it is still being played: its table furthest behind, and how many others have
 * not finished (what the server's refusal to start the next one says). Null when it is over or not started.
 */
function roundPlaying(view: TournamentView, round: number): Playing | null {
  const r = view.rounds[round - 1];
  if (!r?.started) return null;
  const open = r.tables.filter((tb) => !tb.complete);
  if (!open.length) return null;
  const behind = open.reduce((a, b) => (b.of - b.deals > a.of - a.deals ? b : a));
  return {
    why: 'round-playing',
    round,
    table: behind.table,
    played: behind.deals,
    of: behind.of,
    others: open.length - 1,
  };
}

/**
 * The browser's own print (Ctrl+P, its menu) prints the round the director is looking at, as that
 * round's "Drukuj" does: the round sections out of view are left off the paper while it prints.
 */
function usePrintRoundInView() {
  useEffect(() => {
    const skip = 'print-skip';
    const before = () => {
      const rounds = [...document.querySelectorAll<HTMLElement>('main.director section.round')];
      if (rounds.length < 2 || rounds.some((x) => x.classList.contains('no-print'))) return; // "Drukuj" chose
      const seen = (x: HTMLElement) => {
        const b = x.getBoundingClientRect();
        return Math.min(b.bottom, innerHeight) - Math.max(b.top, 0);
      };
      const looked = rounds.reduce((a, b) => (seen(b) > seen(a) ? b : a));
      for (const x of rounds) if (x !== looked) x.classList.add(skip);
    };
    const after = () => document.querySelectorAll(`.${skip}`).forEach((x) => x.classList.remove(skip));
    addEventListener('beforeprint', before);
    addEventListener('afterprint', after);
    return () => {
      removeEventListener('beforeprint', before);
      removeEventListener('afterprint', after);
    };
  }, []);
}

/** A list of players from a file (CSV or one name a line); the input is cleared, so the same file can be chosen again. */
function ListFile({ onList }: { onList: (text: string) => unknown }) {
  const w = t();
  return (
    <label class="file">
      {w.tour.csvFile}
      <input
        type="file"
        accept=".csv,.txt,text/csv,text/plain"
        onChange={async (e) => {
          const input = e.currentTarget;
          const text = await readList(input);
          input.value = '';
          await onList(text);
        }}
      />
    </label>
  );
}

/**
 * The players, with add and withdraw while a round is still to start: before round 1 a change is
 * plain; later a late entry plays from the next round and a withdrawn player keeps the rounds he
 * played. A next round already drawn is drawn again after the change, so the director is asked first.
 */
function Players({ view, act, refused }: { view: TournamentView; act: Act; refused: ComponentChild }) {
  const w = t();
  const [text, setText] = useState('');
  const started = view.rounds.filter((r) => r.started).length;
  const next = started + 1;
  const drawn = view.rounds.length >= next; // drawn, not started: its draw goes with a change
  const playsNext = (p: TournamentView['players'][number]) => (p.from ?? 1) <= next && (p.until ?? Infinity) >= next;
  const withdraw = (p: TournamentView['players'][number]) => {
    // One who has played no round yet simply leaves the list.
    const ask = (p.from ?? 1) >= next ? w.tour.withdrawAsk(p.name) : w.tour.withdrawAfterAsk(p.name, started);
    if (confirm(drawn ? `${ask} ${w.tour.undrawNote(next)}` : ask)) void act('withdraw', { player: p.id });
  };
  /** Sends the list unless the director, asked, keeps the drawn round; true when it was sent. */
  const add = async (list: string) => {
    if (drawn && !confirm(w.tour.addUndrawAsk(next))) return false;
    await act('players', { players: list });
    return true;
  };
  return (
    <section class="card-box no-print">
      <h2>
        {w.tour.players} <span class="muted">· {w.tour.playerCount(view.players.length)}</span>
      </h2>
      {started > 0 && <p class="muted">{w.tour.roundPlayers(next, view.players.filter(playsNext).length)}</p>}
      <ul class="players">
        {view.players.map((p) => (
          <li key={p.id} class={p.until !== undefined ? 'withdrawn' : ''}>
            {p.name}
            {rosterMark(p) && <span class="muted"> · {rosterMark(p)}</span>}{' '}
            {p.until === undefined && (
              <button class="link" onClick={() => withdraw(p)}>
                {w.tour.withdraw}
              </button>
            )}
          </li>
        ))}
      </ul>
      <label>
        {w.tour.addPlayers}
        <textarea rows={3} value={text} onInput={(e) => setText(e.currentTarget.value)} />
      </label>
      <p class="muted">
        {w.tour.playersHint}
        {started > 0 && ` ${w.tour.lateHint(next)}`}
      </p>
      <button onClick={() => add(text).then((sent) => sent && setText(''))}>{w.tour.addPlayers}</button>
      <ListFile onList={(list) => list.trim() && add(list)} />
      {refused}
    </section>
  );
}

/** Swap two players of a drawn round that has not started: the round's own players only. */
function Reseat({ round, act }: { round: TournamentView['rounds'][number]; act: Act }) {
  const w = t();
  const players = round.tables.flatMap((tb) => tb.players);
  const [a, setA] = useState(players[0]?.id ?? '');
  const [b, setB] = useState(players[1]?.id ?? '');
  const pick = (value: string, on: (v: string) => void) => (
    <select value={value} onChange={(e) => on(e.currentTarget.value)} aria-label={w.tour.player}>
      {players.map((p) => (
        <option value={p.id}>{p.name}</option>
      ))}
    </select>
  );
  return (
    <div class="row wrap no-print">
      {pick(a, setA)} ⇄ {pick(b, setB)}
      <button onClick={() => act('reseat', { round: round.round, a, b })}>{w.tour.reseat}</button>
    </div>
  );
}
/** An id for one entry: the same row sent twice (a lost answer) is written once. */
const entryId = () => crypto.randomUUID().replace(/-/g, '');

function Protocol({
  round,
  table,
  mode,
  rules,
  act,
}: {
  round: number;
  table: TournamentView['rounds'][number]['tables'][number];
  mode: string;
  rules: Rules | null;
  act: Act;
}) {
  const w = t();
  const size = table.players.length;
  const [editing, setEditing] = useState<number | null>(null);
  const [row, setRow] = useState<string[]>(() => table.players.map(() => ''));
  const [reason, setReason] = useState('');
  const out = (deal: number) => (size === 5 ? deal % 5 : -1); // RULES §9: the dealer sits out at five
  const deal = editing ?? table.deals;
  const values = row.map((v, s) => (s === out(deal) ? null : Number(v) || 0));
  const filled = row.every((v, s) => s === out(deal) || /^-?\d+$/.test(v.trim()));
  const sum = values.reduce<number>((n, v) => n + (v ?? 0), 0);
  // The phones' signs: +4, −4 (a real minus), 0.
  const n = (x: number | null) => (x === null ? '—' : signed(x));
  const names = table.players.map((p) => p.name);
  // The deals as the table's phones said them, scored again here: the words beside each row, and the
  // deals still waiting to be confirmed after the protocol's.
  const said = table.said ?? [];
  const pad = rules && said.length ? padOfSaid(rules, size, said) : null;
  const rows = [
    ...table.protocol.map((scores, d) => ({ deal: d, scores, waiting: false })),
    ...(pad?.rows.slice(table.protocol.length) ?? []).map((r, k) => ({
      deal: table.protocol.length + k,
      scores: r.scores,
      waiting: true,
    })),
  ];
  const words = (d: number) => {
    const entry = saidOf(said[d]);
    return entry && rules ? saidWords(entry, pad?.rows[d] ?? null, names, rules).join(' · ') : '';
  };
  // A deal the phones entered is corrected in their words (or small points) through their form.
  const inWords = editing !== null && rules !== null && saidOf(said[editing]) !== null;
  const edit = (d: number) => {
    setEditing(d);
    setRow(table.protocol[d]!.map((v) => (v === null ? '' : String(v))));
  };
  const done = () => {
    setEditing(null);
    setRow(table.players.map(() => ''));
    setReason('');
  };
  // Deals a second phone sent back wait for the table to enter them again: "confirm all" leaves them.
  const sentBack = table.rejected ?? [];
  const waiting = (table.pending ?? 0) - sentBack.length;
  /** The deals entered at the table and not yet in the protocol, confirmed in order by the director. */
  const confirmWaiting = async (n: number) => {
    // The unconfirmed deals are among the first `deals + n` entered; confirming a confirmed one changes nothing.
    for (let deal = 0; deal < table.deals + n; deal++)
      if (!sentBack.includes(deal)) await act('confirm', { round, table: table.table, deal });
  };
  const save = () =>
    (editing === null
      ? act('rows', { round, table: table.table, row: values, id: entryId() })
      : act('corrections', { round, table: table.table, deal: editing, row: values, reason })
    ).then(done);
  const correct = (body: EntryBody) =>
    act('corrections', {
      round,
      table: table.table,
      deal: editing,
      reason,
      ...('words' in body ? { words: body.words } : { row: body.scores, ...(body.tie ? { tie: true } : {}) }),
    }).then(done);
  return (
    <details class="protocol no-print">
      <summary>
        {w.tour.table(table.table)} · {w.tour.progress(table.deals, table.of)}
      </summary>
      {table.code && (
        <p>
          <a href={`#/hall/${table.code}`}>{w.tour.hallLink(table.code)}</a>
        </p>
      )}
      {waiting > 0 && <button onClick={() => confirmWaiting(table.pending!)}>{w.tour.confirmAll(waiting)}</button>}
      {sentBack.length > 0 && (
        <p class="sent-back">
          {w.tour.sentBack(
            sentBack.length,
            list(
              lang.value,
              sentBack.map((d) => num(lang.value, d + 1)),
            ),
          )}
        </p>
      )}
      <div class="standings-wrap" tabIndex={0} role="region" aria-label={w.tour.table(table.table)}>
        <table>
          <thead>
            <tr>
              <th scope="col">{w.tour.deal}</th>
              {table.players.map((p) => (
                <th scope="col" key={p.id}>
                  {p.name}
                </th>
              ))}
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const said = words(r.deal);
              return (
                <Fragment key={r.deal}>
                  <tr class={r.waiting ? 'waiting' : ''}>
                    <td>{num(lang.value, r.deal + 1)}</td>
                    {r.scores.map((v, s) => (
                      <td key={s}>{n(v)}</td>
                    ))}
                    <td>
                      {!r.waiting ? (
                        <button class="link" onClick={() => edit(r.deal)}>
                          {w.tour.correct}
                        </button>
                      ) : sentBack.includes(r.deal) ? (
                        <span class="rejected">{w.tour.rejectedMark}</span>
                      ) : (
                        <span class="muted">{w.tour.awaiting}</span>
                      )}
                    </td>
                  </tr>
                  {/* The deal as the table said it, under its row, as wide as the players' columns. */}
                  {said && (
                    <tr class="said-row">
                      <td />
                      <td colSpan={size + 1}>{said}</td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
      {inWords && pad && (
        <div class="correction">
          <label>
            {w.tour.reason}
            <input value={reason} maxLength={200} onInput={(e) => setReason(e.currentTarget.value)} />
          </label>
          <EntryForm
            key={`correct-${editing}`}
            rules={rules}
            names={names}
            next={padNext(padOfSaid(rules, size, said.slice(0, editing)) ?? pad)}
            initial={saidOf(said[editing])}
            onSave={correct}
          />
          <button class="link" onClick={done}>
            {w.tour.cancel}
          </button>
        </div>
      )}
      {((editing !== null && !inWords) || (mode === 'hall' && !table.complete && !table.phone)) && (
        <div class="row wrap entry">
          <span>
            {w.tour.deal} {num(lang.value, deal + 1)}
          </span>
          {table.players.map((p, s) =>
            s === out(deal) ? (
              <span key={p.id} class="muted">
                {p.name}: {w.tour.sitsOut}
              </span>
            ) : (
              <label key={p.id}>
                {p.name}
                <input
                  type="number"
                  inputMode="numeric"
                  step={1}
                  value={row[s]}
                  onInput={(e) => setRow(row.map((x, k) => (k === s ? e.currentTarget.value : x)))}
                />
              </label>
            ),
          )}
          {editing !== null && (
            <label>
              {w.tour.reason}
              <input value={reason} maxLength={200} onInput={(e) => setReason(e.currentTarget.value)} />
            </label>
          )}
          {filled && <span class={sum === 0 ? 'muted' : 'error'}>{w.tour.rowSum(sum)}</span>}
          <button disabled={!filled || sum !== 0} onClick={save}>
            {editing === null ? w.tour.addRow : w.tour.save}
          </button>
          {editing !== null && (
            <button class="link" onClick={() => setEditing(null)}>
              {w.tour.cancel}
            </button>
          )}
        </div>
      )}
    </details>
  );
}

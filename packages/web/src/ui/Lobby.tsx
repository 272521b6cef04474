// The lobby: one's own tables not yet over (back to each), the open tables apart from the full or
// running ones, with their rules, stake, seats and bots; a new table; join by invite link.
import { PRESETS } from '@baska/engine';
import type { TableInfo } from '@baska/protocol';
import { RATED_MIN_DEALS } from '@baska/protocol';
import { useEffect, useState } from 'preact/hooks';
import { type HistoryGame, api } from '../api.js';
import { errorText, lang, t } from '../i18n.js';
import { OPTION_TEXT, SWITCHES, rulesLine } from '../options.js';
import { go, me } from '../store.js';
import { InstallOffer } from './AppNotices.js';
import { LevelOptions } from './LevelOptions.js';
import { TournamentNotice } from './tournament/Notice.js';
import { OnlineList } from './Online.js';
import { NumberField } from './NumberField.js';

export function Lobby() {
  const w = t();
  const [tables, setTables] = useState<TableInfo[] | null>(null);
  const [mine, setMine] = useState<HistoryGame[]>([]);
  const [error, setError] = useState('');
  const load = () =>
    Promise.all([
      api.tables().then((r) => setTables(r.tables)),
      // One's own tables not yet over, public or not: the way back to them.
      api.history().then((r) => setMine(r.games.filter((g) => g.status !== 'finished'))),
    ]).catch((e) => setError(errorText(e)));
  useEffect(() => {
    void load();
    const timer = setInterval(load, 5000);
    return () => clearInterval(timer);
  }, []);
  const free = (tb: TableInfo) => tb.status === 'open' && tb.seats.some((s) => !s.name);
  const open = tables?.filter(free) ?? [];
  const full = tables?.filter((tb) => !free(tb)) ?? [];
  return (
    <main class="lobby">
      <InstallOffer />
      {mine.length > 0 && <MyTables games={mine} />}
      <TournamentNotice />
      <section aria-labelledby="open-h">
        <div class="row spread">
          <h2 id="open-h">{w.openTables}</h2>
          <button onClick={load}>{w.refresh}</button>
        </div>
        {tables && open.length === 0 && <p>{w.noTables}</p>}
        <TableList tables={open} kind="open-list" />
      </section>
      {full.length > 0 && (
        <section aria-labelledby="full-h">
          <h2 id="full-h">{w.fullTables}</h2>
          <TableList tables={full} kind="full-list" />
        </section>
      )}
      {/* One's newest table still waiting for players: the people online can be invited to it. */}
      <OnlineList inviteTo={mine.find((g) => g.status === 'open')?.id ?? null} />
      <CreateTable onError={setError} />
      <JoinByLink />
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </main>
  );
}

/** The player's own tables not yet over: back to each. */
function MyTables({ games }: { games: HistoryGame[] }) {
  const w = t();
  return (
    <section aria-labelledby="mine-h" class="my-tables">
      <h2 id="mine-h">{w.myTables}</h2>
      <ul class="tables mine-list">
        {games.map((g) => (
          <li key={g.id} class="table-row">
            <span class="preset">{w.presets[g.preset as keyof typeof w.presets] ?? g.preset}</span>
            <span>{w.status[g.status]}</span>
            <span>{w.dealCount(g.deals)}</span>
            <span>{w.runningTotal(g.total)}</span>
            <button class="primary" onClick={() => go(`t/${g.id}`)}>
              {w.backToTable}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Public tables, each with its rules, creator, seats, bots, stake and clock. */
function TableList({ tables, kind }: { tables: TableInfo[]; kind: string }) {
  const w = t();
  return (
    <ul class={`tables ${kind}`}>
      {tables.map((tb) => {
        const taken = tb.seats.filter((s) => s.name).length;
        const bots = tb.seats.filter((s) => s.bot).length;
        return (
          <li key={tb.id} class="table-row">
            <span class="preset">
              {rulesLine(tb.rules, tb.preset, lang.value, w.yes, w.no)}
              {tb.rated && <span class="badge rated">{w.rated}</span>}
              {tb.hints && <span class="badge">{w.hints}</span>}
            </span>
            <span>
              {w.owner}: {tb.owner}
            </span>
            <span>{w.seatsTaken(taken, tb.seats.length)}</span>
            <span>{w.bots(bots)}</span>
            <span>{tb.stake ? w.stakeShort(tb.stake) : '—'}</span>
            <span>{w.perMove(tb.secondsPerMove)}</span>
            <button onClick={() => go(`t/${tb.id}`)}>
              {tb.status === 'open' && taken < tb.seats.length ? w.join : w.watch}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function CreateTable({ onError }: { onError: (e: string) => void }) {
  const w = t();
  const [preset, setPreset] = useState('standard');
  const [stake, setStake] = useState(0);
  const [seconds, setSeconds] = useState(60);
  const [pause, setPause] = useState(30);
  const [isPublic, setPublic] = useState(true);
  const [deals, setDeals] = useState(0);
  const [bots, setBots] = useState('basic');
  const [rated, setRated] = useState(false);
  const [hints, setHints] = useState(false);
  const [players, setPlayers] = useState<4 | 5>(4);
  const registered = me.value !== null && !me.value.guest;
  // Each switch as the preset has it, on or off.
  const [switches, setSwitches] = useState<Record<string, 'preset' | 'on' | 'off'>>({});
  const submit = async (e: Event) => {
    e.preventDefault();
    try {
      const options: Record<string, unknown> = {};
      for (const sw of rated ? [] : SWITCHES) {
        const state = switches[sw.option] ?? 'preset';
        if (state !== 'preset') options[sw.option] = state === 'on' ? sw.on : sw.off;
      }
      const r = await api.create({
        preset,
        options,
        stake,
        secondsPerMove: seconds,
        pauseSeconds: pause,
        public: isPublic,
        deals,
        // Five: the dealer of each deal sits it out (RULES §9); a rated table seats four.
        players: rated ? 4 : players,
        seat: 0,
        // A rated game is for four registered people with the preset as it is (the server checks).
        ...(rated ? { rated: true } : bots ? { bots } : {}),
        ...(hints && !rated ? { hints: true } : {}),
      });
      go(`t/${r.table.id}`);
    } catch (err) {
      onError(errorText(err));
    }
  };
  return (
    <form class="card-box create" onSubmit={submit} aria-labelledby="create-h">
      <h2 id="create-h">{w.createTable}</h2>
      <label>
        {w.preset}
        <select name="preset" value={preset} onChange={(e) => setPreset(e.currentTarget.value)}>
          {PRESETS.map((p) => (
            <option value={p}>{w.presets[p]}</option>
          ))}
        </select>
      </label>
      <details class="switches" hidden={rated}>
        <summary>{w.moreRules}</summary>
        {SWITCHES.map((sw) => (
          <label key={sw.option} title={OPTION_TEXT[sw.option]?.[lang.value]}>
            {sw.label[lang.value]}
            <select
              name={sw.option}
              value={switches[sw.option] ?? 'preset'}
              onChange={(e) =>
                setSwitches({ ...switches, [sw.option]: e.currentTarget.value as 'preset' | 'on' | 'off' })
              }
            >
              <option value="preset">{w.asPreset}</option>
              <option value="on">{w.yes}</option>
              <option value="off">{w.no}</option>
            </select>
          </label>
        ))}
      </details>
      <label hidden={rated}>
        {w.playersAtTable}
        <select name="players" value={players} onChange={(e) => setPlayers(e.currentTarget.value === '5' ? 5 : 4)}>
          <option value="4">4</option>
          <option value="5">{w.fivePlayers}</option>
        </select>
      </label>
      <NumberField label={w.stake} name="stake" min={0} max={100000} value={stake} set={setStake} />
      <NumberField label={w.secondsPerMove} name="seconds" min={5} max={3600} value={seconds} set={setSeconds} />
      <NumberField label={w.pauseSeconds} name="pause" min={0} max={600} value={pause} set={setPause} />
      <NumberField
        label={w.deals}
        name="deals"
        min={rated ? RATED_MIN_DEALS : 0}
        max={1000}
        value={deals}
        set={setDeals}
      />
      <label hidden={rated}>
        {w.fillBots}
        <select name="bots" value={bots} onChange={(e) => setBots(e.currentTarget.value)}>
          <option value="">{w.none}</option>
          <LevelOptions />
        </select>
      </label>
      <label class="check">
        <input
          name="rated"
          type="checkbox"
          checked={rated}
          disabled={!registered}
          aria-describedby="rated-note"
          onChange={(e) => {
            setRated(e.currentTarget.checked);
            // A rated game has a set number of deals, at least the minimum (decision 015).
            if (e.currentTarget.checked && deals < RATED_MIN_DEALS) setDeals(RATED_MIN_DEALS);
          }}
        />
        {w.ratedTable}
      </label>
      <p id="rated-note" class="note">
        {registered ? w.ratedNote(RATED_MIN_DEALS) : w.ratedGuestNote}
      </p>
      <label class="check" hidden={rated}>
        <input
          name="hints"
          type="checkbox"
          checked={hints}
          aria-describedby="hints-note"
          onChange={(e) => setHints(e.currentTarget.checked)}
        />
        {w.hintsTable}
      </label>
      <p id="hints-note" class="note" hidden={rated}>
        {w.hintsNote}
      </p>
      <label class="check">
        <input name="public" type="checkbox" checked={isPublic} onChange={(e) => setPublic(e.currentTarget.checked)} />
        {w.publicTable}
      </label>
      <button type="submit" class="primary">
        {w.create}
      </button>
    </form>
  );
}

function JoinByLink() {
  const w = t();
  const [link, setLink] = useState('');
  const submit = (e: Event) => {
    e.preventDefault();
    const id = /([A-Za-z0-9_-]{6,40})\s*$/.exec(link.trim())?.[1];
    if (id) go(`t/${id}`);
  };
  return (
    <form class="card-box" onSubmit={submit}>
      <label>
        {w.joinByLink}
        <input name="link" value={link} onInput={(e) => setLink(e.currentTarget.value)} />
      </label>
      <button type="submit">{w.join}</button>
    </form>
  );
}

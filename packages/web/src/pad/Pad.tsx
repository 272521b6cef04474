// The score pad (#/pad): four or five names, deal after deal, running totals, the bok-round counter,
// money at a stake and undo. A guest's pad stays in this browser (#/pad/l/<id>); a signed-in
// player's is kept on the server (#/pad/s/<id>), whose link the others at the table may open to
// watch it update by itself.
import { type Preset, PRESETS, type Rules } from '@baska/engine';
import type { PadView } from '@baska/protocol';
import { type EntryRow, type NextDeal, type Pad, newPad, padAdd, padMoney, padNext, padUndo } from '@baska/tournament';
import { useEffect, useRef, useState } from 'preact/hooks';
import { errorText, lang, t } from '../i18n.js';
import { dateTime, zloty as zlotyIn } from '../i18n/format.js';
import { go, me } from '../store.js';
import { EntryForm, signed } from './Entry.js';
import { type LocalPad, loadLocal, localPads, newLocalId, saveLocal } from './local.js';
import { dealInWords } from './words.js';
import {
  type EntryBody,
  addEntry,
  padApi,
  padViews,
  refresh,
  refusal,
  remember,
  startSending,
  waiting,
} from './remote.js';
import './pad.css';

export function PadRoute({ path }: { path: string[] }) {
  const [kind, id] = path;
  if (kind === 'l' && id) return <LocalPadScreen id={id} />;
  if (kind === 's' && id) return <ServerPadScreen id={id} />;
  return <PadHome />;
}

const signedIn = () => me.value !== null && !me.value.guest;

function PadHome() {
  const w = t().pad;
  const [server, setServer] = useState<{ id: string; names: string[]; deals: number; createdAt: string }[]>([]);
  useEffect(() => {
    if (signedIn())
      padApi.list().then(
        (r) => setServer(r.pads),
        () => undefined,
      );
  }, [me.value]);
  const local = localPads();
  return (
    <main class="pad">
      <h1 class="pad-title">{w.title}</h1>
      <p class="note">{w.intro}</p>
      <NewPad />
      {(server.length > 0 || local.length > 0) && (
        <section class="sheet" aria-labelledby="pads-h">
          <h2 id="pads-h">{w.yourPads}</h2>
          <ul class="pad-list">
            {server.map((p) => (
              <li key={p.id}>
                <a href={`#/pad/s/${p.id}`}>{p.names.join(', ')}</a>{' '}
                <span class="note">
                  {w.deals(p.deals)} · {dateTime(lang.value, Date.parse(p.createdAt))} · {w.onServer}
                </span>
              </li>
            ))}
            {local.map((p: LocalPad) => (
              <li key={p.id}>
                <a href={`#/pad/l/${p.id}`}>{p.file.names.join(', ')}</a>{' '}
                <span class="note">
                  {w.deals(p.file.entries.length)} · {dateTime(lang.value, p.createdAt)} · {w.inBrowser}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}

function NewPad() {
  const all = t();
  const w = all.pad;
  const [names, setNames] = useState(['', '', '', '', '']);
  const [preset, setPreset] = useState<Preset>('standard');
  const [firstDealer, setFirstDealer] = useState(0);
  const [stake, setStake] = useState('0');
  const [error, setError] = useState<string | null>(null);
  const chosen = names.slice(0, 4).concat(names[4]!.trim() ? [names[4]!] : []);
  const start = async () => {
    setError(null);
    const stakeGroszy = Number(stake) || 0;
    const made = newPad(preset, chosen, { firstDealer: Math.min(firstDealer, chosen.length - 1) });
    if (!made.ok) return setError(errorText(made.error));
    if (signedIn()) {
      try {
        const r = await padApi.create({
          names: chosen,
          preset,
          firstDealer: made.value.firstDealer,
          stake: stakeGroszy,
        });
        remember(r.pad);
        go(`pad/s/${r.pad.id}`);
      } catch (e) {
        setError(errorText(e));
      }
    } else {
      const id = newLocalId();
      saveLocal(id, made.value, stakeGroszy);
      go(`pad/l/${id}`);
    }
  };
  return (
    <section class="sheet" aria-labelledby="new-pad-h">
      <h2 id="new-pad-h">{w.newPad}</h2>
      <div class="pad-names">
        {names.map((n, i) => (
          <label key={i}>
            {i < 4 ? w.player(i + 1) : w.fifth}
            <input
              value={n}
              maxLength={40}
              autoComplete="off"
              onInput={(e) => setNames(names.map((x, j) => (j === i ? e.currentTarget.value : x)))}
            />
          </label>
        ))}
      </div>
      <div class="row wrap">
        <label>
          {all.preset}
          <select value={preset} onChange={(e) => setPreset(e.currentTarget.value as Preset)}>
            {PRESETS.map((p) => (
              <option key={p} value={p}>
                {all.presets[p]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {w.firstDealer}
          <select value={firstDealer} onChange={(e) => setFirstDealer(Number(e.currentTarget.value))}>
            {chosen.map((n, i) => (
              <option key={i} value={i}>
                {n.trim() || w.player(i + 1)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {w.stake}
          <input
            type="number"
            inputMode="numeric"
            min={0}
            max={100000}
            value={stake}
            onInput={(e) => setStake(e.currentTarget.value)}
          />
        </label>
      </div>
      {!signedIn() && <p class="note">{w.guestNote}</p>}
      <button class="primary" onClick={start}>
        {w.start}
      </button>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/** A row as the sheet shows it: the server's (PadRowView) or one computed here (EntryRow). */
type ShownRow = Pick<EntryRow, 'scores' | 'typed' | 'bokRound' | 'tie' | 'old' | 'winner' | 'grade' | 'counted'> & {
  contract: string | null;
  offence: { kind: string } | null;
  pending?: boolean;
};

/** What the pad screen shows, from a local pad or from the server's view (with what waits to be sent). */
interface Shown {
  names: readonly string[];
  rules: Rules;
  rows: ShownRow[];
  totals: readonly number[];
  money: readonly number[];
  stake: number;
  bokDealsLeft: number;
  next: NextDeal;
}

const shownOfPad = (pad: Pad, stake: number, pending = 0): Shown => ({
  names: pad.names,
  rules: pad.rules,
  rows: pad.rows.map((r, i) => (i >= pad.rows.length - pending ? { ...r, pending: true } : r)),
  totals: pad.totals,
  money: padMoney(pad, stake),
  stake,
  bokDealsLeft: pad.bokDealsLeft,
  next: padNext(pad),
});

function LocalPadScreen({ id }: { id: string }) {
  const w = t().pad;
  const [state, setState] = useState(() => loadLocal(id));
  const [error, setError] = useState<string | null>(null);
  if (!state) return <NotFound />;
  const { pad, meta } = state;
  const save = (p: Pad) => {
    saveLocal(id, p, meta.stake);
    setState({ meta, pad: p });
  };
  const add = (body: EntryBody) => {
    const r = padAdd(pad, body);
    if (!r.ok) return setError(errorText(r.error));
    setError(null);
    save(r.value);
  };
  return (
    <main class="pad">
      <PadHeader />
      <p class="note">{w.guestNote}</p>
      <PadBody
        shown={shownOfPad(pad, meta.stake)}
        onSave={add}
        onUndo={pad.rows.length ? () => save(padUndo(pad)) : null}
        error={error}
      />
    </main>
  );
}

function ServerPadScreen({ id }: { id: string }) {
  const w = t().pad;
  const view = padViews.value[id];
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    const stop = startSending();
    let alive = true;
    const tick = () =>
      refresh(id).then(
        () => undefined,
        (e: { code?: string }) => e?.code === 'ERR_NOT_FOUND' && alive && setMissing(true),
      );
    void tick();
    const timer = setInterval(tick, 3000); // the watchers' link updates by itself
    return () => {
      alive = false;
      stop();
      clearInterval(timer);
    };
  }, [id]);
  useEffect(() => {
    if (refusal.value?.pad === id) {
      setError(errorText({ code: refusal.value.code }));
      refusal.value = null;
    }
  }, [refusal.value]);
  if (missing) return <NotFound />;
  if (!view) return <main class="pad">…</main>;
  const pending = waiting.value.filter((i) => i.target === id);
  const shown = shownOfView(
    view,
    pending.map((i) => i.body),
  );
  const link = `${location.origin}${location.pathname}#/pad/s/${id}`;
  const undo = async () => {
    const last = view.rows[view.rows.length - 1];
    if (!last) return;
    try {
      remember((await padApi.undo(id, last.id)).pad);
      setError(null);
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <main class="pad">
      <PadHeader />
      {view.mine ? (
        <ShareLink link={link} />
      ) : (
        <p class="banner" role="status">
          {w.watching}
        </p>
      )}
      {pending.length > 0 && (
        <p class="banner warn" role="status">
          {w.waiting(pending.length)}
        </p>
      )}
      <PadBody
        shown={shown}
        onSave={view.mine ? (body) => addEntry(id, body) : null}
        onUndo={view.mine && view.rows.length > 0 && pending.length === 0 ? undo : null}
        error={error}
      />
    </main>
  );
}

/** The server's pad with the entries still waiting on this phone added after it, marked. */
function shownOfView(view: PadView, pending: EntryBody[]): Shown {
  const made = newPad(view.rules, view.names, { firstDealer: view.firstDealer });
  if (!made.ok) throw new Error(made.error.message);
  let pad = made.value;
  for (const r of view.rows) {
    const added = padAdd(pad, { scores: r.scores, ...(r.tie ? { tie: true } : {}) });
    if (added.ok) pad = added.value;
  }
  let waitingRows = 0;
  for (const body of pending) {
    const added = padAdd(pad, body);
    if (added.ok) {
      pad = added.value;
      waitingRows++;
    }
  }
  const shown = shownOfPad(pad, view.stake, waitingRows);
  // The server's rows keep their words (contract, offence); the pending ones are computed here.
  shown.rows = [...view.rows, ...shown.rows.slice(view.rows.length)];
  return shown;
}

function PadHeader() {
  const w = t().pad;
  return (
    <div class="row spread pad-head">
      <h1 class="pad-title">{w.title}</h1>
      <a href="#/pad">{w.back}</a>
    </div>
  );
}

function NotFound() {
  const w = t().pad;
  return (
    <main class="pad">
      <PadHeader />
      <p class="error">{w.notFound}</p>
    </main>
  );
}

function ShareLink({ link }: { link: string }) {
  const w = t().pad;
  const [copied, setCopied] = useState(false);
  return (
    <div class="share row wrap">
      <label class="grow">
        {w.share}
        <input readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
      </label>
      <button
        onClick={() =>
          navigator.clipboard?.writeText(link).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {copied ? w.copied : w.copy}
      </button>
    </div>
  );
}

function PadBody({
  shown,
  onSave,
  onUndo,
  error,
}: {
  shown: Shown;
  onSave: ((body: EntryBody) => void) | null;
  onUndo: (() => void) | null;
  error: string | null;
}) {
  return (
    <div class="pad-body">
      <Totals shown={shown} />
      <div class={onSave ? 'pad-cols with-entry' : 'pad-cols'}>
        <div>
          {onSave && <EntryForm rules={shown.rules} names={shown.names} next={shown.next} onSave={onSave} />}
          {error && (
            <p class="error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div>
          <Sheet shown={shown} />
          {onUndo && <Undo shown={shown} onUndo={onUndo} />}
        </div>
      </div>
    </div>
  );
}

/**
 * "Cofnij ostatnie rozdanie" asks first, in the page: which deal goes, told in words, and a yes and
 * a no. A tap on a phone's crowded screen should not take a deal back by itself.
 */
function Undo({ shown, onUndo }: { shown: Shown; onUndo: () => void }) {
  const w = t().pad;
  // The deal the question is about: asked again if another deal is added or taken back meanwhile.
  const [asking, setAsking] = useState<number | null>(null);
  const no = useRef<HTMLButtonElement>(null);
  const deals = shown.rows.length;
  const open = asking === deals;
  useEffect(() => {
    if (open) no.current?.focus();
  }, [open]);
  if (!open)
    return (
      <button class="undo" aria-expanded="false" onClick={() => setAsking(deals)}>
        {w.undo}
      </button>
    );
  const last = shown.rows[deals - 1]!;
  return (
    <div class="undo-ask" role="group" aria-labelledby="undo-ask-q">
      <p id="undo-ask-q">
        <b>{w.undoAsk(deals)}</b> {dealInWords(last, shown.names)}
      </p>
      <div class="row wrap">
        <button
          class="danger"
          onClick={() => {
            setAsking(null);
            onUndo();
          }}
        >
          {w.undoYes}
        </button>
        <button ref={no} onClick={() => setAsking(null)}>
          {w.undoNo}
        </button>
      </div>
    </div>
  );
}

const zloty = (groszy: number) => zlotyIn(lang.value, groszy / 100);

function Totals({ shown }: { shown: Shown }) {
  const w = t().pad;
  const best = Math.max(...shown.totals);
  return (
    <section class="pad-totals" aria-label={w.total}>
      <ul>
        {shown.names.map((n, s) => (
          <li key={s} class={shown.rows.length && shown.totals[s] === best ? 'lead' : ''}>
            <span class="who">{n}</span>
            <b class={shown.totals[s]! > 0 ? 'plus' : shown.totals[s]! < 0 ? 'minus' : ''}>
              {signed(shown.totals[s]!)}
            </b>
            {shown.stake > 0 && <span class="money">{zloty(shown.money[s]!)}</span>}
          </li>
        ))}
      </ul>
      <p class="pad-status">
        {w.deals(shown.rows.length)}
        {shown.bokDealsLeft > 0 && <span class="badge bok-badge">{w.bokLeft(shown.bokDealsLeft)}</span>}
      </p>
    </section>
  );
}

/**
 * The list of deals, phone first: each deal is a line in words (its game, its declarer or old side,
 * its counted doublings, its result and marks) over its small points, one column per player, so no
 * column is pushed out of a 360 px screen by the words. With many or long names the names stand
 * upright in the heading on a narrow screen, whole.
 */
function Sheet({ shown }: { shown: Shown }) {
  const w = t().pad;
  if (shown.rows.length === 0) return null;
  const n = shown.names.length;
  const longest = Math.max(...shown.names.map((x) => x.length));
  const upright = longest * n > 32;
  return (
    <section class="sheet" aria-labelledby="pad-sheet-h">
      <h2 id="pad-sheet-h">{w.sheet}</h2>
      <table class={upright ? 'pad-sheet upright' : 'pad-sheet'}>
        <thead>
          <tr>
            {shown.names.map((name, s) => (
              <th key={s} scope="col">
                <span>{name}</span>
              </th>
            ))}
          </tr>
        </thead>
        {shown.rows.map((r, i) => (
          <tbody key={i} class={[r.bokRound ? 'in-bok' : '', r.pending ? 'pending' : ''].join(' ').trim() || undefined}>
            <tr class="what">
              <th scope="rowgroup" colSpan={n}>
                <span class="nr">{i + 1}.</span> {dealInWords(r, shown.names)}
                {r.bokRound && <span class="mark">{w.marks.bok}</span>}
                {r.tie && <span class="mark">52:52</span>}
                {r.offence && (
                  <span class="mark offence">
                    {w.marks.offence}: {w.offenceKinds[r.offence.kind as keyof typeof w.offenceKinds]}
                  </span>
                )}
                {r.pending && <span class="mark">{w.marks.pending}</span>}
              </th>
            </tr>
            <tr class="points">
              {r.scores.map((v, s) => (
                <td key={s}>{v === null ? '–' : signed(v)}</td>
              ))}
            </tr>
          </tbody>
        ))}
        <tfoot>
          <tr class="what">
            <th scope="rowgroup" colSpan={n}>
              {w.total}
            </th>
          </tr>
          <tr class="points">
            {shown.totals.map((v, s) => (
              <td key={s}>
                <b>{signed(v)}</b>
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </section>
  );
}

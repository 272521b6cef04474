// A hall table's protocol on a phone, opened by the table's code with no account: each deal entered
// in the game's words or as small points (the score pad's entry form), confirmed by a second phone —
// or sent back by it ("Nie zgadzam się") and entered again, the form reopened as it was entered. Each
// deal is read back in the phones' words, its small points beside each player's whole name, so the
// second phone confirms what was said. Entries made with no connection wait on the phone (the outbox)
// and are sent, once, when it returns.
import { resolveRules } from '@baska/engine';
import type { ErrorBody, HallAnswer, HallPhoneAnswer, HallView } from '@baska/protocol';
import { padNext } from '@baska/tournament';
import { signal } from '@preact/signals';
import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../../api.js';
import { errorText, t } from '../../i18n.js';
import { Outbox, type OutboxItem, fetchSender, newEntryId } from '../../outbox.js';
import { EntryForm, signed } from '../../pad/Entry.js';
import type { EntryBody } from '../../pad/remote.js';
import { padOfSaid, saidOf, saidWords } from '../../pad/said.js';
import { go } from '../../store.js';

type HallBody = EntryBody & { device: string };

const views = signal<Record<string, HallView>>({});
const waiting = signal<OutboxItem<HallBody>[]>([]);
const refused = signal<{ code: string } | null>(null);
const keep = (v: HallView, code: string) => (views.value = { ...views.value, [code]: v });

const outbox = new Outbox<HallBody, HallAnswer>({
  storage: localStorage,
  name: 'hall',
  send: fetchSender((item) => `/api/hall/${item.target}/entries`),
  onDone: (item, answer) => keep(answer.hall, item.target),
  onRefused: (_item, code) => (refused.value = { code }),
  onChange: (items) => (waiting.value = [...items]),
});

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const r = await fetch(path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await r.json().catch(() => ({}))) as Partial<ErrorBody>;
  if (!r.ok)
    throw new ApiError(json.error?.code ?? 'ERR_INTERNAL', json.error?.message ?? r.statusText, json.error?.detail);
  return json as T;
}

/** Where this phone keeps its token for the table of this code (across reloads: a table gives only so many). */
const phoneKey = (code: string) => `baska.hall.phone.${code}`;
const asking = new Map<string, Promise<string>>();

/**
 * This phone's token at the table of this code: the one the server gave it, or a new one asked for
 * now (once, however many times the page asks at once). The server takes no other as a phone.
 */
function phoneFor(code: string): Promise<string> {
  const kept = localStorage.getItem(phoneKey(code));
  if (kept) return Promise.resolve(kept);
  let ask = asking.get(code);
  if (!ask) {
    ask = call<HallPhoneAnswer>('POST', `/api/hall/${code}/phones`)
      .then((r) => (localStorage.setItem(phoneKey(code), r.device), r.device))
      .finally(() => asking.delete(code));
    asking.set(code, ask);
  }
  return ask;
}

export function HallCode() {
  const w = t().tour;
  const [code, setCode] = useState('');
  return (
    <main class="tournament hall">
      <h1>{w.hall}</h1>
      <form
        class="card-box"
        onSubmit={(e) => {
          e.preventDefault();
          go(`hall/${code.trim().toUpperCase()}`);
        }}
      >
        <label>
          {w.hallCode}
          <input
            required
            autoCapitalize="characters"
            autoComplete="off"
            maxLength={6}
            value={code}
            onInput={(e) => setCode(e.currentTarget.value)}
          />
        </label>
        <p class="muted">{w.hallHint}</p>
        <button type="submit">{w.hallOpen}</button>
      </form>
    </main>
  );
}

export function HallTable({ code }: { code: string }) {
  const w = t();
  const device = localStorage.getItem(phoneKey(code)) ?? '';
  const [error, setError] = useState('');
  // The round is drawn but not started: a wait, not an error (the page asks again by itself).
  const [early, setEarly] = useState(false);
  // The entry id of a deal sent back that this phone is entering again.
  const [fixing, setFixing] = useState<string | null>(null);
  const view = views.value[code];
  useEffect(() => {
    let live = true;
    const load = () =>
      phoneFor(code)
        .then((token) => call<HallAnswer>('GET', `/api/hall/${code}?device=${token}`))
        .then((r) => live && (keep(r.hall, code), setError('')))
        .catch((e) => {
          // A token the table does not know (its tournament restored from an older copy): forget it,
          // and the next load asks for a new one.
          if (e instanceof ApiError && e.code === 'ERR_DEVICE') localStorage.removeItem(phoneKey(code));
          if (!live || !(e instanceof ApiError)) return;
          setEarly(e.detail?.why === 'round-not-started');
          setError(e.code === 'ERR_TOO_MANY' ? w.tour.hallPhonesFull : errorText(e));
        });
    void load();
    waiting.value = outbox.pending();
    const flush = () => void outbox.flush();
    addEventListener('online', flush);
    const timer = setInterval(() => {
      if (outbox.pending(code).length) flush();
      else void load();
    }, 4000);
    flush();
    return () => {
      live = false;
      removeEventListener('online', flush);
      clearInterval(timer);
    };
  }, [code]);
  useEffect(() => {
    if (!refused.value) return;
    setError(errorText(refused.value));
    refused.value = null;
  }, [refused.value]);
  if (!view)
    return (
      <main class="tournament hall">
        {error && early && (
          <p role="status" class="note waiting">
            {error}
          </p>
        )}
        {error && !early && (
          <p role="alert" class="error">
            {error}
          </p>
        )}
      </main>
    );
  const queued = waiting.value.filter((i) => i.target === code);
  const rules = resolveRules(view.rules as never);
  // The deals as the server has them, and then those still on this phone: the next deal follows them all.
  const pad = rules.ok
    ? padOfSaid(rules.value, view.names.length, [
        ...view.rows.map((r) => r.entry),
        ...queued.map(({ id, body: { device: _, ...b } }) => ({ id, ...b })),
      ])
    : null;
  /** A phone's word on a deal; whether the server took it (a refusal is shown). */
  const post = (action: string, body: Record<string, unknown>) =>
    call<HallAnswer>('POST', `/api/hall/${code}/${action}`, { device, ...body })
      .then((r) => (keep(r.hall, code), setError(''), true))
      .catch((e) => (setError(errorText(e)), false));
  const confirm = (deal: number) => post('confirm', { deal });
  const reject = (id: string) => post('reject', { id });
  const entered = view.rows.length + queued.length;
  const sentBack = view.rows.filter((r) => r.rejected);
  // The deal being entered again, while it is still sent back, and the pad as it stood before it.
  const fixed = view.rows.find((r) => r.id === fixing && r.rejected);
  const before =
    rules.ok && fixed
      ? padOfSaid(
          rules.value,
          view.names.length,
          view.rows.slice(0, fixed.deal).map((r) => r.entry),
        )
      : null;
  return (
    <main class="tournament hall">
      <h1>
        {w.tour.table(view.table)} <span class="muted">· {w.tour.round(view.round)}</span>
      </h1>
      <p class="muted">
        {view.tournament} · {w.tour.progress(view.rows.length, view.of)}
      </p>
      {queued.length > 0 && (
        <p class="banner" role="status">
          {w.tour.queued(queued.length)}
        </p>
      )}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {!fixed &&
        sentBack.map((r) => (
          <p key={r.id} class="banner sent-back" role="status">
            {w.tour.rejectedNote(r.deal + 1)} <button onClick={() => setFixing(r.id)}>{w.tour.fix}</button>
          </p>
        ))}
      {fixed && before && (
        <>
          <p class="banner sent-back" role="status">
            {w.tour.fixing(fixed.deal + 1)}{' '}
            <button class="link" onClick={() => setFixing(null)}>
              {w.tour.cancel}
            </button>
          </p>
          <EntryForm
            key={`fix-${fixed.id}`}
            rules={before.rules}
            names={view.names}
            next={padNext(before)}
            initial={saidOf(fixed.entry)}
            onSave={(body) =>
              // Sent at once, not through the outbox: it replaces a deal in the middle of the table's list.
              void post('fix', { ...body, fixes: fixed.id, id: newEntryId() }).then((ok) => ok && setFixing(null))
            }
          />
        </>
      )}
      {!fixed && pad && entered < view.of && (
        <EntryForm
          key="next"
          rules={pad.rules}
          names={view.names}
          next={padNext(pad)}
          onSave={(body) => {
            setError('');
            outbox.enqueue(code, { ...body, device });
            void outbox.flush();
          }}
        />
      )}
      {entered >= view.of && <p>{w.tour.tableDone}</p>}
      <p class="muted">{w.tour.hallConfirmHint}</p>
      {/* Each deal as the table said it, its small points beside each player's whole name. */}
      <ol class="hall-deals" aria-label={w.tour.hall}>
        {view.rows.map((r) => {
          const said = saidOf(r.entry);
          const words = said && rules.ok ? saidWords(said, pad?.rows[r.deal] ?? null, view.names, rules.value) : [];
          return (
            <li
              key={r.id}
              class={`hall-deal${r.bokRound ? ' in-bok' : ''}${r.rejected ? ' sent-back-deal' : ''}`}
              aria-labelledby={`deal-${r.id}`}
            >
              <p class="deal-head">
                <b id={`deal-${r.id}`}>{w.pad.deal(r.deal + 1)}</b>
                {r.bokRound && <span class="badge bok-badge">{w.pad.bokRound}</span>}
                <span class="deal-state">
                  {r.confirmed ? (
                    <span class="ok">✓ {w.tour.confirmedMark}</span>
                  ) : r.rejected ? (
                    <span class="rejected">✗ {w.tour.rejectedMark}</span>
                  ) : r.mine ? (
                    <span class="muted">{w.tour.awaiting}</span>
                  ) : null}
                </span>
              </p>
              {words.length > 0 && <p class="said">{words.join(' · ')}</p>}
              <ul class="deal-points">
                {r.scores.map((v, s) => (
                  <li key={s} class={v === null ? 'out' : ''}>
                    <span class="name">{view.names[s]}</span>{' '}
                    {v === null ? (
                      <span class="muted">{w.pad.sitsOut}</span>
                    ) : (
                      <b class={v > 0 ? 'plus' : v < 0 ? 'minus' : ''}>{signed(v)}</b>
                    )}
                  </li>
                ))}
              </ul>
              {!r.confirmed && !r.rejected && !r.mine && (
                <p class="verdict">
                  <button onClick={() => confirm(r.deal)}>{w.tour.confirm}</button>
                  <button class="disagree" onClick={() => reject(r.id)}>
                    {w.tour.reject}
                  </button>
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </main>
  );
}

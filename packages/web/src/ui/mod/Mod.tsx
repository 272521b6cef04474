// The moderators' page (#/mod, decision 020): mute, ban and lift with a reason and a duration; a
// player's recent chat lines, fair-play marks and standing; the reported lines; new accounts from a
// banned player's address; the audit log; for the administrator, naming moderators. It shows chat
// lines and marks only: never a table's cards.
import type { AuditAnswer, ChatLine, MarksAnswer, ModPlayerAnswer, ReportsAnswer, Role } from '@baska/protocol';
import { useEffect, useState } from 'preact/hooks';
import { api } from '../../api.js';
import { errorText, t } from '../../i18n.js';
import { mw, when } from './words.js';
import './mod.css';

type Action = 'mute' | 'ban' | 'lift-mute' | 'lift-ban';
/** The durations a moderator chooses from, in minutes (null: for good). */
const DURATIONS = { hour: 60, day: 24 * 60, week: 7 * 24 * 60, month: 30 * 24 * 60, good: null } as const;
type Duration = keyof typeof DURATIONS;

/** A ban's or a mute's end as the audit log keeps it ('for good', 'until ISO'), in the reader's words. */
function detailText(detail: string): string {
  const w = mw();
  if (detail === 'for good') return w.durations.good.toLowerCase();
  const until = /^until (.+)$/.exec(detail);
  return until ? w.until(when(until[1]!)) : detail;
}

const words = (l: ChatLine) => (l.phrase ? t().phrases[l.phrase] : (l.text ?? ''));

export function ModPage() {
  const w = mw();
  const [roles, setRoles] = useState<Role[] | null>(null);
  const [lists, setLists] = useState<{ reports: ReportsAnswer; marks: MarksAnswer; audit: AuditAnswer } | null>(null);
  const load = async () => {
    const [reports, marks, audit] = await Promise.all([api.mod.reports(), api.mod.marks(), api.mod.audit()]);
    setLists({ reports, marks, audit });
  };
  useEffect(() => {
    api.mod
      .roles()
      .then((r) => {
        setRoles(r.roles);
        if (r.roles.includes('moderator')) void load();
      })
      .catch(() => setRoles([]));
  }, []);
  if (roles === null) return <main class="mod">…</main>;
  if (!roles.includes('moderator'))
    return (
      <main class="mod">
        <h1>{w.title}</h1>
        <p role="alert">{w.forbidden}</p>
      </main>
    );
  return (
    <main class="mod">
      <h1>{w.title}</h1>
      <ActForm onDone={load} />
      <Lookup />
      <section aria-labelledby="mod-reports">
        <h2 id="mod-reports">{w.reports}</h2>
        {lists?.reports.reports.length ? (
          <ul>
            {lists.reports.reports.map((r) => (
              <li>
                <span class="meta">
                  {when(r.at)} · {w.reported(r.reporter.name, r.author.name)}
                </span>
                <q>{words(r.line)}</q>
              </li>
            ))}
          </ul>
        ) : (
          <p>{w.none}</p>
        )}
      </section>
      <section aria-labelledby="mod-marks">
        <h2 id="mod-marks">{w.marks}</h2>
        {lists?.marks.marks.length ? (
          <ul>
            {lists.marks.marks.map((m) => (
              <li>
                <span class="meta">{when(m.at)}</span> {w.marked(m.player.name, m.banned.name)}
              </li>
            ))}
          </ul>
        ) : (
          <p>{w.none}</p>
        )}
      </section>
      {roles.includes('admin') && <RoleForm onDone={load} />}
      <section aria-labelledby="mod-audit">
        <h2 id="mod-audit">{w.audit}</h2>
        <ol class="audit">
          {lists?.audit.entries.map((e) => (
            <li>
              <span class="meta">
                {when(e.at)} · {e.by?.name ?? w.machine}
              </span>{' '}
              <b>{w.acts[e.action] ?? e.action}</b>: {e.target?.name}{' '}
              {e.detail && <span class="meta">({detailText(e.detail)})</span>} — {e.reason}
            </li>
          ))}
        </ol>
      </section>
    </main>
  );
}

/** Mute, ban or lift: the name, the act, the duration and the reason; the answer in a live region. */
function ActForm({ onDone }: { onDone: () => Promise<void> }) {
  const w = mw();
  const [name, setName] = useState('');
  const [action, setAction] = useState<Action>('mute');
  const [duration, setDuration] = useState<Duration>('day');
  const [reason, setReason] = useState('');
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const submit = async (e: Event) => {
    e.preventDefault();
    setSaid(null);
    try {
      if (action === 'mute' || action === 'ban')
        await api.mod.sanction({ name, kind: action, reason, minutes: DURATIONS[duration] });
      else await api.mod.lift({ name, kind: action === 'lift-ban' ? 'ban' : 'mute', reason });
      setSaid({ ok: true, text: w.done });
      setReason('');
      await onDone();
    } catch (err) {
      setSaid({ ok: false, text: errorText(err) });
    }
  };
  return (
    <section aria-labelledby="mod-act">
      <h2 id="mod-act">{w.act}</h2>
      <form onSubmit={submit}>
        <label>
          {w.name}
          <input value={name} required maxLength={40} onInput={(e) => setName(e.currentTarget.value)} />
        </label>
        <fieldset>
          <legend>{w.action}</legend>
          {(Object.keys(w.actions) as Action[]).map((a) => (
            <label class="check">
              <input type="radio" name="mod-action" checked={action === a} onChange={() => setAction(a)} />
              {w.actions[a]}
            </label>
          ))}
        </fieldset>
        {(action === 'mute' || action === 'ban') && (
          <label>
            {w.duration}
            <select value={duration} onChange={(e) => setDuration(e.currentTarget.value as Duration)}>
              {(Object.keys(DURATIONS) as Duration[]).map((d) => (
                <option value={d}>{w.durations[d]}</option>
              ))}
            </select>
          </label>
        )}
        <label>
          {w.reason}
          <textarea
            value={reason}
            required
            minLength={3}
            maxLength={300}
            aria-describedby="mod-reason-note"
            onInput={(e) => setReason(e.currentTarget.value)}
          />
        </label>
        <p id="mod-reason-note" class="meta">
          {w.reasonNote}
        </p>
        <button type="submit" class={action === 'ban' ? 'danger' : ''}>
          {w.submit}
        </button>
        <p role={said && !said.ok ? 'alert' : 'status'} class={said?.ok === false ? 'error' : ''}>
          {said?.text}
        </p>
      </form>
    </section>
  );
}

/** A player's recent chat lines, fair-play marks and standing mute or ban. */
function Lookup() {
  const w = mw();
  const [name, setName] = useState('');
  const [found, setFound] = useState<ModPlayerAnswer | null>(null);
  const [error, setError] = useState('');
  const show = async (e: Event) => {
    e.preventDefault();
    setError('');
    try {
      setFound(await api.mod.player(name));
    } catch (err) {
      setFound(null);
      setError(errorText(err));
    }
  };
  return (
    <section aria-labelledby="mod-lookup">
      <h2 id="mod-lookup">{w.lookup}</h2>
      <form onSubmit={show} class="inline">
        <label>
          {w.name}
          <input value={name} required maxLength={40} onInput={(e) => setName(e.currentTarget.value)} />
        </label>
        <button type="submit">{w.show}</button>
      </form>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {found && (
        <div aria-live="polite">
          <h3>{found.player.name}</h3>
          {[found.ban, found.mute].map(
            (s) => s && <p class="standing">{w.standing(s.kind, s.until && when(s.until), s.reason)}</p>,
          )}
          <h4>{w.chat}</h4>
          {found.chat.length ? (
            <ul>
              {found.chat.map((c) => (
                <li>
                  <span class="meta">{when(c.line.at)}</span> {words(c.line)}
                </li>
              ))}
            </ul>
          ) : (
            <p>{w.none}</p>
          )}
          <h4>{w.fairPlay}</h4>
          {found.fairPlay.length ? (
            <ul>
              {found.fairPlay.map((f) => (
                <li>
                  <span class="meta">{when(f.at)}</span> <a href={`#/t/${f.table}`}>{f.table}</a>
                </li>
              ))}
            </ul>
          ) : (
            <p>{w.none}</p>
          )}
        </div>
      )}
    </section>
  );
}

/** The administrator names a moderator, or takes the role away. */
function RoleForm({ onDone }: { onDone: () => Promise<void> }) {
  const w = mw();
  const [name, setName] = useState('');
  const [reason, setReason] = useState('');
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const act = async (role: 'moderator' | null) => {
    setSaid(null);
    try {
      await api.mod.role({ name, role, reason });
      setSaid({ ok: true, text: w.done });
      await onDone();
    } catch (err) {
      setSaid({ ok: false, text: errorText(err) });
    }
  };
  return (
    <section aria-labelledby="mod-roles">
      <h2 id="mod-roles">{w.moderators}</h2>
      <form onSubmit={(e) => (e.preventDefault(), void act('moderator'))}>
        <label>
          {w.name}
          <input value={name} required maxLength={40} onInput={(e) => setName(e.currentTarget.value)} />
        </label>
        <label>
          {w.reason}
          <input
            value={reason}
            required
            minLength={3}
            maxLength={300}
            onInput={(e) => setReason(e.currentTarget.value)}
          />
        </label>
        <button type="submit">{w.makeModerator}</button>{' '}
        <button type="button" onClick={() => void act(null)}>
          {w.makePlayer}
        </button>
        <p role={said && !said.ok ? 'alert' : 'status'} class={said?.ok === false ? 'error' : ''}>
          {said?.text}
        </p>
      </form>
    </section>
  );
}

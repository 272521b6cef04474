// The account's settings ("Konto", #/account) for a registered player: one section per concern,
// each a component of its own in SECTIONS (a new one is a new entry there). Today the password
// (changed: the other devices are logged out) and the e-mail address a forgotten password is reset
// through (confirmed by a link in a letter). Each section says its outcome in a live region.
import type { AccountAnswer } from '@baska/protocol';
import type { FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ApiError, api } from '../../api.js';
import { errorText, lang, t } from '../../i18n.js';
import { me } from '../../store.js';
import './account.css';

/** What each section is given: the account's state from the server, and a way to read it again. */
interface SectionProps {
  account: AccountAnswer;
  reload: () => void;
}

/** The sections, in order: each an id (its heading's) and the component that shows it. */
const SECTIONS: { id: string; Section: FunctionComponent<SectionProps> }[] = [
  { id: 'password', Section: PasswordSection },
  { id: 'email', Section: EmailSection },
];

export function Account() {
  const w = t().account;
  const [account, setAccount] = useState<AccountAnswer | null>(null);
  const [error, setError] = useState('');
  const reload = () =>
    void api.account().then(
      (a) => setAccount(a),
      (e: unknown) => setError(errorText(e)),
    );
  const guest = me.value?.guest ?? true;
  useEffect(() => {
    if (!guest) reload();
  }, [guest]);
  return (
    <main class="account">
      <h1>{w.title}</h1>
      {me.value && !guest && <p class="signed-in-as">{w.signedInAs(me.value.name)}</p>}
      {guest ? (
        <p>{w.guestNote}</p>
      ) : (
        account &&
        SECTIONS.map(({ id, Section }) => (
          <section key={id} class="card-box" aria-labelledby={`account-${id}`}>
            <Section account={account} reload={reload} />
          </section>
        ))
      )}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </main>
  );
}

/** A section's outcome: said politely when it went well, at once when it did not. */
function Outcome({ ok, error }: { ok: string; error: string }) {
  return (
    <>
      <p role="status" class="done">
        {ok}
      </p>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </>
  );
}

function PasswordSection() {
  const w = t();
  const [old, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [ok, setOk] = useState('');
  const [error, setError] = useState('');
  const submit = async (e: Event) => {
    e.preventDefault();
    setOk('');
    setError('');
    try {
      await api.changePassword(old, password);
      setOld('');
      setPassword('');
      setOk(w.account.changed);
    } catch (err) {
      // Here the name is not in question: the old password is.
      setError(err instanceof ApiError && err.code === 'ERR_CREDENTIALS' ? w.account.wrongOld : errorText(err));
    }
  };
  return (
    <form onSubmit={submit}>
      <h2 id="account-password">{w.account.passwordH}</h2>
      {/* The account's name for the browser's password manager, which files the new password under it. */}
      <input type="text" name="username" value={me.value?.name ?? ''} autoComplete="username" hidden readOnly />
      <label>
        {w.account.oldPassword}
        <input
          name="old"
          type="password"
          value={old}
          onInput={(e) => setOld(e.currentTarget.value)}
          autoComplete="current-password"
          required
        />
      </label>
      <label>
        {w.account.newPassword}
        <input
          name="new"
          type="password"
          value={password}
          onInput={(e) => setPassword(e.currentTarget.value)}
          autoComplete="new-password"
          minLength={8}
          maxLength={200}
          required
        />
      </label>
      <div class="row">
        <button type="submit" class="primary">
          {w.account.change}
        </button>
      </div>
      <Outcome ok={ok} error={error} />
    </form>
  );
}

function EmailSection({ account, reload }: SectionProps) {
  const w = t().account;
  const [email, setEmail] = useState('');
  const [ok, setOk] = useState('');
  const [error, setError] = useState('');
  const act = (f: () => Promise<string>) => async (e: Event) => {
    e.preventDefault();
    setOk('');
    setError('');
    try {
      setOk(await f());
      reload();
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <form
      onSubmit={act(async () => {
        await api.addEmail(email, lang.value);
        setEmail('');
        return w.sent(email.trim().toLowerCase());
      })}
    >
      <h2 id="account-email">{w.emailH}</h2>
      <p class="note">{w.emailWhy}</p>
      <p>{account.email ? w.emailIs(account.email) : w.emailNone}</p>
      {account.pending && <p>{w.emailPending(account.pending)}</p>}
      {account.mail ? (
        <>
          <label>
            {/* Once an address is given, the field is for another one. */}
            {account.email || account.pending ? w.newEmail : w.email}
            <input
              name="email"
              type="email"
              value={email}
              onInput={(e) => setEmail(e.currentTarget.value)}
              autoComplete="email"
              maxLength={254}
              required
            />
          </label>
          <div class="row wrap">
            <button type="submit" class="primary">
              {w.sendConfirm}
            </button>
            {(account.email || account.pending) && (
              <button
                type="button"
                onClick={act(async () => {
                  await api.removeEmail();
                  return w.removed;
                })}
              >
                {w.remove}
              </button>
            )}
          </div>
        </>
      ) : (
        <p class="note">{w.noMail}</p>
      )}
      <Outcome ok={ok} error={error} />
    </form>
  );
}

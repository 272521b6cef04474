// The ways back into an account, open to someone not signed in: "Nie pamiętam hasła" (#/forgot: a
// name or address, answered the same whether it exists or not), the page a reset letter's link opens
// (#/reset/TOKEN: a new password, after which every session of the account has ended), and the page
// an address's confirmation link opens (#/email/TOKEN: a button, so that a mail program that opens
// links to look at them confirms nothing). The token stays in the address's fragment, which no
// request carries. A link that no longer works (used, expired, replaced) hides its form and says
// where a new one comes from.
import { useState } from 'preact/hooks';
import { ApiError, api } from '../../api.js';
import { errorText, lang, t } from '../../i18n.js';
import { signedIn } from '../../store.js';
import './account.css';

/**
 * A page of one form: its heading, its fields (gone once it is done, or once its link is dead), and
 * its outcome (a live status, an alert; `dead`: the way to a new link, beside the alert).
 */
function Page(props: {
  title: string;
  done: string;
  error: string;
  dead?: preact.ComponentChildren;
  onSubmit: (e: Event) => void;
  children: preact.ComponentChildren;
  after?: preact.ComponentChildren;
}) {
  return (
    <main class="account">
      <form class="card-box" onSubmit={props.onSubmit} aria-labelledby="recovery-h">
        <h1 id="recovery-h">{props.title}</h1>
        {!props.done && !props.dead && props.children}
        <p role="status" class="done">
          {props.done}
        </p>
        {props.error && (
          <p role="alert" class="error">
            {props.error}
          </p>
        )}
        {props.dead}
        {props.after}
      </form>
    </main>
  );
}

/** Runs a form's request: its outcome in `done`, or its refusal in words (`dead`: the link no longer works). */
function useSubmit(request: () => Promise<string>) {
  const [done, setDone] = useState('');
  const [error, setError] = useState('');
  const [dead, setDead] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    setError('');
    try {
      setDone(await request());
    } catch (err) {
      setError(errorText(err));
      setDead(err instanceof ApiError && err.code === 'ERR_TOKEN');
    }
  };
  return { done, error, dead, submit };
}

export function Forgot() {
  const w = t().account;
  const [who, setWho] = useState('');
  const { done, error, submit } = useSubmit(async () => {
    await api.forgotPassword(who, lang.value);
    return w.forgotSent;
  });
  return (
    <Page
      title={w.forgot}
      done={done}
      error={error}
      onSubmit={submit}
      after={
        <>
          <p class="note">{w.forgotNoAddress}</p>
          <p>
            <a href="#/">{w.backToLogin}</a>
          </p>
        </>
      }
    >
      <label>
        {w.forgotWho}
        <input
          name="who"
          value={who}
          onInput={(e) => setWho(e.currentTarget.value)}
          autoComplete="username"
          maxLength={254}
          required
          autoFocus
        />
      </label>
      <div class="row">
        <button type="submit" class="primary">
          {w.forgotSend}
        </button>
      </div>
    </Page>
  );
}

export function Reset({ token }: { token: string }) {
  const w = t().account;
  const [password, setPassword] = useState('');
  const { done, error, dead, submit } = useSubmit(async () => {
    await api.resetPassword(token, password);
    signedIn(null); // every session of the account has ended, this browser's too
    return w.resetDone;
  });
  return (
    <Page
      title={w.resetTitle}
      done={done}
      error={error}
      dead={dead && <a href="#/forgot">{w.resetAgain}</a>}
      onSubmit={submit}
      after={done && <a href="#/">{w.toLogin}</a>}
    >
      <label>
        {w.newPassword}
        <input
          name="password"
          type="password"
          value={password}
          onInput={(e) => setPassword(e.currentTarget.value)}
          autoComplete="new-password"
          minLength={8}
          maxLength={200}
          required
          autoFocus
        />
      </label>
      <div class="row">
        <button type="submit" class="primary">
          {w.resetSave}
        </button>
      </div>
    </Page>
  );
}

export function ConfirmEmail({ token }: { token: string }) {
  const w = t().account;
  const { done, error, dead, submit } = useSubmit(async () => {
    await api.confirmEmail(token);
    return w.confirmDone;
  });
  return (
    <Page
      title={w.confirmTitle}
      done={done}
      error={error}
      dead={dead && <a href="#/account">{w.confirmAgain}</a>}
      onSubmit={submit}
    >
      <div class="row">
        <button type="submit" class="primary">
          {w.confirmButton}
        </button>
      </div>
    </Page>
  );
}

// "Your data" on one's own profile (a registered player's): download everything kept about him, and
// delete the account (DELETE /api/me, decision 019). Deleting asks first in a modal dialog that says
// what will be lost and what stays, and asks the password again; Escape or "Anuluj" closes it.
import { useRef, useState } from 'preact/hooks';
import { ApiError, api } from '../../api.js';
import { errorText } from '../../i18n.js';
import { go, signedIn } from '../../store.js';
import { pw } from './words.js';
import './privacy.css';

export function YourData() {
  const w = pw();
  const dialog = useRef<HTMLDialogElement>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const remove = async (e: Event) => {
    e.preventDefault();
    setError('');
    setBusy(true);
    try {
      await api.deleteAccount(password);
      dialog.current?.close();
      signedIn(null);
      go('privacy/deleted');
    } catch (err) {
      // The name is his own here: a refusal of the password says so, not "wrong name or password".
      setError(err instanceof ApiError && err.code === 'ERR_CREDENTIALS' ? w.wrongPassword : errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="your-data" aria-labelledby="your-data-h">
      <h3 id="your-data-h">{w.yourData}</h3>
      <p>
        <a href="/api/me/data" download="baska-my-data.json">
          {w.download}
        </a>{' '}
        <span class="note">{w.downloadNote}</span>
      </p>
      <p>
        <button class="danger" onClick={() => dialog.current?.showModal()}>
          {w.deleteAccount}
        </button>{' '}
        <span class="note">{w.deleteNote}</span>
      </p>
      <dialog
        ref={dialog}
        class="delete-account"
        aria-labelledby="delete-h"
        aria-describedby="delete-loses-h delete-loses delete-kept"
        onClose={() => {
          setPassword('');
          setError('');
        }}
      >
        <h2 id="delete-h">{w.dialogTitle}</h2>
        <p id="delete-loses-h">{w.losesH}</p>
        <ul id="delete-loses" aria-labelledby="delete-loses-h">
          {w.loses.map((x) => (
            <li>{x}</li>
          ))}
        </ul>
        <p id="delete-kept">{w.kept}</p>
        <p>
          <a href="/api/me/data" download="baska-my-data.json">
            {w.downloadFirst}
          </a>
        </p>
        <form onSubmit={remove}>
          <label>
            {w.password}
            <input
              name="password"
              type="password"
              value={password}
              onInput={(e) => setPassword(e.currentTarget.value)}
              autoComplete="current-password"
              required
            />
          </label>
          <div class="row wrap">
            <button type="submit" class="danger" disabled={busy}>
              {w.confirm}
            </button>
            <button type="button" onClick={() => dialog.current?.close()}>
              {w.cancel}
            </button>
          </div>
        </form>
        {error && (
          <p role="alert" class="error">
            {error}
          </p>
        )}
      </dialog>
    </section>
  );
}

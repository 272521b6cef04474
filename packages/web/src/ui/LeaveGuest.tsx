// A guest about to log out: what he loses (a guest cannot come back: his games, their replays and
// statistics, his seats at tables in play), and the way to keep it all, registering now (the server
// makes his guest player the account, with his games: accounts.ts). A modal dialog: the focus stays
// in it, Escape or "Zostań" closes it.
import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from '../api.js';
import { errorText, t } from '../i18n.js';
import { logOut, signedIn } from '../store.js';
import { accountNameFrom } from './guest-name.js';

export function LeaveGuest({ nickname, onClose }: { nickname: string; onClose: () => void }) {
  const w = t();
  const dialog = useRef<HTMLDialogElement>(null);
  const [games, setGames] = useState<{ all: number; open: number } | null>(null);
  const [name, setName] = useState(accountNameFrom(nickname));
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  useEffect(() => {
    api.history().then(
      (h) => setGames({ all: h.games.length, open: h.games.filter((g) => g.status === 'playing').length }),
      () => setGames({ all: 0, open: 0 }),
    );
  }, []);
  // Opened once what he loses is known.
  useEffect(() => {
    if (games && !dialog.current?.open) dialog.current?.showModal();
  }, [games]);
  const register = async (e: Event) => {
    e.preventDefault();
    setError('');
    try {
      signedIn((await api.register(name, password)).player);
      onClose();
    } catch (err) {
      setError(errorText(err));
    }
  };
  const leave = async () => {
    try {
      await logOut();
      onClose();
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <dialog ref={dialog} class="leave-guest" aria-labelledby="leave-h" onClose={onClose}>
      <h2 id="leave-h">{w.leaveGuestTitle}</h2>
      {games && <p>{w.leaveGuestLoses(games.all, games.open)}</p>}
      <p>{w.leaveGuestKeep}</p>
      <form class="keep" onSubmit={register}>
        <label>
          {w.name}
          <input
            name="name"
            value={name}
            onInput={(e) => setName(e.currentTarget.value)}
            autoComplete="username"
            minLength={2}
            maxLength={24}
            required
          />
        </label>
        <label>
          {w.passwordNew}
          <input
            name="password"
            type="password"
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
            autoComplete="new-password"
            minLength={8}
            required
          />
        </label>
        <button type="submit" class="primary">
          {w.keepGames}
        </button>
      </form>
      <div class="row wrap">
        <button onClick={() => void leave()}>{w.logoutAnyway}</button>
        <button onClick={() => dialog.current?.close()}>{w.stay}</button>
      </div>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </dialog>
  );
}

// The first screen: play as a guest at once, or log in / register.
import { useState } from 'preact/hooks';
import { api } from '../api.js';
import { errorText, t } from '../i18n.js';
import { type me, signedIn } from '../store.js';
import { privacyLinks } from './privacy/links.js';

export function Start() {
  const w = t();
  const [nickname, setNickname] = useState(localStorage.getItem('baska.nickname') ?? '');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const run = (f: () => Promise<{ player: typeof me.value }>) => async (e: Event) => {
    e.preventDefault();
    setError('');
    try {
      signedIn((await f()).player);
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <main class="start">
      <h1>{w.title}</h1>
      <p class="tagline">{w.tagline}</p>
      <form
        class="card-box"
        onSubmit={run(() => {
          localStorage.setItem('baska.nickname', nickname);
          return api.guest(nickname);
        })}
      >
        <label>
          {w.nickname}
          <input
            name="nickname"
            value={nickname}
            onInput={(e) => setNickname(e.currentTarget.value)}
            minLength={2}
            maxLength={24}
            required
            autoFocus
          />
        </label>
        <button type="submit" class="primary">
          {w.playAsGuest}
        </button>
      </form>
      <form class="card-box" onSubmit={run(() => api.login(name, password))}>
        <h2>{w.orAccount}</h2>
        <label>
          {w.name}
          <input name="name" value={name} onInput={(e) => setName(e.currentTarget.value)} autoComplete="username" />
        </label>
        <label>
          {w.password}
          <input
            name="password"
            type="password"
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
            autoComplete="current-password"
          />
        </label>
        <div class="row">
          <button type="submit">{w.login}</button>
          <button type="button" onClick={run(() => api.register(name, password))}>
            {w.register}
          </button>
        </div>
        <a href="#/forgot">{w.account.forgot}</a>
        <p class="note">
          <a href="#/privacy">{privacyLinks().beforeRegistering}</a>
        </p>
      </form>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </main>
  );
}

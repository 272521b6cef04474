// The client's frame: header (language, account, navigation) and the screen the route names.
import { LANGS, type Lang, lang, setLang, t } from './i18n.js';
import { api } from './api.js';
import { go, me, meLoaded, route } from './store.js';
import { Archive } from './ui/Archive.js';
import { Replay } from './ui/replay/Replay.js';
import { Lobby } from './ui/Lobby.js';
import { Rules } from './ui/Rules.js';
import { Start } from './ui/Start.js';
import { TableScreen } from './ui/table/TableScreen.js';

export function App() {
  const w = t();
  const [screen, arg] = route.value;
  const body = !meLoaded.value ? (
    <main>…</main>
  ) : screen === 'rules' ? (
    <Rules preset={arg ?? 'standard'} />
  ) : !me.value ? (
    <Start />
  ) : screen === 't' && arg ? (
    <TableScreen id={arg} />
  ) : screen === 'archive' ? (
    <Archive />
  ) : screen === 'replay' && arg ? (
    <Replay id={arg} />
  ) : (
    <Lobby />
  );
  return (
    <>
      <header>
        <a href="#/" class="brand">
          {w.title}
        </a>
        <nav aria-label="menu">
          {me.value && <a href="#/">{w.lobby}</a>}
          {me.value && <a href="#/archive">{w.archive}</a>}
          <a href="#/rules/standard">{w.rules}</a>
        </nav>
        <label class="lang">
          <span class="sr-only">{w.language}</span>
          <select value={lang.value} onChange={(e) => setLang(e.currentTarget.value as Lang)} aria-label={w.language}>
            {LANGS.map((l) => (
              <option value={l.id}>{l.name}</option>
            ))}
          </select>
        </label>
        {me.value && (
          <span class="me">
            {me.value.name} {me.value.guest && <span class="badge guest">{w.guest}</span>}{' '}
            <button
              class="link"
              onClick={async () => {
                await api.logout();
                me.value = null;
                go('');
              }}
            >
              {w.logout}
            </button>
          </span>
        )}
      </header>
      {body}
    </>
  );
}

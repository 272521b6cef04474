// The client's frame: header (language, account, navigation) and the screen the route names.
import { LANGS, type Lang, lang, setLang, t } from './i18n.js';
import { api } from './api.js';
import { go, me, meLoaded, route } from './store.js';
import { PadLazy } from './pad/lazy.js';
import { Archive } from './ui/Archive.js';
import { Replay } from './ui/replay/Replay.js';
import { Invites } from './ui/Invites.js';
import { Lobby } from './ui/Lobby.js';
import { Leaderboard } from './ui/Leaderboard.js';
import { Profile } from './ui/Profile.js';
import { Rules } from './ui/Rules.js';
import { Start } from './ui/Start.js';
import { TableScreen } from './ui/table/TableScreen.js';
import { DirectorPage, Tournaments } from './ui/tournament/Director.js';
import { HallCode, HallTable } from './ui/tournament/Hall.js';
import { Projector, TournamentPage } from './ui/tournament/Public.js';
import { SeasonPage } from './ui/tournament/Season.js';

export function App() {
  const w = t();
  const [screen, arg, sub] = route.value;
  const body = !meLoaded.value ? (
    <main>…</main>
  ) : screen === 'rules' ? (
    <Rules preset={arg ?? 'standard'} />
  ) : screen === 'ratings' ? (
    <Leaderboard family={arg === 'kop' ? 'kop' : 'baska'} />
  ) : screen === 'player' && arg ? (
    <Profile id={Number(arg)} />
  ) : screen === 'tournament' && arg && sub === 'projector' ? (
    <Projector id={arg} />
  ) : screen === 'tournament' && arg && sub !== 'director' && !(sub === 'join' && !me.value) ? (
    <TournamentPage id={arg} />
  ) : screen === 'hall' && arg ? (
    <HallTable code={arg} />
  ) : screen === 'hall' ? (
    <HallCode />
  ) : screen === 'season' && arg ? (
    <SeasonPage director={Number(arg)} />
  ) : screen === 'pad' ? (
    <PadLazy path={route.value.slice(1)} />
  ) : !me.value ? (
    <Start />
  ) : screen === 't' && arg ? (
    <TableScreen id={arg} />
  ) : screen === 'tournament' && arg ? (
    <DirectorPage id={arg} />
  ) : screen === 'tournaments' ? (
    <Tournaments />
  ) : screen === 'archive' ? (
    <Archive />
  ) : screen === 'replay' && arg ? (
    <Replay id={arg} />
  ) : (
    <Lobby />
  );
  // The projector shows standings only: no header, no controls.
  if (screen === 'tournament' && sub === 'projector' && arg) return <Projector id={arg} />;
  return (
    <>
      {/* At a game table the places stay on one line that scrolls: the cards keep the screen. */}
      <header class={screen === 't' ? 'at-table' : undefined}>
        <a href="#/" class="brand">
          {w.title}
        </a>
        <nav aria-label="menu">
          {me.value && <a href="#/">{w.lobby}</a>}
          {me.value && <a href="#/archive">{w.archive}</a>}
          {me.value && <a href={`#/player/${me.value.id}`}>{w.myProfile}</a>}
          <a href="#/ratings/baska">{w.ranking}</a>
          {me.value && <a href="#/tournaments">{w.tour.tournaments}</a>}
          <a href="#/pad">{w.pad.nav}</a>
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
      {me.value && <Invites />}
      {body}
    </>
  );
}

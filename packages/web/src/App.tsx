// The client's frame: the header (ui/Header.tsx) and the screen the route names.
import { lost, me, meLoaded, route, unreachable } from './store.js';
import { UpdateNotice } from './ui/AppNotices.js';
import { Header } from './ui/Header.js';
import { lazy } from './lazy.js';
import { Invites } from './ui/Invites.js';
import { Lobby } from './ui/Lobby.js';
import { Start } from './ui/Start.js';
import { TableScreen } from './ui/table/TableScreen.js';

const OfflineLobby = lazy(() => import('./ui/Offline.js').then((m) => m.OfflineLobby));
const OfflineTable = lazy(() => import('./ui/Offline.js').then((m) => m.OfflineTable));
const OfflineReplay = lazy(() => import('./ui/Offline.js').then((m) => m.OfflineReplay));
const Archive = lazy(() => import('./ui/Archive.js').then((m) => m.Archive));
const Replay = lazy(() => import('./ui/replay/Replay.js').then((m) => m.Replay));
const Leaderboard = lazy(() => import('./ui/Leaderboard.js').then((m) => m.Leaderboard));
const Profile = lazy(() => import('./ui/Profile.js').then((m) => m.Profile));
const Rules = lazy(() => import('./ui/Rules.js').then((m) => m.Rules));
const Pad = lazy(() => import('./pad/Pad.js').then((m) => m.PadRoute));
const Tournaments = lazy(() => import('./ui/tournament/Director.js').then((m) => m.Tournaments));
const DirectorPage = lazy(() => import('./ui/tournament/Director.js').then((m) => m.DirectorPage));
const HallCode = lazy(() => import('./ui/tournament/Hall.js').then((m) => m.HallCode));
const HallTable = lazy(() => import('./ui/tournament/Hall.js').then((m) => m.HallTable));
const Projector = lazy(() => import('./ui/tournament/Public.js').then((m) => m.Projector));
const TournamentPage = lazy(() => import('./ui/tournament/Public.js').then((m) => m.TournamentPage));
const SeasonPage = lazy(() => import('./ui/tournament/Season.js').then((m) => m.SeasonPage));
const Account = lazy(() => import('./ui/account/Account.js').then((m) => m.Account));
const Forgot = lazy(() => import('./ui/account/Recovery.js').then((m) => m.Forgot));
const Reset = lazy(() => import('./ui/account/Recovery.js').then((m) => m.Reset));
const ConfirmEmail = lazy(() => import('./ui/account/Recovery.js').then((m) => m.ConfirmEmail));
const ModPage = lazy(() => import('./ui/mod/Mod.js').then((m) => m.ModPage));
const Privacy = lazy(() => import('./ui/privacy/Privacy.js').then((m) => m.Privacy));

export function App() {
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
  ) : screen === 'privacy' ? (
    <Privacy deleted={arg === 'deleted'} />
  ) : screen === 'pad' ? (
    <Pad path={route.value.slice(1)} />
  ) : screen === 'forgot' ? (
    <Forgot />
  ) : screen === 'reset' && arg ? (
    <Reset token={arg} />
  ) : screen === 'email' && arg ? (
    <ConfirmEmail token={arg} />
  ) : screen === 'offline' && arg && sub === 'replay' ? (
    <OfflineReplay id={arg} />
  ) : screen === 'offline' && arg ? (
    <OfflineTable id={arg} />
  ) : screen === 'offline' || (!me.value && unreachable.value) ? (
    // No server to sign in to: the game against the computer players on this phone (issue 36).
    <OfflineLobby />
  ) : !me.value ? (
    <Start />
  ) : screen === 'account' ? (
    <Account />
  ) : screen === 'mod' ? (
    <ModPage />
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
  ) : lost.value || unreachable.value ? (
    // The connection is lost away from a table: the lobby says so and offers the computer players (issue 36).
    <OfflineLobby />
  ) : (
    <Lobby />
  );
  // The projector shows standings only: no header, no controls.
  if (screen === 'tournament' && sub === 'projector' && arg) return <Projector id={arg} />;
  return (
    <>
      <Header />
      <UpdateNotice />
      {me.value && <Invites />}
      {body}
    </>
  );
}

// The offline screens (issue 36): with no network (or by choice) a table against three computer
// players, or four at a table of five, played in this browser; and the games kept here, with where
// each is on its way to "Moje gry". The table itself is the online table's screen (TableScreen),
// fed by offline/local-table.ts instead of the socket.
import { PRESETS } from '@baska/engine';
import { OFFLINE_MAX_DEALS } from '@baska/protocol';
import { useEffect, useState } from 'preact/hooks';
import { lang, t } from '../i18n.js';
import { dateTime } from '../i18n/format.js';
import { online } from '../offline/app.js';
import { allGames, loadGame } from '../offline/games.js';
import { type OfflineLevel, type SavedGame, infoOf, rebuild, recordOfGame } from '../offline/local-game.js';
import { myName, startOffline } from '../offline/local-table.js';
import { go, lost, me, unreachable } from '../store.js';
import { NumberField } from './NumberField.js';
import { Replay } from './replay/Replay.js';
import { TableScreen } from './table/TableScreen.js';

export function OfflineLobby() {
  const w = t();
  const [preset, setPreset] = useState<(typeof PRESETS)[number]>('standard');
  const [level, setLevel] = useState<OfflineLevel>('basic');
  const [players, setPlayers] = useState<4 | 5>(4);
  const [deals, setDeals] = useState(8);
  const [games, setGames] = useState<SavedGame[] | null>(null);
  useEffect(() => void allGames().then(setGames), []);
  const submit = async (e: Event) => {
    e.preventDefault();
    go(`offline/${await startOffline({ preset, level, players, deals })}`);
  };
  const cut = !online.value || unreachable.value || lost.value;
  return (
    <main class="offline">
      {cut && (
        <section class="banner offline-note" role="status">
          <h2>{w.off.offline}</h2>
          <p>{w.off.offlineNote}</p>
        </section>
      )}
      <form class="card-box create" onSubmit={submit} aria-labelledby="offline-h">
        <h2 id="offline-h">{w.off.title}</h2>
        <label>
          {w.preset}
          <select name="preset" value={preset} onChange={(e) => setPreset(e.currentTarget.value as typeof preset)}>
            {PRESETS.map((p) => (
              <option value={p}>{w.presets[p]}</option>
            ))}
          </select>
        </label>
        <label>
          {w.off.level}
          <select name="level" value={level} onChange={(e) => setLevel(e.currentTarget.value as OfflineLevel)}>
            <option value="basic">{w.levels.basic}</option>
            <option value="expert">{w.levels.expert}</option>
          </select>
        </label>
        <label>
          {w.playersAtTable}
          <select name="players" value={players} onChange={(e) => setPlayers(e.currentTarget.value === '5' ? 5 : 4)}>
            <option value="4">4</option>
            <option value="5">{w.fivePlayers}</option>
          </select>
        </label>
        <NumberField label={w.off.deals} name="deals" min={1} max={OFFLINE_MAX_DEALS} value={deals} set={setDeals} />
        <button class="primary" type="submit">
          {w.off.start}
        </button>
      </form>
      <section aria-labelledby="saved-h">
        <h2 id="saved-h">{w.off.saved}</h2>
        {games?.length === 0 && <p>{w.off.none}</p>}
        <ul class="tables offline-games">
          {games?.map((g) => (
            <li key={g.id}>
              <a href={`#/offline/${g.id}`}>
                {w.presets[g.preset]}, {w.levels[g.level]} — {dateTime(lang.value, g.createdAt)}
              </a>{' '}
              <span class="note">{sentText(g)}</span>{' '}
              {g.moves.length > 0 && <a href={`#/offline/${g.id}/replay`}>{w.replay}</a>}
            </li>
          ))}
        </ul>
        {!me.value && games?.some((g) => g.sent === 'waiting' && g.player) && <p class="note">{w.off.signInToSend}</p>}
      </section>
    </main>
  );
}

function sentText(g: SavedGame): string {
  const w = t().off;
  // A game nobody was signed in for stays here: it is no one's to send (offline/send.ts).
  if (g.sent === 'waiting' && !g.player) return w.nobodys;
  return g.sent === 'waiting' ? w.waiting : g.sent === 'sent' ? w.sent : w.refused;
}

/** An offline game's table: the online table's screen, its moves answered here. */
export function OfflineTable({ id }: { id: string }) {
  return <TableScreen id={id} />;
}

/** A game kept here, replayed and analysed with no network: the archive's replay, its record made here. */
export function OfflineReplay({ id }: { id: string }) {
  const kept = async () => {
    const g = await loadGame(id);
    const table = g && rebuild(g);
    // Shown as the archive's replay shows a game it does not have.
    if (!g || !table) throw Object.assign(new Error(`no game ${id} here`), { code: 'ERR_NOT_FOUND' });
    return { g, table };
  };
  const source = {
    signed: false,
    record: () => kept().then(({ g, table }) => recordOfGame(g, table)),
    table: () => kept().then(({ g, table }) => infoOf(g, table, myName())),
  };
  return <Replay id={id} source={source} />;
}

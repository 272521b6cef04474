// The end of a game: the table's final standings, another game with the same people and rules
// (Zagraj jeszcze raz: the first to press it opens it, the others accept), and the way back.
import type { TableInfo } from '@baska/protocol';
import { t } from '../../i18n.js';
import { go, rematch } from '../../store.js';
import { money, seatName } from '../words.js';
import { standings } from './standings.js';

export function GameEnd({ info, mine }: { info: TableInfo; mine: number | null }) {
  const w = t();
  return (
    <section class="card-box game-end" aria-labelledby="game-end-h">
      <h2 id="game-end-h">{w.gameOver}</h2>
      <h3>{w.standings}</h3>
      <ol class="standings">
        {standings(info.totals).map((x) => (
          <li key={x.seat} class={x.seat === mine ? 'mine' : ''}>
            <span class="place">{w.place(x.place)}</span>
            <span class="name">{seatName(info, x.seat, mine)}</span>
            <b class="total">{w.runningTotal(x.total)}</b>
            {info.stake > 0 && <span class="money">{money(x.total, info.stake)}</span>}
          </li>
        ))}
      </ol>
      {mine !== null && info.rematch && <p class="note rematch-ready">{w.rematchReady}</p>}
      <div class="row wrap">
        {mine !== null && (
          <button class="primary" data-action="rematch" onClick={() => void rematch()}>
            {w.rematch}
          </button>
        )}
        <button onClick={() => go('')}>{w.toLobby}</button>
        <button onClick={() => go('archive')}>{w.archive}</button>
      </div>
    </section>
  );
}

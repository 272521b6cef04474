// The auction: the calls the player may make now, and every call so far (on demand: each seat shows
// its latest call by its name).
import type { PlayerView } from '@baska/engine';
import type { TableInfo } from '@baska/protocol';
import { t } from '../../i18n.js';
import { act } from '../../store.js';
import { callLabel, nameInLine } from '../words.js';
import { StandInNote } from './StandIn.js';

/** The player's calls as buttons with the table's names for them. */
export function Calls({ view, preset }: { view: PlayerView; preset: string }) {
  const w = t();
  return (
    <section class="calls" aria-labelledby="calls-h">
      <h2 id="calls-h">{w.yourCalls}</h2>
      <div class="row wrap">
        {view.legal.map((c) => (
          <button key={c} class={c === 'pass' ? '' : 'primary'} onClick={() => act(c)} data-call={c}>
            {callLabel(c, preset)}
          </button>
        ))}
      </div>
    </section>
  );
}

export function Auction({ view, info, mine }: { view: PlayerView; info: TableInfo; mine: number | null }) {
  const w = t();
  if (view.auction.length === 0 && view.phase !== 'auction') return null;
  return (
    <details class="auction">
      <summary>
        <h2>{w.auction}</h2> <span class="note">{w.callsCount(view.auction.length)}</span>
      </summary>
      <ol>
        {view.auction.map((a, i) => (
          <li key={i}>
            {nameInLine(info, a.seat, mine)}: <b>{callLabel(a.call, info.preset)}</b>{' '}
            <StandInNote mark={info.marks.auction[i]} />
          </li>
        ))}
      </ol>
    </details>
  );
}

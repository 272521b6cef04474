// At a table of five, the one who dealt this deal and sits it out (RULES §9): his name, his running
// total, and, on his own screen, the line that says he sits out (he sees the deal as a spectator).
import type { TableInfo } from '@baska/protocol';
import { t } from '../../i18n.js';
import { botBadge, seatName } from '../words.js';

/** `info` is the table's own (five seats), `mine` this client's table seat. */
export function SittingOut({ info, seat, mine }: { info: TableInfo; seat: number; mine: number | null }) {
  const w = t();
  const s = info.seats[seat]!;
  const me = seat === mine;
  return (
    <section class={`sitting-out${me ? ' mine' : ''}`} data-seat={seat} aria-label={w.sitsOut}>
      <div class="who">
        <b>{seatName(info, seat, mine, false)}</b>
        {s.guest && <span class="badge guest">{w.guest}</span>}
        {s.bot && !s.away && <span class="badge">{botBadge(s)}</span>}
        {s.away && <span class="badge warn">{w.away}</span>}
        {!me && <span class="badge">{w.sitsOutBadge}</span>}
        <span class="score-total">{w.runningTotal(info.totals[seat] ?? 0)}</span>
      </div>
      {me && (
        <p class="note" role="status">
          {w.youSitOut}
        </p>
      )}
    </section>
  );
}

// A seat's latest call in this deal, as a badge beside his name: a pass, a game, a doubling in red,
// a doubling a later game cancelled struck through (RULES §3), a call not yet confirmed marked so.
import type { PlayerView } from '@baska/engine';
import type { TableInfo } from '@baska/protocol';
import { t } from '../../i18n.js';
import { callLabel } from '../words.js';
import { lastCallOf } from './reckoning.js';
import { StandInNote } from './StandIn.js';

/**
 * The seat's latest call in this deal, by his name: a game or a doubling (kontra, rekontra, bok,
 * hirsz) stands out from a pass; made by the clock or for him while away, marked so.
 */
export function LastCall(props: { view: PlayerView; info: TableInfo; seat: number; pending: string | null }) {
  const { view, info, seat, pending } = props;
  const w = t();
  if (pending && view.phase === 'auction')
    return (
      <span class="last-call-line">
        <span class="badge last-call pending" aria-label={w.pendingLabel(callLabel(pending, info.preset))}>
          {callLabel(pending, info.preset)}
        </span>
        <span class="badge pending-mark" aria-hidden="true">
          {w.pendingMark}
        </span>
      </span>
    );
  const last = lastCallOf(view.auction, seat);
  if (!last) return null;
  // A doubling a later game call cancelled (RULES §3) no longer stands out in red: struck through, said so.
  const { call, at, kind } = last;
  const label = callLabel(call, info.preset);
  return (
    <span class="last-call-line">
      <span
        class={`badge last-call ${kind}`}
        title={kind === 'cancelled' ? w.callCancelled(label) : w.auction}
        aria-label={kind === 'cancelled' ? w.callCancelled(label) : undefined}
      >
        {label}
      </span>
      <StandInNote mark={info.marks.auction[at]} />
    </span>
  );
}

// A table of five as the deal in play sees it (RULES §9): the dealer sits the deal out and the other
// four play it, numbered 0–3 as the view numbers them. The felt, the trick, the auction and the
// end-of-deal summary are drawn for four from this; the score sheet, the pause and the end of the
// game keep the table's own five seats. At a table of four nothing changes.
import type { TableInfo } from '@baska/protocol';

export interface AtDeal {
  /** The table described by the deal's seats: four, in the view's numbering. */
  info: TableInfo;
  /** This client's seat in the deal (null: watching, or sitting it out). */
  mine: number | null;
  /** The table seat that dealt and sits the deal out; null at a table of four. */
  out: number | null;
}

/**
 * The table as the deal played by `dealSeats` (the table seats by the deal's seats; the info's own
 * by default) sees it, for the client at table seat `seat`.
 */
export function atDeal(info: TableInfo, seat: number | null, dealSeats = info.dealSeats): AtDeal {
  if (!dealSeats) return { info, mine: seat, out: null };
  const inDeal = (s: number) => dealSeats.indexOf(s);
  const clockAt = info.clock ? inDeal(info.clock.seat) : -1;
  return {
    info: {
      ...info,
      seats: dealSeats.map((s, k) => ({ ...info.seats[s]!, seat: k })),
      totals: dealSeats.map((s) => info.totals[s] ?? 0),
      clock: info.clock && clockAt >= 0 ? { ...info.clock, seat: clockAt } : null,
    },
    mine: seat === null || inDeal(seat) < 0 ? null : inDeal(seat),
    out: [0, 1, 2, 3, 4].find((s) => !dealSeats.includes(s)) ?? null,
  };
}

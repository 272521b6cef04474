// A game's final standings: the seats by their totals, best first, equal totals sharing a place.

/** Seats by their final totals, best first; equal totals share a place (1, 1, 3, 4). */
export function standings(totals: number[]): { seat: number; total: number; place: number }[] {
  const order = totals.map((total, seat) => ({ seat, total })).sort((a, b) => b.total - a.total || a.seat - b.seat);
  return order.map((x) => ({ ...x, place: order.findIndex((y) => y.total === x.total) + 1 }));
}

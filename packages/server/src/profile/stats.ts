// A player's statistics, computed from the stored records of his games (docs/spec/records.md) by
// the engine's own scoring: only complete deals count. What players ask of a profile: games and
// deals, points per deal, each contract (how often he played it, declared it, won it), as old and as
// young, cicha and wesele of his own, the kontra he gave and how often it paid, bok-round deals.
import { type Deal, callName, loadRecord, loadTableOfFiveRecord } from '@baska/engine';
import type { PlayerStats, RoleStats } from '@baska/protocol';

const role = (): RoleStats => ({ deals: 0, won: 0, points: 0 });

/**
 * The deals of a stored record that table seat `seat` played, each with his seat in that deal: every
 * deal at four; at a table of five (decision 006) not those he dealt and sat out (RULES §9). Null
 * when the engine cannot read the record.
 */
export function dealsPlayed(
  record: string,
  seat: number,
): { hints: boolean; deals: { deal: Deal; seat: number }[] } | null {
  const value = JSON.parse(record) as { players?: unknown };
  if (value?.players === 5) {
    const five = loadTableOfFiveRecord(value);
    if (!five.ok) return null;
    const t = five.value.table;
    const deals = t.deals.flatMap((deal, n) => {
      const at = t.dealSeatOf(seat, n);
      return at < 0 ? [] : [{ deal, seat: at }];
    });
    return { hints: five.value.record.hints === true, deals };
  }
  const loaded = loadRecord(value);
  if (!loaded.ok) return null;
  return { hints: loaded.value.record.hints === true, deals: loaded.value.table.deals.map((deal) => ({ deal, seat })) };
}

/** Statistics over `games`: each a record (as stored, JSON) and the player's seat in it. */
export function statsOf(games: { record: string; seat: number }[]): PlayerStats {
  const s: PlayerStats = {
    games: 0,
    deals: 0,
    points: 0,
    perDeal: 0,
    asOld: role(),
    asYoung: role(),
    contracts: {},
    cicha: role(),
    wesele: role(),
    kontra: { given: 0, paid: 0 },
    bokDeals: 0,
  };
  for (const g of games) {
    const loaded = dealsPlayed(g.record, g.seat);
    if (!loaded) continue; // a record the engine cannot read counts for nothing
    if (loaded.hints) continue; // nor a game played with hints (issue 18)
    let played = 0;
    for (const { deal: d, seat } of loaded.deals) {
      const sc = d.score;
      if (!d.isComplete || !sc) continue;
      played++;
      const old = sc.old.includes(seat);
      const won = sc.winner === (old ? 'old' : 'young');
      const points = sc.scores[seat]!;
      s.deals++;
      s.points += points;
      const side = old ? s.asOld : s.asYoung;
      side.deals++;
      side.won += won ? 1 : 0;
      side.points += points;
      const c = (s.contracts[sc.contract] ??= { deals: 0, declared: 0, won: 0, points: 0 });
      c.deals++;
      c.declared += sc.declarer === seat ? 1 : 0;
      c.won += won ? 1 : 0;
      c.points += points;
      if (sc.declarer === seat && (sc.contract === 'cicha' || sc.contract === 'wesele')) {
        const own = sc.contract === 'cicha' ? s.cicha : s.wesele;
        own.deals++;
        own.won += won ? 1 : 0;
        own.points += points;
      }
      // RULES §3: kontra is given against the declared game; it paid when the giver's side won.
      for (let i = 0; i < d.nCalls; i++)
        if (d.callers[i] === seat && callName(d.calls[i]!) === 'kontra') {
          s.kontra.given++;
          s.kontra.paid += won ? 1 : 0;
        }
      if (sc.bokRound) s.bokDeals++;
    }
    if (played > 0) s.games++;
  }
  s.perDeal = s.deals ? Math.round((s.points / s.deals) * 100) / 100 : 0;
  return s;
}

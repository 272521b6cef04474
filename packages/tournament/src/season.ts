// A season's ranking over several tournaments: the sum of each player's best results.
// docs/spec/tournament.md "Season". Only finished tournaments count: a tournament in progress has
// no final places yet, and its standings of the moment would count as if they were.
import { type Tournament, isFinished } from './file.js';
import { byName, standings, sharePlaces } from './ranking.js';
import type { Ratio } from './ratio.js';
import { sumRatios } from './ratio.js';

export interface SeasonRow {
  place: number;
  player: string;
  name: string;
  /** The sum of the best `best` results. */
  score: Ratio;
  /** The sum of all results: the first tie-break. */
  total: Ratio;
  played: number;
  /**
   * Tournament points in each tournament, in the order given; null where the player did not play,
   * and in every tournament not yet finished (it does not count).
   */
  results: (Ratio | null)[];
}

/** Rank a season; `best` defaults to the first tournament's `season.best`. */
export function season(tournaments: readonly Tournament[], best?: number): SeasonRow[] {
  const count = best ?? tournaments[0]?.format.season.best ?? 0;
  const rows = new Map<string, { player: string; name: string; results: (Ratio | null)[] }>();
  tournaments.forEach((t, i) => {
    if (!isFinished(t)) return;
    for (const s of standings(t).standings) {
      let row = rows.get(s.player);
      if (!row) rows.set(s.player, (row = { player: s.player, name: s.name, results: tournaments.map(() => null) }));
      row.name = s.name; // the latest spelling of a name wins
      row.results[i] = s.tournamentPoints;
    }
  });
  const scored = [...rows.values()].map((row) => {
    const played = row.results.filter((r): r is Ratio => r !== null);
    const bestOnes = [...played].sort((a, b) => b.compare(a)).slice(0, count);
    return { ...row, score: sumRatios(bestOnes), total: sumRatios(played), played: played.length };
  });
  return sharePlaces(
    scored,
    (a, b) => b.score.compare(a.score) || b.total.compare(a.total),
    (a, b) => byName(a.name, b.name),
  ).map(({ row, place }) => ({ place, ...row }));
}

// Table ranking and the tournament standings. docs/spec/tournament.md "Ranking rules".
import { type Format, type TableSize, tournamentPointsAt } from './format.js';
import { type Tournament, type TournamentTable, isComplete } from './file.js';
import { duplicateOfRound } from './duplicate.js';
import { Ratio } from './ratio.js';
import { lateFrom } from './roster.js';

export interface TableResult {
  table: number;
  complete: boolean;
  players: string[];
  /** Each seat's small points so far (the sitting-out entries of a table of five count 0). */
  smallPoints: number[];
  /** Null until the table is complete. */
  places: number[] | null;
  tablePoints: Ratio[] | null;
  /** In a duplicate round: each seat's duplicate comparison (duplicate.ts), null until it can be made. */
  duplicate: Ratio[] | null;
}

export interface RoundResult {
  round: number;
  complete: boolean;
  /** Every table of the round played the same deals (the file's `duplicate`). */
  duplicate: boolean;
  tables: TableResult[];
}

export interface StandingRow {
  place: number;
  player: string;
  name: string;
  bigPoints: Ratio;
  smallPoints: number;
  /** `placesCount[i]`: complete tables where the player took place i + 1. */
  placesCount: number[];
  tournamentPoints: Ratio;
  /** The sum of the player's duplicate comparisons over the duplicate rounds (0 without any). */
  duplicate: Ratio;
  /** A late entry's first round (absent for a player from round 1). */
  from?: number;
  /** A withdrawn player's last round. */
  until?: number;
  /** Whether a complete table ranks him: until one does, nothing gives him a place (spec "standings"). */
  placed: boolean;
  /**
   * During a round: his small points so far, as entered, at his table not yet complete in a round
   * being played (one where a deal has been entered); they count once the table is complete. Null
   * when he sits at no such table (his table has finished, or no round is being played).
   */
  running: number | null;
}

export interface Standings {
  rounds: RoundResult[];
  standings: StandingRow[];
  /** The file has a duplicate round: the comparison is shown beside the standings. */
  duplicate: boolean;
  /** The file has a late entry or a withdrawal: they are marked beside the standings. */
  roster: boolean;
  /** A round is being played (a deal entered, a table not yet complete): its tables' small points so far are shown, provisional. */
  running: boolean;
}

/**
 * Places at a table by small points, highest first: tied players take the best place of their
 * group (1, 2, 2, 4) and each the average of the points of the places the group spans.
 */
export function rankTable(
  smallPoints: readonly number[],
  points: readonly number[],
): { places: number[]; tablePoints: Ratio[] } {
  const places = smallPoints.map((p) => 1 + smallPoints.filter((q) => q > p).length);
  const tablePoints = places.map((place, seat) => {
    const group = smallPoints.filter((q) => q === smallPoints[seat]).length;
    return Ratio.mean(points.slice(place - 1, place - 1 + group));
  });
  return { places, tablePoints };
}

export function tableResult(t: TournamentTable, format: Format): TableResult {
  const smallPoints = t.players.map((_, seat) => t.protocol.reduce((s, row) => s + (row[seat] ?? 0), 0));
  const complete = isComplete(t, format);
  const base = { table: t.table, complete, players: t.players, smallPoints, duplicate: null };
  if (!complete) return { ...base, places: null, tablePoints: null };
  return { ...base, ...rankTable(smallPoints, format.tablePoints[t.players.length as TableSize]) };
}

/** Sort into places, best first; players equal by `compare` share the best place of their group. */
export function sharePlaces<T>(
  rows: T[],
  compare: (a: T, b: T) => number,
  within: (a: T, b: T) => number,
): { row: T; place: number; span: number }[] {
  const sorted = [...rows].sort((a, b) => compare(a, b) || within(a, b));
  const out: { row: T; place: number; span: number }[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i + 1;
    while (j < sorted.length && compare(sorted[i]!, sorted[j]!) === 0) j++;
    for (let k = i; k < j; k++) out.push({ row: sorted[k]!, place: i + 1, span: j - i });
    i = j;
  }
  return out;
}

/** Players sharing a place are listed by name, in Polish order (Łukasz after Lucjan). */
export const byName = new Intl.Collator('pl').compare;

/**
 * The standings of a tournament: only complete tables count. A late entry or a withdrawn player
 * keeps what the rounds he played gave him and is ranked with everyone (roster.ts).
 */
export function standings(t: Tournament): Standings {
  const { file, format } = t;
  type Acc = {
    player: string;
    name: string;
    big: Ratio;
    small: number;
    placesCount: number[];
    dup: Ratio;
    running: number | null;
    from?: number;
    until?: number;
  };
  const acc = new Map<string, Acc>(
    file.players.map((p) => [
      p.id,
      {
        player: p.id,
        name: p.name,
        big: Ratio.ZERO,
        small: 0,
        placesCount: [0, 0, 0, 0, 0],
        dup: Ratio.ZERO,
        running: null,
        from: lateFrom(p),
        until: p.until,
      },
    ]),
  );
  let running = false;
  const rounds: RoundResult[] = file.rounds.map((round, r) => {
    const dup = duplicateOfRound(t, r + 1);
    const tables = round.tables.map((table, i) => ({ ...tableResult(table, format), duplicate: dup[i] ?? null }));
    // Being played: a deal entered, a table not finished (a round drawn ahead, with no deal yet, is not).
    const playing = tables.some((x) => !x.complete) && round.tables.some((x) => x.protocol.length > 0);
    running ||= playing;
    for (const res of tables) {
      if (!res.places || !res.tablePoints) {
        // Not complete: what it has entered so far is shown beside the standings, and does not count.
        if (playing)
          for (const [seat, id] of res.players.entries()) {
            const a = acc.get(id)!;
            a.running = (a.running ?? 0) + res.smallPoints[seat]!;
          }
        continue;
      }
      for (const [seat, id] of res.players.entries()) {
        const a = acc.get(id)!;
        a.big = a.big.add(res.tablePoints[seat]!);
        a.small += res.smallPoints[seat]!;
        a.placesCount[res.places[seat]! - 1]!++;
        if (res.duplicate) a.dup = a.dup.add(res.duplicate[seat]!);
      }
    }
    const complete = tables.length > 0 && tables.every((x) => x.complete);
    return { round: r + 1, complete, duplicate: round.duplicate !== undefined, tables };
  });

  const compare = (a: Acc, b: Acc): number => {
    // A format may rank by the duplicate comparison first, big points then breaking its ties.
    if (format.order === 'duplicate') {
      const dup = b.dup.compare(a.dup);
      if (dup) return dup;
    }
    const big = b.big.compare(a.big);
    if (big) return big;
    for (const rule of format.tiebreak) {
      if (rule === 'duplicate' && a.dup.compare(b.dup) !== 0) return b.dup.compare(a.dup);
      if (rule === 'smallPoints' && a.small !== b.small) return b.small - a.small;
      if (rule === 'places')
        for (let i = 0; i < 5; i++)
          if (a.placesCount[i] !== b.placesCount[i]) return b.placesCount[i]! - a.placesCount[i]!;
    }
    return 0;
  };
  const placed = sharePlaces([...acc.values()], compare, (a, b) => byName(a.name, b.name));
  const rows = placed.map(({ row, place, span }) => ({
    place,
    player: row.player,
    name: row.name,
    bigPoints: row.big,
    smallPoints: row.small,
    placesCount: row.placesCount,
    // A shared place gets the average of the tournament points of the places it spans.
    tournamentPoints: Ratio.mean(Array.from({ length: span }, (_, k) => tournamentPointsAt(format, place + k))),
    duplicate: row.dup,
    ...(row.from !== undefined && { from: row.from }),
    ...(row.until !== undefined && { until: row.until }),
    placed: row.placesCount.some((n) => n > 0),
    running: row.running,
  }));
  const roster = rows.some((r) => r.from !== undefined || r.until !== undefined);
  return { rounds, standings: rows, duplicate: rounds.some((r) => r.duplicate), roster, running };
}

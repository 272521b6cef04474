// The ranking rules of docs/spec/tournament.md worked by hand on small cases.
import { describe, expect, it } from 'vitest';
import {
  PRESET_FORMATS,
  type TournamentFile,
  parseTournament,
  rankTable,
  season,
  standings,
  standingsJson,
  tournamentPointsAt,
  seasonJson,
} from '@baska/tournament';

const znin = PRESET_FORMATS.znin;
const nums = (rs: { toNumber(): number }[]) => rs.map((r) => r.toNumber());

describe('a table ranked by its small points', () => {
  it('gives 8/6/4/2 at a table of four without ties', () => {
    const r = rankTable([12, -5, 3, -10], znin.tablePoints[4]);
    expect(r.places).toEqual([1, 3, 2, 4]);
    expect(nums(r.tablePoints)).toEqual([8, 4, 6, 2]);
  });

  it('shares places 2 and 3 at a table of four: (6 + 4) / 2 = 5 each', () => {
    const r = rankTable([10, 0, 0, -10], znin.tablePoints[4]);
    expect(r.places).toEqual([1, 2, 2, 4]);
    expect(nums(r.tablePoints)).toEqual([8, 5, 5, 2]);
  });

  it('shares the first three places: (8 + 6 + 4) / 3 = 6, and all four: 5', () => {
    expect(nums(rankTable([1, 1, 1, -3], znin.tablePoints[4]).tablePoints)).toEqual([6, 6, 6, 2]);
    expect(rankTable([0, 0, 0, 0], znin.tablePoints[4]).places).toEqual([1, 1, 1, 1]);
    expect(nums(rankTable([0, 0, 0, 0], znin.tablePoints[4]).tablePoints)).toEqual([5, 5, 5, 5]);
  });

  it('at a table of five: 8/6/4/2/2, a tie for 1st and 2nd gives 7 each, for 4th and 5th 2 each', () => {
    const r = rankTable([5, 5, 0, -4, -6], znin.tablePoints[5]);
    expect(r.places).toEqual([1, 1, 3, 4, 5]);
    expect(nums(r.tablePoints)).toEqual([7, 7, 4, 2, 2]);
    const last = rankTable([9, 3, 0, -6, -6], znin.tablePoints[5]);
    expect(last.places).toEqual([1, 2, 3, 4, 4]);
    expect(nums(last.tablePoints)).toEqual([8, 6, 4, 2, 2]);
  });

  it('keeps a third of a point exact: a tie of three for 2nd to 4th at a table of five', () => {
    const r = rankTable([9, 1, 1, 1, -12], znin.tablePoints[5]);
    expect(r.places).toEqual([1, 2, 2, 2, 5]);
    const third = r.tablePoints[1]!;
    expect(third.num * 3n === 12n * third.den).toBe(true); // (6 + 4 + 2) / 3 = 4
    const odd = rankTable([5, 5, 5, -15], [8, 6, 3, 2]).tablePoints[0]!; // (8 + 6 + 3) / 3 = 17/3
    expect([odd.num, odd.den]).toEqual([17n, 3n]);
  });
});

describe('the znin tournament points', () => {
  it('are 60, 56, 53, 51, 50 at places 1–5 and 4, 3, 2, 2, 1 at places 51–55', () => {
    expect([1, 2, 3, 4, 5].map((p) => tournamentPointsAt(znin, p))).toEqual([60, 56, 53, 51, 50]);
    expect([51, 52, 53, 54, 55, 56, 200].map((p) => tournamentPointsAt(znin, p))).toEqual([4, 3, 2, 2, 1, 1, 1]);
  });
});

/** A tournament of one round's tables, each complete after 2 deals (the format is overridden). */
function file(
  tables: { players: string[]; protocol: (number | null)[][] }[][],
  players: string[],
  rounds = 4,
): TournamentFile {
  return {
    name: 'test',
    format: { format: 'znin', rounds, deals: { 4: 2, 5: 5 } },
    rules: 'znin',
    seed: 's',
    players: players.map((id) => ({ id, name: id.toUpperCase() })),
    rounds: tables.map((round) => ({ tables: round.map((t, i) => ({ table: i + 1, ...t })) })),
  };
}
const parsed = (f: TournamentFile) => {
  const t = parseTournament(JSON.stringify(f));
  if (!t.ok) throw new Error(JSON.stringify(t.error));
  return t.value;
};

describe('the standings', () => {
  const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

  it('break equal big points by small points', () => {
    // Round 1: a and e win their tables; a by more small points.
    const f = file(
      [
        [
          {
            players: ['a', 'b', 'c', 'd'],
            protocol: [
              [6, -2, -2, -2],
              [6, -2, -2, -2],
            ],
          },
          {
            players: ['e', 'f', 'g', 'h'],
            protocol: [
              [3, -1, -1, -1],
              [3, 1, -3, -1],
            ],
          },
        ],
      ],
      ids,
    );
    const s = standingsJson(standings(parsed(f)));
    expect(s.standings.slice(0, 2).map((r) => [r.place, r.player, r.bigPoints, r.smallPoints])).toEqual([
      [1, 'a', 8, 12],
      [2, 'e', 8, 6],
    ]);
  });

  it('puts a player with more 1st places ahead when big and small points are equal', () => {
    const players = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    // a: 1st + 4th = 10 big, 0 small, places [1,0,0,1]; e: 2nd + 3rd = 10 big, 0 small, places [0,1,1,0].
    const f = file(
      [
        [
          {
            players: ['a', 'b', 'c', 'd'],
            protocol: [
              [3, 1, -1, -3],
              [0, 0, 0, 0],
            ],
          },
          {
            players: ['e', 'f', 'g', 'h'],
            protocol: [
              [1, 3, -1, -3],
              [0, 0, 0, 0],
            ],
          },
        ],
        [
          {
            players: ['a', 'f', 'c', 'h'],
            protocol: [
              [-3, 3, 1, -1],
              [0, 0, 0, 0],
            ],
          },
          {
            players: ['e', 'b', 'g', 'd'],
            protocol: [
              [-1, 3, 1, -3],
              [0, 0, 0, 0],
            ],
          },
        ],
      ],
      players,
    );
    const s = standingsJson(standings(parsed(f)));
    const a = s.standings.find((r) => r.player === 'a')!;
    const e = s.standings.find((r) => r.player === 'e')!;
    expect([a.bigPoints, a.smallPoints, a.placesCount]).toEqual([10, 0, [1, 0, 0, 1, 0]]);
    expect([e.bigPoints, e.smallPoints, e.placesCount]).toEqual([10, 0, [0, 1, 1, 0, 0]]);
    expect(a.place).toBeLessThan(e.place);
  });

  it('shares a place to the end and averages the tournament points of the places spanned', () => {
    // Two identical tables: a and e, b and f, … are equal in everything.
    const f = file(
      [
        [
          {
            players: ['a', 'b', 'c', 'd'],
            protocol: [
              [3, 1, -1, -3],
              [0, 0, 0, 0],
            ],
          },
          {
            players: ['e', 'f', 'g', 'h'],
            protocol: [
              [3, 1, -1, -3],
              [0, 0, 0, 0],
            ],
          },
        ],
      ],
      ids,
    );
    const s = standingsJson(standings(parsed(f)));
    expect(s.standings.map((r) => [r.place, r.tournamentPoints])).toEqual([
      [1, 58], // (60 + 56) / 2
      [1, 58],
      [3, 52], // (53 + 51) / 2
      [3, 52],
      [5, 49.5],
      [5, 49.5],
      [7, 47.5],
      [7, 47.5],
    ]);
  });

  it('counts only complete tables, and shows an incomplete one without places', () => {
    const f = file(
      [
        [
          { players: ['a', 'b', 'c', 'd'], protocol: [[3, 1, -1, -3]] },
          {
            players: ['e', 'f', 'g', 'h'],
            protocol: [
              [3, 1, -1, -3],
              [0, 0, 0, 0],
            ],
          },
        ],
      ],
      ids,
    );
    const s = standingsJson(standings(parsed(f)));
    expect(s.rounds[0]!.complete).toBe(false);
    expect(s.rounds[0]!.tables[0]).toMatchObject({
      complete: false,
      smallPoints: [3, 1, -1, -3],
      places: null,
      tablePoints: null,
    });
    expect(s.standings.find((r) => r.player === 'a')).toMatchObject({
      bigPoints: 0,
      smallPoints: 0,
      placesCount: [0, 0, 0, 0, 0],
    });
  });

  it('at a table of five, the player sitting out scores nothing in that deal', () => {
    const players = ['a', 'b', 'c', 'd', 'e'];
    const f = file(
      [
        [
          {
            players,
            protocol: [
              [null, 1, 1, -1, -1],
              [2, null, -2, 2, -2],
              [1, 1, null, -1, -1],
              [3, -1, -1, null, -1],
              [-1, -1, 1, 1, null],
            ],
          },
        ],
      ],
      players,
    );
    const s = standingsJson(standings(parsed(f)));
    expect(s.rounds[0]!.tables[0]).toMatchObject({
      smallPoints: [5, 0, -1, 1, -5],
      places: [1, 3, 4, 2, 5],
      tablePoints: [8, 4, 2, 6, 2],
    });
  });
});

describe('a season', () => {
  it('counts the best 6 of 8, then all results; the best 6 can change the order', () => {
    const mk = (order: string[][]) =>
      order.map((ranking) => {
        const tables = [
          {
            players: ranking,
            protocol: [
              [3, 1, -1, -3],
              [0, 0, 0, 0],
            ],
          },
        ];
        return parsed(file([tables], ranking, 1)); // finished: a season counts only finished tournaments
      });
    // a wins 5 tournaments and is last in 3; b is second in all 8.
    const results = [
      ['a', 'b', 'c', 'd'],
      ['a', 'b', 'c', 'd'],
      ['a', 'b', 'c', 'd'],
      ['a', 'b', 'c', 'd'],
      ['a', 'b', 'c', 'd'],
      ['d', 'b', 'c', 'a'],
      ['d', 'b', 'c', 'a'],
      ['d', 'b', 'c', 'a'],
    ];
    const ts = mk(results);
    // a: 60×5 + 51×3 → best 6: 300 + 51 = 351, all 453. b: 56×8 → best 6: 336, all 448.
    const best6 = seasonJson(season(ts));
    expect(best6.standings.slice(0, 2).map((r) => [r.player, r.score, r.total, r.played])).toEqual(
      [
        ['a', 351, 453],
        ['b', 336, 448],
      ].map((x) => [...x, 8]),
    );
    // d: 60×3 + 51×5 → best 6 = 333 (behind b), but best 3 = 180 (ahead of b's 168, level with a's
    // 180 and behind a on the sum of all results).
    const best3 = seasonJson(season(ts, 3));
    expect(best3.standings.map((r) => r.player).slice(0, 3)).toEqual(['a', 'd', 'b']);
    expect(best6.standings.map((r) => r.player).slice(0, 3)).toEqual(['a', 'b', 'd']);
  });

  it('marks tournaments a player missed with null and shares equal places', () => {
    const one = parsed(
      file(
        [
          [
            {
              players: ['a', 'b', 'c', 'd'],
              protocol: [
                [3, 1, -1, -3],
                [0, 0, 0, 0],
              ],
            },
          ],
        ],
        ['a', 'b', 'c', 'd'],
        1,
      ),
    );
    const two = parsed(
      file(
        [
          [
            {
              players: ['e', 'b', 'c', 'd'],
              protocol: [
                [3, 1, -1, -3],
                [0, 0, 0, 0],
              ],
            },
          ],
        ],
        ['e', 'b', 'c', 'd'],
        1,
      ),
    );
    const s = seasonJson(season([one, two]));
    expect(s.standings.find((r) => r.player === 'a')!.results).toEqual([60, null]);
    expect(s.standings.find((r) => r.player === 'e')!.results).toEqual([null, 60]);
    const a = s.standings.find((r) => r.player === 'a')!;
    const e = s.standings.find((r) => r.player === 'e')!;
    expect(a.place).toBe(e.place);
  });
});

// Late entries and withdrawals between rounds (docs/spec/tournament.md "Late entries and
// withdrawals"): each round seats exactly the players who play in it, the draw after a withdrawal
// seats the others as it would, and the standings keep what each player's rounds gave him.
import { describe, expect, it } from 'vitest';
import {
  type Tournament,
  type TournamentFile,
  checkTournament,
  drawInto,
  drawRound,
  repeatedPairs,
  standings,
  standingsCsv,
  standingsJson,
  withDeals,
} from '@baska/tournament';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);

/** A tournament of `players` (a few with `from`/`until`), rounds of one deal at a table of four, five at five. */
function file(players: { id: string; from?: number; until?: number }[], rounds = 4): TournamentFile {
  return {
    name: 'Turniej',
    format: { format: 'znin', rounds, deals: { 4: 1, 5: 5 } },
    rules: 'znin',
    seed: 'miedzy-rundami',
    players: players.map((p) => ({ name: p.id.toUpperCase(), ...p })),
    rounds: [],
  };
}

const must = <T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T => {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
};

/** Every table of round k played: at four the seat 0 takes 3 from each, at five the dealer sits out. */
function play(t: Tournament, k: number): Tournament {
  for (const table of t.file.rounds[k - 1]!.tables) {
    const size = table.players.length;
    const rows = Array.from({ length: size === 4 ? 1 : 5 }, (_, d) => {
      const out = size === 5 ? d % 5 : -1;
      const seats = [...Array(size).keys()].filter((s) => s !== out);
      return Array.from({ length: size }, (_, s) => (s === out ? null : s === seats[0] ? 9 : -3));
    });
    t = must(withDeals(t, k, table.table, rows));
  }
  return t;
}

const seated = (t: Tournament, k: number) =>
  t.file.rounds[k - 1]!.tables.flatMap((x) => x.players).sort((a, b) => (a < b ? -1 : 1));

describe('a withdrawal between rounds', () => {
  it('round 3 after a withdrawal seats the other 16 of 17 once each, as the draw seats 16, keeping repeated pairs low', () => {
    let t = must(checkTournament(file(ids(17).map((id) => ({ id })))));
    for (const k of [1, 2]) t = play(must(drawInto(t, k)), k);
    const f = structuredClone(t.file);
    f.players.find((p) => p.id === 'p5')!.until = 2; // p5 goes home after round 2
    const third = must(drawInto(must(checkTournament(f)), 3));
    const left = ids(17).filter((id) => id !== 'p5');
    expect(seated(third, 3)).toEqual([...left].sort((a, b) => (a < b ? -1 : 1)));
    expect(third.file.rounds[2]!.tables.map((x) => x.players.length)).toEqual([4, 4, 4, 4]);
    // The same draw as for a tournament of those 16 with the same earlier tables: repeated pairs kept as low.
    const earlier = t.file.rounds.flatMap((r) => r.tables.map((x) => x.players));
    expect(third.file.rounds[2]!.tables.map((x) => x.players)).toEqual(
      must(drawRound(left, earlier, 'miedzy-rundami', 3) as never),
    );
    // The draw sees the earlier rounds: one repeated pair (the least it finds under other seeds too),
    // where a draw blind to them repeats nine.
    const repeats = repeatedPairs(
      third.file.rounds[2]!.tables.map((x) => x.players),
      earlier,
    );
    expect(repeats).toBeLessThanOrEqual(1);
    expect(repeatedPairs(must(drawRound(left, [], 'miedzy-rundami', 3) as never), earlier)).toBeGreaterThan(5);
  });

  it('refuses to draw a round whose players cannot be seated: 8 less one is 7, ERR_PLAYERS', () => {
    let t = must(checkTournament(file(ids(8).map((id) => ({ id })))));
    t = play(must(drawInto(t, 1)), 1);
    const f = structuredClone(t.file);
    f.players[7]!.until = 1;
    const r = drawInto(must(checkTournament(f)), 2);
    expect(r.ok ? null : r.error).toMatchObject({ code: 'ERR_PLAYERS', round: 2 });
    expect(r.ok ? '' : r.error.message).toContain('7 players cannot be seated');
  });
});

describe('a late entry', () => {
  it('is not seated before his round and is seated from it on', () => {
    const players = [...ids(8).map((id) => ({ id })), { id: 'late', from: 2 }];
    let t = must(drawInto(must(checkTournament(file(players))), 1));
    expect(seated(t, 1)).not.toContain('late');
    expect(t.file.rounds[0]!.tables.map((x) => x.players.length)).toEqual([4, 4]);
    t = must(drawInto(play(t, 1), 2));
    expect(seated(t, 2)).toContain('late');
    expect(t.file.rounds[1]!.tables.map((x) => x.players.length)).toEqual([4, 5]);
  });

  it('in a duplicate round, the round’s own players must be a multiple of 4 (tables of four only)', () => {
    const players = [...ids(8).map((id) => ({ id })), { id: 'late', from: 2 }];
    const t = play(must(drawInto(must(checkTournament(file(players))), 1, {})), 1);
    const r = drawInto(t, 2, {});
    expect(r.ok ? null : r.error).toMatchObject({ code: 'ERR_DUPLICATE', round: 2 });
  });
});

describe('the standings of a file with a withdrawal and a late entry', () => {
  // Round 1: a b c d | e f g h; h goes home after it; i enters for round 2: a e i c | b f d g.
  const f: TournamentFile = {
    ...file(
      [
        { id: 'a' },
        { id: 'b' },
        { id: 'c' },
        { id: 'd' },
        { id: 'e' },
        { id: 'f' },
        { id: 'g' },
        { id: 'h', until: 1 },
        { id: 'i', from: 2 },
      ],
      3,
    ),
    rounds: [
      {
        tables: [
          { table: 1, players: ['a', 'b', 'c', 'd'], protocol: [[6, -2, -2, -2]] },
          { table: 2, players: ['e', 'f', 'g', 'h'], protocol: [[-2, -2, -2, 6]] },
        ],
      },
      {
        tables: [
          { table: 1, players: ['a', 'e', 'i', 'c'], protocol: [[-3, -3, 9, -3]] },
          { table: 2, players: ['b', 'f', 'd', 'g'], protocol: [[4, -4, 2, -2]] },
        ],
      },
    ],
  };

  it('keep what his rounds gave each, rank him with everyone and mark him', () => {
    const s = standingsJson(standings(must(checkTournament(f))));
    const row = (id: string) => s.standings.find((r) => r.player === id)!;
    // h: 1st at his only table (8); i: 1st at his only table (8). Neither is dropped or pushed down.
    expect(row('h')).toMatchObject({ bigPoints: 8, smallPoints: 6, placesCount: [1, 0, 0, 0, 0], until: 1 });
    expect(row('i')).toMatchObject({ bigPoints: 8, smallPoints: 9, placesCount: [1, 0, 0, 0, 0], from: 2 });
    expect(row('a')).not.toHaveProperty('from');
    expect(row('a')).not.toHaveProperty('until');
    expect(s.standings).toHaveLength(9);
    // Round 1: a 8, b c d 4 each ((6 + 4 + 2) / 3), h 8, e f g 4. Round 2: i 8, a e c 4; b 8, d 6, g 4, f 2.
    expect(s.standings.map((r) => [r.place, r.player, r.bigPoints, r.smallPoints])).toEqual([
      [1, 'a', 12, 3],
      [2, 'b', 12, 2],
      [3, 'd', 10, 0],
      [4, 'i', 8, 9],
      [5, 'h', 8, 6],
      [6, 'g', 8, -4],
      [7, 'c', 8, -5],
      [7, 'e', 8, -5],
      [9, 'f', 6, -6],
    ]);
  });

  it('write the marks as CSV columns `from` and `until`, empty for everyone else', () => {
    const csv = standingsCsv(standings(must(checkTournament(f))))
      .trim()
      .split('\n');
    expect(csv[0]!.endsWith(',tournamentPoints,from,until')).toBe(true);
    expect(csv.find((l) => l.includes(',h,'))!.endsWith(',,1')).toBe(true);
    expect(csv.find((l) => l.includes(',i,'))!.endsWith(',2,')).toBe(true);
    expect(csv.find((l) => l.includes(',a,'))!.endsWith(',,')).toBe(true);
  });
});

describe('hostile values: each a coded error', () => {
  const base = () => file([...ids(8).map((id) => ({ id }))], 3);
  const code = (f: unknown) => {
    const r = checkTournament(f);
    return r.ok ? 'ok' : r.error;
  };
  const withPlayer = (p: Record<string, unknown>) => {
    const f = base() as unknown as { players: Record<string, unknown>[] };
    Object.assign(f.players[7]!, p);
    return f;
  };

  it('a `from` or `until` that is not a whole number is ERR_SCHEMA', () => {
    for (const bad of [{ from: '2' }, { from: 1.5 }, { until: null }, { until: '1' }, { from: [2] }, { until: 1e300 }])
      expect(code(withPlayer(bad)), JSON.stringify(bad)).toMatchObject({ code: 'ERR_SCHEMA' });
  });

  it('a round outside the format, or a player who would play no round, is ERR_PLAYERS', () => {
    for (const bad of [
      { from: 0 },
      { from: -1 },
      { from: 4 }, // the format has 3 rounds
      { until: 0 },
      { until: 3 }, // after the last round nobody is withdrawn
      { from: 3, until: 2 }, // would play no round
      { from: 2, until: 1 },
    ])
      expect(code(withPlayer(bad)), JSON.stringify(bad)).toMatchObject({ code: 'ERR_PLAYERS' });
    for (const good of [{ from: 1 }, { from: 3 }, { until: 1 }, { from: 2, until: 2 }])
      expect(code(withPlayer(good)), JSON.stringify(good)).not.toHaveProperty('code');
  });

  it('a drawn round that seats a withdrawn player, or a late entry before his round, or misses one in his, is ERR_PLAYERS', () => {
    const drawn = must(drawInto(must(checkTournament(base())), 1)).file;
    const p8 = drawn.rounds[0]!.tables.findIndex((x) => x.players.includes('p8')) + 1;
    // p8 seated in round 1: withdrawn "after round 0" is not a withdrawal; a late entry from round 2 cannot sit there.
    const late = structuredClone(drawn);
    late.players[7]!.from = 2;
    expect(code(late)).toMatchObject({ code: 'ERR_PLAYERS', round: 1, table: p8 });
    expect((code(late) as { message: string }).message).toContain('enters in round 2');
    // Round 2 drawn with p8, who was withdrawn after round 1.
    const two = structuredClone(drawn);
    two.rounds.push({ tables: structuredClone(drawn.rounds[0]!.tables).map((x) => ({ ...x, protocol: [] })) });
    two.players[7]!.until = 1;
    expect(code(two)).toMatchObject({ code: 'ERR_PLAYERS', round: 2, table: p8 });
    expect((code(two) as { message: string }).message).toContain('withdrawn after round 1');
    // A late entry from round 2 missing from round 2's tables.
    const missing = structuredClone(drawn);
    missing.players.push({ id: 'p9', name: 'P9', from: 2 });
    missing.rounds.push({ tables: structuredClone(drawn.rounds[0]!.tables).map((x) => ({ ...x, protocol: [] })) });
    expect(code(missing)).toMatchObject({ code: 'ERR_PLAYERS', round: 2 });
    expect((code(missing) as { message: string }).message).toContain('"p9" has no table in round 2');
  });
});

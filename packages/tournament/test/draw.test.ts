import { describe, expect, it } from 'vitest';
import { drawRound, repeatedPairs, tableSizes } from '@baska/tournament';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);

/** Draws rounds 1..rounds one after another, each seeing every earlier table, as `baska tournament draw` does. */
function tournament(players: readonly string[], seed: string, rounds: number): string[][][] {
  const drawn: string[][][] = [];
  for (let round = 1; round <= rounds; round++) {
    const result = drawRound(players, drawn.flat(), seed, round);
    if (!result.ok) throw new Error(result.message);
    drawn.push(result.value);
  }
  return drawn;
}

/** Repeated pairs of each round after the first, summed. */
const repeatsOver = (rounds: readonly (readonly string[][])[]) =>
  rounds.reduce((sum, tables, k) => sum + repeatedPairs(tables, rounds.slice(0, k).flat()), 0);

describe('tableSizes', () => {
  it('seats any number from 4 but 6, 7 and 11 at tables of four and n mod 4 tables of five', () => {
    const seen: string[] = [];
    for (let n = 4; n <= 30; n++) {
      const sizes = tableSizes(n);
      if ([6, 7, 11].includes(n)) {
        expect(sizes, `n = ${n}`).toBeNull();
        continue;
      }
      expect(sizes, `n = ${n}`).not.toBeNull();
      expect(sizes!.five, `n = ${n}`).toBe(n % 4);
      expect(4 * sizes!.four + 5 * sizes!.five, `n = ${n}`).toBe(n);
      seen.push(`${n}:${sizes!.four}+${sizes!.five}`);
    }
    expect(seen.slice(0, 6)).toEqual(['4:1+0', '5:0+1', '8:2+0', '9:1+1', '10:0+2', '12:3+0']);
    expect(tableSizes(15)).toEqual({ four: 0, five: 3 });
    expect(tableSizes(30)).toEqual({ four: 5, five: 2 });
    expect(tableSizes(250)).toEqual({ four: 60, five: 2 });
  });

  it('has no seating for 0 to 3 players, nor for a count that is not a whole number', () => {
    for (const n of [0, 1, 2, 3, -4, 8.5, NaN, Infinity]) expect(tableSizes(n), `n = ${n}`).toBeNull();
  });
});

describe('repeatedPairs', () => {
  it('counts the pairs at one table who shared a table before, each pair once', () => {
    const earlier = [
      ['a', 'b', 'c', 'd'],
      ['e', 'f', 'g', 'h'],
      ['a', 'b', 'e', 'f'],
    ];
    expect(repeatedPairs([['a', 'e', 'c', 'g']], earlier)).toBe(3); // a–e, a–c, e–g
    expect(repeatedPairs([['a', 'b', 'x', 'y']], earlier)).toBe(1); // a–b met twice: one repeated pair
    expect(repeatedPairs([['a', 'x', 'y', 'z']], earlier)).toBe(0);
    expect(repeatedPairs([['a', 'b', 'c', 'd']], [])).toBe(0);
  });
});

describe('drawRound', () => {
  it('refuses a number of players that cannot be seated, with ERR_PLAYERS', () => {
    for (const n of [0, 1, 2, 3, 6, 7, 11]) {
      const result = drawRound(ids(n), [], 'seed', 1);
      expect(result, `n = ${n}`).toMatchObject({ ok: false, code: 'ERR_PLAYERS' });
      if (!result.ok) expect(result.message).toContain(n === 1 ? '1 player ' : `${n} players `);
    }
  });

  it('refuses a player listed twice, with ERR_PLAYERS', () => {
    expect(drawRound(['a', 'b', 'c', 'd', 'e', 'a', 'f', 'g'], [], 'seed', 1)).toEqual({
      ok: false,
      code: 'ERR_PLAYERS',
      message: 'player a is listed twice',
    });
  });

  it('seats every player exactly once, tables of four first, then n mod 4 tables of five', () => {
    for (let n = 4; n <= 30; n++) {
      if ([6, 7, 11].includes(n)) continue;
      const players = ids(n);
      const rounds = tournament(players, `seated-${n}`, 2);
      for (const tables of rounds) {
        expect(tables.flat().sort(), `n = ${n}`).toEqual([...players].sort());
        const sizes = tables.map((t) => t.length);
        const { four, five } = tableSizes(n)!;
        expect(sizes, `n = ${n}`).toEqual([...Array<number>(four).fill(4), ...Array<number>(five).fill(5)]);
      }
    }
  });

  it('is reproducible from the seed and the round, and from nothing else', () => {
    const players = ids(40);
    const [first, second] = tournament(players, 'gp-2026-3', 2);
    const again = drawRound(players, first!, 'gp-2026-3', 2);
    expect(again).toEqual({ ok: true, value: second });

    const otherSeed = drawRound(players, first!, 'gp-2026-4', 2);
    const otherRound = drawRound(players, first!, 'gp-2026-3', 3);
    expect(otherSeed.ok && otherSeed.value).not.toEqual(second);
    expect(otherRound.ok && otherRound.value).not.toEqual(second);

    // the order of the player list, of the earlier tables and of the seats at them does not matter
    const reordered = drawRound(
      [...players].reverse(),
      [...first!].reverse().map((t) => [...t].reverse()),
      'gp-2026-3',
      2,
    );
    expect(reordered).toEqual({ ok: true, value: second });
  });

  it('draws the seats at each table too', () => {
    // round 1 of 4 players: one table, so only the seat order can differ between seeds
    const orders = new Set<string>();
    for (let k = 0; k < 40; k++) {
      const result = drawRound(['a', 'b', 'c', 'd'], [], `seats-${k}`, 1);
      if (result.ok) orders.add(result.value[0]!.join());
    }
    expect(orders.size).toBeGreaterThan(12); // of the 24 orders; all 24 are equally likely
  });

  it('ignores earlier tables of players no longer in the tournament', () => {
    const players = ids(12);
    const earlier = [['p1', 'p2', 'gone', 'p3']];
    const result = drawRound(players, earlier, 'seed', 2);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value.flat().sort()).toEqual([...players].sort());
  });

  it('spreads the seats at tables of five: nobody sits at one more often than needed', () => {
    // 60 seats at tables of five over 4 rounds of 47 players: two each at most; 20 over 4 rounds of
    // 29 and 41 players: one each at most. (Not so for 31 players: 16 sit at tables of four in round
    // 1, and each of the 3 tables of five in round 2 can take only one from each of those 4 tables
    // without a repeated pair, so 3 players sit at a table of five twice already.)
    for (const n of [29, 41, 47]) {
      const rounds = tournament(ids(n), `fives-${n}`, 4);
      const atFive = new Map<string, number>();
      for (const table of rounds.flat())
        if (table.length === 5) for (const p of table) atFive.set(p, (atFive.get(p) ?? 0) + 1);
      const seats = 5 * tableSizes(n)!.five * 4;
      expect(Math.max(...atFive.values()), `n = ${n}`).toBe(Math.ceil(seats / n));
      expect(repeatsOver(rounds), `n = ${n}`).toBe(0);
    }
  });
});

describe('repeated pairs over four rounds', () => {
  // Rounds are drawn one at a time, each seeing only the earlier ones, as in a real tournament.
  for (const n of [16, 20, 22, 24, 30, 40, 64, 100, 120]) {
    it(`${n} players`, () => {
      const repeats = repeatsOver(tournament(ids(n), 'gp-2026-3', 4));
      console.log(`repeated pairs over 4 rounds, ${n} players: ${repeats}`);
      if (n >= 24) expect(repeats).toBe(0);
      else expect(repeats).toBeLessThanOrEqual(BOUND[n]!);
    });
  }
});

// 16 players: two rounds without a repeat make them a 4×4 grid (rows: round 1, columns: round 2);
// a third without one is a Latin square on it, and a fourth without one exists only when that square
// has an orthogonal mate, which the cyclic kind of order 4 has not. A round is drawn without knowing
// the next ones, so the draw only prefers, among equally good third rounds, one after which its own
// short search finds a clean fourth; when it finds none, the fourth round's best is 4 repeated pairs
// (seen: 0 or 4, see the report of the draw). 20 and 22 players (five tables): no repeat is forced
// in any round, but a round drawn greedily can leave the fourth a few (seen: 0 to 2).
const BOUND: Record<number, number> = { 16: 4, 20: 2, 22: 2 };

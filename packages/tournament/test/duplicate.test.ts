// Duplicate rounds in the tournament file (docs/spec/tournament.md "Duplicate rounds"): the
// comparison worked by hand, ranking by it, the file's checks, and the deals dealt from a round's
// seed as the server deals them.
import { createHash, createHmac } from 'node:crypto';
import { fairHands } from '@baska/engine';
import { describe, expect, it } from 'vitest';
import {
  type TournamentFile,
  duplicateDeals,
  parseTournament,
  season,
  seasonJson,
  standings,
  standingsJson,
  verifyDuplicate,
} from '@baska/tournament';

type Row = (number | null)[];
const PLAYERS = 'abcdefghijkl'.split('');

function file(format: Record<string, unknown> = {}, third: { protocol: Row[]; bokDeals?: number[] } | null = null) {
  const f: TournamentFile = {
    name: 'duplikat',
    format: { format: 'znin', rounds: 1, deals: { 4: 2 }, ...format },
    rules: 'znin',
    seed: 's',
    players: PLAYERS.map((id) => ({ id, name: id.toUpperCase() })),
    rounds: [
      {
        duplicate: {},
        tables: [
          {
            table: 1,
            players: ['a', 'b', 'c', 'd'],
            protocol: [
              [4, -4, 4, -4],
              [2, 2, -2, -2],
            ],
          },
          {
            table: 2,
            players: ['e', 'f', 'g', 'h'],
            protocol: [
              [-4, 4, -4, 4],
              [2, 2, -2, -2],
            ],
          },
          // Deal 0 in a bok-round at this table only: it counts at its undoubled value, [4, -4, 4, -4].
          {
            table: 3,
            players: ['i', 'j', 'k', 'l'],
            ...(third ?? {
              protocol: [
                [8, -8, 8, -8],
                [-2, -2, 2, 2],
              ],
              bokDeals: [0],
            }),
          },
        ],
      },
    ],
  };
  return f;
}
const parsed = (f: unknown) => {
  const t = parseTournament(JSON.stringify(f));
  if (!t.ok) throw new Error(JSON.stringify(t.error));
  return t.value;
};
const byPlayer = (f: unknown) =>
  Object.fromEntries(standingsJson(standings(parsed(f))).standings.map((r) => [r.player, r.duplicate]));

describe('the duplicate comparison', () => {
  it('is, deal by deal, a seat’s small points minus the average of the same seat at the other tables', () => {
    // Seat totals (bok-round deals halved): T1 [6, −2, 2, −6], T2 [−2, 6, −6, 2], T3 [2, −6, 6, −2].
    // Seat 0 at T1: 6 − (−2 + 2) / 2 = 6; at T2: −2 − (6 + 2) / 2 = −6; at T3: 2 − (6 − 2) / 2 = 0.
    expect(byPlayer(file())).toEqual({
      a: 6,
      b: -2,
      c: 2,
      d: -6,
      e: -6,
      f: 10,
      g: -10,
      h: 6,
      i: 0,
      j: -8,
      k: 8,
      l: 0,
    });
    const json = standingsJson(standings(parsed(file())));
    expect(json.rounds[0]).toMatchObject({ duplicate: true });
    expect(json.rounds[0]!.tables.map((t) => t.duplicate)).toEqual([
      [6, -2, 2, -6],
      [-6, 10, -10, 6],
      [0, -8, 8, 0],
    ]);
  });

  it('leaves out a table not yet complete, and compares nobody with himself alone', () => {
    const open = file({}, { protocol: [[1, -1, 1, -1]] });
    // T1 against T2 alone: seat 0: 6 − (−2) = 8.
    expect(byPlayer(open)).toMatchObject({ a: 8, e: -8, i: 0 });
    expect(standingsJson(standings(parsed(open))).rounds[0]!.tables[2]!.duplicate).toBeNull();
    const lone = file({}, { protocol: [[1, -1, 1, -1]] });
    lone.rounds[0]!.tables[1]!.protocol = [];
    expect(standingsJson(standings(parsed(lone))).rounds[0]!.tables.map((t) => t.duplicate)).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('keeps fractions exact', () => {
    const f = file(
      {},
      {
        protocol: [
          [1, -1, 1, -1],
          [0, 0, 0, 0],
        ],
      },
    );
    // Seat 0 totals 6, −2, 1: at T3, 1 − (6 − 2) / 2 = −1; at T1, 6 − (−2 + 1) / 2 = 6.5.
    expect(byPlayer(f)).toMatchObject({ a: 6.5, i: -1 });
  });

  it('is absent from the standings of a file without a duplicate round', () => {
    const f = file();
    delete f.rounds[0]!.duplicate;
    const json = standingsJson(standings(parsed(f)));
    expect(json.standings[0]).not.toHaveProperty('duplicate');
    expect(json.rounds[0]).not.toHaveProperty('duplicate');
  });

  it('ranks the standings when the format says so: first (`order`), or as a tie-break', () => {
    // a, f and k take 8 big points each; small points favour k (10), the comparison f (10).
    const first = (format: Record<string, unknown>) => standings(parsed(file(format))).standings[0]!.player;
    expect(first({})).toBe('k');
    expect(first({ order: 'duplicate' })).toBe('f');
    const tie = standings(parsed(file({ tiebreak: ['duplicate'] }))).standings.slice(0, 3);
    expect(tie.map((r) => r.player)).toEqual(['f', 'k', 'a']);
    expect(parseTournament(JSON.stringify(file({ order: 'duplikat' }))).ok).toBe(false);
  });
});

describe('the duplicate field', () => {
  const refused = (f: unknown) => {
    const t = parseTournament(JSON.stringify(f));
    return t.ok ? null : t.error;
  };

  it('refuses a table of five in a duplicate round, and a malformed field', () => {
    const five = file();
    five.players.push({ id: 'm', name: 'M' });
    five.rounds[0]!.tables[2]!.players.push('m');
    five.rounds[0]!.tables[2]!.protocol = [];
    delete five.rounds[0]!.tables[2]!.bokDeals;
    expect(refused(five)).toMatchObject({ code: 'ERR_DUPLICATE', round: 1, table: 3 });
    delete five.rounds[0]!.duplicate;
    expect(refused(five)).toBeNull();
    const bad = (d: unknown) => refused({ ...file(), rounds: [{ ...file().rounds[0], duplicate: d }] });
    expect(bad(true)).toMatchObject({ code: 'ERR_SCHEMA', round: 1 });
    expect(bad({ commitment: 'abc' })).toMatchObject({ code: 'ERR_SCHEMA' });
    expect(bad({ seed: 7 })).toMatchObject({ code: 'ERR_SCHEMA' });
  });

  it('checks a revealed seed against its commitment', async () => {
    const f = file();
    const seed = 'runda-1-sekret';
    f.rounds[0]!.duplicate = { seed, commitment: createHash('sha256').update(seed).digest('hex') };
    expect(await verifyDuplicate(parsed(f))).toEqual({ ok: true, value: undefined });
    f.rounds[0]!.duplicate.seed = 'runda-1-inny';
    expect(await verifyDuplicate(parsed(f))).toMatchObject({ ok: false, error: { code: 'ERR_DUPLICATE', round: 1 } });
  });

  it('deals from the seed what a server table with that table seed deals without contributions', async () => {
    const seed = '00112233445566778899aabbccddeeff';
    const deals = await duplicateDeals(seed, 6);
    for (const d of deals) {
      // fairdeal/commit.ts: the deal's seed is the HMAC of the table seed; the hands come from
      // SHA-256 of "seed||||" (no contributions); the dealer goes round from seat 0.
      const s = createHmac('sha256', seed).update(`deal:${d.deal}`).digest('hex');
      expect(d.seed).toBe(s);
      expect(d.commitment).toBe(createHash('sha256').update(s).digest('hex'));
      expect(d.dealer).toBe((d.deal - 1) % 4);
      expect(d.hands).toEqual(fairHands(createHash('sha256').update(`${s}||||`).digest('hex'), d.dealer));
      expect(d.hands.reduce((a, b) => a | b, 0)).toBe(0xffff);
      expect(d.hands.every((m) => m.toString(2).replace(/0/g, '').length === 4)).toBe(true);
    }
    expect(new Set(deals.map((d) => d.hands.join())).size).toBe(6);
  });
});

describe('a season over tournaments in progress', () => {
  it('counts only finished tournaments and says which are still being played', () => {
    const done = parsed(file());
    const open = parsed(file({}, { protocol: [[1, -1, 1, -1]] }));
    const undrawn = parsed({ ...file({ rounds: 2 }) });
    const rows = season([done, open, undrawn]);
    const json = seasonJson(rows, [done, open, undrawn]);
    expect(json.tournaments).toEqual([
      { name: 'duplikat', finished: true },
      { name: 'duplikat', finished: false },
      { name: 'duplikat', finished: false },
    ]);
    // Only the finished one counts: every result of the others is null, and nobody played them.
    expect(json.standings.every((r) => r.results[1] === null && r.results[2] === null && r.played === 1)).toBe(true);
    expect(json.standings[0]).toMatchObject({ player: 'k', score: 60, total: 60 });
    expect(season([open]).length).toBe(0);
  });
});

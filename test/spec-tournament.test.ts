// Every JSON example of docs/spec/tournament.md, run through the real `baska tournament`.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baska, examplesOf } from './examples.js';

const { examples, jsonBlocks } = examplesOf('tournament.md');
const byName = (name: string) => examples.find((e) => e.names.includes(name))!;
const dir = mkdtempSync(join(tmpdir(), 'baska-spec-tournament-'));
const file = (name: string, value: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(value));
  return path;
};

interface Table {
  table: number;
  players: string[];
  protocol: (number | null)[][];
}
interface Tournament {
  players: { id: string; name: string }[];
  rounds: { tables: Table[] }[];
}

/** The example file with its player list completed and its first round played out: at the table of
 * four every row is [1, -1, 1, -1] (seats 0 and 2 tie for first), at the table of five the dealer
 * sits out (RULES §9). */
function played(): Tournament {
  const t = JSON.parse(byName('gp3').block) as Tournament;
  for (const table of t.rounds[0]!.tables)
    for (const id of table.players)
      if (!t.players.some((p) => p.id === id)) t.players.push({ id, name: `Gracz ${id}` });
  const [four, five] = t.rounds[0]!.tables;
  four!.protocol = Array.from({ length: 32 }, () => [1, -1, 1, -1]);
  five!.protocol = Array.from({ length: 36 }, (_, i) =>
    ([2, -2, 2, -2] as (number | null)[]).toSpliced(i % 5, 0, null),
  );
  return t;
}

/** Same keys and the same kind of value at every level as the documented example. */
function sameShape(actual: unknown, documented: unknown, at = '$'): void {
  if (documented === null || actual === null) return;
  if (Array.isArray(documented)) {
    expect(Array.isArray(actual), at).toBe(true);
    for (const item of actual as unknown[]) sameShape(item, documented[0], `${at}[]`);
    return;
  }
  expect(typeof actual, at).toBe(typeof documented);
  if (typeof documented === 'object')
    for (const [k, v] of Object.entries(documented)) {
      expect(actual, at).toHaveProperty([k]);
      sameShape((actual as Record<string, unknown>)[k], v, `${at}.${k}`);
    }
}

describe('docs/spec/tournament.md: every example, through the real command', () => {
  it('every JSON block of the page is a named example', () => {
    expect(examples.length).toBe(jsonBlocks);
  });

  it('the example file, with its player list cut short, is refused as documented', () => {
    const e = byName('gp3');
    const args = e.args.map((a) => (a === 'FILE' ? file('gp3.json', JSON.parse(e.block)) : a));
    const r = baska(args);
    expect(r.code).toBe(e.exit);
    expect(JSON.parse(r.out)).toMatchObject(e.inline as object);
  });

  it('standings: the documented shape; table points shared by tied players; the table of five complete after 36 deals', () => {
    const e = byName('standings');
    const r = baska(e.args.map((a) => (a === 'FILE' ? file('played.json', played()) : a)));
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out) as {
      rounds: { tables: { complete: boolean; smallPoints: number[]; places: number[]; tablePoints: number[] }[] }[];
      standings: { placesCount: number[] }[];
    };
    sameShape(out, JSON.parse(e.block));
    const [four, five] = out.rounds[0]!.tables;
    expect(four).toMatchObject({ complete: true, smallPoints: [32, -32, 32, -32], places: [1, 3, 1, 3] });
    expect(four!.tablePoints).toEqual([7, 3, 7, 3]); // (8 + 6) / 2 and (4 + 2) / 2
    expect(five!.complete).toBe(true);
    expect(out.standings).toHaveLength(9);
    for (const s of out.standings) expect(s.placesCount).toHaveLength(5);
  });

  it('season: the documented shape, a result per file', () => {
    const e = byName('season');
    const a = file('a.json', played());
    const b = file('b.json', played());
    const r = baska(e.args.flatMap((x) => (x === 'FILE...' ? [a, b] : [x])));
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out) as { standings: { results: unknown[] }[] };
    sameShape(out, JSON.parse(e.block));
    for (const s of out.standings) expect(s.results).toHaveLength(2);
  });

  it('dup: the comparison the page works out by hand, its fields, and a seed that must hash to its commitment', () => {
    const e = byName('dup');
    const f = JSON.parse(e.block) as Tournament & { rounds: { duplicate: { seed: string } }[] };
    const r = baska(['tournament', 'standings', file('dup.json', f), '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out) as {
      rounds: { duplicate: boolean; tables: { duplicate: number[] }[] }[];
      standings: { player: string; duplicate: number }[];
    };
    expect(Object.fromEntries(out.standings.map((s) => [s.player, s.duplicate]))).toEqual({
      a: 8,
      b: -8,
      c: 8,
      d: -8,
      e: -8,
      f: 8,
      g: -8,
      h: 8,
    });
    expect(out.rounds[0]!.duplicate).toBe(true);
    expect(out.rounds[0]!.tables.map((t) => t.duplicate)).toEqual([
      [8, -8, 8, -8],
      [-8, 8, -8, 8],
    ]);
    f.rounds[0]!.duplicate.seed = 'r1-inny';
    const bad = baska(['tournament', 'standings', file('dup-bad.json', f), '--json']);
    expect([bad.code, JSON.parse(bad.out).error]).toMatchObject([1, { code: 'ERR_DUPLICATE', round: 1 }]);
  });

  it('draw: round 2 seats every player of the example once, the same way twice', () => {
    const path = file('draw.json', played());
    const first = baska(['tournament', 'draw', path, '--round', '2']);
    expect(first.code).toBe(0);
    const drawn = JSON.parse(first.out) as Tournament;
    const seated = drawn.rounds[1]!.tables.flatMap((t) => t.players).sort();
    expect(seated).toEqual(drawn.players.map((p) => p.id).sort());
    expect(baska(['tournament', 'draw', path, '--round', '2']).out).toBe(first.out);
  });
});

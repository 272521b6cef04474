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

  it('between: a withdrawn player and a late entry keep their rounds, ranked with everyone; a round seats exactly its players', () => {
    const e = byName('between');
    const f = JSON.parse(e.block) as Tournament;
    const path = file('between.json', f);
    const r = baska(['tournament', 'standings', path, '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out) as { standings: Record<string, unknown>[] };
    // As the page works it out: Irena 4th and Henryk 5th among the five with 8, Celina and Ewa share 7th.
    expect(out.standings.map((s) => [s.place, s.player, s.bigPoints, s.smallPoints])).toEqual([
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
    const row = (id: string) => out.standings.find((s) => s.player === id)!;
    expect([row('h').until, row('h').from, row('i').from, row('i').until]).toEqual([1, undefined, 2, undefined]);
    expect(out.standings.filter((s) => 'from' in s || 'until' in s).map((s) => s.player)).toEqual(['i', 'h']);
    const csv = baska(['tournament', 'standings', path, '--csv']).out.trim().split('\n');
    expect(csv[0]).toBe(
      'place,player,name,bigPoints,smallPoints,first,second,third,fourth,fifth,tournamentPoints,from,until',
    );
    expect(csv[4]).toBe('4,i,Irena,8,9,1,0,0,0,0,51,2,');
    expect(csv[5]).toBe('5,h,Henryk,8,6,1,0,0,0,0,50,,1');
    const text = baska(['tournament', 'standings', path]).out;
    expect(text).toContain('Irena (od 2. rundy)');
    expect(text).toContain('Henryk (wycofanie po 1. rundzie)');

    // Round 3 seats the eight others, never Henryk.
    const drawn = baska(['tournament', 'draw', path, '--round', '3']);
    expect(drawn.code).toBe(0);
    const third = (JSON.parse(drawn.out) as Tournament).rounds[2]!.tables;
    expect(third.map((t) => t.players.length)).toEqual([4, 4]);
    expect(third.flatMap((t) => t.players).sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'i']);

    // Henryk seated in round 2 after all: the file contradicts his withdrawal.
    const seatedAgain = structuredClone(f);
    seatedAgain.rounds[1]!.tables[1]!.players[3] = 'h';
    const bad = baska(['tournament', 'standings', file('between-bad.json', seatedAgain), '--json']);
    expect([bad.code, JSON.parse(bad.out).error]).toMatchObject([1, { code: 'ERR_PLAYERS', round: 2, table: 2 }]);
  });
});

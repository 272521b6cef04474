// `baska tournament`, spawned as a real process: the spec's examples, every error code, and a whole
// simulated tournament checked against an independent recomputation of its standings.
import { spawnSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../bin/baska.js', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'baska-tournament-'));

function baska(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [BIN, 'tournament', ...args], { input, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
const write = (name: string, value: unknown) => {
  const path = join(tmp, name);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
};

type Row = (number | null)[];
interface File {
  name: string;
  format: unknown;
  rules: unknown;
  seed: string;
  players: { id: string; name: string }[];
  rounds: { tables: { table: number; players: string[]; protocol: Row[]; bokDeals?: number[] }[] }[];
}

/** The spec's example file, with the players its tables name listed in full. */
const specExample = (): File => ({
  name: 'Grand Prix Żnina, turniej 3',
  format: 'znin',
  rules: 'znin',
  seed: 'gp-2026-3',
  players: ['p1', 'p2', 'p3', 'p4', 'p5', 'p7', 'p8', 'p9', 'p11'].map((id) => ({ id, name: `Gracz ${id}` })),
  rounds: [
    {
      tables: [
        {
          table: 1,
          players: ['p7', 'p2', 'p11', 'p4'],
          protocol: [
            [1, -1, 1, -1],
            [-4, 4, 4, -4],
          ],
        },
        { table: 2, players: ['p1', 'p9', 'p3', 'p5', 'p8'], protocol: [[null, 2, -2, 2, -2]] },
      ],
    },
  ],
});

describe('baska tournament standings // docs/spec/tournament.md', () => {
  it("reads the spec's example: a round in progress, nothing counted yet", () => {
    const r = baska(['standings', write('spec.json', specExample()), '--json']);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.out);
    expect(s.rounds).toEqual([
      {
        round: 1,
        complete: false,
        tables: [
          {
            table: 1,
            complete: false,
            players: ['p7', 'p2', 'p11', 'p4'],
            smallPoints: [-3, 3, 5, -5],
            places: null,
            tablePoints: null,
          },
          {
            table: 2,
            complete: false,
            players: ['p1', 'p9', 'p3', 'p5', 'p8'],
            smallPoints: [0, 2, -2, 2, -2],
            places: null,
            tablePoints: null,
          },
        ],
      },
    ]);
    expect(s.standings).toHaveLength(9);
    for (const row of s.standings)
      expect(row).toMatchObject({ place: 1, bigPoints: 0, smallPoints: 0, placesCount: [0, 0, 0, 0, 0] });
    // Nine players share place 1: each gets the average of the points of places 1–9.
    expect(s.standings[0].tournamentPoints).toBeCloseTo((60 + 56 + 53 + 51 + 50 + 49 + 48 + 47 + 46) / 9, 9);
  });

  it('prints a table for people by default, and CSV on demand', () => {
    const path = write('spec.json', specExample());
    const text = baska(['standings', path]);
    expect(text.code).toBe(0);
    expect(text.out).toContain('Grand Prix Żnina, turniej 3');
    expect(text.out).toMatch(/Miejsce\s+Gracz\s+Duże pkt/);
    // A round in progress and no table finished: nobody has a place yet, and the small points so
    // far stand in a column of their own, marked as provisional.
    expect(text.out).toMatch(/Małe pkt\s+W toku\*/);
    expect(text.out).toContain('* Małe punkty rozdań zapisanych przy stolikach, które jeszcze grają');
    const csv = baska(['standings', path, '--csv']);
    expect(csv.out.split('\n')[0]).toBe(
      'place,player,name,bigPoints,smallPoints,first,second,third,fourth,fifth,tournamentPoints,running',
    );
    expect(csv.out.trim().split('\n')).toHaveLength(10);
    for (const line of csv.out.trim().split('\n').slice(1)) expect(line).toMatch(/^,p\d+,/);
  });
});

describe('baska tournament: every error code of the spec, exit 1, nothing else printed', () => {
  const rejected = (file: unknown, args: string[] = ['standings']) => {
    const r = baska([...args.slice(0, 1), write('bad.json', file), ...args.slice(1)]);
    expect(r.code).toBe(1);
    return JSON.parse(r.out).error as { code: string; round?: number; table?: number; row?: number };
  };
  const edit = (change: (f: File) => void) => {
    const f = specExample();
    change(f);
    return f;
  };
  const t1 = (f: File) => f.rounds[0]!.tables[0]!;
  const t2 = (f: File) => f.rounds[0]!.tables[1]!;

  it('ERR_JSON and ERR_SCHEMA', () => {
    expect(rejected('{"name": ').code).toBe('ERR_JSON');
    expect(rejected([1, 2]).code).toBe('ERR_SCHEMA');
    expect(rejected(edit((f) => ((f as { seed: unknown }).seed = 7))).code).toBe('ERR_SCHEMA');
    expect(rejected(edit((f) => (t2(f).table = 3)))).toMatchObject({ code: 'ERR_SCHEMA', round: 1, table: 2 });
  });

  it('ERR_FORMAT: an unknown preset, an unknown option, a bad value', () => {
    expect(rejected(edit((f) => (f.format = 'warszawa'))).code).toBe('ERR_FORMAT');
    expect(rejected(edit((f) => (f.format = { format: 'znin', rundy: 3 }))).code).toBe('ERR_FORMAT');
    expect(rejected(edit((f) => (f.format = { format: 'znin', tablePoints: { 4: [8, 6, 4] } }))).code).toBe(
      'ERR_FORMAT',
    );
    expect(rejected(edit((f) => (f.format = { format: 'znin', season: { tournaments: 4, best: 6 } }))).code).toBe(
      'ERR_FORMAT',
    );
  });

  it('ERR_RULES', () => {
    expect(rejected(edit((f) => (f.rules = 'poker'))).code).toBe('ERR_RULES');
  });

  it('ERR_PLAYERS: duplicate id, unknown player, two tables, no table, a table of three', () => {
    expect(rejected(edit((f) => f.players.push({ id: 'p1', name: 'again' }))).code).toBe('ERR_PLAYERS');
    expect(rejected(edit((f) => (t1(f).players[0] = 'p99')))).toMatchObject({
      code: 'ERR_PLAYERS',
      round: 1,
      table: 1,
    });
    expect(rejected(edit((f) => (t2(f).players[0] = 'p7')))).toMatchObject({ code: 'ERR_PLAYERS', round: 1, table: 2 });
    expect(rejected(edit((f) => f.players.push({ id: 'p12', name: 'late' })))).toMatchObject({
      code: 'ERR_PLAYERS',
      round: 1,
    });
    const three = edit((f) => {
      t1(f).players.pop();
      t1(f).protocol = [];
      f.players = f.players.filter((p) => p.id !== 'p4');
    });
    expect(rejected(three)).toMatchObject({ code: 'ERR_PLAYERS', round: 1, table: 1 });
    expect(rejected(edit((f) => (f.players[0]!.id = ''))).code).toBe('ERR_PLAYERS');
  });

  it('ERR_PLAYERS: a number of players that cannot be seated (draw)', () => {
    for (const n of [3, 6, 7, 11]) {
      const f = edit((x) => {
        x.players = Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, name: `P${i + 1}` }));
        x.rounds = [];
      });
      expect(rejected(f, ['draw', '--round', '1'])).toMatchObject({ code: 'ERR_PLAYERS', round: 1 });
    }
  });

  it('ERR_PROTOCOL: length, null in the wrong seat, a missing null, not an integer, a sum, too many rows', () => {
    const where = (row: number, table = 1) => ({ code: 'ERR_PROTOCOL', round: 1, table, row });
    expect(rejected(edit((f) => t1(f).protocol.push([1, -1, 0])))).toMatchObject(where(2));
    expect(rejected(edit((f) => t2(f).protocol.push([null, 1, -1, 1, -1])))).toMatchObject(where(1, 2));
    expect(rejected(edit((f) => t2(f).protocol.push([1, 1, -1, 1, -2])))).toMatchObject(where(1, 2));
    expect(rejected(edit((f) => (t1(f).protocol[0] = [null, 1, -1, 0])))).toMatchObject(where(0));
    expect(rejected(edit((f) => (t1(f).protocol[1] = [0.5, -0.5, 1, -1])))).toMatchObject(where(1));
    expect(rejected(edit((f) => (t1(f).protocol[1] = ['4', -4, 4, -4] as unknown as Row)))).toMatchObject(where(1));
    expect(rejected(edit((f) => (t1(f).protocol[1] = [4, 4, 4, -4])))).toMatchObject(where(1));
    const long = edit((f) => (t1(f).protocol = Array.from({ length: 33 }, () => [1, -1, 1, -1])));
    expect(rejected(long)).toMatchObject(where(32));
  });

  it('ERR_ROUND: more rounds than the format, a draw past an undrawn round, a round being played', () => {
    const five = edit((f) => {
      f.format = { format: 'znin', rounds: 1 };
      f.rounds.push(structuredClone(f.rounds[0]!));
    });
    expect(rejected(five)).toMatchObject({ code: 'ERR_ROUND', round: 2 });
    expect(rejected(specExample(), ['draw', '--round', '3'])).toMatchObject({ code: 'ERR_ROUND', round: 3 });
    expect(rejected(specExample(), ['draw', '--round', '1'])).toMatchObject({ code: 'ERR_ROUND', round: 1 });
    expect(rejected(specExample(), ['draw', '--round', '5'])).toMatchObject({ code: 'ERR_ROUND', round: 5 });
  });

  it('a usage error exits 2', () => {
    expect(baska(['draw', write('spec.json', specExample())]).code).toBe(2); // no --round
    expect(baska(['standings', join(tmp, 'missing.json')]).code).toBe(2);
    expect(baska(['play', write('spec.json', specExample()), '--round', '1', '--bots', 'grandmaster']).code).toBe(2);
  });

  it('says a usage error in Polish by default and in English with --lang en, on every subcommand', () => {
    const spec = write('spec.json', specExample());
    expect.soft(baska(['standings', spec, '--json', '--csv']).err).toBe('baska: --json albo --csv, nie oba naraz\n');
    expect
      .soft(baska(['standings', spec, '--json', '--csv', '--lang', 'en']).err)
      .toBe('baska: --json or --csv, not both\n');
    expect.soft(baska(['draw', spec]).err).toContain("błąd: brak wymaganej opcji '--round <k>'");
    expect.soft(baska(['--lang', 'en', 'standings', spec]).out).toContain('rounds complete: 0 of 4'); // before the subcommand too
    expect
      .soft(baska(['draw', spec, '--lang', 'en']).err)
      .toContain("error: required option '--round <k>' not specified");
    expect
      .soft(baska(['new', '--format', '{', '-o', join(tmp, 'x.json')], 'A\nB\nC\nD\n').err)
      .toBe('baska: to nie jest poprawny JSON: {\n');
    expect
      .soft(baska(['season', spec, spec, '--best', '0']).err)
      .toContain("błąd: opcja '--best <n>': niewłaściwa wartość '0'. --best: podaj liczbę całkowitą od 1 do 1000");
  });
});

describe('a simulated tournament of 22 players over 4 rounds', () => {
  const players = Array.from({ length: 22 }, (_, i) => `Gracz ${String(i + 1).padStart(2, '0')}`);
  const path = join(tmp, 'gp.json');

  it('runs new, draw and play through the real command', () => {
    expect(baska(['new', '-', '--name', 'Test', '--seed', 'sim-22', '-o', path], players.join('\n')).code).toBe(0);
    for (let k = 1; k <= 4; k++) {
      const drawn = baska(['draw', path, '--round', String(k), '-o', path]);
      expect(drawn.code, drawn.out + drawn.err).toBe(0);
      const played = baska(['play', path, '--round', String(k), '--bots', 'basic', '-o', path]);
      expect(played.code, played.out + played.err).toBe(0);
    }
  }, 300_000);

  it('seats everyone once a round at two tables of five and three of four; every row sums to 0', () => {
    const f = JSON.parse(readFileSync(path, 'utf8')) as File;
    expect(f.rounds).toHaveLength(4);
    for (const round of f.rounds) {
      expect(round.tables.map((t) => t.players.length).sort()).toEqual([4, 4, 4, 5, 5]);
      expect(new Set(round.tables.flatMap((t) => t.players)).size).toBe(22);
      for (const t of round.tables) {
        expect(t.protocol).toHaveLength(t.players.length === 4 ? 32 : 36);
        for (const [i, row] of t.protocol.entries()) {
          expect(row.reduce<number>((s, v) => s + (v ?? 0), 0)).toBe(0);
          row.forEach((v, seat) => expect(v === null).toBe(t.players.length === 5 && seat === i % 5));
        }
      }
    }
  });

  it('has the standings an independent recomputation gives', () => {
    const f = JSON.parse(readFileSync(path, 'utf8')) as File;
    const s = JSON.parse(baska(['standings', path, '--json']).out);
    // Recomputed here in plain numbers: table points shared by averaging, big points summed.
    const big = new Map<string, number>(),
      small = new Map<string, number>(),
      places = new Map<string, number[]>();
    for (const p of f.players) {
      big.set(p.id, 0);
      small.set(p.id, 0);
      places.set(p.id, [0, 0, 0, 0, 0]);
    }
    for (const round of f.rounds)
      for (const t of round.tables) {
        const pts = t.players.length === 4 ? [8, 6, 4, 2] : [8, 6, 4, 2, 2];
        const sums = t.players.map((_, seat) => t.protocol.reduce((a, row) => a + (row[seat] ?? 0), 0));
        t.players.forEach((id, seat) => {
          const better = sums.filter((x) => x > sums[seat]!).length;
          const same = sums.filter((x) => x === sums[seat]!).length;
          const mine = pts.slice(better, better + same).reduce((a, b) => a + b, 0) / same;
          big.set(id, big.get(id)! + mine);
          small.set(id, small.get(id)! + sums[seat]!);
          places.get(id)![better]!++;
        });
      }
    const key = (id: string) => [big.get(id)!, small.get(id)!, ...places.get(id)!];
    const order = f.players
      .map((p) => p.id)
      .sort((a, b) => {
        const ka = key(a),
          kb = key(b);
        for (let i = 0; i < ka.length; i++) if (Math.abs(ka[i]! - kb[i]!) > 1e-9) return kb[i]! - ka[i]!;
        return 0;
      });
    expect(s.standings).toHaveLength(22);
    for (const row of s.standings) {
      expect(row.bigPoints).toBeCloseTo(big.get(row.player)!, 9);
      expect(row.smallPoints).toBe(small.get(row.player));
      expect(row.placesCount).toEqual(places.get(row.player));
    }
    // The same order, place by place (players sharing a place may come in any order).
    s.standings.forEach((row: { player: string; place: number }, i: number) => {
      expect(key(row.player)).toEqual(key(order[i]!));
      expect(row.place).toBe(
        1 + order.findIndex((id) => key(id).every((v, k) => Math.abs(v - key(row.player)[k]!) < 1e-9)),
      );
    });
    expect(s.rounds.every((r: { complete: boolean }) => r.complete)).toBe(true);
  });

  it('prints protocols: a sheet per table, names escaped', () => {
    const f = JSON.parse(readFileSync(path, 'utf8')) as File;
    f.players[0]!.name = '<script>alert(1)</script>';
    const hostile = write('hostile.json', f);
    const r = baska(['protocol', hostile, '--round', '2']);
    expect(r.code).toBe(0);
    expect(r.out.match(/<section class="sheet">/g)).toHaveLength(5);
    expect(r.out).not.toContain('<script>alert');
    expect(r.out).toContain('&lt;script&gt;');
    expect(
      baska(['protocol', hostile, '--round', '2', '--table', '3']).out.match(/<section class="sheet">/g),
    ).toHaveLength(1);
  });

  it('ranks a season over three tournaments', () => {
    const f = JSON.parse(readFileSync(path, 'utf8')) as File;
    const r = baska(['season', path, path, path, '--best', '2', '--json']);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.out);
    const standings = JSON.parse(baska(['standings', path, '--json']).out).standings;
    const first = standings[0];
    expect(s.standings[0]).toMatchObject({
      score: 2 * first.tournamentPoints,
      total: 3 * first.tournamentPoints,
      played: 3,
    });
    expect(s.standings).toHaveLength(f.players.length);
  });
});

describe('baska tournament new and draw', () => {
  it('reads a CSV with a header and keeps its ids', () => {
    const csv = 'id;name\nk1;Kowalski, Jan\nk2;Nowak Anna\nk3;Wiśniewski\nk4;Wójcik\n';
    const r = baska(['new', write('players.csv', csv), '--seed', 'x']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).players).toEqual([
      { id: 'k1', name: 'Kowalski, Jan' },
      { id: 'k2', name: 'Nowak Anna' },
      { id: 'k3', name: 'Wiśniewski' },
      { id: 'k4', name: 'Wójcik' },
    ]);
  });

  it('draws the same tables from the same file, other tables from another seed', () => {
    const names = Array.from({ length: 24 }, (_, i) => `P${i}`).join('\n');
    const a = write('a.json', baska(['new', '--seed', 'one'], names).out);
    const b = write('b.json', baska(['new', '--seed', 'two'], names).out);
    const drawA = baska(['draw', a, '--round', '1']).out;
    expect(baska(['draw', a, '--round', '1']).out).toBe(drawA);
    expect(baska(['draw', b, '--round', '1']).out).not.toBe(drawA);
  });
});

describe('baska tournament: what a hostile or careless file gets', () => {
  it('a file nested too deeply is refused with a code, not a stack trace', () => {
    const deep = { ...specExample(), notes: JSON.parse('['.repeat(4000) + ']'.repeat(4000)) };
    const r = baska(['standings', write('deep.json', deep)]);
    expect([r.code, JSON.parse(r.out).error.code, r.err]).toEqual([1, 'ERR_SCHEMA', '']);
  });

  it('a file saved with a BOM is read', () => {
    expect(baska(['standings', write('bom.json', '\uFEFF' + JSON.stringify(specExample())), '--json']).code).toBe(0);
  });

  it('small points beyond any game are refused, so sums stay exact', () => {
    const f = specExample();
    f.rounds[0]!.tables[0]!.protocol[0] = [9007199254740991, 2, -9007199254740991, -1];
    const r = baska(['standings', write('big.json', f)]);
    expect([r.code, JSON.parse(r.out).error]).toMatchObject([1, { code: 'ERR_PROTOCOL', row: 0 }]);
  });

  it('a season names the file it refuses', () => {
    const good = write('good.json', specExample());
    const bad = write('bad-season.json', { ...specExample(), rules: 'poker' });
    const r = baska(['season', good, bad, '--json']);
    expect([r.code, JSON.parse(r.out).error]).toMatchObject([1, { code: 'ERR_RULES', file: bad }]);
  });

  it('a table a round does not have is ERR_ROUND', () => {
    const r = baska(['protocol', write('spec.json', specExample()), '--round', '1', '--table', '3']);
    expect([r.code, JSON.parse(r.out).error]).toMatchObject([1, { code: 'ERR_ROUND', round: 1, table: 3 }]);
  });

  it('a list of players: a header without a name column is refused, tabs work, given ids are kept', () => {
    const noName = baska(['new', write('p1.csv', 'Imię;Nazwisko\nJan;Kowalski\nAnna;Nowak\n'), '--seed', 'x']);
    expect([noName.code, JSON.parse(noName.out).error.code]).toEqual([1, 'ERR_PLAYERS']);
    expect(JSON.parse(baska(['new', write('p.json', specExample())]).out).error.code).toBe('ERR_PLAYERS');
    const tabs = baska(['new', write('p2.tsv', 'name\tid\nJan\t\nAnna\tp1\nEwa\t\nOla\t\n'), '--seed', 'x']);
    expect(JSON.parse(tabs.out).players.map((p: { id: string }) => p.id)).toEqual(['p2', 'p1', 'p3', 'p4']);
    const seven = baska(['new', '-', '--seed', 'x'], 'a\nb\nc\nd\ne\nf\ng\n');
    expect([seven.code, JSON.parse(seven.out).error.code]).toEqual([1, 'ERR_PLAYERS']);
  });

  it('a name that looks like a formula stays text in the CSV', () => {
    const f = specExample();
    f.players[0]!.name = '=HYPERLINK("http://x","y")';
    const csv = baska(['standings', write('formula.json', f), '--csv']).out;
    expect(csv).not.toMatch(/,"?=HYPERLINK/);
  });

  it('counts unfinished tables with the Polish plural', () => {
    const f = specExample();
    f.rounds[0]!.tables[1]!.protocol = Array.from({ length: 36 }, (_, i) =>
      ([1, -1, 1, -1] as (number | null)[]).toSpliced(i % 5, 0, null),
    );
    expect(baska(['standings', write('one-open.json', f)]).out).toContain('1 niedokończony stolik');
    expect(baska(['standings', write('two-open.json', specExample())]).out).toContain('2 niedokończone stoliki');
  });
});

describe('duplicate rounds and seasons in progress // docs/spec/tournament.md "Duplicate rounds"', () => {
  const players = Array.from({ length: 12 }, (_, i) => `Gracz ${String(i + 1).padStart(2, '0')}`);
  const path = join(tmp, 'dup.json');
  const FORMAT = '{"format":"znin","rounds":2,"deals":{"4":8}}';
  type DupFile = File & { rounds: { duplicate?: { seed?: string; commitment?: string } }[] };
  const read = () => JSON.parse(readFileSync(path, 'utf8')) as DupFile;

  /** The comparison recomputed here from the rows alone: a seat's total (bok-round deals halved) minus the average of the same seat's totals at the other tables. */
  function recompute(f: DupFile): Map<string, number> {
    const out = new Map<string, number>();
    for (const round of f.rounds) {
      if (!round.duplicate) continue;
      const totals = round.tables.map((t) =>
        [0, 1, 2, 3].map((s) => t.protocol.reduce((a, row, i) => a + row[s]! / (t.bokDeals?.includes(i) ? 2 : 1), 0)),
      );
      round.tables.forEach((t, ti) =>
        t.players.forEach((p, s) => {
          const others = totals.filter((_, k) => k !== ti).map((x) => x[s]!);
          const mean = others.reduce((a, b) => a + b, 0) / others.length;
          out.set(p, (out.get(p) ?? 0) + totals[ti]![s]! - mean);
        }),
      );
    }
    return out;
  }

  it('draws a duplicate round, plays it, and ranks the comparison as recomputed from the file', () => {
    expect(baska(['new', '-', '--seed', 'dup-12', '--format', FORMAT, '-o', path], players.join('\n')).code).toBe(0);
    expect(baska(['draw', path, '--round', '1', '--duplicate', '-o', path]).code).toBe(0);
    expect(read().rounds[0]!.duplicate).toEqual({ seed: 'dup-12:r1:duplicate' });
    const played = baska(['play', path, '--round', '1', '--bots', 'random', '-o', path]);
    expect(played.code, played.out + played.err).toBe(0);
    const s = JSON.parse(baska(['standings', path, '--json']).out);
    const expected = recompute(read());
    expect(s.rounds[0].duplicate).toBe(true);
    for (const row of s.standings) expect(row.duplicate).toBeCloseTo(expected.get(row.player)!, 9);
    expect(s.standings.some((row: { duplicate: number }) => Math.abs(row.duplicate) > 0)).toBe(true);
    const text = baska(['standings', path]).out;
    expect(text).toMatch(/Pkt turniejowe\s+Porównanie/);
    expect(text).toContain('te same karty');
    expect(baska(['standings', path, '--csv']).out.split('\n')[0]).toMatch(/,tournamentPoints,duplicate$/);
  });

  it('deals every table the same hands: deterministic bots then write the same rows at every table', () => {
    const same = join(tmp, 'dup-basic.json');
    baska(['new', '-', '--seed', 'dup-basic', '--format', FORMAT, '-o', same], players.join('\n'));
    baska(['draw', same, '--round', '1', '--duplicate', '-o', same]);
    expect(baska(['play', same, '--round', '1', '--bots', 'basic', '-o', same]).code).toBe(0);
    const tables = (JSON.parse(readFileSync(same, 'utf8')) as File).rounds[0]!.tables;
    // `basic` plays the same cards the same way: with the same deals the three protocols are one.
    expect(tables[1]!.protocol).toEqual(tables[0]!.protocol);
    expect(tables[2]!.protocol).toEqual(tables[0]!.protocol);
    const row = JSON.parse(baska(['standings', same, '--json']).out).standings[0];
    expect(row.duplicate).toBe(0);
  });

  it('lists the deals of the round from its seed, as HMAC-SHA256 of the seed deals them', () => {
    const lines = baska(['deals', path, '--round', '1', '--json'])
      .out.trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(8);
    const seed = createHmac('sha256', 'dup-12:r1:duplicate').update('deal:3').digest('hex');
    expect(lines[2]).toMatchObject({
      deal: 3,
      dealer: 2,
      seed,
      commitment: createHash('sha256').update(seed).digest('hex'),
    });
    expect(lines[2].hands.join(' ').split(' ').sort()).toHaveLength(16);
    expect(new Set(lines[2].hands.join(' ').split(' ')).size).toBe(16);
    const not = baska(['deals', path, '--round', '2']);
    expect([not.code, JSON.parse(not.out).error.code]).toEqual([1, 'ERR_ROUND']);
  });

  it('refuses a seed that does not hash to its commitment, a table of five, and playing without the seed', () => {
    const f = read();
    f.rounds[0]!.duplicate = {
      seed: 'inny',
      commitment: createHash('sha256').update('dup-12:r1:duplicate').digest('hex'),
    };
    const tampered = baska(['standings', write('dup-bad.json', f)]);
    expect([tampered.code, JSON.parse(tampered.out).error]).toMatchObject([1, { code: 'ERR_DUPLICATE', round: 1 }]);
    const thirteen = baska(
      ['new', '-', '--seed', 'x', '-o', join(tmp, 'dup13.json')],
      [...players, 'Trzynasty'].join('\n'),
    );
    expect(thirteen.code).toBe(0);
    const five = baska(['draw', join(tmp, 'dup13.json'), '--round', '1', '--duplicate']);
    expect([five.code, JSON.parse(five.out).error]).toMatchObject([1, { code: 'ERR_DUPLICATE', round: 1 }]);
    const sealed = read();
    sealed.rounds[0]!.duplicate = { commitment: createHash('sha256').update('x').digest('hex') };
    for (const t of sealed.rounds[0]!.tables) t.protocol = [];
    const noSeed = baska(['play', write('dup-sealed.json', sealed), '--round', '1']);
    expect([noSeed.code, JSON.parse(noSeed.out).error.code]).toEqual([1, 'ERR_DUPLICATE']);
  });

  it('a season counts only finished tournaments and names the ones in progress', () => {
    // `path` has played one of its two rounds; the same file with round 2 played too is finished.
    const done = join(tmp, 'dup-done.json');
    expect(baska(['draw', path, '--round', '2', '-o', done]).code).toBe(0);
    expect(baska(['play', done, '--round', '2', '--bots', 'random', '-o', done]).code).toBe(0);
    const s = JSON.parse(baska(['season', done, path, '--json']).out);
    expect(s.tournaments.map((t: { finished: boolean }) => t.finished)).toEqual([true, false]);
    expect(
      s.standings.every((r: { results: unknown[]; played: number }) => r.results[1] === null && r.played === 1),
    ).toBe(true);
    const winner = JSON.parse(baska(['standings', done, '--json']).out).standings[0];
    expect(s.standings[0]).toMatchObject({ player: winner.player, score: 60, total: 60 });
    expect(baska(['season', done, path]).out).toContain('w toku, nie liczą się: T2*');
  });
});

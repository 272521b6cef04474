// The built `baska` command, spawned as a real process with fixture files and piped input.
import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cardCode, fairHands, fairInput } from '@baska/engine';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../bin/baska.js', import.meta.url));
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'baska-cli-'));

function baska(args: string[], input?: string, env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    input,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...env },
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
const json = (text: string) => JSON.parse(text) as Record<string, unknown>;

/** Many runs of the command at once (each its own process), for the many short ones of --help. */
function baskaAll(runs: string[][]): Promise<{ code: number | null; out: string; err: string }[]> {
  return Promise.all(
    runs.map(
      (args) =>
        new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
          execFile(
            process.execPath,
            [BIN, ...args],
            { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
            (e, out, err) => resolve({ code: e ? (e.code as number) : 0, out, err }),
          );
        }),
    ),
  );
}

describe('baska score // spec/records.md', () => {
  it('scores a record file: every field of the spec, exit 0', () => {
    const r = baska(['score', fixture('cicha-tie.json')]);
    expect(r.code).toBe(0);
    expect(r.out.endsWith('\n')).toBe(true);
    expect(json(r.out)).toEqual({
      deals: [
        {
          contract: 'cicha',
          declarer: 0,
          old: [0],
          counted: 2,
          multiplier: 4,
          bokRound: false,
          oldPoints: 52,
          youngPoints: 52,
          oldTricks: 2,
          youngTricks: 2,
          tie: true,
          winner: 'young',
          grade: null,
          value: 32,
          scores: [-96, 32, 32, 32],
        },
        {
          contract: 'zwyczajna',
          declarer: null,
          old: [1, 3],
          counted: 0,
          multiplier: 1,
          bokRound: true,
          oldPoints: 78,
          youngPoints: 26,
          oldTricks: 3,
          youngTricks: 1,
          tie: false,
          winner: 'old',
          grade: 1,
          value: 2,
          scores: [-2, 2, -2, 2],
        },
      ],
      totals: [-98, 34, 30, 34],
      bokDealsLeft: 3,
    });
  });

  it('reads standard input when FILE is absent or -', () => {
    const text = readFileSync(fixture('zwyczajna.json'), 'utf8');
    for (const args of [['score'], ['score', '-']]) {
      const r = baska(args, text);
      expect(r.code).toBe(0);
      expect(json(r.out).totals).toEqual([1, -1, 1, -1]);
    }
  });

  it('prints a rejected record as an error object on standard output and exits 1', () => {
    const r = baska(['score', fixture('illegal-card.json')]);
    expect(r.code).toBe(1);
    expect(json(r.out)).toEqual({
      error: { code: 'ERR_ILLEGAL_CARD', message: 'seat 1 must play Th or Qh, not As', deal: 0, at: 'play[5]' },
    });
  });

  it('will not score an unfinished deal: ERR_INCOMPLETE, exit 1', () => {
    const r = baska(['score', fixture('in-progress.json')]);
    expect(r.code).toBe(1);
    expect(json(r.out)).toEqual({ error: { code: 'ERR_INCOMPLETE', message: 'deal 0 has not ended', deal: 0 } });
  });

  it('--jsonl: one result per line in order; a bad line gives its error in place, the rest go on, exit 1', () => {
    const good = JSON.stringify(json(readFileSync(fixture('zwyczajna.json'), 'utf8')));
    const lines = [
      good,
      'not json',
      good,
      '{"rules":"nowhere","deals":[]}',
      JSON.stringify({ rules: 'kaszuby', deals: [{ dealer: 0, hands: ['a', 'b', 'c', 'd'], auction: [], play: [] }] }),
    ];
    const r = baska(['score', '--jsonl'], lines.join('\n') + '\n');
    expect(r.code).toBe(1);
    const out = r.out.trimEnd().split('\n').map(json);
    expect(out).toHaveLength(5);
    expect(out[0]!.totals).toEqual([1, -1, 1, -1]);
    expect((out[1]!.error as { code: string }).code).toBe('ERR_JSON');
    expect(out[2]!.totals).toEqual([1, -1, 1, -1]);
    expect((out[3]!.error as { code: string }).code).toBe('ERR_SCHEMA');
    expect((out[4]!.error as { code: string }).code).toBe('ERR_RULES');
  });

  it('--jsonl of good lines exits 0', () => {
    const good = JSON.stringify(json(readFileSync(fixture('zwyczajna.json'), 'utf8')));
    const file = join(tmp, 'good.jsonl');
    writeFileSync(file, `${good}\n${good}\n`);
    const r = baska(['score', '--jsonl', file]);
    expect(r.code).toBe(0);
    expect(r.out.trimEnd().split('\n')).toHaveLength(2);
  });

  it.each([
    ['ERR_JSON', '{'],
    ['ERR_SCHEMA', '{"rules":"standard"}'],
    [
      'ERR_RULES',
      '{"rules":{"preset":"standard","nope":1},"deals":[{"dealer":0,"hands":["a","b","c","d"],"auction":[],"play":[]}]}',
    ],
    [
      'ERR_CARDS',
      '{"rules":"standard","deals":[{"dealer":3,"hands":["Ah Ah Ac Tc","Th Qh Jc As","Qs Qd Js Ts","Jh Jd Ad Td"],"auction":[],"play":[]}]}',
    ],
    [
      'ERR_DEALER',
      '{"rules":"standard","deals":[{"dealer":9,"hands":["Ah Qc Ac Tc","Th Qh Jc As","Qs Qd Js Ts","Jh Jd Ad Td"],"auction":[],"play":[]}]}',
    ],
    [
      'ERR_ILLEGAL_CALL',
      '{"rules":"standard","deals":[{"dealer":3,"hands":["Ah Qc Ac Tc","Th Qh Jc As","Qs Qd Js Ts","Jh Jd Ad Td"],"auction":["rekontra"],"play":[]}]}',
    ],
    [
      'ERR_EXTRA',
      '{"rules":"standard","deals":[{"dealer":3,"hands":["Ah Qc Ac Tc","Th Qh Jc As","Qs Qd Js Ts","Jh Jd Ad Td"],"auction":["pass","pass","pass","pass","pass"],"play":[]}]}',
    ],
  ])('reports %s with exit 1', (code, input) => {
    const r = baska(['score'], input);
    expect(r.code).toBe(1);
    expect((json(r.out).error as { code: string }).code).toBe(code);
  });

  it('exits 2 on usage errors: an unreadable file, an unknown command or flag', () => {
    for (const args of [
      ['score', join(tmp, 'missing.json')],
      ['frobnicate'],
      ['score', '--bogus'],
      ['legal', '--jsonl', tmp],
    ]) {
      const r = baska(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.out).toBe('');
      expect(r.err.length).toBeGreaterThan(0);
    }
  });
});

describe('a closed output pipe', () => {
  it('ends the command quietly when its reader goes away (| head)', () => {
    const r = spawnSync(
      'sh',
      [
        '-c',
        `"${process.execPath}" "${BIN}" simulate --deals 3000 --seed 1 --out /dev/stdout | head -c 100 > /dev/null; echo "exit $?"`,
      ],
      {
        encoding: 'utf8',
      },
    );
    expect(r.stderr).not.toMatch(/EPIPE|Error/);
    const game = spawnSync(
      'sh',
      ['-c', `yes 1 | "${process.execPath}" "${BIN}" play --seed 3 --deals 50 | head -n 5 > /dev/null`],
      {
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      },
    );
    expect(game.stderr).not.toMatch(/EPIPE|Error/);
  });
});

describe('baska legal // spec/records.md', () => {
  it('lists the legal calls of an auction in progress', () => {
    const r = baska(['legal', fixture('in-progress.json')]);
    expect(r.code).toBe(0);
    const out = json(r.out) as { phase: string; seat: number; legal: string[] };
    expect(out.phase).toBe('auction');
    expect(out.seat).toBe(2); // kop: forehand (seat 0) first, then 1, then 2
    expect([...out.legal].sort()).toEqual(['pass', 'rekontra', 'zollo', 'zollo-du']);
  });

  it('lists the legal cards in play, and "complete" for a finished deal', () => {
    const rec = json(readFileSync(fixture('zwyczajna.json'), 'utf8')) as { deals: { play: string[] }[] };
    rec.deals[0]!.play = rec.deals[0]!.play.slice(0, 5);
    const r = baska(['legal'], JSON.stringify(rec));
    expect(json(r.out)).toEqual({ phase: 'play', seat: 1, legal: ['Th', 'Qh'] });
    const done = baska(['legal', fixture('zwyczajna.json')]);
    expect(done.code).toBe(0);
    expect(json(done.out)).toEqual({ phase: 'complete' });
  });

  it('--jsonl answers line by line, errors in place', () => {
    const lines = [readFileSync(fixture('in-progress.json'), 'utf8').replace(/\n/g, ''), '[]'];
    const r = baska(['legal', '--jsonl'], lines.join('\n'));
    expect(r.code).toBe(1);
    const out = r.out.trimEnd().split('\n').map(json);
    expect(out[0]!.phase).toBe('auction');
    expect((out[1]!.error as { code: string }).code).toBe('ERR_SCHEMA');
  });
});

describe('baska simulate', () => {
  it('is reproducible: the same seed gives byte-identical --out files', () => {
    const a = join(tmp, 'a.jsonl');
    const b = join(tmp, 'b.jsonl');
    expect(baska(['simulate', '--deals', '300', '--seed', '11', '--out', a]).code).toBe(0);
    expect(baska(['simulate', '--deals', '300', '--seed', '11', '--out', b]).code).toBe(0);
    expect(readFileSync(a)).toEqual(readFileSync(b));
    const c = join(tmp, 'c.jsonl');
    baska(['simulate', '--deals', '300', '--seed', '12', '--out', c]);
    expect(readFileSync(c)).not.toEqual(readFileSync(a));
  });

  it('writes records that score --jsonl accepts, with the same scores', () => {
    for (const rules of ['standard', 'kop', '{"preset":"znin","cardOrder":"asTrzyDychy"}']) {
      const file = join(tmp, 'sim.jsonl');
      const sim = baska(['simulate', '--deals', '500', '--seed', '5', '--rules', rules, '--out', file, '--json']);
      expect(sim.code).toBe(0);
      const summary = json(sim.out) as {
        totals: number[];
        deals: number;
        contracts: Record<string, { played: number }>;
      };
      const scored = baska(['score', '--jsonl', file]);
      expect(scored.code).toBe(0);
      const results = scored.out.trimEnd().split('\n').map(json) as { totals: number[]; deals: unknown[] }[];
      expect(results.reduce((n, r) => n + r.deals.length, 0)).toBe(500);
      const totals = [0, 1, 2, 3].map((s) => results.reduce((a, r) => a + r.totals[s]!, 0));
      expect(totals).toEqual(summary.totals);
      expect(Object.values(summary.contracts).reduce((a, c) => a + c.played, 0)).toBe(500);
    }
  });

  it('prints a summary table: contracts, how often the old won, mean score per seat, bok-rounds', () => {
    const r = baska(['simulate', '--deals', '200', '--seed', '3', '--lang', 'en']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Simulation: 200 deals, rules standard, seed 3/);
    expect(r.out).toMatch(/contract\s+deals\s+%\s+old won/);
    expect(r.out).toMatch(/Mean score per deal: seat 1 [+-]\d.*seat 4 [+-]\d/); // people count seats from 1
    expect(r.out).not.toMatch(/seat 0/);
    expect(r.out).toMatch(/Bok-rounds: \d+/);
  });

  it('seats basic players by default, not random ones (whose bidding makes nearly every deal a zollo-du)', () => {
    const count = (bots: string[]) => {
      const r = baska(['simulate', '--deals', '200', '--seed', '3', '--json', ...bots]);
      expect(r.code).toBe(0);
      return json(r.out) as { bots: string[]; contracts: Record<string, { played: number }> };
    };
    const byDefault = count([]);
    expect(byDefault.bots).toEqual(['basic', 'basic', 'basic', 'basic']);
    expect(byDefault.contracts.zwyczajna!.played).toBeGreaterThan(100);
    expect(byDefault.contracts['zollo-du']?.played ?? 0).toBeLessThan(20);
    const random = count(['--bots', 'random']);
    expect(random.contracts['zollo-du']!.played).toBeGreaterThan(150);
  });

  it('says the count in Polish with its plural form', () => {
    expect(baska(['simulate', '--deals', '1', '--seed', '3']).out).toContain('Symulacja: 1 rozdanie,');
    expect(baska(['simulate', '--deals', '3', '--seed', '3']).out).toContain('Symulacja: 3 rozdania,');
    expect(baska(['simulate', '--deals', '5', '--seed', '3']).out).toContain('Symulacja: 5 rozdań,');
  });

  it('rejects a bad --deals or bot level with exit 2', () => {
    expect(baska(['simulate']).code).toBe(2);
    expect(baska(['simulate', '--deals', 'ten']).code).toBe(2);
    expect(baska(['simulate', '--deals', '5', '--bots', 'genius']).code).toBe(2);
    expect(baska(['simulate', '--deals', '5', '--rules', 'nowhere']).code).toBe(2);
    const unwritable = baska(['simulate', '--deals', '5', '--out', join(tmp, 'no', 'such', 'dir.jsonl')]);
    expect(unwritable.code).toBe(2);
    expect(unwritable.err).toMatch(/^baska: nie można zapisać .*ENOENT/);
  });
});

describe('baska rules, --help, --version', () => {
  it("prints a preset's options and score table", () => {
    const r = baska(['rules', 'kop']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Zasady: kop');
    expect(r.out).toContain('Kontry: kontra, re, bok, słup');
    expect(r.out).toMatch(/zollo-du\s+\+30\s+-30/); // kop: the old's loss is not doubled
    expect(r.out).not.toContain('gran ');
    const j = baska(['rules', 'leborsk', '--json']);
    expect(json(j.out)).toMatchObject({ preset: 'leborsk', cichaMustBeLosable: true });
  });

  it('has help with examples on every command, and a version', () => {
    for (const cmd of [[], ['score'], ['legal'], ['play'], ['simulate'], ['analyze'], ['arena'], ['rules']]) {
      const r = baska([...cmd, '--help']);
      expect(r.code).toBe(0);
      expect(r.out).toContain('Przykłady:'); // in Polish unless --lang en: see "the words people read" below
    }
    expect(baska(['--version']).out.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

describe('baska analyze', () => {
  it('reports every decision of a record written by baska simulate, as text and as JSON', () => {
    const file = join(tmp, 'analyze.jsonl');
    expect(baska(['simulate', '--deals', '1', '--seed', '5', '--out', file]).code).toBe(0);
    const text = baska(['analyze', file, '--threads', '2']);
    expect(text.code).toBe(0);
    expect(text.out).toContain('Rozdanie 1 — '); // people count deals from 1
    expect(text.out).toMatch(/34\s650 układów/);
    expect(text.out).toMatch(/Błędy: \d+/);
    const r = baska(['analyze', file, '--json', '--threads', '1', '--seat', '3', '--no-auction']);
    expect(r.code).toBe(0);
    const report = json(r.out) as {
      deals: { decisions: { seat: number; phase: string; chosen: string; actions: { action: string }[] }[] }[];
    };
    const decisions = report.deals[0]!.decisions;
    expect(decisions.length).toBeGreaterThan(0);
    for (const d of decisions) {
      expect(d.seat).toBe(2); // --seat 3 as people count; the JSON counts from 0 like the records
      expect(d.phase).toBe('play');
      expect(d.actions.map((a) => a.action)).toContain(d.chosen);
    }
  });

  it('analyses one hand before the auction (worked out by hand: the four highest trumps win everything)', () => {
    const r = baska(['analyze', '--hand', 'A♥ 10♥ D♣ D♠', '--dealer', '1', '--seat', '3', '--json', '--threads', '1']);
    expect(r.code).toBe(0);
    const a = json(r.out) as {
      layouts: number;
      calls: { action: string; expectedScore: number; winProbability: number }[];
    };
    expect(a.layouts).toBe(34_650);
    expect(a).toMatchObject({ seat: 2, dealer: 0 }); // the JSON counts seats from 0
    expect(a.calls.find((c) => c.action === 'pass')).toEqual({ action: 'pass', expectedScore: 12, winProbability: 1 });
    expect(a.calls.find((c) => c.action === 'zollo-du')).toEqual({
      action: 'zollo-du',
      expectedScore: 30,
      winProbability: 1,
    });
  });

  it('refuses bad input with a clear message and exit 2, and a bad record with its error code and exit 1', () => {
    const bad = baska(['analyze', '--hand', 'Ah Ah Qc Qs', '--dealer', '1', '--seat', '2']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('ERR_CARDS');
    expect(baska(['analyze', '--hand', 'Ah Th Qc Qs']).code).toBe(2);
    expect(baska(['analyze', fixture('zwyczajna.json'), '--deal', '9']).err).toContain('--deal 9');
    const rejected = baska(['analyze', fixture('illegal-card.json'), '--json']);
    expect(rejected.code).toBe(1);
    expect(json(rejected.out)).toMatchObject({ error: { code: 'ERR_ILLEGAL_CARD' } });
  });
});

describe('seats as people count them, 1–4 (as the browser does)', () => {
  it('takes --seat and --dealer as 1–4 and refuses 0 and 5 with exit 2', () => {
    for (const seat of ['0', '5']) {
      const r = baska(['play', '--seat', seat]);
      expect(r.code).toBe(2);
      expect(r.err).toContain('--seat: podaj liczbę całkowitą od 1 do 4');
    }
    const dealer = baska(['analyze', '--hand', 'Ah Th Qc Qs', '--dealer', '0', '--seat', '1']);
    expect(dealer.code).toBe(2);
    expect(dealer.err).toContain('--dealer: podaj liczbę całkowitą od 1 do 4');
  });

  it('names seats 1–4 in the text of analyze, and only the chosen one with --seat', () => {
    const hand = baska(['analyze', '--hand', 'A♥ 10♥ D♣ D♠', '--dealer', '4', '--seat', '1', '--threads', '1']);
    expect(hand.code).toBe(0);
    expect(hand.out).toContain('Ręka gracza 1 (rozdaje gracz 4)');
    const file = join(tmp, 'seats.jsonl');
    expect(baska(['simulate', '--deals', '1', '--seed', '5', '--bots', 'random', '--out', file]).code).toBe(0);
    const text = baska(['analyze', file, '--threads', '1', '--seat', '3', '--no-auction', '--lang', 'en']);
    expect(text.code).toBe(0);
    const players = [...text.out.matchAll(/trick \d, player (\d)/g)].map((m) => m[1]);
    expect(players.length).toBeGreaterThan(0);
    expect(new Set(players)).toEqual(new Set(['3']));
    expect(text.out).toMatch(/dealer: player [1-4]\n/);
  });
});

describe('cichaMustBeLosable in the command (RULES §7)', () => {
  it('baska legal: under leborsk the holder of a sure cicha may not pass; under standard he may', () => {
    const legalFor = (rules: string) => {
      const deal = {
        dealer: 0,
        hands: ['Jc Js Jh Jd', 'Qh Qd Ad Td', 'Ah Th Qc Qs', 'Ac Tc As Ts'],
        auction: [] as string[],
        play: [],
      };
      for (;;) {
        const r = json(baska(['legal'], JSON.stringify({ rules, deals: [deal] })).out) as {
          seat: number;
          legal: string[];
        };
        if (r.seat === 2) return r.legal;
        deal.auction.push('pass');
      }
    };
    expect(legalFor('leborsk')).not.toContain('pass');
    expect(legalFor('leborsk')).toContain('wesele');
    expect(legalFor('standard')).toContain('pass');
  });

  it("baska analyze replays the record with the judge: the sure cicha's pass is not weighed as a choice under leborsk", () => {
    const file = join(tmp, 'sure-cicha.json');
    const hands = ['Jc Js Jh Jd', 'Qh Qd Ad Td', 'Ah Th Qc Qs', 'Ac Tc As Ts'];
    writeFileSync(
      file,
      JSON.stringify({ rules: 'leborsk', deals: [{ dealer: 0, hands, auction: ['wesele'], play: [] }] }),
    );
    const r = baska(['analyze', file, '--json', '--threads', '2', '--seat', '3']); // seat 2 of the record
    expect(r.code).toBe(0);
    const report = json(r.out) as {
      deals: { decisions: { seat: number; chosen: string; actions: { action: string }[] }[] }[];
    };
    const first = report.deals[0]!.decisions[0]!;
    expect(first).toMatchObject({ seat: 2, chosen: 'wesele' });
    expect(first.actions.map((a) => a.action)).not.toContain('pass'); // before: valued as if it were legal
    expect(first.actions.map((a) => a.action)).toContain('wesele');
  });

  it('baska analyze --hand: a sure cicha has no pass to weigh under leborsk, and has one under standard', () => {
    const calls = (rules: string) => {
      const r = baska(['analyze', '--hand', 'Ah Th Qc Qs', '--dealer', '1', '--seat', '3', '--rules', rules, '--json']);
      expect(r.code).toBe(0);
      return (json(r.out) as { calls: { action: string }[] }).calls.map((c) => c.action);
    };
    expect(calls('leborsk')).not.toContain('pass');
    expect(calls('standard')).toContain('pass');
  });
});

describe('baska arena', () => {
  it('plays a duplicate match and reports the difference with its confidence interval, as JSON and as Markdown with a plot', () => {
    const report = join(tmp, 'arena.md');
    const match = [
      'arena',
      '--bots',
      'basic,random',
      '--deals',
      '40',
      '--seed',
      '1',
      '--gap-deals',
      '10',
      '--lang',
      'en',
    ];
    const r = baska([...match, '--report', report]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('# Arena: basic vs random (standard)');
    expect(r.out).toMatch(/Paired difference basic − random per deal: +[\d.]+ \(95% CI/);
    const md = readFileSync(report, 'utf8');
    expect(md).toContain('![running difference](arena.svg)');
    expect(md).toContain(
      'baska arena --bots basic,random --deals 40 --seed 1 --rules standard --gap-deals 10 --lang en',
    );
    expect(md).toContain('basic in seats 1 and 3 and random in 2 and 4'); // people count seats from 1
    expect(readFileSync(join(tmp, 'arena.svg'), 'utf8')).toMatch(/^<svg [^>]*>[\s\S]*<polyline[\s\S]*<\/svg>\n$/);

    const j = json(baska([...match, '--json', '--threads', '1']).out) as {
      deals: number;
      difference: { mean: number; low: number; high: number };
      gap: { share: Record<string, number> };
    };
    expect(j.deals).toBe(40);
    expect(j.difference.low).toBeLessThan(j.difference.mean);
    expect(md).toContain(
      `Paired difference basic − random per deal: ${j.difference.mean >= 0 ? ' ' : ''}${j.difference.mean.toFixed(2)}`,
    );
    expect(j.gap.share.oracle).toBe(1);
  });

  it('measures the gap to the oracle against basic when asked (--gap-against), the yardstick that does not saturate', () => {
    const r = baska([
      'arena',
      ...['--bots', 'random,basic', '--deals', '6', '--seed', '3', '--gap-deals', '4', '--gap-against', 'basic'],
      ...['--rules', 'kop', '--threads', '1', '--lang', 'en', '--json'], // kop: the oracle's auctions are fewer
    ]);
    expect(r.code).toBe(0);
    const j = json(r.out) as {
      gap: { deals: number; against: string; lead: Record<string, { mean: number }>; share: Record<string, number> };
    };
    expect(j.gap.deals).toBe(4);
    expect(j.gap.against).toBe('basic');
    expect(j.gap.lead.basic!.mean).toBe(0); // basic against itself is the zero of the yardstick
    expect(j.gap.share.basic).toBe(0);
    expect(j.gap.share.oracle).toBe(1);
    expect(j.gap.lead.random!.mean).toBeLessThan(0); // random is behind basic: a negative share
    expect(j.gap.share.random).toBeLessThan(0);
    const md = baska([
      'arena',
      ...['--bots', 'random,basic', '--deals', '2', '--seed', '3', '--gap-deals', '2'],
      ...['--gap-against', 'basic', '--rules', 'kop', '--threads', '1', '--lang', 'en'],
    ]);
    expect(md.out).toContain('also played a duplicate match against `basic`');
    expect(md.out).toContain('it plays the best reply to it');
    expect(md.out).toContain('--gap-deals 2 --gap-against basic --lang en');
    expect(baska(['arena', '--deals', '2', '--gap-against', 'oracle']).code).toBe(2);
    expect(baska(['arena', '--deals', '2', '--gap-against', 'genius']).code).toBe(2);
  });

  it('writes the report and the summary in Polish by default, numbers with a decimal comma', () => {
    const report = join(tmp, 'arena-pl.md');
    const r = baska([
      'arena',
      '--bots',
      'basic,random',
      '--deals',
      '12',
      '--seed',
      '2',
      '--gap-deals',
      '4',
      '--threads',
      '1',
      '--report',
      report,
    ]);
    expect(r.code).toBe(0);
    for (const text of [r.out, readFileSync(report, 'utf8')]) {
      expect(text).toContain('# Arena: basic przeciw random (standard)');
      expect(text).toContain('12 rozdań duplikatowych');
      expect(text).toMatch(/Różnica w parach basic − random na rozdanie: +\d+,\d\d \(95% PU/);
      expect(text).toContain('## Odległość od wyroczni');
      expect(text).toContain('--lang pl');
      expect(text).not.toMatch(/Paired|Result|Decision times|\d\.\d\d/);
    }
    expect(readFileSync(join(tmp, 'arena-pl.svg'), 'utf8')).toContain('rozdania duplikatowe');
    expect(baska(['arena', '--lang', 'de', '--deals', '1']).code).toBe(2);
  });

  it('refuses unknown players, a wrong count of them and an unwritable report, before any work (exit 2)', () => {
    expect(baska(['arena', '--bots', 'basic,genius', '--deals', '2']).code).toBe(2);
    expect(baska(['arena', '--bots', 'basic', '--deals', '2']).err).toContain('podaj dwóch graczy');
    const r = baska(['arena', '--bots', 'basic,random', '--deals', '2', '--report', '/nonexistent/dir/r.md']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('nie można zapisać /nonexistent/dir/r.md');
  });
});

describe('the words people read, in Polish (the default) and in English', () => {
  const COMMANDS = [
    ['score'],
    ['legal'],
    ['play'],
    ['simulate'],
    ['analyze'],
    ['arena'],
    ['rules'],
    ['verify'],
    ['tournament'],
    ['tournament', 'new'],
    ['tournament', 'draw'],
    ['tournament', 'play'],
    ['tournament', 'standings'],
    ['tournament', 'season'],
    ['tournament', 'protocol'],
    ['tournament', 'deals'],
  ];
  /** Each command's --help in English, asked once for the tests that read it. */
  let englishHelp: ReturnType<typeof baskaAll> | undefined;
  const englishHelps = () => (englishHelp ??= baskaAll(COMMANDS.map((cmd) => [...cmd, '--help', '--lang', 'en'])));

  it('--help speaks Polish by default: commander’s headings, the options, the examples', async () => {
    const top = baska(['--help']);
    expect.soft(top.code).toBe(0);
    expect.soft(top.out).toContain('Użycie: baska [opcje] [polecenie]');
    expect.soft(top.out).toContain('Polecenia:');
    expect.soft(top.out).toContain('gra w terminalu przeciw trzem graczom komputerowym');
    expect.soft(top.out).toContain('help [polecenie]');
    const helps = await baskaAll(COMMANDS.map((cmd) => [...cmd, '--help']));
    for (const [i, cmd] of COMMANDS.entries()) {
      const r = helps[i]!;
      expect.soft(r.code, cmd.join(' ')).toBe(0);
      expect.soft(r.out, cmd.join(' ')).toContain('Przykłady:');
      expect.soft(r.out, cmd.join(' ')).toContain('Użycie:');
      expect
        .soft(r.out, cmd.join(' '))
        .not.toMatch(/Usage:|Options:|Examples:|Arguments:|\(default:|choices:|show help/);
    }
    const play = baska(['play', '--help']).out.replace(/\s+/g, ' '); // as one line, whatever the wrapping
    expect.soft(play).toContain('--seat <miejsce>');
    expect.soft(play).toContain('(do wyboru: "random", "basic", "expert"; domyślnie: "expert")');
  });

  it('--help speaks English with --lang en or --lang=en, wherever it stands', async () => {
    for (const args of [
      ['--help', '--lang', 'en'],
      ['--lang=en', '--help'],
    ]) {
      const r = baska(args);
      expect.soft(r.code).toBe(0);
      expect.soft(r.out).toContain('Usage: baska [options] [command]');
      expect.soft(r.out).toContain('Examples:');
      expect.soft(r.out).not.toContain('Przykłady');
    }
    const helps = await englishHelps();
    for (const [i, cmd] of COMMANDS.entries()) {
      const r = helps[i]!;
      expect.soft(r.code, cmd.join(' ')).toBe(0);
      expect.soft(r.out, cmd.join(' ')).toContain('Examples:');
      expect.soft(r.out, cmd.join(' ')).not.toMatch(/Przykłady|Użycie|Opcje/);
    }
    // The language of the output is not LANG's: the command speaks Polish unless told otherwise.
    expect
      .soft(baska(['--help'], undefined, { LANG: 'en_US.UTF-8', LC_ALL: 'en_US.UTF-8' }).out)
      .toContain('Przykłady:');
  });

  it('usage errors speak the language of --lang, commander’s own and ours', () => {
    const seat = baska(['play', '--seat', '0']);
    expect.soft(seat.code).toBe(2);
    expect
      .soft(seat.err)
      .toContain("błąd: opcja '--seat <miejsce>': niewłaściwa wartość '0'. --seat: podaj liczbę całkowitą od 1 do 4");
    expect.soft(seat.err).toContain('(--help pokaże, jak go używać)');
    expect
      .soft(baska(['play', '--seat', '0', '--lang', 'en']).err)
      .toContain("error: option '--seat <seat>' argument '0' is invalid. --seat must be a whole number from 1 to 4");
    expect.soft(baska(['score', '--bogus']).err).toContain("błąd: nieznana opcja '--bogus'");
    expect.soft(baska(['play', '--sead', '1']).err).toContain('(Czy chodziło o --seat albo --seed?)');
    expect.soft(baska(['frobnicate']).err).toContain("błąd: nieznane polecenie 'frobnicate'");
    expect.soft(baska(['simulate']).err).toContain("błąd: brak wymaganej opcji '--deals <n>'");
    expect.soft(baska(['arena', '--lang', 'de']).err).toContain("niewłaściwa wartość 'de'. Do wyboru: pl, en.");
    const hand = baska(['analyze', '--hand', 'Ah Th Qc Qs']);
    expect.soft([hand.code, hand.err]).toEqual([2, 'baska: --hand wymaga --seat i --dealer\n']);
    expect
      .soft(baska(['analyze', '--hand', 'Ah Th Qc Qs', '--lang', 'en']).err)
      .toBe('baska: --hand needs --seat and --dealer\n');
    expect
      .soft(baska(['score', join(tmp, 'missing.json')]).err)
      .toBe(`baska: nie można odczytać ${join(tmp, 'missing.json')}: ENOENT\n`);
    expect
      .soft(baska(['simulate', '--deals', '5', '--out', join(tmp, 'no', 'dir.jsonl')]).err)
      .toMatch(/^baska: nie można zapisać .*dir\.jsonl: ENOENT\n$/);
  });

  it('simulate: decimals with a comma in Polish, seats named in the totals, the bots listed as a list', () => {
    const pl = baska(['simulate', '--deals', '1', '--seed', '3']).out;
    expect.soft(pl).toContain('Symulacja: 1 rozdanie, zasady standard, ziarno 3, boty: basic, basic, basic, basic');
    expect.soft(pl).toMatch(/gran\s+1\s+100,0%\s+100,0%/);
    expect
      .soft(pl)
      .toContain('Średni wynik na rozdanie: miejsce 1 -5,000, miejsce 2 -5,000, miejsce 3 -5,000, miejsce 4 +15,000');
    expect.soft(pl).toContain('Suma: miejsce 1 -5, miejsce 2 -5, miejsce 3 -5, miejsce 4 +15');
    expect.soft(pl).not.toMatch(/\d\.\d/);
    const en = baska(['simulate', '--deals', '1', '--seed', '3', '--lang', 'en']).out;
    expect.soft(en).toMatch(/gran\s+1\s+100\.0%\s+100\.0%/);
    expect.soft(en).toContain('Totals: seat 1 -5, seat 2 -5, seat 3 -5, seat 4 +15');
    // --lang before the command's name as well as after it
    for (const args of [
      ['--lang', 'en', 'simulate', '--deals', '1', '--seed', '3'],
      ['--lang=en', 'simulate', '--deals', '1', '--seed', '3'],
    ])
      expect.soft(baska(args).out, args.join(' ')).toContain('Simulation: 1 deal, rules standard, seed 3');
  });

  it('rules: the cards as Polish players write them, the score table’s heading over its columns', () => {
    const pl = baska(['rules']).out;
    expect.soft(pl).toContain('Zasady: standard (źródło 000: „Baśka – Zasady gry”)');
    expect.soft(pl).toContain('atuty: A♥ 10♥ D♣ D♠ D♥ D♦ W♣ W♠ W♥ W♦ A♦ 10♦');
    expect.soft(pl).toContain('gran, gran-du: W♣ W♠ W♥ W♦; w kolorach A 10 D');
    expect.soft(pl).not.toContain('seed');
    // The heading's two words end where the columns of numbers below them end.
    const lines = pl.split('\n');
    const head = /^( +)(\S+) +(\S+)$/.exec(lines[lines.findIndex((l) => l.startsWith('Wynik')) + 1]!)!;
    const row = lines.find((l) => l.startsWith('  cicha'))!;
    const ends = (line: string, word: string) => line.indexOf(word) + word.length;
    expect.soft([ends(head[0], head[2]!), ends(head[0], head[3]!)]).toEqual([ends(row, '+12'), ends(row, '-24')]);
    expect.soft(pl).toContain('każda liczona kontra ×2');
    const en = baska(['rules', '--lang', 'en']).out;
    expect.soft(en).toContain('Rules: standard (source 000: "Baśka – Zasady gry")');
    expect.soft(en).toContain('trumps: A♥ 10♥ Q♣ Q♠');
  });

  it('analyze: deals counted from 1 for people, no bridge words, Polish decimals, the plural of layouts', () => {
    const file = join(tmp, 'words-analyze.jsonl');
    expect.soft(baska(['simulate', '--deals', '1', '--seed', '5', '--out', file]).code).toBe(0);
    const pl = baska(['analyze', file, '--no-auction', '--threads', '2']);
    expect.soft(pl.code).toBe(0);
    expect.soft(pl.out).toContain('Rozdanie 1 — wesele; rozdaje gracz 2');
    expect.soft(pl.out).not.toContain('Rozdanie 0');
    expect.soft(pl.out).toContain('lewa 3, gracz 1 · 1 układ\n');
    expect.soft(pl.out).toContain('lewa 3, gracz 2 · 2 układy\n');
    expect.soft(pl.out).toContain('lewa 3, gracz 4 · 3 układy\n');
    expect.soft(pl.out).toContain('lewa 3, gracz 3 · 6 układów\n');
    expect.soft(pl.out).toContain('ruch        oczekiwany wynik   szansa wygranej   przy odkrytych kartach');
    expect.soft(pl.out).toMatch(/» 10♣ +\+1,00 +100,0% +\+1,00 \(78\)/);
    expect.soft(pl.out).toContain('Kolumna „przy odkrytych kartach”');
    expect.soft(pl.out).not.toMatch(/double-dummy|oczek\. wynik|\d\.\d/);
    const en = baska(['analyze', file, '--no-auction', '--threads', '2', '--lang', 'en', '--deal', '1']);
    expect.soft(en.out).toContain('Deal 1 — wesele; dealer: player 2');
    expect.soft(en.out).toContain('trick 3, player 1 · 1 layout\n');
    expect.soft(en.out).toContain('trick 3, player 2 · 2 layouts\n');
    expect.soft(en.out).toMatch(/» 10♣ +\+1\.00 +100\.0% +\+1\.00 \(78\)/);
    // --deal counts from 1 as people do; the JSON keeps the records' numbering from 0.
    const json1 = JSON.parse(baska(['analyze', file, '--no-auction', '--deal', '1', '--json']).out) as {
      deals: { deal: number }[];
    };
    expect.soft(json1.deals.map((d) => d.deal)).toEqual([0]);
    const none = baska(['analyze', file, '--deal', '2']);
    expect.soft([none.code, none.err]).toEqual([2, 'baska: --deal 2: zapis ma 1 rozdanie\n']);
    expect.soft(baska(['analyze', file, '--deal', '0']).code).toBe(2);
    const hand = baska(['analyze', '--hand', 'A♥ 10♥ D♣ D♠', '--dealer', '4', '--seat', '1', '--threads', '1']);
    expect.soft(hand.out).toContain('Ręka gracza 1 (rozdaje gracz 4): A♥ 10♥ D♣ D♠ · 34\u00a0650 układów'); // Polish groups with a no-break space
    expect.soft(hand.out).toMatch(/★ zollo-du +\+30,00 +100,0%/);
    expect.soft(hand.out).toContain('po zapowiedzi gry pozostali pasują');
    expect.soft(hand.out).not.toMatch(/oczek\. wynik|\d\.\d|deklaracji/);
  });

  it('arena: the oracle plays with the cards open, in Polish words; one deal is one, not "the first 1 deals"', () => {
    const args = [
      'arena',
      '--bots',
      'basic,random',
      '--deals',
      '2',
      '--seed',
      '2',
      '--gap-deals',
      '1',
      '--threads',
      '1',
    ];
    const pl = baska(args).out;
    expect
      .soft(pl)
      .toContain('Na pierwszym rozdaniu każdy gracz i wyrocznia rozegrali też mecz duplikatowy przeciw `random`.');
    expect.soft(pl).toContain('Wyrocznia widzi wszystkie karty i gra bezbłędnie przy odkrytych kartach.');
    expect.soft(pl).not.toContain('double-dummy');
    const en = baska([...args, '--lang', 'en']).out;
    expect
      .soft(en)
      .toContain('On the first deal each player, and the oracle, also played a duplicate match against `random`.');
  });

  it('verify: what standard error says of the signature, in Polish', () => {
    const seed = 'a'.repeat(64);
    const contributions = [null, null, null, null];
    const digest = createHash('sha256').update(fairInput(seed, contributions)).digest('hex');
    const hands = fairHands(digest, 0).map((m) =>
      Array.from({ length: 16 }, (_, c) => c)
        .filter((c) => m & (1 << c))
        .map((c) => cardCode(c))
        .join(' '),
    );
    const commitment = createHash('sha256').update(seed).digest('hex');
    const record = JSON.stringify({
      rules: 'standard',
      deals: [{ dealer: 0, hands, auction: [], play: [], fair: { commitment, seed, contributions } }],
    });
    const pl = baska(['verify'], record);
    expect.soft(pl.code).toBe(0);
    expect.soft(pl.err).toBe('baska verify: zapis nie jest podpisany: nic nie dowodzi, że rozdał go serwer\n');
    const two = baska(['verify', '--jsonl'], `${record}\n${record}\n`);
    expect.soft(two.err).toBe('baska verify: 2 zapisy nie są podpisane: nic nie dowodzi, że rozdał je serwer\n');
    expect
      .soft(baska(['verify', '--lang', 'en'], record).err)
      .toBe('baska verify: the record is not signed: nothing shows that the server dealt it\n');
  });

  it('the README tells what the command does today: each option of its examples exists, the default level is named', async () => {
    const readme = readFileSync(fileURLToPath(new URL('../../../README.md', import.meta.url)), 'utf8');
    const start = readme.indexOf('## The `baska` command');
    const section = readme.slice(start, readme.indexOf('\n## ', start));
    const examples = [...section.matchAll(/npx baska ((?:tournament )?[a-z]+)([^\n#`]*)/g)];
    expect.soft(examples.length).toBeGreaterThan(20);
    const helps = await englishHelps();
    for (const [line, command, args] of examples) {
      const help = helps[COMMANDS.findIndex((c) => c.join(' ') === command)]!.out;
      for (const flag of args!.match(/--[a-z-]+/g) ?? []) expect.soft(help, line).toContain(flag);
    }
    const level = /--bots <level>[^(]*\([^)]*default: "(\w+)"\)/.exec(
      baska(['play', '--help', '--lang', 'en']).out,
    )![1];
    expect.soft(section).toContain(`\`${level}\` by default`);
    expect.soft(section).not.toMatch(/`random` for now/);
    expect.soft(section).toContain('`--lang en` on any command');
  });
});

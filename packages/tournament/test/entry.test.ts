// A deal entered in words at a real table: hand-worked rows from the rule books, offences, and the
// same rows as the engine's own play-out.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type Preset, type Rules, SeededRng, Table, randomInt, rulesOf } from '@baska/engine';
import { type EntryContext, entryOf, entryOfScores, entryOfWords } from '@baska/tournament';

const at = (preset: Preset | Rules = 'standard', more: Partial<EntryContext> = {}): EntryContext => ({
  rules: typeof preset === 'string' ? rulesOf(preset) : preset,
  size: 4,
  out: null,
  inBokRound: false,
  ...more,
});
const row = (words: unknown, ctx = at()) => {
  const r = entryOfWords(words, ctx);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
};
const sumsToZero = (s: (number | null)[], c: EntryContext) =>
  s.length === c.size && s.reduce<number>((a, b) => a + (b ?? 0), 0) === 0 && (c.out === null || s[c.out] === null);
const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? 'ok' : r.error!.code);

describe("seed 000's worked examples (RULES §5)", () => {
  it('1. zwyczajna with a kontra, the old take 80: bez wyjścia, ±4', () => {
    const r = row({ contract: 'zwyczajna', old: [0, 2], oldPoints: 80, doublings: 1 });
    expect(r.scores).toEqual([4, -4, 4, -4]);
    expect(r.grade).toBe(2);
    // the same in the scorer's other words: the old won bez wyjścia
    expect(row({ contract: 'zwyczajna', old: [0, 2], winner: 'old', grade: 2, doublings: 1 }).scores).toEqual([
      4, -4, 4, -4,
    ]);
  });

  it('2. cicha with kontra and rekontra, 52:52: the young win, −96/+32, and a bok-round follows', () => {
    const r = row({ contract: 'cicha', old: [1], oldPoints: 52, doublings: 2 });
    expect(r.scores).toEqual([32, -96, 32, 32]);
    expect(r.tie).toBe(true);
    expect(r.winner).toBe('young');
  });

  it("seed 000's score table, no doubling: each old / each young", () => {
    const table: [unknown, number[]][] = [
      [{ contract: 'zwyczajna', old: [0, 1], winner: 'old', grade: 1 }, [1, 1, -1, -1]],
      [{ contract: 'wesele', old: [0, 1], winner: 'young', grade: 1 }, [-2, -2, 2, 2]],
      [{ contract: 'zwyczajna', old: [0, 1], winner: 'young', grade: 2 }, [-4, -4, 4, 4]],
      [{ contract: 'zwyczajna', old: [0, 1], oldPoints: 0 }, [-6, -6, 6, 6]], // bez bitki
      [{ contract: 'cicha', old: [3], winner: 'old' }, [-4, -4, -4, 12]],
      [{ contract: 'cicha', old: [3], winner: 'young' }, [8, 8, 8, -24]],
      [{ contract: 'gran', old: [0], oldPoints: 60 }, [15, -5, -5, -5]],
      [{ contract: 'zollo', old: [0], oldPoints: 40 }, [-30, 10, 10, 10]],
      [{ contract: 'zollo-bieda', old: [2] }, [-5, -5, 15, -5]],
      [{ contract: 'gran-du', old: [1], winner: 'old' }, [-10, 30, -10, -10]],
      [{ contract: 'zollo-du', old: [1], winner: 'young' }, [20, -60, 20, 20]],
      [{ contract: 'mester', old: [0], winner: 'old' }, [30, -10, -10, -10]],
    ];
    for (const [words, scores] of table) expect(row(words).scores, JSON.stringify(words)).toEqual(scores);
  });

  it("seed 002's table under znin: a lost solo game pays as much as a won one; a won hirsz zollo-du pays 160", () => {
    expect(row({ contract: 'zollo', old: [0], winner: 'young' }, at('znin')).scores).toEqual([-15, 5, 5, 5]);
    expect(row({ contract: 'zollo-du', old: [0], winner: 'old', doublings: 4 }, at('znin')).scores).toEqual([
      480, -160, -160, -160,
    ]);
    // wygrana młodych bez bitki: starzy − młodym 6
    expect(row({ contract: 'zwyczajna', old: [1, 3], winner: 'young', grade: 3 }, at('znin')).scores).toEqual([
      6, -6, 6, -6,
    ]);
  });

  it('a bok-round doubles the row; kop gives a tie to the side that did not double last', () => {
    expect(
      row({ contract: 'zwyczajna', old: [0, 1], oldPoints: 70 }, at('standard', { inBokRound: true })).scores,
    ).toEqual([2, 2, -2, -2]);
    const kop = row({ contract: 'zollo', old: [2], oldPoints: 52, doublings: 1, lastDoubler: 'young' }, at('kop'));
    expect(kop.winner).toBe('old');
    expect(kop.scores).toEqual([-10, -10, 30, -10]);
    expect(code(entryOfWords({ contract: 'zollo', old: [2], oldPoints: 52, doublings: 1 }, at('kop')))).toBe(
      'ERR_ENTRY',
    );
  });

  it('at a table of five the dealer sits out with null, and the four others sum to 0 (RULES §9)', () => {
    const r = row({ contract: 'zwyczajna', old: [0, 4], oldPoints: 70 }, at('znin', { size: 5, out: 2 }));
    expect(r.scores).toEqual([1, -1, null, -1, 1]);
    expect(code(entryOfWords({ contract: 'gran', old: [2], winner: 'old' }, at('znin', { size: 5, out: 2 })))).toBe(
      'ERR_ENTRY',
    );
  });
});

describe('offences (seed 002 §8.4, §9.7–§9.9)', () => {
  it('a revoke by an old player in zwyczajna with a kontra: the old lose z wyjściem, 1 × 2 × 2', () => {
    const r = row({ contract: 'zwyczajna', old: [0, 2], doublings: 1, offence: { seat: 2, kind: 'revoke' } });
    expect(r.scores).toEqual([-4, 4, -4, 4]);
    expect(r.grade).toBe(1);
    expect(r.offence).toEqual({ seat: 2, kind: 'revoke' });
  });

  it('a card out of turn by a young player in wesele: the old win z wyjściem, in a bok-round ×2', () => {
    const r = row(
      { contract: 'wesele', old: [1, 3], offence: { seat: 0, kind: 'out-of-turn' } },
      at('standard', { inBokRound: true }),
    );
    expect(r.scores).toEqual([-2, 2, -2, 2]);
  });

  it('in a solo game only the offending defender is charged: he pays the soloist for all three (§9.8)', () => {
    const r = row({ contract: 'gran', old: [1], doublings: 1, offence: { seat: 3, kind: 'revoke' } });
    expect(r.scores).toEqual([0, 30, 0, -30]);
  });

  it('the soloist who revokes loses his game as bid (×2 under standard, ×1 under znin)', () => {
    expect(row({ contract: 'cicha', old: [0], offence: { seat: 0, kind: 'revoke' } }).scores).toEqual([-24, 8, 8, 8]);
    expect(row({ contract: 'cicha', old: [0], offence: { seat: 0, kind: 'other' } }, at('znin')).scores).toEqual([
      -12, 4, 4, 4,
    ]);
    expect(
      row({ contract: 'zollo-du', old: [0], offence: { seat: 0, kind: 'out-of-turn' } }, at('znin')).scores,
    ).toEqual([-30, 10, 10, 10]);
  });

  it('shown cards: the deal scores as played when he took every remaining trick, else his side loses', () => {
    const took = row({
      contract: 'zwyczajna',
      old: [0, 1],
      oldPoints: 90,
      offence: { seat: 2, kind: 'shown', tookRest: true },
    });
    expect(took.scores).toEqual([2, 2, -2, -2]);
    const lost = row({ contract: 'zwyczajna', old: [0, 1], offence: { seat: 2, kind: 'shown', tookRest: false } });
    expect(lost.scores).toEqual([1, 1, -1, -1]);
    expect(lost.offence?.kind).toBe('shown');
  });

  it('a lone old may show his cards; a thrown game has no play; an offence leaves no room for a result', () => {
    expect(
      code(
        entryOfWords(
          { contract: 'zollo', old: [0], oldPoints: 70, offence: { seat: 0, kind: 'shown', tookRest: false } },
          at(),
        ),
      ),
    ).toBe('ERR_OFFENCE');
    expect(code(entryOfWords({ contract: 'baszka', old: [0], offence: { seat: 1, kind: 'revoke' } }, at('znin')))).toBe(
      'ERR_OFFENCE',
    );
    expect(
      code(entryOfWords({ contract: 'zollo', old: [0], oldPoints: 70, offence: { seat: 1, kind: 'revoke' } }, at())),
    ).toBe('ERR_ENTRY');
    expect(code(entryOfWords({ contract: 'zollo', old: [0], offence: { seat: 1, kind: 'shown' } }, at()))).toBe(
      'ERR_ENTRY',
    );
  });
});

describe('hostile words and typed rows', () => {
  const good = { contract: 'zwyczajna', old: [0, 2], oldPoints: 70 };
  it('refuses every malformed field with ERR_ENTRY', () => {
    const bad: unknown[] = [
      null,
      [],
      'zwyczajna',
      { ...good, contract: 'poker' },
      { ...good, contract: 'toString' },
      { ...good, contract: 'mester' }, // not under znin (below)
      { ...good, old: [0] },
      { ...good, old: [0, 0] },
      { ...good, old: [0, 4] },
      { ...good, old: '0,2' },
      { ...good, oldPoints: 105 },
      { ...good, oldPoints: 1 }, // no side can take 1 point
      { ...good, oldPoints: 52.5 },
      { ...good, oldPoints: '70' },
      { ...good, winner: 'old' },
      { contract: 'zwyczajna', old: [0, 2], winner: 'old' }, // no grade
      { contract: 'zwyczajna', old: [0, 2], winner: 'old', grade: 4 },
      { contract: 'gran', old: [0], winner: 'old', grade: 1 },
      { contract: 'gran-du', old: [0], oldPoints: 104 },
      { contract: 'mester', old: [0], doublings: 1 },
      { contract: 'mester', old: [0], winner: 'young' },
      { ...good, doublings: 5 },
      { ...good, doublings: -1 },
      { ...good, lastDoubler: 'young' }, // with no doubling
      { ...good, offence: { seat: 9, kind: 'revoke' } },
      { ...good, offence: { seat: 1, kind: 'cheating' } },
      { ...good, __proto__: { x: 1 }, extra: 1 },
    ];
    for (const b of bad) expect(code(entryOfWords(b, at('znin'))), JSON.stringify(b)).toBe('ERR_ENTRY');
  });

  it('typed small points: integers summing to 0, null only for the seat sitting out', () => {
    expect(code(entryOfScores([4, -4, 4, -4], at()))).toBe('ok');
    expect(code(entryOfScores([4, -4, 4, -3], at()))).toBe('ERR_SUM');
    expect(code(entryOfScores([4, -4, 4], at()))).toBe('ERR_ENTRY');
    expect(code(entryOfScores([4, -4, 4.5, -4.5], at()))).toBe('ERR_ENTRY');
    expect(code(entryOfScores([4, -4, null, 0], at()))).toBe('ERR_ENTRY');
    expect(code(entryOfScores(['4', -4, 4, -4], at()))).toBe('ERR_ENTRY');
    expect(code(entryOfScores([1e300, -1e300, 0, 0], at()))).toBe('ERR_ENTRY');
    expect(code(entryOfScores([1_000_001, -1_000_001, 0, 0], at()))).toBe('ERR_ENTRY');
    const huge = at(rulesOf({ preset: 'standard', maxDoubling: 20 }));
    expect(code(entryOfWords({ contract: 'zollo-du', old: [0], winner: 'old', doublings: 20 }, huge))).toBe(
      'ERR_ENTRY',
    );
    const five = at('znin', { size: 5, out: 4 });
    expect(entryOfScores([2, -2, 2, -2, null], five)).toMatchObject({
      ok: true,
      value: { scores: [2, -2, 2, -2, null] },
    });
    expect(code(entryOfScores([2, -2, 2, -2, 0], five))).toBe('ERR_ENTRY');
    expect(code(entryOf({ scores: [1, -1, 0, 0], tie: 'yes' }, at()))).toBe('ERR_ENTRY');
    expect(code(entryOf({ scores: [1, -1, 0, 0], words: good }, at()))).toBe('ERR_ENTRY');
    expect(code(entryOf({ id: '../x', scores: [1, -1, 0, 0] }, at()))).toBe('ERR_ENTRY');
  });

  it('never throws on anything, and every row it accepts sums to 0', () => {
    const value = fc.oneof(
      fc.constantFrom(
        'zwyczajna',
        'cicha',
        'wesele',
        'gran',
        'zollo',
        'gran-du',
        'zollo-du',
        'mester',
        'baszka',
        'zollo-bieda',
      ),
      fc.integer({ min: -2, max: 106 }),
      fc.constantFrom('old', 'young', true, false, null),
      fc.anything(),
    );
    const words = fc.record(
      {
        contract: value,
        old: fc.oneof(fc.array(fc.integer({ min: -1, max: 5 }), { maxLength: 3 }), value),
        oldPoints: value,
        winner: value,
        grade: fc.oneof(fc.integer({ min: 0, max: 4 }), value),
        doublings: fc.oneof(fc.integer({ min: 0, max: 5 }), value),
        lastDoubler: value,
        offence: fc.oneof(
          fc.record(
            { seat: fc.integer({ min: 0, max: 4 }), kind: value, tookRest: fc.boolean() },
            { requiredKeys: ['seat', 'kind'] },
          ),
          value,
        ),
      },
      { requiredKeys: [] },
    );
    const ctx = fc.oneof(
      fc.constantFrom<Preset>('standard', 'leborsk', 'znin', 'kop').map((p) => at(p)),
      fc
        .record({ out: fc.integer({ min: 0, max: 4 }), bok: fc.boolean() })
        .map((c) => at('znin', { size: 5, out: c.out, inBokRound: c.bok })),
    );
    fc.assert(
      fc.property(words, ctx, (w, c) => {
        const r = entryOfWords(w, c);
        return r.ok ? sumsToZero(r.value.scores, c) : ['ERR_ENTRY', 'ERR_OFFENCE'].includes(r.error.code);
      }),
      { numRuns: 2000 },
    );
  });

  it('every row of well-formed words sums to 0, with the seat sitting out empty', () => {
    const contracts = ['zwyczajna', 'cicha', 'wesele', 'gran', 'zollo', 'gran-du', 'zollo-du', 'baszka'] as const;
    const words = fc
      .record({
        contract: fc.constantFrom(...contracts),
        seats: fc.shuffledSubarray([0, 1, 2, 3, 4], { minLength: 4, maxLength: 4 }),
        points: fc.integer({ min: 2, max: 102 }),
        winner: fc.constantFrom('old', 'young'),
        grade: fc.constantFrom(1, 2, 3),
        byPoints: fc.boolean(),
        doublings: fc.integer({ min: 0, max: 4 }),
        offence: fc.option(
          fc.record({
            who: fc.integer({ min: 0, max: 3 }),
            kind: fc.constantFrom('out-of-turn', 'revoke', 'shown', 'other'),
            tookRest: fc.boolean(),
          }),
          { nil: undefined },
        ),
        bok: fc.boolean(),
      })
      .map((g) => {
        const two = g.contract === 'zwyczajna' || g.contract === 'wesele';
        const thrown = g.contract === 'baszka';
        const du = g.contract.endsWith('-du');
        const offence =
          g.offence && !thrown
            ? {
                seat: g.seats[g.offence.who]!,
                kind: g.offence.kind,
                ...(g.offence.kind === 'shown' ? { tookRest: g.offence.tookRest } : {}),
              }
            : undefined;
        const decided = offence && !(offence.kind === 'shown' && offence.tookRest);
        const result =
          thrown || decided
            ? {}
            : g.byPoints && !du
              ? { oldPoints: g.points }
              : two
                ? { winner: g.winner, grade: g.grade }
                : { winner: g.winner };
        const out = [0, 1, 2, 3, 4].find((s) => !g.seats.includes(s))!;
        return {
          words: {
            contract: g.contract,
            old: g.seats.slice(0, two ? 2 : 1),
            doublings: thrown ? 0 : g.doublings,
            ...result,
            ...(offence ? { offence } : {}),
          },
          ctx: at('znin', { size: 5, out, inBokRound: g.bok }),
        };
      });
    let accepted = 0;
    fc.assert(
      fc.property(words, ({ words: w, ctx: c }) => {
        const r = entryOfWords(w, c);
        if (!r.ok) return r.error.code === 'ERR_OFFENCE'; // a lone old showing his cards
        accepted++;
        return sumsToZero(r.value.scores, c);
      }),
      { numRuns: 3000 },
    );
    expect(accepted).toBeGreaterThan(100); // the property saw real rows, not only refusals
  });
});

describe("the same row as the engine's own play-out", () => {
  it('a played deal put into words scores as the engine scored it, under every preset', () => {
    for (const preset of ['standard', 'leborsk', 'znin', 'kop'] as const) {
      const rng = new SeededRng(`entry-${preset}`);
      const rules = rulesOf(preset);
      const table = new Table({ rules, rng });
      const moves: number[] = [];
      for (let k = 0; k < 400; k++) {
        const deal = table.newDeal().ok ? table.current! : undefined;
        if (!deal) throw new Error('could not deal');
        while (!deal.isComplete) {
          const n = deal.legalMovesInto(moves);
          // pass more often than not, so that ordinary games and cichas come up as well as declared ones
          const pass = deal.phase === 'auction' && moves[0] === 0 && rng.nextUint32() / 2 ** 32 < 0.7;
          expect(table.applyMove(pass ? 0 : moves[randomInt(rng, n)]!)).toBeNull();
        }
        const score = deal.score!;
        const { lastDoubler } = deal.countedDoublings();
        const ctx = at(rules, { inBokRound: score.bokRound });
        const base = { contract: score.contract, old: score.old, doublings: score.counted };
        const thrown = score.oldPoints === null;
        const du = score.contract.endsWith('-du');
        const words = thrown
          ? base
          : du
            ? { ...base, winner: score.winner }
            : { ...base, oldPoints: score.oldPoints, ...(lastDoubler && score.tie ? { lastDoubler } : {}) };
        const r = row(words, ctx);
        expect(r.scores, JSON.stringify(words)).toEqual(score.scores);
        expect(r.tie).toBe(score.tie);
        if (score.grade !== null && !score.tie) {
          // the winner and grade say the same as the points
          expect(row({ ...base, winner: score.winner, grade: score.grade }, ctx).scores).toEqual(score.scores);
        }
      }
    }
  });
});

describe('the doublings as said at the table (RULES §3)', () => {
  const gran = { contract: 'gran', old: [1], winner: 'old' };
  it('are counted by the engine: the row is the row of the counted number', () => {
    // seat 0 kontra, seat 2 rekontra: both young, one counts
    const same = row({
      ...gran,
      said: [
        { seat: 0, word: 'kontra' },
        { seat: 2, word: 'rekontra' },
      ],
    });
    expect(same).toMatchObject({ counted: 1, scores: row({ ...gran, doublings: 1 }).scores });
    // kontra by the young, rekontra by the soloist: both count
    const both = row({
      ...gran,
      said: [
        { seat: 0, word: 'kontra' },
        { seat: 1, word: 'rekontra' },
      ],
    });
    expect(both).toMatchObject({ counted: 2, scores: [-20, 60, -20, -20] });
    // a kontra before the game was called counts for nothing
    const cancelled = row({
      ...gran,
      said: [
        { seat: 0, word: 'kontra' },
        { seat: 1, word: 'gran' },
      ],
    });
    expect(cancelled).toMatchObject({ counted: 0, scores: [-5, 15, -5, -5] });
    expect(row({ ...gran, said: [] }).counted).toBe(0);
  });

  it('give the side that doubled last for a 52:52 under kop, which the count alone could not', () => {
    const kop = row(
      {
        contract: 'zollo',
        old: [2],
        oldPoints: 52,
        said: [
          { seat: 1, word: 'kontra' },
          { seat: 2, word: 'rekontra' },
        ],
      },
      at('kop'),
    );
    expect(kop).toMatchObject({ counted: 2, winner: 'young' }); // the old doubled last and lose the tie
  });

  it('at a table of five the seats are the table seats, and the one sitting out says nothing', () => {
    const five = at('znin', { size: 5, out: 2 });
    const r = row({ contract: 'gran', old: [4], winner: 'young', said: [{ seat: 3, word: 'kontra' }] }, five);
    expect(r).toMatchObject({ counted: 1, scores: [10, 10, null, 10, -30] });
    expect(
      code(entryOfWords({ contract: 'gran', old: [4], winner: 'young', said: [{ seat: 2, word: 'kontra' }] }, five)),
    ).toBe('ERR_ENTRY');
  });

  it('hostile or impossible words: a coded error naming the word', () => {
    const refuse = (said: unknown, more: object = {}) => {
      const r = entryOfWords({ ...gran, said, ...more }, at());
      return r.ok ? 'ok' : `${r.error.code} ${r.error.field}`;
    };
    expect(refuse([{ seat: 1, word: 'kontra' }])).toBe('ERR_SAID words.said[0]'); // his own game
    expect(refuse([{ seat: 0, word: 'rekontra' }])).toBe('ERR_SAID words.said[0]'); // no kontra before it
    expect(
      refuse([
        { seat: 0, word: 'kontra' },
        { seat: 0, word: 'rekontra' },
      ]),
    ).toBe('ERR_SAID words.said[1]');
    expect(refuse([{ seat: 0, word: 'kontra' }], { doublings: 1 })).toBe('ERR_ENTRY words.said'); // a count beside the words
    expect(refuse([{ seat: 0, word: 'kontra' }], { lastDoubler: 'old' })).toBe('ERR_ENTRY words.said');
    expect(refuse('kontra')).toBe('ERR_ENTRY words.said');
    expect(refuse([{ seat: 0, word: 'kontra', by: 'me' }])).toBe('ERR_ENTRY words.said[0]');
    expect(refuse([{ seat: 7, word: 'kontra' }])).toBe('ERR_ENTRY words.said[0].seat');
    expect(refuse([{ seat: 0, word: 'kontra!' }])).toBe('ERR_ENTRY words.said[0].word');
    expect(refuse(Array.from({ length: 65 }, () => ({ seat: 0, word: 'kontra' })))).toBe('ERR_ENTRY words.said');
  });
});

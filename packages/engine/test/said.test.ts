// The doublings as a real table said them (said.ts): which count, by RULES §3, and which lists
// could not have been said; and against the engine's own auctions, the words of every random deal
// count as the deal counted them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Contract,
  type Options,
  type Preset,
  SeededRng,
  Table,
  callName,
  doublingsAsSaid,
  randomInt,
  rulesOf,
} from '@baska/engine';

type Words = [number, string][];
const said = (words: Words) => words.map(([seat, word]) => ({ seat, word }));
const count = (contract: Contract, old: number[], words: Words, preset: Preset | Partial<Options> = 'standard') =>
  doublingsAsSaid(
    said(words),
    { contract, old },
    rulesOf(typeof preset === 'string' ? preset : { preset: 'standard', ...preset }),
  );
const counted = (...a: Parameters<typeof count>) => {
  const r = count(...a);
  if (!r.ok) throw new Error(`${r.error.at}: ${r.error.message}`);
  return r.value;
};
const refused = (...a: Parameters<typeof count>) => {
  const r = count(...a);
  return r.ok ? 'accepted' : `${r.error.code} ${r.error.at}`;
};

describe('the doublings that count, from the words said // RULES §3', () => {
  it('kontra and rekontra by the two sides both count', () => {
    // gran by seat 0: seat 1 (young) kontra, seat 0 rekontra
    expect(
      counted(
        'gran',
        [0],
        [
          [1, 'kontra'],
          [0, 'rekontra'],
        ],
      ),
    ).toEqual({ counted: 2, lastDoubler: 'old' });
    expect(
      counted(
        'zwyczajna',
        [0, 2],
        [
          [1, 'kontra'],
          [2, 'rekontra'],
        ],
      ),
    ).toEqual({ counted: 2, lastDoubler: 'old' });
  });

  it('two doublings in a row by one side count once', () => {
    // zwyczajna, 0 and 2 old: kontra and rekontra both by the young
    expect(
      counted(
        'zwyczajna',
        [0, 2],
        [
          [1, 'kontra'],
          [3, 'rekontra'],
        ],
      ),
    ).toEqual({
      counted: 1,
      lastDoubler: 'young',
    });
    // and a bok by the old counts again
    expect(
      counted(
        'zwyczajna',
        [0, 2],
        [
          [1, 'kontra'],
          [3, 'rekontra'],
          [0, 'bok'],
        ],
      ).counted,
    ).toBe(2);
  });

  it("seed 000's example: kontra I, rekontra III, bok IV, hirsz III, by who was old", () => {
    const words: Words = [
      [0, 'kontra'],
      [2, 'rekontra'],
      [3, 'bok'],
      [2, 'hirsz'],
    ];
    expect(counted('zwyczajna', [0, 2], words).counted).toBe(3); // I and III old
    expect(counted('zwyczajna', [2, 3], words).counted).toBe(2); // III and IV old
  });

  it('a game called after a kontra cancels it; a kontra after the game counts', () => {
    expect(
      counted(
        'gran',
        [0],
        [
          [1, 'kontra'],
          [0, 'gran'],
        ],
      ),
    ).toEqual({ counted: 0, lastDoubler: null });
    expect(
      counted(
        'gran',
        [0],
        [
          [1, 'kontra'],
          [0, 'gran'],
          [2, 'kontra'],
        ],
      ),
    ).toEqual({
      counted: 1,
      lastDoubler: 'young',
    });
    // a higher game over a doubled one: only what follows the last game counts
    expect(
      counted(
        'zollo',
        [3],
        [
          [0, 'gran'],
          [1, 'kontra'],
          [3, 'zollo'],
          [2, 'kontra'],
          [3, 'rekontra'],
        ],
      ).counted,
    ).toBe(2);
  });

  it('with no game among the words, the game was called first', () => {
    expect(
      counted(
        'zollo',
        [2],
        [
          [1, 'kontra'],
          [2, 'rekontra'],
          [3, 'bok'],
        ],
      ).counted,
    ).toBe(3);
    // a wesele: either old player may have called it; the partner may double his own side's game
    expect(counted('wesele', [0, 2], [[0, 'kontra']])).toEqual({ counted: 1, lastDoubler: 'old' });
    expect(
      counted(
        'wesele',
        [0, 2],
        [
          [0, 'kontra'],
          [2, 'rekontra'],
        ],
      ).counted,
    ).toBe(1);
  });

  it('the same under every preset, with its own words refused where its rules differ', () => {
    // RULES §3 weseleAfterOwnRedouble: seat 2 rekontra with no game, then his wesele
    const words: Words = [
      [1, 'kontra'],
      [2, 'rekontra'],
      [3, 'bok'],
      [2, 'wesele'],
    ];
    for (const preset of ['standard', 'leborsk', 'kop'] as const)
      expect(counted('wesele', [2, 0], words, preset)).toEqual({ counted: 0, lastDoubler: null });
    expect(refused('wesele', [2, 0], words, 'znin')).toBe('ERR_ILLEGAL_CALL said[3]');
    // kontra and re of kop count as kontra and rekontra do
    expect(
      counted(
        'zollo',
        [1],
        [
          [2, 'kontra'],
          [1, 'rekontra'],
        ],
        'kop',
      ).counted,
    ).toBe(2);
    // kop has no gran
    expect(refused('gran', [1], [[1, 'gran']], 'kop')).toBe('ERR_ILLEGAL_CALL said[0]');
  });
});

describe('words that could not have been said // RULES §3', () => {
  it('are refused at the word, with ERR_ILLEGAL_CALL', () => {
    const cases: [Parameters<typeof count>, string][] = [
      [['gran', [0], [[0, 'kontra']]], 'said[0]'], // no first kontra on one's own game
      [['gran', [0], [[1, 'rekontra']]], 'said[0]'], // the levels go one at a time
      [
        [
          'gran',
          [0],
          [
            [1, 'kontra'],
            [2, 'bok'],
          ],
        ],
        'said[1]',
      ],
      [
        [
          'gran',
          [0],
          [
            [1, 'kontra'],
            [0, 'rekontra'],
            [1, 'bok'],
            [0, 'hirsz'],
            [1, 'double5'],
          ],
        ],
        'said[4]',
      ], // maxDoubling 4
      [['baszka', [0], [[1, 'kontra']]], 'said[0]'], // a thrown game is not doubled
      [['cicha', [1], [[1, 'kontra']]], 'said[0]'], // the would-be cicha player gives no kontra
      [
        [
          'zwyczajna',
          [0, 2],
          [
            [1, 'kontra'],
            [1, 'rekontra'],
          ],
        ],
        'said[1]',
      ], // twice in a row: the auction had ended
      [['zwyczajna', [0, 2], [[1, 'wesele']]], 'said[0]'], // a game was called
      [
        [
          'zollo',
          [0],
          [
            [0, 'gran'],
            [1, 'kontra'],
          ],
        ],
        'said[0]',
      ], // the last game called is not the contract
      [['gran', [0], [[1, 'gran']]], 'said[0]'], // called by a young player
      [
        [
          'gran',
          [0],
          [
            [1, 'zollo'],
            [0, 'gran'],
          ],
        ],
        'said[1]',
      ], // games rise
      [
        [
          'wesele',
          [0, 2],
          [
            [1, 'baszka'],
            [0, 'wesele'],
          ],
        ],
        'said[1]',
      ], // the black queens in two hands
    ];
    for (const [args, at] of cases) expect(refused(...args), JSON.stringify(args)).toBe(`ERR_ILLEGAL_CALL ${at}`);
    expect(refused('gran', [0], [[0, 'kontra']], { weseleSelfKontra: true })).toBe('ERR_ILLEGAL_CALL said[0]');
  });

  it('hostile lists: a coded error, never a throw', () => {
    const rules = rulesOf('standard');
    const deal = { contract: 'gran' as const, old: [0] };
    for (const bad of [
      [{ seat: 4, word: 'kontra' }],
      [{ seat: -1, word: 'kontra' }],
      [{ seat: 1.5, word: 'kontra' }],
      [{ seat: 1, word: 'pass' }],
      [{ seat: 1, word: 'KONTRA' }],
      [{ seat: 1, word: 7 }],
      [null],
      'kontra',
      Array.from({ length: 100 }, (_, i) => ({ seat: i % 4, word: 'kontra' })),
    ])
      expect(doublingsAsSaid(bad as never, deal, rules)).toMatchObject({ ok: false, error: { code: 'ERR_SCHEMA' } });
  });
});

describe('against the engine: the words of random auctions', () => {
  it('count as the deal counted them, under every preset and variant', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Preset>('standard', 'leborsk', 'znin', 'kop'),
        fc.record({
          weseleSelfKontra: fc.boolean(),
          weseleNamedJack: fc.boolean(),
          maxDoubling: fc.integer({ min: 1, max: 6 }),
        }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.double({ min: 0, max: 0.9, noNaN: true }),
        (preset, variants, seed, passBias) => {
          const rules = rulesOf({ preset, ...variants });
          const rng = new SeededRng(seed);
          const table = new Table({ rules, rng });
          const moves: number[] = [];
          for (let k = 0; k < 4; k++) {
            if (!table.newDeal().ok) throw new Error('could not deal');
            const deal = table.current!;
            while (deal.phase === 'auction') {
              const n = deal.legalMovesInto(moves);
              const pass = moves[0] === 0 && rng.nextUint32() / 2 ** 32 < passBias;
              if (table.applyMove(pass ? 0 : moves[randomInt(rng, n)]!) !== null) throw new Error('refused');
            }
            const words = Array.from({ length: deal.nCalls }, (_, i) => ({
              seat: deal.callers[i]!,
              word: callName(deal.calls[i]!),
            })).filter((w) => w.word !== 'pass');
            const old = [0, 1, 2, 3].filter((s) => (deal.oldSeats >> s) & 1);
            const r = doublingsAsSaid(words, { contract: deal.contract!, old }, rules);
            expect(r, JSON.stringify({ words, contract: deal.contract, old })).toEqual({
              ok: true,
              value: deal.countedDoublings(),
            });
            // finish the deal so that the table deals the next
            while (!deal.isComplete) {
              const n = deal.legalMovesInto(moves);
              table.applyMove(moves[randomInt(rng, n)]!);
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

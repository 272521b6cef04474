import { describe, expect, it } from 'vitest';
import { type Preset, type ScoreInput, formatZloty, moneyGroszy, rulesOf, scoreDeal } from '@baska/engine';
import { auction, dealOf, run } from './helpers.js';

// Every deal below is dealt by seat 3, so seat 0 is forehand and leads to the first trick. The points
// of each trick were counted by hand (A 11, T 10, Q 3, J 2) and are written beside it.
interface Case {
  contract: string;
  hands: string[];
  calls: Record<number, string[]>;
  play: string;
  scores: Partial<Record<Preset, number[]>>;
}

const ALL = (s: number[]) => ({ standard: s, leborsk: s, znin: s, kop: s });

const CASES: Case[] = [
  {
    // Old: seats 0 (Qc) and 2 (Qs). Tricks: 17 to 0 | 26 to 1 | 34 to 0 | 27 to 2 → old 78 in 3 tricks,
    // young 26 in 1: the young have their wyjście (26) → old win z wyjściem, grade 1.
    contract: 'zwyczajna',
    hands: ['Ah Qc Ac Tc', 'Th Qh Jc As', 'Qs Qd Js Ts', 'Jh Jd Ad Td'],
    calls: {},
    play: 'Ah Jc Js Jh  Ac Th Qd Jd  As Ts Td Qc  Tc Qh Qs Ad',
    scores: ALL([1, -1, 1, -1]),
  },
  {
    // Seat 0 holds both black queens and passes: cicha. Tricks: 33 to 2 | 17 to 1 | 26 to 2 | 28 to 1:
    // the stary takes nothing. Lost cicha: base 4, ×2 where the old's loss doubles for solo games.
    contract: 'cicha',
    hands: ['Qc Qs Ac As', 'Ah Th Tc Ts', 'Qh Qd Jc Js', 'Jh Jd Ad Td'],
    calls: {},
    play: 'Ac Tc Jc Td  Js Jh Qs Th  Ts Qd Jd As  Qh Ad Qc Ah',
    scores: { standard: [-24, 8, 8, 8], leborsk: [-24, 8, 8, 8], znin: [-12, 4, 4, 4], kop: [-12, 4, 4, 4] },
  },
  {
    // Seat 1 declares wesele holding Jc: his partner holds Js (seat 2). Tricks: 17 to 0 | 18 to 2 |
    // 34 to 3 | 35 to 1 → old 53, young 51 in 2 tricks → old win z wyjściem.
    contract: 'wesele',
    hands: ['Ah Jh Ad Td', 'Qc Qs Jc Ac', 'Th Js Tc As', 'Qh Qd Jd Ts'],
    calls: { 1: ['wesele'] },
    play: 'Ah Jc Js Jd  Jh Qs Th Qd  Tc Qh Td Ac  Ts Ad Qc As',
    scores: ALL([-1, 1, 1, -1]),
  },
  {
    // Seat 2 shows the four tens: thrown, won, worth a zollo (5).
    contract: 'zollo-bieda',
    hands: ['Ac As Qc Jc', 'Ah Ad Qs Js', 'Tc Ts Th Td', 'Qh Qd Jh Jd'],
    calls: { 2: ['zollo-bieda'] },
    play: '',
    scores: { standard: [-5, -5, 15, -5] },
  },
  {
    // Gran by seat 1 (jacks are trumps). Tricks: 18 | 10 | 34 | 42, all to seat 1 → 104.
    contract: 'gran',
    hands: ['Ah Th Qh Jd', 'Jc Js Ac Tc', 'As Ts Qs Qc', 'Jh Ad Td Qd'],
    calls: { 1: ['gran'] },
    play: 'Ah Js Qc Jh  Jc Qs Qd Jd  Ac Ts Td Qh  Tc As Ad Th',
    scores: { standard: [-5, 15, -5, -5], leborsk: [-5, 15, -5, -5], znin: [-5, 15, -5, -5] },
  },
  {
    // Zollo by seat 3, who takes nothing: tricks 26 to 0 | 26 to 0 | 26 to 2 | 26 to 0. Lost zollo:
    // base 5, ×2 under standard and leborsk, ×1 under znin (solo) and kop.
    contract: 'zollo',
    hands: ['Ah Th Qc Ac', 'Qs Qh Tc As', 'Qd Jc Js Ts', 'Jh Jd Ad Td'],
    calls: { 3: ['zollo'] },
    play: 'Ah Qh Js Td  Th Qs Jc Ad  Ac Tc Qd Jd  Ts Jh Qc As',
    scores: { standard: [10, 10, 10, -30], leborsk: [10, 10, 10, -30], znin: [5, 5, 5, -15], kop: [5, 5, 5, -15] },
  },
  {
    // The gran deal above as gran-du: seat 1 takes all four tricks.
    contract: 'gran-du',
    hands: ['Ah Th Qh Jd', 'Jc Js Ac Tc', 'As Ts Qs Qc', 'Jh Ad Td Qd'],
    calls: { 1: ['gran-du'] },
    play: 'Ah Js Qc Jh  Jc Qs Qd Jd  Ac Ts Td Qh  Tc As Ad Th',
    scores: { standard: [-10, 30, -10, -10], leborsk: [-10, 30, -10, -10], znin: [-10, 30, -10, -10] },
  },
  {
    // Zollo-du by seat 0. Tricks: 25 | 26 | 25 | 28, all to seat 0.
    contract: 'zollo-du',
    hands: ['Qc Qs Ah Th', 'Ac Tc Jc Js', 'As Ts Qh Jh', 'Qd Jd Ad Td'],
    calls: { 0: ['zollo-du'] },
    play: 'Ah Js Jh Td  Th Jc Qh Ad  Qc Tc Ts Jd  Qs Ac As Qd',
    scores: ALL([30, -10, -10, -10]),
  },
  {
    // The lost zollo deal as zollo-du: lost at the first trick taken by another; base 10.
    contract: 'zollo-du',
    hands: ['Ah Th Qc Ac', 'Qs Qh Tc As', 'Qd Jc Js Ts', 'Jh Jd Ad Td'],
    calls: { 3: ['zollo-du'] },
    play: 'Ah Qh Js Td  Th Qs Jc Ad  Ac Tc Qd Jd  Ts Jh Qc As',
    scores: {
      standard: [20, 20, 20, -60],
      leborsk: [20, 20, 20, -60],
      znin: [10, 10, 10, -30],
      kop: [10, 10, 10, -30],
    },
  },
  {
    // The same seat 0 hand passes into cicha and takes all 104: won cicha, base 4.
    contract: 'cicha',
    hands: ['Qc Qs Ah Th', 'Ac Tc Jc Js', 'As Ts Qh Jh', 'Qd Jd Ad Td'],
    calls: {},
    play: 'Ah Js Jh Td  Th Jc Qh Ad  Qc Tc Ts Jd  Qs Ac As Qd',
    scores: ALL([12, -4, -4, -4]),
  },
  {
    contract: 'mester',
    hands: ['Ac As Ah Ad', 'Tc Ts Th Td', 'Qc Qs Jc Js', 'Qh Qd Jh Jd'],
    calls: { 0: ['mester'] },
    play: '',
    scores: { standard: [30, -10, -10, -10] },
  },
  {
    contract: 'baszka',
    hands: ['Qc Qs Qh Qd', 'Ac As Ah Ad', 'Tc Ts Th Td', 'Jc Js Jh Jd'],
    calls: { 0: ['baszka'] },
    play: '',
    scores: { standard: [30, -10, -10, -10], znin: [30, -10, -10, -10] },
  },
];

describe('a deal of every contract under every preset, scored by hand // RULES §2, §5, §6', () => {
  for (const c of CASES) {
    for (const [preset, expected] of Object.entries(c.scores)) {
      it(`${c.contract} under ${preset}: ${expected.join(' ')}`, () => {
        const d = dealOf(c.hands, { rules: preset as Preset });
        auction(d, c.calls);
        expect(d.contract).toBe(c.contract);
        if (c.play) run(d, c.play);
        expect(d.phase).toBe('complete');
        expect(d.score!.scores).toEqual(expected);
        expect(d.score!.scores.reduce((a, b) => a + b, 0)).toBe(0);
      });
    }
  }

  it('covers every contract each preset allows', () => {
    const covered = (p: Preset) => new Set(CASES.filter((c) => c.scores[p]).map((c) => c.contract));
    for (const p of ['standard', 'leborsk', 'znin', 'kop'] as const) {
      expect([...covered(p)].sort()).toEqual(['zwyczajna', 'cicha', ...rulesOf(p).games].sort());
    }
  });

  it('doublings multiply the value: zollo with kontra (young) and rekontra (the declarer) → ×4', () => {
    const d = dealOf(CASES[5]!.hands);
    auction(d, { 3: ['zollo', 'rekontra'], 0: ['kontra'] });
    run(d, CASES[5]!.play);
    expect(d.score).toMatchObject({ counted: 2, multiplier: 4, value: 40, scores: [40, 40, 40, -120] });
  });
});

describe('ties 52:52 // RULES §5', () => {
  // Trick by trick: 27 to 2 | 10 to 0 | 25 to 1 | 42 to 0 → the stary (seat 0) has 52 in 2 tricks.
  const CICHA_TIE = ['Qc Qs Ad Td', 'Qh Qd Js Ac', 'Ah Jd Tc As', 'Th Jc Jh Ts'];
  const CICHA_PLAY = 'Qc Qh Ah Th  Jd Jc Qs Qd  Ad Js Tc Jh  Ac As Ts Td';

  it('seed 000 worked example 2, played out: cicha with kontra (young) and rekontra (stary), 52 → stary −96, each young +32, bok-round', () => {
    const d = dealOf(CICHA_TIE);
    run(d, 'kontra pass pass rekontra pass pass pass');
    run(d, CICHA_PLAY);
    expect(d.score).toMatchObject({
      contract: 'cicha',
      declarer: 0,
      old: [0],
      counted: 2,
      oldPoints: 52,
      youngPoints: 52,
      oldTricks: 2,
      tie: true,
      winner: 'young',
      grade: null,
      value: 32,
      scores: [-96, 32, 32, 32],
    });
    expect(d.startsBokRound).toBe(true);
  });

  it('kop (lastDoubler): the side of the last counted doubling loses; no bok-round', () => {
    const d = dealOf(CICHA_TIE, { rules: 'kop' });
    run(d, 'pass kontra pass pass rekontra pass pass pass'); // kop: forehand (seat 0) calls first
    run(d, CICHA_PLAY);
    // the stary's rekontra was the last counted: he loses; ×1 loss factor, ×4 → 16
    expect(d.score).toMatchObject({ tie: true, winner: 'young', value: 16, scores: [-48, 16, 16, 16] });
    expect(d.startsBokRound).toBe(false);
  });

  // Old: seats 0 (Qs) and 2 (Qc). Tricks: 25 to 3 | 27 to 1 | 34 to 0 | 18 to 2 → old 52 in 2 tricks.
  const ZW_TIE = ['Qs Qd Jc Td', 'Ah Jh Jd As', 'Qc Qh Ad Ts', 'Th Js Ac Tc'];
  const ZW_PLAY = 'Td Jh Qc Th  Js Qs Ah Ad  As Ts Ac Jc  Qd Jd Qh Tc';

  it('zwyczajna tie under standard: the young win (the old have their wyjście: grade 1, ×2 loss)', () => {
    const d = dealOf(ZW_TIE);
    run(d, 'kontra pass pass pass');
    run(d, ZW_PLAY);
    expect(d.score).toMatchObject({
      tie: true,
      winner: 'young',
      grade: 1,
      counted: 1,
      value: 4,
      scores: [-4, 4, -4, 4],
    });
  });

  it('zwyczajna tie under kop with a young kontra: the young doubled last and lose', () => {
    const d = dealOf(ZW_TIE, { rules: 'kop' });
    run(d, 'pass kontra pass pass pass');
    run(d, ZW_PLAY);
    expect(d.score).toMatchObject({ tie: true, winner: 'old', grade: 1, value: 2, scores: [2, -2, 2, -2] });
  });

  it('kop with no doubling: the old lose a tie', () => {
    const d = dealOf(ZW_TIE, { rules: 'kop' });
    run(d, 'pass pass pass pass');
    run(d, ZW_PLAY);
    expect(d.score).toMatchObject({ tie: true, winner: 'young', value: 1, scores: [-1, 1, -1, 1] });
  });
});

describe("seed 000's score table, no doubling, no bok-round // RULES §5", () => {
  const rules = rulesOf('standard');
  const score = (input: Partial<ScoreInput> & { contract: ScoreInput['contract'] }) =>
    scoreDeal(
      {
        declarer: null,
        oldSeats: 0b0101,
        oldPoints: 60,
        oldTricks: 2,
        counted: 0,
        lastDoubler: null,
        inBokRound: false,
        ...input,
      },
      rules,
    ).scores;
  const solo = { oldSeats: 0b0001, declarer: 0 };

  it.each([
    ['zwyczajna z wyjściem, old win', { contract: 'zwyczajna', oldPoints: 78, oldTricks: 3 }, [1, -1, 1, -1]],
    ['zwyczajna z wyjściem, old lose', { contract: 'zwyczajna', oldPoints: 27, oldTricks: 1 }, [-2, 2, -2, 2]],
    ['wesele bez wyjścia, old win (young 25)', { contract: 'wesele', oldPoints: 79, oldTricks: 3 }, [2, -2, 2, -2]],
    [
      'zwyczajna bez wyjścia, old lose (old 26)',
      { contract: 'zwyczajna', oldPoints: 26, oldTricks: 1 },
      [-4, 4, -4, 4],
    ],
    ['zwyczajna bez bitki, old win', { contract: 'zwyczajna', oldPoints: 104, oldTricks: 4 }, [3, -3, 3, -3]],
    ['wesele bez bitki, old lose', { contract: 'wesele', oldPoints: 0, oldTricks: 0 }, [-6, 6, -6, 6]],
    ['cicha won', { contract: 'cicha', ...solo, oldPoints: 53 }, [12, -4, -4, -4]],
    ['cicha lost', { contract: 'cicha', ...solo, oldPoints: 51 }, [-24, 8, 8, 8]],
    ['gran won', { contract: 'gran', ...solo, oldPoints: 53 }, [15, -5, -5, -5]],
    ['zollo lost', { contract: 'zollo', ...solo, oldPoints: 40 }, [-30, 10, 10, 10]],
    ['zollo-bieda', { contract: 'zollo-bieda', ...solo }, [15, -5, -5, -5]],
    ['gran-du won', { contract: 'gran-du', ...solo, oldTricks: 4, oldPoints: 104 }, [30, -10, -10, -10]],
    [
      'zollo-du lost with 3 tricks and 100 points',
      { contract: 'zollo-du', ...solo, oldTricks: 3, oldPoints: 100 },
      [-60, 20, 20, 20],
    ],
    ['mester', { contract: 'mester', ...solo }, [30, -10, -10, -10]],
    ['baszka', { contract: 'baszka', ...solo }, [30, -10, -10, -10]],
  ] as const)('%s', (_, input, expected) => {
    expect(score(input as Parameters<typeof score>[0])).toEqual(expected);
  });

  it('wyjście is 26 for the young and 27 for the old; 26 and 26 under kop', () => {
    const grade = (oldPoints: number, preset: Preset = 'standard') =>
      scoreDeal(
        {
          contract: 'zwyczajna',
          declarer: null,
          oldSeats: 0b11,
          oldPoints,
          oldTricks: 2,
          counted: 0,
          lastDoubler: null,
          inBokRound: false,
        },
        rulesOf(preset),
      ).grade;
    expect([grade(78), grade(79)]).toEqual([1, 2]); // young 26 / 25
    expect([grade(27), grade(26)]).toEqual([1, 2]); // old 27 / 26
    expect(grade(26, 'kop')).toBe(1);
  });

  it('a bok-round deal counts double, never more', () => {
    const v = scoreDeal(
      {
        contract: 'zollo',
        declarer: 1,
        oldSeats: 0b10,
        oldPoints: 60,
        oldTricks: 3,
        counted: 1,
        lastDoubler: 'young',
        inBokRound: true,
      },
      rules,
    );
    expect(v).toMatchObject({ value: 5 * 2 * 2, bokRound: true, scores: [-20, 60, -20, -20] });
  });
});

describe("seed 000's worked examples // RULES §5", () => {
  it('1: zwyczajna with kontra, old 80 points in 3 tricks → bez wyjścia ×2: each old +4; at 20 gr each young pays 80 gr', () => {
    const s = scoreDeal(
      {
        contract: 'zwyczajna',
        declarer: null,
        oldSeats: 0b0101,
        oldPoints: 80,
        oldTricks: 3,
        counted: 1,
        lastDoubler: 'young',
        inBokRound: false,
      },
      rulesOf('standard'),
    );
    expect(s).toMatchObject({ winner: 'old', grade: 2, value: 4, scores: [4, -4, 4, -4] });
    expect(moneyGroszy(s.scores[1], 20)).toBe(-80);
    expect(formatZloty(moneyGroszy(s.scores[1], 20))).toBe('-0,80 zł');
  });

  it('2: cicha with kontra and rekontra, 52 → stary −96, each young +32; at 20 gr stary pays 6,40 zł to each (19,20 zł)', () => {
    const s = scoreDeal(
      {
        contract: 'cicha',
        declarer: 2,
        oldSeats: 0b0100,
        oldPoints: 52,
        oldTricks: 2,
        counted: 2,
        lastDoubler: 'old',
        inBokRound: false,
      },
      rulesOf('standard'),
    );
    expect(s.scores).toEqual([32, 32, -96, 32]);
    expect(formatZloty(moneyGroszy(s.scores[0], 20))).toBe('6,40 zł');
    expect(formatZloty(moneyGroszy(s.scores[2], 20))).toBe('-19,20 zł');
  });

  it('money is exact integer groszy', () => {
    expect(moneyGroszy(-96, 35)).toBe(-3360);
    expect(() => moneyGroszy(1, 0.2)).toThrow(RangeError);
  });
});

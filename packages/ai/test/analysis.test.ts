import { describe, expect, it } from 'vitest';
import {
  type Deal,
  Deal as DealClass,
  SeededRng,
  dealMasks,
  parseCards,
  randomInt,
  rulesOf,
  scoreDeal,
  type Preset,
} from '@baska/engine';
import { maskOf, popcount } from '@baska/engine/fast';
import {
  AuctionReplay,
  bruteForce,
  cichaIsSure,
  countLayouts,
  decisionJob,
  doubleDummy,
  forEachHolding,
  knowledgeOf,
  movesOf,
  positionOf,
  runJob,
  valuesOf,
} from '@baska/ai';
import { AnalysisPool } from '@baska/ai/pool';

const PRESETS: Preset[] = ['standard', 'leborsk', 'znin', 'kop'];
const mask = (text: string) => maskOf(parseCards(text)!);

/** A deal from its hands and moves. */
function dealOf(preset: Preset, dealer: number, hands: string[], moves: string[]): Deal {
  const d = DealClass.of(rulesOf(preset), dealer, hands.map(mask));
  for (const m of moves) {
    const r = d.apply(m);
    if (!r.ok) throw new Error(`${m}: ${r.error.message}`);
  }
  return d;
}

/** Random deals in play after a random auction and some random cards (at least `minCards`). */
function* randomDecisions(count: number, seed: number, minCards: number): Generator<Deal> {
  const rng = new SeededRng(seed);
  const buf: number[] = [];
  let made = 0;
  for (let i = 0; made < count; i++) {
    const dealer = randomInt(rng, 4);
    const d = DealClass.of(rulesOf(PRESETS[i & 3]!), dealer, dealMasks(rng, dealer));
    while (d.phase === 'auction') {
      const k = d.legalMovesInto(buf);
      d.applyMove(rng.nextUint32() % 3 !== 0 ? 0 : buf[randomInt(rng, k)]!);
    }
    if (d.phase !== 'play') continue;
    const cards = minCards + randomInt(rng, 14 - minCards);
    for (let j = 0; j < cards; j++) {
      const k = d.legalMovesInto(buf);
      d.applyMove(buf[randomInt(rng, k)]!);
    }
    if (d.legalMovesInto(buf) < 2) continue;
    made++;
    yield d;
  }
}

/**
 * The plain reference: every way to hand the cards the seat cannot see to the others (with the
 * counts they hold), kept when the whole public history replays legally on it.
 */
function naiveLayouts(d: Deal, seat: number): Deal[] {
  const played = [0, 0, 0, 0];
  for (let i = 0; i < d.nPlays; i++) played[d.players[i]!]! |= 1 << d.plays[i]!;
  const unseen: number[] = [];
  for (let c = 0; c < 16; c++) if (!((d.dealt[seat]! >> c) & 1) && !played.some((p) => (p >> c) & 1)) unseen.push(c);
  const others = [0, 1, 2, 3].filter((s) => s !== seat);
  const left = others.map((s) => 4 - popcount(played[s]!));
  const moves = movesOf(d);
  const out: Deal[] = [];
  const hands = [0, 0, 0, 0];
  const go = (i: number) => {
    if (i === unseen.length) {
      const dealt = [0, 1, 2, 3].map((s) => (s === seat ? d.dealt[seat]! : hands[s]! | played[s]!));
      const r = DealClass.of(d.rules, d.dealer, dealt, d.inBokRound);
      if (moves.every((m) => r.apply(m).ok)) out.push(r);
      return;
    }
    others.forEach((s, j) => {
      if (left[j]! === 0) return;
      left[j]!--;
      hands[s]! |= 1 << unseen[i]!;
      go(i + 1);
      hands[s]! &= ~(1 << unseen[i]!);
      left[j]!++;
    });
  };
  go(0);
  return out;
}

describe('layouts of the unseen cards', () => {
  it('are exactly the hands on which the public history replays legally (plays and calls), on 40 random decisions', () => {
    for (const d of randomDecisions(40, 11, 1)) {
      const seat = d.toAct;
      const k = knowledgeOf(d, seat);
      const replay = new AuctionReplay(k);
      const fast = new Set<string>();
      forEachHolding(k, (h) => {
        if (replay.replay(h, k.calls) !== null) fast.add(Array.from(h).join(','));
      });
      const naive = new Set(
        naiveLayouts(d, seat).map((r) => Array.from(r.hand).join(',')), // r.hand: what each holds now
      );
      expect(fast).toEqual(naive);
      expect(countLayouts(k)).toBe(naive.size);
    }
  });

  it('number 34,650 for the first lead of a zwyczajna: twelve unseen cards, four to each other seat', () => {
    const d = dealOf(
      'standard',
      0,
      ['Ah Th Qh Jd', 'Qc Jc Js Jh', 'Qs Qd Ad Td', 'Ac Tc As Ts'],
      ['pass', 'pass', 'pass', 'pass'],
    );
    expect(d.contract).toBe('zwyczajna');
    expect(countLayouts(knowledgeOf(d, d.toAct))).toBe(34_650);
  });

  it('use what a failure to follow proves: a player who shows out of a suit holds none of it', () => {
    // Seat 1 leads Ac (a fela); seat 2 holds no club fela and must trump: after his Jd, he cannot hold Tc.
    const d = dealOf(
      'standard',
      0,
      ['Ah Th Qh Jh', 'Ac Qc Jc Js', 'Jd Qs Qd Ad', 'Tc As Ts Td'],
      ['pass', 'pass', 'pass', 'pass', 'Ac', 'Jd'],
    );
    const k = knowledgeOf(d, 3);
    expect((k.cannot[2]! >> parseCards('Tc')![0]!) & 1).toBe(1);
  });
});

describe('the analysis of a decision', () => {
  it('equals the plain per-layout brute force on 25 random decisions from the second trick on', () => {
    for (const d of randomDecisions(25, 21, 4)) {
      const seat = d.toAct;
      const values = valuesOf(runJob(decisionJob(d)));
      const layouts = naiveLayouts(d, seat);
      values.forEach((v) => {
        let total = 0;
        let wins = 0;
        for (const r of layouts) {
          const after = r.clone();
          after.apply(v.action);
          const points = after.phase === 'complete' ? null : bruteForce(positionOf(after));
          const score = after.phase === 'complete' ? after.outcome.scores[seat]! : scoreOfPoints(after, seat, points!);
          total += score;
          if (score > 0) wins++;
        }
        expect(v.expectedScore).toBeCloseTo(total / layouts.length, 9);
        expect(v.winProbability).toBeCloseTo(wins / layouts.length, 9);
      });
    }
  });

  it('a zwyczajna by the holder of Ah Th Qc Qh: every lead takes all four tricks in every layout (+3 bez bitki, 100%)', () => {
    // RULES §5: the young take no trick → grade 3, each old player +3. The young hold nothing above
    // Qh but Qs, and Qs is the partner's: whatever is led, the old take every trick.
    const d = dealOf(
      'standard',
      0,
      ['Jc Js Jh Jd', 'Ah Th Qc Qh', 'Qs Qd Ad Td', 'Ac Tc As Ts'],
      ['pass', 'pass', 'pass', 'pass'],
    );
    const s = runJob(decisionJob(d));
    expect(s.layouts).toBe(34_650);
    for (const v of valuesOf(s)) expect(v).toMatchObject({ expectedScore: 3, winProbability: 1 });
  });

  it('weighs layouts by a given weight function', () => {
    const d = dealOf(
      'standard',
      0,
      ['Jc Js Jh Jd', 'Ah Th Qc Qh', 'Qs Qd Ad Td', 'Ac Tc As Ts'],
      ['pass', 'pass', 'pass', 'pass', 'Qh'],
    );
    // Only the true layout counts: the values become the double-dummy ones of the true deal.
    const truth = Array.from(d.hand).join(',');
    const s = runJob(decisionJob(d), 0, 1, { weight: (h) => (Array.from(h).join(',') === truth ? 1 : 0) });
    expect(s.weight).toBe(1);
    expect(valuesOf(s).map((v) => v.expectedScore)).toEqual(doubleDummy(d).map((v) => v.score));
  });

  it('splits over a pool of worker threads with the same sums as one thread', async () => {
    const d = dealOf(
      'standard',
      0,
      ['Ah Jc Tc Ts', 'Qc Qs Qh Jd', 'Th Js Jh Td', 'Qd Ad Ac As'],
      ['pass', 'gran', 'pass', 'pass', 'pass'],
    );
    const one = runJob(decisionJob(d));
    const pool = new AnalysisPool(2);
    try {
      const two = await pool.run(decisionJob(d));
      expect(two.layouts).toBe(one.layouts);
      expect(valuesOf(two)).toEqual(valuesOf(one));
    } finally {
      await pool.close();
    }
  });
});

describe('the bidding analysis of a hand (worked out by hand)', () => {
  const hand = (cards: string, seat: number, preset: Preset = 'standard') =>
    Object.fromEntries(
      valuesOf(
        runJob({ kind: 'hand', rules: rulesOf(preset), inBokRound: false, dealer: 0, seat, hand: mask(cards) }),
      ).map((v) => [v.action, v]),
    );

  it('Ah Th Qc Qs: the four highest trumps take every trick whatever is led: cicha, wesele, zollo, zollo-du all win', () => {
    const v = hand('Ah Th Qc Qs', 2);
    // RULES §5: cicha 4×3 = 12; wesele bez bitki 3 each; zollo 5×3 = 15; zollo-du 10×3 = 30.
    expect(v.pass).toMatchObject({ expectedScore: 12, winProbability: 1 });
    expect(v.wesele).toMatchObject({ expectedScore: 3, winProbability: 1 });
    expect(v.zollo).toMatchObject({ expectedScore: 15, winProbability: 1 });
    expect(v['zollo-du']).toMatchObject({ expectedScore: 30, winProbability: 1 });
  });

  it('Jc Js Jh Jd: the only gran trumps win all four tricks (gran 15, gran-du 30); in zollo-du six higher trumps are out (−60)', () => {
    const v = hand('Jc Js Jh Jd', 1);
    expect(v.gran).toMatchObject({ expectedScore: 15, winProbability: 1 });
    expect(v['gran-du']).toMatchObject({ expectedScore: 30, winProbability: 1 });
    // A lost du game: 10 × loss factor 2 × 3 for the soloist. RULES §5 (standard)
    expect(v['zollo-du']).toMatchObject({ expectedScore: -60, winProbability: 0 });
  });
});

describe('cichaMustBeLosable (RULES §7)', () => {
  it('a cicha of the four highest trumps is a sure win; one of Qc Qs Jd Td is not', () => {
    const rules = rulesOf('leborsk');
    expect(cichaIsSure(mask('Ah Th Qc Qs'), 2, 0, rules)).toBe(true);
    expect(cichaIsSure(mask('Qc Qs Jd Td'), 2, 0, rules)).toBe(false);
  });

  it('with the judge, the holder of a sure cicha may not pass under leborsk, and may under standard', () => {
    const hands = ['Jc Js Jh Jd', 'Qh Qd Ad Td', 'Ah Th Qc Qs', 'Ac Tc As Ts'].map(mask);
    const leborsk = DealClass.start({ rules: rulesOf('leborsk'), dealer: 0, hands, cichaJudge: cichaIsSure });
    if (!leborsk.ok) throw new Error(leborsk.error.message);
    while (leborsk.value.toAct !== 2) expect(leborsk.value.apply('pass').ok).toBe(true);
    expect(leborsk.value.legal()).not.toContain('pass');
    expect(leborsk.value.legal()).toContain('wesele');
    const standard = DealClass.start({ rules: rulesOf('standard'), dealer: 0, hands, cichaJudge: cichaIsSure });
    if (!standard.ok) throw new Error(standard.error.message);
    while (standard.value.toAct !== 2) expect(standard.value.apply('pass').ok).toBe(true);
    expect(standard.value.legal()).toContain('pass');
  });
});

/** The seat's score when the old side ends with `points`. RULES §5 */
function scoreOfPoints(d: Deal, seat: number, points: number): number {
  const { counted, lastDoubler } = d.countedDoublings();
  return scoreDeal(
    {
      contract: d.contract!,
      declarer: d.declarer < 0 ? null : d.declarer,
      oldSeats: d.oldSeats,
      oldPoints: points,
      oldTricks: points === 0 ? 0 : points === 104 ? 4 : 1,
      counted,
      lastDoubler,
      inBokRound: d.inBokRound,
    },
    d.rules,
  ).scores[seat]!;
}

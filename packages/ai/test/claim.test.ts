// Claims (RULES §7): the range over every play against a naive walk of every play sequence, the
// judgement against scoring every finished line, and the viewer's check against the true hands.
import { describe, expect, it } from 'vitest';
import {
  type Deal,
  Deal as DealClass,
  SeededRng,
  dealMasks,
  parseCards,
  randomInt,
  rulesOf,
  viewFor,
} from '@baska/engine';
import { CLAIM_LIMITS, claimIsSure, claimLine, claimRange, claimSureForView } from '@baska/ai';

/** Random deals in play: a random auction (mostly passes), then `skip` random cards. */
function randomDeal(rng: SeededRng, skip: number): Deal | null {
  const buf: number[] = [];
  const presets = ['standard', 'kop', 'znin', 'leborsk'] as const;
  const dealer = randomInt(rng, 4);
  const d = DealClass.of(rulesOf(presets[randomInt(rng, 4)]!), dealer, dealMasks(rng, dealer));
  while (d.phase === 'auction') {
    const k = d.legalMovesInto(buf);
    d.applyMove(rng.nextUint32() % 4 !== 0 ? 0 : buf[randomInt(rng, k)]!);
  }
  if (d.phase !== 'play') return null;
  for (let j = 0; j < skip; j++) {
    const k = d.legalMovesInto(buf);
    d.applyMove(buf[randomInt(rng, k)]!);
  }
  return d;
}

/** Every way to finish the deal, played out by the engine: each line's old points and scores. */
function everyEnd(deal: Deal, visit: (d: Deal) => void): void {
  if (deal.isComplete) return visit(deal);
  const buf: number[] = [];
  const n = deal.legalMovesInto(buf);
  for (const m of buf.slice(0, n)) {
    const next = deal.clone();
    next.applyMove(m);
    everyEnd(next, visit);
  }
}

const oldPoints = (d: Deal) => [0, 1, 2, 3].reduce((a, s) => a + ((d.oldSeats >> s) & 1 ? d.seatPoints[s]! : 0), 0);

describe('claims', () => {
  it('finds the least and most points of the old side over every line, and judges a claim as scoring every line does', () => {
    const rng = new SeededRng(18);
    let sure = 0;
    let unsure = 0;
    for (let made = 0; made < 400;) {
      const d = randomDeal(rng, 4 + randomInt(rng, 11)); // from the second trick on: every line is walked naively
      if (!d) continue;
      made++;
      let low = 1000;
      let high = -1;
      const outcomes = new Set<string>();
      everyEnd(d, (end) => {
        low = Math.min(low, oldPoints(end));
        high = Math.max(high, oldPoints(end));
        outcomes.add(`${Array.from(end.outcome.scores).join()}:${end.outcome.tie}`);
      });
      expect(claimRange(d)).toEqual({ low, high });
      expect(claimIsSure(d)).toBe(outcomes.size === 1);
      if (outcomes.size === 1) sure++;
      else unsure++;
    }
    // Both answers are met often enough for the comparison to mean something.
    expect(sure).toBeGreaterThan(40);
    expect(unsure).toBeGreaterThan(40);
  });

  it('plays out a sure claim as a legal line that scores the same, and gives no line for an unsure one', () => {
    const rng = new SeededRng(7);
    let checked = 0;
    for (let made = 0; made < 200;) {
      const d = randomDeal(rng, 4 + randomInt(rng, 11));
      if (!d) continue;
      made++;
      const line = claimLine(d);
      if (!claimIsSure(d)) {
        expect(line).toBeNull();
        continue;
      }
      const a = d.clone();
      expect(a.claim(1, line!)).toBeNull();
      const b = d.clone(); // any other line: the lowest legal card every time
      while (!b.isComplete) b.applyMove(31 - Math.clz32(b.legalCardMask() & -b.legalCardMask()));
      expect(Array.from(a.outcome.scores)).toEqual(Array.from(b.outcome.scores));
      expect(a.claimedBy).toBe(1);
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('a claim sure from the viewer’s knowledge is sure on the true hands; from his view alone it never sees more', () => {
    const rng = new SeededRng(3);
    let viewSure = 0;
    let trueOnly = 0;
    for (let made = 0; made < 150;) {
      const d = randomDeal(rng, 4 + randomInt(rng, 11));
      if (!d) continue;
      made++;
      const seat = randomInt(rng, 4);
      const byView = claimSureForView(viewFor(d, seat));
      const onTrue = claimIsSure(d);
      if (byView) {
        viewSure++;
        expect(onTrue).toBe(true);
      } else if (onTrue) trueOnly++;
    }
    expect(viewSure).toBeGreaterThan(10);
    // The true hands allow more claims than a player can know of: the button waits for knowledge.
    expect(trueOnly).toBeGreaterThan(0);
  });

  it('the first lead of a zollo-du with the four highest trumps is sure, from the claimant’s view too (seed 002 §10.2)', () => {
    const hands = ['Qh Qd Jc Js', 'Ah Th Qc Qs', 'Jh Jd Ad Td', 'Ac Tc As Ts'].map((h) => parseCards(h)!);
    const d = DealClass.of(rulesOf('standard'), 0, hands);
    for (const call of ['pass', 'pass', 'pass', 'zollo-du', 'pass', 'pass', 'pass'])
      expect(d.apply(call).ok).toBe(true);
    expect(d.phase).toBe('play');
    expect(d.toAct).toBe(1);
    expect(claimIsSure(d)).toBe(true);
    // From his own view at the first lead: 34,650 layouts, more than CLAIM_LIMITS allows (null:
    // too early to prove), whatever the true hands.
    expect(claimSureForView(viewFor(d, 1))).toBeNull();
    // After the first trick his view proves it (1,680 layouts at most).
    for (const card of ['Ah', 'Td', 'Ts', 'Js']) expect(d.apply(card).ok).toBe(true);
    expect(claimSureForView(viewFor(d, 1))).toBe(true);
    // With too few nodes to finish, the answer is null (never a guess), and the same every time.
    const small = { layouts: CLAIM_LIMITS.layouts, nodes: 50 };
    expect(claimSureForView(viewFor(d, 1), small)).toBeNull();
    expect(claimSureForView(viewFor(d, 1), small)).toBeNull();
    // With Ah at seat 0 instead, the young take a trick whatever anyone plays (seat 0 must beat a
    // trump lead with it): the zollo-du is surely lost, and a claim (here a concession) stands too.
    const weaker = ['Ah Qd Jc Js', 'Qh Th Qc Qs', 'Jh Jd Ad Td', 'Ac Tc As Ts'].map((h) => parseCards(h)!);
    const w = DealClass.of(rulesOf('standard'), 0, weaker);
    for (const call of ['pass', 'pass', 'pass', 'zollo-du', 'pass', 'pass', 'pass'])
      expect(w.apply(call).ok).toBe(true);
    expect(claimIsSure(w)).toBe(true);
    const line = claimLine(w)!;
    expect(w.claim(0, line)).toBeNull();
    expect(w.score!.winner).toBe('young');
    // A line of the wrong length is refused and changes nothing.
    const z = DealClass.of(rulesOf('standard'), 0, weaker);
    for (const call of ['pass', 'pass', 'pass', 'zollo-du', 'pass', 'pass', 'pass'])
      expect(z.apply(call).ok).toBe(true);
    expect(z.claim(1, line.slice(1))?.code).toBe('ERR_CLAIM');
    expect(z.nPlays).toBe(0);
    expect(z.claimedBy).toBe(-1);
  });
});

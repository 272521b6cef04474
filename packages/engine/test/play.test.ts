import { describe, expect, it } from 'vitest';
import { auction, codeOf, dealOf, legalSet, run } from './helpers.js';

const sorted = (cards: string) => cards.split(' ').sort();

describe('normal order following // RULES §4, seed 000', () => {
  // Dealer 3: seat 0 is forehand and leads. Black queens at seats 0 and 2: zwyczajna after four passes.
  const hands = ['Ac Qc Ah Jd', 'Tc Th Qh Jc', 'As Qs Qd Js', 'Ts Jh Ad Td'];
  const start = () => {
    const d = dealOf(hands);
    run(d, 'pass pass pass pass');
    return d;
  };

  it('forehand leads to the first trick, any card', () => {
    const d = start();
    expect(d.toAct).toBe(0);
    expect(legalSet(d)).toEqual(sorted('Ac Qc Ah Jd'));
  });

  it('a fela is led: the other fela of that suit must be played, trumps or not', () => {
    const d = start();
    run(d, 'Ac');
    expect(d.legal()).toEqual(['Tc']);
    expect(codeOf(d.apply('Th'))).toBe('ERR_ILLEGAL_CARD');
  });

  it('a fela is led and you lack its suit: beat with any trump (every trump beats a fela)', () => {
    const d = start();
    run(d, 'Ac Tc');
    expect(legalSet(d)).toEqual(sorted('Qs Qd Js')); // As is a fela of another suit: not allowed
  });

  it('once a trump is in the trick, beat it if you can, else play any trump', () => {
    const d = start();
    run(d, 'Ac Tc Qd');
    expect(legalSet(d)).toEqual(sorted('Jh Ad Td')); // seat 3 cannot beat Qd: any trump, not the fela Ts
    const e = dealOf(['Ac Qc Ah Jd', 'Tc Th Jh Jc', 'As Qs Qd Js', 'Ts Qh Ad Td']);
    run(e, 'pass pass pass pass Ac Tc Js');
    expect(e.legal()).toEqual(['Qh']); // Qh beats Js and must be played
  });

  it('a fele-only hand that cannot follow plays any card', () => {
    const d = dealOf(['Ah Th Qc Qs', 'Ac Tc As Ts', 'Qh Qd Jc Js', 'Jh Jd Ad Td']);
    run(d, 'pass pass pass pass Ah');
    expect(legalSet(d)).toEqual(sorted('Ac Tc As Ts'));
  });

  it('a trump is led: beat the highest trump if you can; else any trump; else any card', () => {
    const d = start();
    run(d, 'Jd');
    expect(legalSet(d)).toEqual(sorted('Th Qh Jc')); // all beat Jd
    run(d, 'Jc');
    expect(legalSet(d)).toEqual(sorted('Qs Qd')); // Js does not beat Jc
    run(d, 'Qd');
    expect(legalSet(d)).toEqual(sorted('Jh Ad Td')); // none beats Qd: any trump, not the fela Ts
  });

  it('the highest trump takes the trick; the winner leads to the next', () => {
    const d = start();
    run(d, 'Jd Jc Qd Ad');
    expect(d.trickWinners[0]).toBe(2);
    expect(d.toAct).toBe(2);
    expect(d.seatPoints[2]).toBe(2 + 2 + 3 + 11);
  });

  it('fele of different suits never beat each other; with no trump, the higher fela of the led suit wins', () => {
    // Seat 0 leads Ts; seat 1 has no spade fela and no trump: any card (Ac does not beat Ts).
    const d = dealOf(['Ts Ah Th Qc', 'Ac Tc As Jh', 'Qs Qd Js Jc', 'Qh Jd Ad Td']);
    run(d, 'pass pass pass pass');
    run(d, 'Ts');
    expect(d.legal()).toEqual(['As']);
    run(d, 'As');
    expect(d.trickWinnerSoFar).toBe(1);
  });
});

describe('gran order following // RULES §4', () => {
  // Seat 1 declares gran. Dealer 3, seat 0 leads.
  const hands = ['Ah Qh Jd Tc', 'Jc Js Ac Ts', 'As Th Qs Qc', 'Jh Ad Td Qd'];
  const start = (rules: 'standard' | { preset: 'standard'; granMustTrump: boolean } = 'standard') => {
    const d = dealOf(hands, { rules });
    auction(d, { 1: ['gran'] });
    expect(d.contract).toBe('gran');
    return d;
  };

  it('a suit card is led: follow suit and beat the highest card of the suit if you can', () => {
    const d = start();
    run(d, 'Qh');
    expect(legalSet(d)).toEqual(sorted('Jc Js')); // no hearts: beat with a jack
    run(d, 'Js');
    expect(d.legal()).toEqual(['Th']); // seat 2 has hearts: must follow (a jack is in the trick: any heart)
  });

  it('beats within the suit when no jack is in the trick', () => {
    const d = dealOf(['Qh Ah Jd Tc', 'Th Jc Js Ac', 'As Ts Qs Qc', 'Jh Ad Td Qd'], {});
    auction(d, { 1: ['gran'] });
    run(d, 'Qh');
    expect(d.legal()).toEqual(['Th']); // follow hearts
    const e = dealOf(['Th Qh Jd Tc', 'Ah Jc Js Ac', 'As Ts Qs Qc', 'Jh Ad Td Qd']);
    auction(e, { 1: ['gran'] });
    run(e, 'Qh');
    expect(e.legal()).toEqual(['Ah']);
  });

  it('must beat a lower card of the suit with a higher one (seed 000 footnote 8)', () => {
    // Ts led; seat 1 holds As and Qs: the ace must be played while no jack is in the trick.
    const d = dealOf(['Ts Ah Jd Tc', 'As Qs Jc Js', 'Th Qh Ac Qc', 'Jh Ad Td Qd']);
    auction(d, { 1: ['gran'] });
    run(d, 'Ts');
    expect(d.legal()).toEqual(['As']);
  });

  it('a jack is led: a higher jack if you can, else any jack, else any card', () => {
    const d = start();
    run(d, 'Jd');
    expect(legalSet(d)).toEqual(sorted('Jc Js'));
    run(d, 'Jc');
    expect(legalSet(d)).toEqual(sorted('As Th Qs Qc')); // no jack: any card
    run(d, 'Qs');
    expect(d.legal()).toEqual(['Jh']); // cannot beat Jc: any jack
  });

  it('granMustTrump: without the suit and unable to overtrump, a jack must still be played; off, any card', () => {
    const on = start();
    run(on, 'Qh Js Th');
    expect(on.legal()).toEqual(['Jh']); // seat 3: no hearts, Jh cannot beat Js
    const off = start({ preset: 'standard', granMustTrump: false });
    run(off, 'Qh Js Th');
    expect(legalSet(off)).toEqual(sorted('Jh Ad Td Qd'));
  });

  it('the highest jack takes the trick; with no jack, the highest card of the led suit', () => {
    const d = start();
    run(d, 'Qh Js Th Jh');
    expect(d.trickWinners[0]).toBe(1);
    const e = dealOf(['Th Qh Jd Tc', 'Ah Jc Js Ac', 'As Ts Qs Qc', 'Jh Ad Td Qd']);
    auction(e, { 1: ['gran'] });
    run(e, 'Qh Ah As Jh');
    expect(e.trickWinners[0]).toBe(3);
  });
});

describe('as–trzy–dychy // RULES §8', () => {
  const rules = { preset: 'kop', cardOrder: 'asTrzyDychy' } as const;

  it('the black tens are trumps above Qc; the fele are Ac and As alone', () => {
    const d = dealOf(['Ac Ah Jd Qd', 'Tc Qc Jc Js', 'As Ts Th Qs', 'Qh Jh Ad Td'], { rules });
    run(d, 'pass pass pass pass');
    run(d, 'Ac');
    expect(legalSet(d)).toEqual(sorted('Tc Qc Jc Js')); // Tc is a trump: any trump beats the fela
    run(d, 'Qc');
    expect(legalSet(d)).toEqual(sorted('Ts Th')); // Ts and Th beat Qc
  });
});

describe('the last trick of four fele // RULES §8, seed 001', () => {
  it('when all 12 trumps fall in three tricks, the ace of the led suit takes the last trick', () => {
    const d = dealOf(['Ah Th Qc Ts', 'Qs Qh Qd Ac', 'Jc Js Jh Tc', 'Jd Ad Td As']);
    run(d, 'pass pass pass pass');
    run(d, 'Ah Qd Jh Td'); // seat 0
    run(d, 'Th Qh Js Ad'); // seat 0
    run(d, 'Qc Qs Jc Jd'); // Qc above Qs: seat 0
    run(d, 'Ts Ac Tc As'); // four fele: Ac cannot beat a spade; As, the ace of the led suit, takes it
    expect(Array.from(d.trickWinners)).toEqual([0, 0, 0, 3]);
  });
});

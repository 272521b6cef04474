import { describe, expect, it } from 'vitest';
import { type Deal, type RulesSpec, cardCode } from '@baska/engine';
import { cardsOf } from '@baska/engine/fast';
import { auction, dealOf } from './helpers.js';
import { naivePerft } from './naive.js';

/** Count every distinct legal play sequence from the deal's position to its end. */
function perft(deal: Deal): number {
  if (deal.isComplete) return 1;
  const moves: number[] = [];
  const n = deal.legalMovesInto(moves);
  let total = 0;
  for (let i = 0; i < n; i++) {
    const next = deal.clone();
    next.applyMove(moves[i]!);
    total += perft(next);
  }
  return total;
}

// Fixed deals (dealer 3) and contracts with the number of legal play sequences of each. The numbers
// were found by the engine and by the plain implementation in naive.ts, which agree; the table
// guards against any later change to the following rules.
const TABLE: [string, string[], Record<number, string[]>, RulesSpec, number][] = [
  ['zwyczajna', ['Ah Qc Ac Tc', 'Th Qh Jc As', 'Qs Qd Js Ts', 'Jh Jd Ad Td'], {}, 'standard', 12192],
  ['cicha', ['Qc Qs Ac As', 'Ah Th Tc Ts', 'Qh Qd Jc Js', 'Jh Jd Ad Td'], {}, 'standard', 18432],
  ['zollo', ['Ah Th Qc Ac', 'Qs Qh Tc As', 'Qd Jc Js Ts', 'Jh Jd Ad Td'], { 3: ['zollo'] }, 'standard', 12096],
  ['gran', ['Ah Th Qh Jd', 'Jc Js Ac Tc', 'As Ts Qs Qc', 'Jh Ad Td Qd'], { 1: ['gran'] }, 'standard', 10368],
  ['gran', ['As Qh Jd Tc', 'Ah Ts Qs Td', 'Th Qc Jc Ad', 'Ac Qd Js Jh'], { 0: ['gran'] }, 'standard', 764],
  [
    'zwyczajna',
    ['Ac Ah Jd Qd', 'Tc Qc Jc Js', 'As Ts Th Qs', 'Qh Jh Ad Td'],
    {},
    { preset: 'kop', cardOrder: 'asTrzyDychy' },
    35784,
  ],
];

describe('perft: legal play sequences of fixed deals // RULES §4', () => {
  it.each(TABLE)('%s %#', (contract, hands, calls, rules, expected) => {
    const d = dealOf(hands, { rules });
    auction(d, calls);
    expect(d.contract).toBe(contract);
    expect(perft(d)).toBe(expected);
    const held = [0, 1, 2, 3].map((s) => cardsOf(d.hand[s]!).map(cardCode));
    expect(naivePerft(d.order.name, held, d.forehand)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { CARD_CODES, POINTS, cardCode, cardName, cardSymbol, parseCard, parseCards } from '@baska/engine';
import { GRAN_ORDER, popcount } from '@baska/engine/fast';
import { FULL_DECK, TOTAL_POINTS, pointsOf } from '../src/cards.js';
import { AS_TRZY_DYCHY_ORDER, NORMAL_ORDER } from '../src/order.js';

const codes = (order: { ranking: readonly number[] }, n = 16) => order.ranking.slice(0, n).map(cardCode).join(' ');

describe('cards', () => {
  it('has 16 cards with canonical codes, rank then suit // RULES §1', () => {
    expect(CARD_CODES).toHaveLength(16);
    expect(new Set(CARD_CODES).size).toBe(16);
    expect(CARD_CODES.every((c) => /^[ATQJ][cshd]$/.test(c))).toBe(true);
  });

  it('counts A 11, T 10, Q 3, J 2, 104 in the pack // RULES §1', () => {
    expect(POINTS[parseCard('Ah')!]).toBe(11);
    expect(POINTS[parseCard('Tc')!]).toBe(10);
    expect(POINTS[parseCard('Qs')!]).toBe(3);
    expect(POINTS[parseCard('Jd')!]).toBe(2);
    expect(pointsOf(FULL_DECK)).toBe(TOTAL_POINTS);
    expect(TOTAL_POINTS).toBe(104);
  });

  it('parses canonical codes and Polish display forms alike // RULES §1', () => {
    expect(parseCard('A♥')).toBe(parseCard('Ah'));
    expect(parseCard('10♣')).toBe(parseCard('Tc'));
    expect(parseCard('D♠')).toBe(parseCard('Qs'));
    expect(parseCard('W♦')).toBe(parseCard('Jd'));
    expect(parseCards('Ah 10♣ D♠ Jd')!.map(cardCode)).toEqual(['Ah', 'Tc', 'Qs', 'Jd']);
    for (const bad of ['', 'K♥', 'Ax', '1c', 'Ahh', 'h']) expect(parseCard(bad)).toBeUndefined();
    expect(parseCards('Ah Kx')).toBeUndefined();
  });

  it('shows suit symbols and Polish names', () => {
    expect(cardSymbol(parseCard('Qs')!)).toBe('D♠');
    expect(cardSymbol(parseCard('Qs')!, 'en')).toBe('Q♠');
    expect(cardSymbol(parseCard('Tc')!)).toBe('10♣');
    expect(cardName(parseCard('Ah')!)).toBe('as serce');
    expect(cardName(parseCard('Jd')!, 'en')).toBe('jack of diamonds');
  });

  it('counts cards in a mask', () => {
    expect(popcount(0)).toBe(0);
    expect(popcount(FULL_DECK)).toBe(16);
    expect(popcount(0b1010_0001)).toBe(3);
  });
});

describe('card orders', () => {
  it('normal order: 12 trumps Ah Th Qc Qs Qh Qd Jc Js Jh Jd Ad Td, then the fele Ac Tc and As Ts // RULES §4', () => {
    expect(codes(NORMAL_ORDER)).toBe('Ah Th Qc Qs Qh Qd Jc Js Jh Jd Ad Td Ac Tc As Ts');
    expect(popcount(NORMAL_ORDER.trumps)).toBe(12);
  });

  it('gran order: the four jacks, then A T Q in each suit // RULES §4', () => {
    expect(codes(GRAN_ORDER)).toBe('Jc Js Jh Jd Ac Tc Qc As Ts Qs Ah Th Qh Ad Td Qd');
    expect(popcount(GRAN_ORDER.trumps)).toBe(4);
  });

  it('as–trzy–dychy: the black tens above Qc, fele Ac and As alone // RULES §8', () => {
    expect(codes(AS_TRZY_DYCHY_ORDER)).toBe('Ah Th Tc Ts Qc Qs Qh Qd Jc Js Jh Jd Ad Td Ac As');
    expect(popcount(AS_TRZY_DYCHY_ORDER.trumps)).toBe(14);
  });

  it('every trump is stronger than every non-trump, in every order', () => {
    for (const o of [NORMAL_ORDER, GRAN_ORDER, AS_TRZY_DYCHY_ORDER]) {
      for (let t = 0; t < 16; t++)
        for (let f = 0; f < 16; f++)
          if ((o.trumps >> t) & 1 && !((o.trumps >> f) & 1)) expect(o.strength[t]!).toBeGreaterThan(o.strength[f]!);
    }
  });
});

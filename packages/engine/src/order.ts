// The three card orders and their precomputed tables. RULES §4, §8.
import { type Card, type CardMask, CARD_COUNT, parseCard } from './cards.js';

export const CARD_ORDERS = ['normal', 'gran', 'asTrzyDychy'] as const;
export type CardOrderName = (typeof CARD_ORDERS)[number];

/** A card order as tables: legality and trick winners become a few mask operations. */
export interface CardOrder {
  readonly name: CardOrderName;
  /** The trumps. */
  readonly trumps: CardMask;
  /** Following group of each card: 0 for the trumps, 1 + suit index for a plain suit (a fela's suit in normal order). */
  readonly group: Uint8Array;
  /** The cards of each following group. */
  readonly groupMask: Uint16Array;
  /** Strength of each card: every trump is stronger than every other card; within a group, higher beats lower. */
  readonly strength: Uint8Array;
  /** For each card, the cards of its own group that beat it. */
  readonly above: Uint16Array;
  /** All 16 cards from the highest trump down, then the plain groups in suit order: the order a hand is shown in. */
  readonly ranking: readonly Card[];
}

function build(name: CardOrderName, trumpCodes: string, plainGroups: string[]): CardOrder {
  const codes = (s: string) => s.split(' ').map((c) => parseCard(c)!);
  const trumpList = codes(trumpCodes);
  const group = new Uint8Array(CARD_COUNT);
  const groupMask = new Uint16Array(5);
  const strength = new Uint8Array(CARD_COUNT);
  const above = new Uint16Array(CARD_COUNT);
  const ranking: Card[] = [];
  const place = (list: Card[], g: number, top: number) => {
    list.forEach((c, i) => {
      group[c] = g;
      groupMask[g]! |= 1 << c;
      strength[c] = top - i;
      ranking.push(c);
      for (let j = 0; j < i; j++) above[c]! |= 1 << list[j]!;
    });
  };
  place(trumpList, 0, 100);
  for (const g of plainGroups) {
    const list = codes(g);
    const suitGroup = 1 + (list[0]! >> 2);
    place(list, suitGroup, 50);
  }
  if (ranking.length !== CARD_COUNT) throw new Error(`card order ${name} does not hold 16 cards`);
  return { name, trumps: groupMask[0]!, group, groupMask, strength, above, ranking };
}

/** Normal order: 12 trumps, fele Ac > Tc and As > Ts. RULES §4 */
export const NORMAL_ORDER = build('normal', 'Ah Th Qc Qs Qh Qd Jc Js Jh Jd Ad Td', ['Ac Tc', 'As Ts']);
/** Gran order: the jacks are the only trumps; four plain suits A > T > Q. RULES §4 */
export const GRAN_ORDER = build('gran', 'Jc Js Jh Jd', ['Ac Tc Qc', 'As Ts Qs', 'Ah Th Qh', 'Ad Td Qd']);
/** As–trzy–dychy: the black tens become trumps above Qc; the fele are Ac and As alone. RULES §8 */
export const AS_TRZY_DYCHY_ORDER = build('asTrzyDychy', 'Ah Th Tc Ts Qc Qs Qh Qd Jc Js Jh Jd Ad Td', ['Ac', 'As']);

export const ORDERS: Readonly<Record<CardOrderName, CardOrder>> = {
  normal: NORMAL_ORDER,
  gran: GRAN_ORDER,
  asTrzyDychy: AS_TRZY_DYCHY_ORDER,
};

/** Cards of a mask from strongest to weakest in an order (for display). */
export function sortByOrder(cards: readonly Card[], order: CardOrder): Card[] {
  const pos = (c: Card) => order.ranking.indexOf(c);
  return [...cards].sort((a, b) => pos(a) - pos(b));
}

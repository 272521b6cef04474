// Cards, points and card sets. RULES §1.
//
// Inside the engine a card is a small integer 0–15 (suit × 4 + rank) and a set of cards is a
// 16-bit mask; card codes such as `Ah` appear only at the boundaries (records, display).

export const SUITS = ['c', 's', 'h', 'd'] as const;
export type Suit = (typeof SUITS)[number];
export const RANKS = ['A', 'T', 'Q', 'J'] as const;
export type Rank = (typeof RANKS)[number];

/** A card as the engine holds it: 0–15, `suit * 4 + rank`. */
export type Card = number;
/** A set of cards: bit `c` is set when card `c` is in the set. */
export type CardMask = number;
/** A canonical card code: rank `A T Q J` + suit `c s h d`, e.g. `Ah`, `Tc`, `Qs`, `Jd`. */
export type CardCode = `${Rank}${Suit}`;

export const CARD_COUNT = 16;
export const FULL_DECK: CardMask = 0xffff;

export const cardOf = (rank: Rank, suit: Suit): Card => SUITS.indexOf(suit) * 4 + RANKS.indexOf(rank);
export const suitOf = (card: Card): Suit => SUITS[card >> 2]!;
export const rankOf = (card: Card): Rank => RANKS[card & 3]!;

export const CARD_CODES: readonly CardCode[] = Array.from(
  { length: CARD_COUNT },
  (_, c) => `${RANKS[c & 3]!}${SUITS[c >> 2]!}` as CardCode,
);

// Named cards the rules speak of.
export const AC = 0,
  TC = 1,
  QC = 2,
  JC = 3,
  AS = 4,
  TS = 5,
  QS = 6,
  JS = 7,
  AH = 8,
  TH = 9,
  QH = 10,
  JH = 11,
  AD = 12,
  TD = 13,
  QD = 14,
  JD = 15;

/** Card points (oczka): A 11, T 10, Q 3, J 2; 104 in the pack. RULES §1 */
export const RANK_POINTS: Readonly<Record<Rank, number>> = { A: 11, T: 10, Q: 3, J: 2 };
export const POINTS: Int8Array = Int8Array.from({ length: CARD_COUNT }, (_, c) => RANK_POINTS[rankOf(c)]);
export const TOTAL_POINTS = 104;

export const bit = (card: Card): CardMask => 1 << card;
export const has = (mask: CardMask, card: Card): boolean => (mask & (1 << card)) !== 0;

const maskOfRank = (rank: Rank): CardMask => SUITS.reduce((m, s) => m | bit(cardOf(rank, s)), 0);

/** The two black queens, the stare. RULES §1 */
export const BLACK_QUEENS: CardMask = bit(QC) | bit(QS);
export const ALL_ACES: CardMask = maskOfRank('A');
export const ALL_TENS: CardMask = maskOfRank('T');
export const ALL_QUEENS: CardMask = maskOfRank('Q');
export const ALL_JACKS: CardMask = maskOfRank('J');

/** Number of cards in a mask (at most 16 bits). */
export function popcount(mask: CardMask): number {
  mask = mask - ((mask >> 1) & 0x5555);
  mask = (mask & 0x3333) + ((mask >> 2) & 0x3333);
  mask = (mask + (mask >> 4)) & 0x0f0f;
  return (mask + (mask >> 8)) & 0x1f;
}

/** The lowest card of a non-empty mask. */
export const lowestCard = (mask: CardMask): Card => 31 - Math.clz32(mask & -mask);

/** Cards of a mask in ascending index order. */
export function cardsOf(mask: CardMask): Card[] {
  const out: Card[] = [];
  for (let m = mask; m !== 0; m &= m - 1) out.push(lowestCard(m));
  return out;
}

export const maskOf = (cards: readonly Card[]): CardMask => cards.reduce((m, c) => m | bit(c), 0);

/** Sum of card points in a mask. */
export function pointsOf(mask: CardMask): number {
  let sum = 0;
  for (let m = mask; m !== 0; m &= m - 1) sum += POINTS[lowestCard(m)]!;
  return sum;
}

export const cardCode = (card: Card): CardCode => CARD_CODES[card]!;

// Parsing accepts the canonical codes and the Polish display forms (`A♥`, `10♣`, `D♠`, `W♦`). RULES §1
const RANK_ALIASES: Record<string, Rank> = { A: 'A', T: 'T', '10': 'T', Q: 'Q', D: 'Q', J: 'J', W: 'J' };
const SUIT_ALIASES: Record<string, Suit> = {
  c: 'c',
  s: 's',
  h: 'h',
  d: 'd',
  '♣': 'c',
  '♠': 's',
  '♥': 'h',
  '♦': 'd',
  '♧': 'c',
  '♤': 's',
  '♡': 'h',
  '♢': 'd',
};

/** Parse one card code, canonical or Polish. Returns `undefined` for anything else. */
export function parseCard(text: string): Card | undefined {
  const t = text.normalize('NFC').replace(/\uFE0F/g, '');
  const chars = [...t];
  const suit = SUIT_ALIASES[chars[chars.length - 1] ?? ''];
  const rank = RANK_ALIASES[chars.slice(0, -1).join('').toUpperCase()];
  return suit === undefined || rank === undefined ? undefined : cardOf(rank, suit);
}

/** Parse a hand written as card codes separated by white space. */
export function parseCards(text: string): Card[] | undefined {
  const parts = text.trim().split(/\s+/).filter(Boolean);
  const cards: Card[] = [];
  for (const p of parts) {
    const c = parseCard(p);
    if (c === undefined) return undefined;
    cards.push(c);
  }
  return cards;
}

// Display: suit symbols, Polish ranks (D = dama, W = walet), Polish and English names.
export const SUIT_SYMBOLS: Readonly<Record<Suit, string>> = { c: '♣', s: '♠', h: '♥', d: '♦' };
export const SUIT_NAMES_PL: Readonly<Record<Suit, string>> = { c: 'krzyż', s: 'pik', h: 'serce', d: 'karo' };
export const SUIT_NAMES_EN: Readonly<Record<Suit, string>> = { c: 'clubs', s: 'spades', h: 'hearts', d: 'diamonds' };
export const RANK_SYMBOLS_PL: Readonly<Record<Rank, string>> = { A: 'A', T: '10', Q: 'D', J: 'W' };
export const RANK_SYMBOLS_EN: Readonly<Record<Rank, string>> = { A: 'A', T: '10', Q: 'Q', J: 'J' };
export const RANK_NAMES_PL: Readonly<Record<Rank, string>> = { A: 'as', T: 'dziesiątka', Q: 'dama', J: 'walet' };
export const RANK_NAMES_EN: Readonly<Record<Rank, string>> = { A: 'ace', T: 'ten', Q: 'queen', J: 'jack' };

export type Lang = 'pl' | 'en';

/** A card for display with its suit symbol: `A♥`, `10♣`, `D♠` (Polish) or `Q♠` (English). */
export function cardSymbol(card: Card, lang: Lang = 'pl'): string {
  const ranks = lang === 'pl' ? RANK_SYMBOLS_PL : RANK_SYMBOLS_EN;
  return `${ranks[rankOf(card)]}${SUIT_SYMBOLS[suitOf(card)]}`;
}

/** A card's name in words: `as serce`, `ace of hearts`. */
export function cardName(card: Card, lang: Lang = 'pl'): string {
  return lang === 'pl'
    ? `${RANK_NAMES_PL[rankOf(card)]} ${SUIT_NAMES_PL[suitOf(card)]}`
    : `${RANK_NAMES_EN[rankOf(card)]} of ${SUIT_NAMES_EN[suitOf(card)]}`;
}

export const isRed = (card: Card): boolean => suitOf(card) === 'h' || suitOf(card) === 'd';

/** Polish plural for display: 1 oczko, 2–4 oczka, 5+ oczek (12–14 oczek). */
export function polishPlural(n: number, one: string, few: string, many: string): string {
  const abs = Math.abs(n);
  if (abs === 1) return one;
  const d = abs % 10;
  const t = abs % 100;
  return d >= 2 && d <= 4 && (t < 12 || t > 14) ? few : many;
}

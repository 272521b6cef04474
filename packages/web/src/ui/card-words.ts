// A card in words and in short, in the page's language: for screen readers, titles and the reckoning.
import { type CardCode, RANK_SYMBOLS_PL, cardName, parseCard } from '@baska/engine';
import { lang } from '../i18n.js';

export const SUIT_GLYPH: Record<string, string> = { c: '♣', s: '♠', h: '♥', d: '♦' };
const RANK_EN: Record<string, string> = { A: 'A', T: '10', Q: 'Q', J: 'J' };
const RANK_DE: Record<string, string> = { A: 'A', T: '10', Q: 'D', J: 'B' };

export function rankLabel(rank: string): string {
  if (lang.value === 'en') return RANK_EN[rank]!;
  if (lang.value === 'de') return RANK_DE[rank]!;
  return RANK_SYMBOLS_PL[rank as keyof typeof RANK_SYMBOLS_PL];
}

const DE_RANKS: Record<string, string> = { A: 'Ass', T: 'Zehn', Q: 'Dame', J: 'Bube' };
const DE_SUITS: Record<string, string> = { c: 'Kreuz', s: 'Pik', h: 'Herz', d: 'Karo' };

/** The card in words, for screen readers and titles. */
export function cardLabel(code: CardCode): string {
  if (lang.value === 'de') return `${DE_SUITS[code[1]!]}-${DE_RANKS[code[0]!]}`;
  return cardName(parseCard(code)!, lang.value === 'pl' ? 'pl' : 'en');
}

/** The card short, as on its corner: `D♣`, `Q♣`, `B♠`. */
export const cardShort = (code: CardCode): string => `${rankLabel(code[0]!)}${SUIT_GLYPH[code[1]!]!}`;

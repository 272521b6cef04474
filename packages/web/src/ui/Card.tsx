// A card face drawn as SVG (our own drawing): rank in the corners, a large suit in the middle.
// Red for hearts and diamonds; the accessible name is the card in words.
import { type CardCode, RANK_SYMBOLS_PL, cardName, parseCard } from '@baska/engine';
import { lang } from '../i18n.js';

const SUIT_GLYPH: Record<string, string> = { c: '♣', s: '♠', h: '♥', d: '♦' };
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

/** The card's face. */
export function CardFace({ code }: { code: CardCode }) {
  const rank = rankLabel(code[0]!);
  const suit = SUIT_GLYPH[code[1]!]!;
  const red = code[1] === 'h' || code[1] === 'd';
  return (
    <svg class={`face ${red ? 'red' : 'black'}`} viewBox="0 0 100 140" aria-hidden="true">
      <rect x="1.5" y="1.5" width="97" height="137" rx="9" class="paper" />
      <text x="10" y="30" class="corner">
        {rank}
      </text>
      <text x="10" y="54" class="corner-suit">
        {suit}
      </text>
      <text x="90" y="110" class="corner flip" transform="rotate(180 90 110)">
        {rank}
      </text>
      <text x="50" y="94" class="pip" text-anchor="middle">
        {suit}
      </text>
    </svg>
  );
}

/** The back of a card (other players' hands). */
export function CardBack() {
  return (
    <svg class="back" viewBox="0 0 100 140" aria-hidden="true">
      <rect x="1.5" y="1.5" width="97" height="137" rx="9" class="back-paper" />
      <rect x="10" y="10" width="80" height="120" rx="5" class="back-pattern" />
    </svg>
  );
}

// A card face drawn as SVG (our own drawing): rank in the corners, a large suit in the middle.
// Red for hearts and diamonds; the accessible name is the card in words (card-words.ts).
import type { CardCode } from '@baska/engine';
import { SUIT_GLYPH, rankLabel } from './card-words.js';

export { cardLabel, cardShort, rankLabel } from './card-words.js';

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

// Card points of a trick.
import { POINTS, type TrickView, parseCard } from '@baska/engine';

/** A trick's card points (RULES §1). */
export const trickPoints = (trick: TrickView) => trick.cards.reduce((sum, code) => sum + POINTS[parseCard(code)!]!, 0);

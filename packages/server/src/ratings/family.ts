// Which tables are rated, and in which family their ratings count (issue 19): a table is rated only
// when its creator chose so before the start, every seat is a registered person (a bot or a guest
// makes the game unrated) and its rules are a preset without changes. Baśka's presets share one
// family; Kop, a different game, has its own.
import type { RulesSpec } from '@baska/engine';
import { RATING_FAMILIES, type RatingFamily } from '@baska/protocol';
import { GameError } from '../errors.js';

export const FAMILIES = RATING_FAMILIES;
export type Family = RatingFamily;

/** The family of a preset's ratings. */
export const familyOf = (preset: string): Family => (preset === 'kop' ? 'kop' : 'baska');

/** A rated table's rules must be a preset as it is (a preset name, not a preset with overrides). */
export function mustBeRatable(spec: RulesSpec, bots: boolean, guest: boolean): void {
  if (typeof spec !== 'string')
    throw new GameError('ERR_RATED', 'a rated table plays a preset as it is, without changed options');
  if (bots) throw new GameError('ERR_RATED', 'a rated table is for people only: no bots');
  if (guest) throw new GameError('ERR_RATED', 'only registered players sit at a rated table');
}

// What a deleted player is called where he was named (decision 019): "usunięty gracz 1", "usunięty
// gracz 2"… numbered within one game or one tournament, so two deleted players at one table stay
// apart, and never by his id, so his games cannot be joined to each other through the label.
import { DELETED_LABEL } from '@baska/protocol';
import { lookalikeKey } from '../names.js';

const LABELLED = new RegExp(`^${DELETED_LABEL} (\\d+)$`);
const labelKey = lookalikeKey(DELETED_LABEL);

/** The label of the `n`-th deleted player of a game or a tournament (from 1). */
export const deletedLabel = (n: number): string => `${DELETED_LABEL} ${n}`;

/** The next label free among these names (those already given to deleted players are skipped). */
export function nextLabel(names: Iterable<string>): string {
  let max = 0;
  for (const name of names) {
    const m = LABELLED.exec(name);
    if (m) max = Math.max(max, Number(m[1]));
  }
  return deletedLabel(max + 1);
}

/** Does a new name look like a deleted player's label? Nobody may take one (accounts.ts, mayTake). */
export const looksDeleted = (name: string): boolean => lookalikeKey(name).startsWith(labelKey);

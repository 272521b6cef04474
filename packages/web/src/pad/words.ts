// A deal of a score pad told in the game's words, for people: its game, its declarer or its old
// side, its counted doublings and its result ("gran — Bożydar · liczone: 2 kontry (×4) · wygrał").
// The pad's list of deals and the entry form's preview say a deal so.
import { CONTRACTS, type Preset, doublingDisplayName } from '@baska/engine';
import type { EntryRow, SaidWord } from '@baska/tournament';
import { lang, t } from '../i18n.js';
import { list } from '../i18n/format.js';
import { gradeName } from '../ui/words.js';

/** What a row must carry to be told: a row computed here (EntryRow) or one the server sent (PadRowView). */
export type TellableRow = Pick<EntryRow, 'typed' | 'old' | 'winner' | 'grade' | 'counted'> & {
  contract: string | null;
};

export function dealInWords(row: TellableRow, names: readonly string[]): string {
  const w = t().pad;
  if (row.typed || row.contract === null) return w.typed;
  const who = row.old.map((s) => names[s] ?? '?');
  const two = who.length === 2; // RULES §2: two against two in zwyczajna and wesele
  const parts = [`${row.contract} — ${two ? w.oldAre(list(lang.value, who)) : who[0]}`];
  if (row.counted > 0) parts.push(w.counted(row.counted));
  if (row.winner !== null)
    parts.push(
      two
        ? [w.won[row.winner], row.grade === null ? '' : gradeName(row.grade)].join(' ').trim()
        : w.soloResult[row.winner],
    );
  return parts.join(' · ');
}

/** A game called among the doublings said (RULES §3: it cancels the doublings before it). */
export const isGameWord = (word: string) => (CONTRACTS as readonly string[]).includes(word);

/** The word at `i` as the table said it: a game, or a doubling named by its distance from the last game called. */
export function saidWord(said: readonly SaidWord[], i: number, preset: Preset): string {
  const word = said[i]!.word;
  if (isGameWord(word)) return word;
  let last = -1;
  for (let k = i - 1; k >= 0; k--)
    if (isGameWord(said[k]!.word)) {
      last = k;
      break;
    }
  return doublingDisplayName(i - last, preset);
}

/** The doublings as said, in order: "Grzegorz: kontra → Józefina: rekontra". */
export const saidInWords = (said: readonly SaidWord[], names: readonly string[], preset: Preset): string =>
  said.map((x, i) => `${names[x.seat] ?? '?'}: ${saidWord(said, i, preset)}`).join(' → ');

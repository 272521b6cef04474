// A deal as the table said it, read back: the phrases a person checks before confirming a deal
// ("zwyczajna · starzy: Mścisław Bożydar i Grzegorz Brzęczyszczykiewicz · kontra · wygrali starzy z
// wyjściem"), and the entry form's starting state for a deal entered again or corrected, so it
// reopens as it was entered. Entries are those of @baska/tournament's entry module ({words} or
// {scores, tie?}); the row is what the same module scored from them (a pad replayed on the phone).
import { type Contract, DOUBLING_NAMES, type Rules } from '@baska/engine';
import {
  type DealWords,
  type EntryRow,
  type OffenceKind,
  type Pad,
  type SaidWord,
  newPad,
  padAdd,
} from '@baska/tournament';
import { lang, t } from '../i18n.js';
import { list } from '../i18n/format.js';
import { gradeName } from '../ui/words.js';
import { saidInWords } from './words.js';

/** An entry as a phone sends it and the server keeps it (without its id). */
export type SaidEntry = { words: DealWords } | { scores: (number | null)[]; tie?: boolean };

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The entry as said, when it is one (a row the director typed has none). */
export function saidOf(entry: unknown): SaidEntry | null {
  if (!isObj(entry)) return null;
  if (isObj(entry.words)) return { words: entry.words as unknown as DealWords };
  if (Array.isArray(entry.scores))
    return { scores: entry.scores as (number | null)[], ...(entry.tie === true ? { tie: true } : {}) };
  return null;
}

const THROWN: readonly string[] = ['zollo-bieda', 'mester', 'baszka'];

/**
 * The deal in the phones' words, phrase by phrase: the game, who was old (or who played), the
 * doublings, the result (grade, card points, 52:52, or the offence that decided it). `row`: the row
 * scored from it, which says who won where card points decide.
 */
export function saidWords(entry: SaidEntry, row: EntryRow | null, names: readonly string[], rules: Rules): string[] {
  const w = t().pad;
  if ('scores' in entry) return [w.saidTyped, ...(entry.tie ? [w.tie] : [])];
  const words = entry.words;
  const who = (s: number) => names[s] ?? '?';
  const two = words.old.length === 2;
  const out: string[] = [words.contract];
  out.push(two ? w.saidOld(list(lang.value, words.old.map(who))) : w.saidSolo(who(words.old[0]!)));
  const thrown = THROWN.includes(words.contract);
  // Said doublings are told as said, then counted as the engine counts them (RULES §3).
  const counted = row?.counted ?? words.doublings ?? 0;
  if (!thrown && words.said?.length) out.push(saidInWords(words.said, names, rules.preset), w.counted(counted));
  else if (!thrown) out.push(counted === 0 ? w.saidNoDoubling : doubling(rules, counted));
  if (words.lastDoubler) out.push(w.saidLastDoubler[words.lastDoubler]);
  const offence = words.offence;
  if (offence) {
    const what = [w.offenceKinds[offence.kind as OffenceKind], ...(offence.tookRest ? [w.tookRest] : [])].join(', ');
    out.push(w.saidOffence(who(offence.seat), what));
  }
  if (thrown) out.push(w.saidThrown);
  else if (words.oldPoints === 52) out.push(w.tie);
  else {
    const result = row?.winner ? resultWords(row.winner, row.grade, two) : null;
    if (words.oldPoints !== undefined) {
      const points = w.saidPoints(words.oldPoints, 104 - words.oldPoints);
      out.push(result ? `${points} — ${result}` : points);
    } else if (result) out.push(result);
    else if (words.winner) out.push(resultWords(words.winner, words.grade ?? null, two));
  }
  return out;
}

function resultWords(winner: 'old' | 'young', grade: 1 | 2 | 3 | null, two: boolean): string {
  const w = t().pad;
  if (!two) return winner === 'old' ? w.saidSoloWon : w.saidSoloLost;
  const won = winner === 'old' ? w.saidOldWon : w.saidYoungWon;
  return grade === null ? won : `${won} ${gradeName(grade)}`;
}

/** The counted doubling's name under the rules' preset: kontra, rekontra, bok, … RULES §3 */
const doubling = (rules: Rules, n: number) => DOUBLING_NAMES[rules.preset][n - 1] ?? `×${2 ** n}`;

/** The score pad of these entries at a table of `size`, seats named by number; null if the rules are none. */
export function padOfSaid(rules: Rules, size: number, entries: readonly unknown[]): Pad | null {
  const made = newPad(
    rules,
    Array.from({ length: size }, (_, i) => String(i + 1)),
  );
  if (!made.ok) return null;
  let pad = made.value;
  for (const e of entries) {
    const next = padAdd(pad, e);
    if (next.ok) pad = next.value;
  }
  return pad;
}

/** The entry form's choices for a deal in words, as the form holds them. */
export interface WordsStart {
  contract: Contract;
  old: number[];
  /** The doublings as they were said (RULES §3), or, entered by their count, `byCount` and `doublings`. */
  said: SaidWord[];
  byCount: boolean;
  doublings: number;
  result:
    | { kind: 'grade'; winner: 'old' | 'young'; grade: 1 | 2 | 3 }
    | { kind: 'winner'; winner: 'old' | 'young' }
    | { kind: 'tie' }
    | { kind: 'points'; points: string }
    | null;
  offence: { seat: number | null; kind: OffenceKind; tookRest: boolean } | null;
}

/** The form's choices that give these words back (a deal reopened to be corrected). */
export function wordsStart(words: DealWords | undefined): WordsStart {
  if (!words)
    return { contract: 'zwyczajna', old: [], said: [], byCount: false, doublings: 0, result: null, offence: null };
  const result: WordsStart['result'] =
    words.oldPoints === 52
      ? { kind: 'tie' }
      : words.oldPoints !== undefined
        ? { kind: 'points', points: String(words.oldPoints) }
        : words.winner && words.grade
          ? { kind: 'grade', winner: words.winner, grade: words.grade }
          : words.winner && !THROWN.includes(words.contract)
            ? { kind: 'winner', winner: words.winner }
            : null;
  return {
    contract: words.contract,
    old: [...words.old],
    said: words.said ? words.said.map((x) => ({ ...x })) : [],
    byCount: !words.said && (words.doublings ?? 0) > 0,
    doublings: words.doublings ?? 0,
    result,
    offence: words.offence
      ? { seat: words.offence.seat, kind: words.offence.kind, tookRest: words.offence.tookRest ?? false }
      : null,
  };
}

// Standings and seasons as tables for people, in Polish or English.
import { type SeasonRow, type Standings, type Tournament, isFinished } from '@baska/tournament';
import type { Lang } from '../text.js';

/** The form of a word for a count, chosen by the language's plural rules. */
function plural(lang: Lang, n: number, forms: Partial<Record<Intl.LDMLPluralRule, string>>): string {
  const rule = new Intl.PluralRules(lang).select(n);
  return forms[rule] ?? forms.other ?? forms.many ?? '';
}

const WORDS = {
  pl: {
    place: 'Miejsce',
    player: 'Gracz',
    big: 'Duże pkt',
    small: 'Małe pkt',
    tp: 'Pkt turniejowe',
    duplicate: 'Porównanie',
    score: 'Wynik',
    total: 'Suma',
    played: 'Starty',
    rounds: (done: number, all: number) => `rozegrane rundy: ${done} z ${all}`,
    incomplete: (n: number) =>
      `${n} ${plural('pl', n, { one: 'niedokończony stolik', few: 'niedokończone stoliki', many: 'niedokończonych stolików' })} (jeszcze się nie liczą)`,
    duplicateNote:
      'Porównanie: małe punkty gracza minus średnia tych, którzy przy innych stolikach mieli te same karty (rundy duplikatowe).',
    inProgress: (list: string) => `w toku, nie liczą się: ${list}`,
    // A noun, not "wycofany/wycofana": the file does not say who is a man and who a woman.
    from: (round: string) => `od ${round}. rundy`,
    until: (round: string) => `wycofanie po ${round}. rundzie`,
  },
  en: {
    place: 'Place',
    player: 'Player',
    big: 'Big pts',
    small: 'Small pts',
    tp: 'Tourn. pts',
    duplicate: 'Duplicate',
    score: 'Score',
    total: 'Total',
    played: 'Played',
    rounds: (done: number, all: number) => `rounds complete: ${done} of ${all}`,
    incomplete: (n: number) =>
      `${n} ${plural('en', n, { one: 'unfinished table', other: 'unfinished tables' })} (not counted yet)`,
    duplicateNote:
      "Duplicate: the player's small points minus the average of those who held the same cards at the other tables (duplicate rounds).",
    inProgress: (list: string) => `in progress, not counted: ${list}`,
    from: (round: string) => `from round ${round}`,
    until: (round: string) => `withdrawn after round ${round}`,
  },
} as const;

function grid(header: string[], rows: string[][], right: (col: number) => boolean): string {
  const width = header.map((h, c) => Math.max([...h].length, ...rows.map((r) => [...r[c]!].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, c) => (right(c) ? cell.padStart(width[c]!) : cell.padEnd(width[c]!)))
      .join('  ')
      .trimEnd();
  return [line(header), width.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function standingsText(t: Tournament, s: Standings, lang: Lang): string {
  const w = WORDS[lang];
  const n = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });
  const done = s.rounds.filter((r) => r.complete).length;
  const open = s.rounds.flatMap((r) => r.tables).filter((x) => !x.complete).length;
  const title = [t.file.name, w.rounds(done, t.format.rounds), open ? w.incomplete(open) : '']
    .filter(Boolean)
    .join(' · ');
  const signed = new Intl.NumberFormat(lang, { maximumFractionDigits: 2, signDisplay: 'exceptZero' });
  // A late entry and a withdrawn player keep their rounds' points; the name says which rounds they played.
  const marks = (r: Standings['standings'][number]) =>
    [
      r.from !== undefined ? w.from(n.format(r.from)) : '',
      r.until !== undefined ? w.until(n.format(r.until)) : '',
    ].filter(Boolean);
  const rows = s.standings.map((r) => [
    String(r.place),
    marks(r).length ? `${r.name} (${marks(r).join(', ')})` : r.name,
    n.format(r.bigPoints.toNumber()),
    n.format(r.smallPoints),
    ...r.placesCount.map(String),
    n.format(r.tournamentPoints.toNumber()),
    ...(s.duplicate ? [signed.format(r.duplicate.toNumber())] : []),
  ]);
  const head = [w.place, w.player, w.big, w.small, '1.', '2.', '3.', '4.', '5.', w.tp];
  if (s.duplicate) head.push(w.duplicate);
  const table = grid(head, rows, (c) => c !== 1);
  return `${title}\n\n${table}${s.duplicate ? `\n\n${w.duplicateNote}` : ''}`;
}

/** The season; a tournament still being played is marked (T2*) and named below: it counts for nobody. */
export function seasonText(rows: readonly SeasonRow[], tournaments: readonly Tournament[], lang: Lang): string {
  const w = WORDS[lang];
  const n = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });
  const count = tournaments.length;
  const body = rows.map((r) => [
    String(r.place),
    r.name,
    n.format(r.score.toNumber()),
    n.format(r.total.toNumber()),
    String(r.played),
    ...r.results.map((x) => (x ? n.format(x.toNumber()) : '–')),
  ]);
  const open = tournaments.flatMap((t, i) => (isFinished(t) ? [] : [i]));
  const label = (i: number) => `T${i + 1}${open.includes(i) ? '*' : ''}`;
  const head = [w.place, w.player, w.score, w.total, w.played, ...Array.from({ length: count }, (_, i) => label(i))];
  const names = open.map((i) => `${label(i)} ${tournaments[i]!.file.name ?? ''}`.trim()).join(', ');
  return grid(head, body, (c) => c !== 1) + (open.length ? `\n\n${w.inProgress(names)}` : '');
}

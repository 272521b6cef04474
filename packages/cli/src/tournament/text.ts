// Standings and seasons as tables for people, in Polish or English.
import {
  type SeasonRow,
  type Standings,
  type Tournament,
  isFinished,
  peopleCells,
  pointsText,
} from '@baska/tournament';
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
    running: 'W toku*',
    runningNote:
      '* Małe punkty rozdań zapisanych przy stolikach, które jeszcze grają: tymczasowe, liczą się dopiero po ostatnim rozdaniu stolika. — : gracz bez skończonego stolika nie ma jeszcze miejsca.',
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
    running: 'So far*',
    runningNote:
      "* Small points of the deals entered at tables still playing: provisional, they count after the table's last deal. — : a player with no finished table has no place yet.",
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

/** The standings for people: the same cells as the pages and the CSV files (peopleCells), "—" for no place yet. */
export function standingsText(t: Tournament, s: Standings, lang: Lang): string {
  const w = WORDS[lang];
  const n = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });
  const done = s.rounds.filter((r) => r.complete).length;
  const open = s.rounds.flatMap((r) => r.tables).filter((x) => !x.complete).length;
  const title = [t.file.name, w.rounds(done, t.format.rounds), open ? w.incomplete(open) : '']
    .filter(Boolean)
    .join(' · ');
  // A late entry and a withdrawn player keep their rounds' points; the name says which rounds they played.
  const marks = (r: Standings['standings'][number]) =>
    [
      r.from !== undefined ? w.from(n.format(r.from)) : '',
      r.until !== undefined ? w.until(n.format(r.until)) : '',
    ].filter(Boolean);
  const rows = s.standings.map((r) => {
    const cells = peopleCells(r, lang, true);
    return [
      cells.place || '—',
      marks(r).length ? `${r.name} (${marks(r).join(', ')})` : r.name,
      cells.bigPoints,
      cells.smallPoints,
      ...(s.running ? [cells.running || '—'] : []),
      ...r.placesCount.map(String),
      cells.tournamentPoints || '—',
      ...(s.duplicate ? [cells.duplicate!] : []),
    ];
  });
  const head = [
    w.place,
    w.player,
    w.big,
    w.small,
    ...(s.running ? [w.running] : []),
    '1.',
    '2.',
    '3.',
    '4.',
    '5.',
    w.tp,
  ];
  if (s.duplicate) head.push(w.duplicate);
  const table = grid(head, rows, (c) => c !== 1);
  const notes = [s.running ? w.runningNote : '', s.duplicate ? w.duplicateNote : ''].filter(Boolean);
  return `${title}\n\n${table}${notes.map((x) => `\n\n${x}`).join('')}`;
}

/** The season; a tournament still being played is marked (T2*) and named below: it counts for nobody. */
export function seasonText(rows: readonly SeasonRow[], tournaments: readonly Tournament[], lang: Lang): string {
  const w = WORDS[lang];
  const count = tournaments.length;
  const body = rows.map((r) => [
    String(r.place),
    r.name,
    pointsText(r.score, lang),
    pointsText(r.total, lang),
    String(r.played),
    ...r.results.map((x) => (x ? pointsText(x, lang) : '–')),
  ]);
  const open = tournaments.flatMap((t, i) => (isFinished(t) ? [] : [i]));
  const label = (i: number) => `T${i + 1}${open.includes(i) ? '*' : ''}`;
  const head = [w.place, w.player, w.score, w.total, w.played, ...Array.from({ length: count }, (_, i) => label(i))];
  const names = open.map((i) => `${label(i)} ${tournaments[i]!.file.name ?? ''}`.trim()).join(', ');
  return grid(head, body, (c) => c !== 1) + (open.length ? `\n\n${w.inProgress(names)}` : '');
}

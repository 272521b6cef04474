// Standings and seasons as tables for people, in Polish or English.
import type { SeasonRow, Standings, Tournament } from '@baska/tournament';
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
    score: 'Wynik',
    total: 'Suma',
    played: 'Starty',
    rounds: (done: number, all: number) => `rozegrane rundy: ${done} z ${all}`,
    incomplete: (n: number) =>
      `${n} ${plural('pl', n, { one: 'niedokończony stolik', few: 'niedokończone stoliki', many: 'niedokończonych stolików' })} (jeszcze się nie liczą)`,
  },
  en: {
    place: 'Place',
    player: 'Player',
    big: 'Big pts',
    small: 'Small pts',
    tp: 'Tourn. pts',
    score: 'Score',
    total: 'Total',
    played: 'Played',
    rounds: (done: number, all: number) => `rounds complete: ${done} of ${all}`,
    incomplete: (n: number) =>
      `${n} ${plural('en', n, { one: 'unfinished table', other: 'unfinished tables' })} (not counted yet)`,
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
  const rows = s.standings.map((r) => [
    String(r.place),
    r.name,
    n.format(r.bigPoints.toNumber()),
    n.format(r.smallPoints),
    ...r.placesCount.map(String),
    n.format(r.tournamentPoints.toNumber()),
  ]);
  return `${title}\n\n${grid([w.place, w.player, w.big, w.small, '1.', '2.', '3.', '4.', '5.', w.tp], rows, (c) => c !== 1)}`;
}

export function seasonText(rows: readonly SeasonRow[], lang: Lang): string {
  const w = WORDS[lang];
  const n = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });
  const count = rows[0]?.results.length ?? 0;
  const body = rows.map((r) => [
    String(r.place),
    r.name,
    n.format(r.score.toNumber()),
    n.format(r.total.toNumber()),
    String(r.played),
    ...r.results.map((x) => (x ? n.format(x.toNumber()) : '–')),
  ]);
  const head = [w.place, w.player, w.score, w.total, w.played, ...Array.from({ length: count }, (_, i) => `T${i + 1}`)];
  return grid(head, body, (c) => c !== 1);
}

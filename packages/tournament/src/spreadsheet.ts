// The standings' and a season's CSV as a spreadsheet opens it with a double click in the reader's
// language. The plain CSV (exports.ts) is for programs and stays as docs/spec/tournament.md has it:
// a Polish Excel opens it as one column ("1,p1,Anna…"), and without a byte-order mark reads its
// UTF-8 as Windows-1250 ("WiĹ›niewski"). This one is the same table, written for a person:
// - a UTF-8 byte-order mark, so that Excel and LibreOffice take the letters as UTF-8;
// - the list separator Excel uses there: ";" where the decimal mark is a comma (Polish, German),
//   "," where it is a point (English);
// - numbers with the language's decimal mark (5,5), rounded as everywhere people read points
//   (points.ts), and no thousands separator;
// - the header in the reader's words ("Miejsce;Id;Gracz;Duże pkt…"), the same columns in the same order.
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { pointsText } from './points.js';

export const SHEET_LANGS = ['pl', 'en', 'de'] as const;
export type SheetLang = (typeof SHEET_LANGS)[number];

/** The plain CSV's columns that hold text (every other column holds numbers, or nothing). */
const TEXT_COLUMNS = new Set(['player', 'name']);

const HEADERS: Record<SheetLang, Record<string, string>> = {
  pl: {
    place: 'Miejsce',
    player: 'Id',
    name: 'Gracz',
    bigPoints: 'Duże pkt',
    smallPoints: 'Małe pkt',
    first: '1. miejsca',
    second: '2. miejsca',
    third: '3. miejsca',
    fourth: '4. miejsca',
    fifth: '5. miejsca',
    tournamentPoints: 'Pkt turniejowe',
    duplicate: 'Porównanie',
    score: 'Pkt turniejowe',
    total: 'Suma',
    played: 'Turniejów',
    tournament: 'Turniej',
    running: 'Małe pkt w toku (tymczasowe)',
  },
  en: {
    place: 'Place',
    player: 'Id',
    name: 'Player',
    bigPoints: 'Big points',
    smallPoints: 'Small points',
    first: '1st places',
    second: '2nd places',
    third: '3rd places',
    fourth: '4th places',
    fifth: '5th places',
    tournamentPoints: 'Tournament points',
    duplicate: 'Comparison',
    score: 'Tournament points',
    total: 'Total',
    played: 'Tournaments',
    tournament: 'Tournament',
    running: 'Small points so far (provisional)',
  },
  de: {
    place: 'Platz',
    player: 'Id',
    name: 'Spieler',
    bigPoints: 'Große Punkte',
    smallPoints: 'Kleine Punkte',
    first: '1. Plätze',
    second: '2. Plätze',
    third: '3. Plätze',
    fourth: '4. Plätze',
    fifth: '5. Plätze',
    tournamentPoints: 'Turnierpunkte',
    duplicate: 'Vergleich',
    score: 'Turnierpunkte',
    total: 'Summe',
    played: 'Turniere',
    tournament: 'Turnier',
    running: 'Kleine Punkte bisher (vorläufig)',
  },
};

/** A column's name in the reader's words; the season's `tournament3` is "Turniej 3"; an unknown one stays. */
function header(column: string, lang: SheetLang, number: Intl.NumberFormat): string {
  const words = HEADERS[lang];
  const nth = /^tournament(\d+)$/.exec(column);
  if (nth) return `${words.tournament} ${number.format(Number(nth[1]))}`;
  return words[column] ?? column;
}

/** A number as the plain CSV writes it ("-12", "5.5", "5.67": points.ts). */
const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * `csv` (standingsCsv or seasonCsv: a header line, then rows) for a spreadsheet in `lang`. Text cells
 * are kept as the plain CSV has them (a name that starts like a formula is already made text there).
 */
export function spreadsheetCsv(csv: string, lang: SheetLang): string {
  const number = new Intl.NumberFormat(lang, { useGrouping: false });
  const decimal = number.formatToParts(0.5).find((p) => p.type === 'decimal')?.value ?? '.';
  const rows = parse(csv) as string[][];
  const [columns = [], ...body] = rows;
  const numeric = columns.map((c) => !TEXT_COLUMNS.has(c));
  const out = [
    columns.map((c) => header(c, lang, number)),
    ...body.map((row) =>
      row.map((cell, i) => (numeric[i] && NUMBER.test(cell) ? pointsText(Number(cell), lang) : cell)),
    ),
  ];
  return (
    '\uFEFF' +
    stringify(out, {
      delimiter: decimal === ',' ? ';' : ',',
      record_delimiter: 'windows',
      // A text cell with either separator is quoted, whichever one the reader's Excel splits on.
      cast: { string: (cell, { index }) => (numeric[index] ? cell : { value: cell, quoted: /[;,]/.test(cell) }) },
    })
  );
}

// Points as people read them. Every place a person reads a number of points (the tournament's page,
// the projector, the CSV for a spreadsheet, the plain CSV, `baska tournament standings`, the printed
// protocol) writes it with `pointsText`, so all of them round it the same way: two decimals at most,
// the language's decimal mark through Intl, no thousands separator. The tournament file and
// `standings --json` keep the exact values (docs/spec/tournament.md); a shared place's 675/14
// tournament points read 48,21 (48.21 in English), never 48.214285714285715.
import type { Ratio } from './ratio.js';

/** The decimals a person is shown: a shared place's points are halves, thirds, fifths… */
export const POINTS_DECIMALS = 2;

const formats = new Map<string, Intl.NumberFormat>();

function format(lang: string, signed: boolean): Intl.NumberFormat {
  const key = `${lang}:${signed}`;
  let f = formats.get(key);
  if (!f)
    formats.set(
      key,
      (f = new Intl.NumberFormat(lang, {
        maximumFractionDigits: POINTS_DECIMALS,
        useGrouping: false,
        // "negative": no "-0" for a value that rounds to zero; a difference shows its "+" too.
        // ('negative' is ES2023's Intl, in Node 20 and every browser the site serves; ES2022's types lack it.)
        signDisplay: (signed ? 'exceptZero' : 'negative') as Intl.NumberFormatOptions['signDisplay'],
      })),
    );
  return f;
}

/**
 * `value` as a person reads it in `lang` ("48,21" in Polish and German, "48.21" in English; whole
 * numbers without decimals). `signed`: a difference, "+3" and "−1,5". A Ratio is rounded from its
 * nearest double, the same number `standings --json` and the server's pages carry.
 */
export function pointsText(value: number | Ratio, lang: string, signed = false): string {
  return format(lang, signed).format(typeof value === 'number' ? value : value.toNumber());
}

/** A standings row as the pages, the CSV files and the command's table hold it. */
export interface PeopleRow {
  place: number;
  bigPoints: number | Ratio;
  smallPoints: number;
  tournamentPoints: number | Ratio;
  /** False while no complete table ranks the player (spec: only complete tables count). */
  placed: boolean;
  /**
   * Small points so far at his table being played (they do not count yet); null when he sits at
   * none while a round is played; undefined when no round is.
   */
  running?: number | null;
  duplicate?: number | Ratio;
}

/**
 * A standings row's cells for people: '' for a place (and its tournament points) nothing ranks yet,
 * and for the small points so far of a player whose table is not being played.
 */
export interface PeopleCells {
  place: string;
  bigPoints: string;
  smallPoints: string;
  tournamentPoints: string;
  running?: string;
  duplicate?: string;
}

/**
 * The cells a person reads of a standings row, the same wherever he reads them. A player no complete
 * table ranks yet has no place and no tournament points: never "everyone first" before a table ends.
 * `signed`: the duplicate comparison with its "+" (a page, the command's table; a CSV keeps plain numbers).
 */
export function peopleCells(row: PeopleRow, lang: string, signed = false): PeopleCells {
  return {
    place: row.placed ? String(row.place) : '',
    bigPoints: pointsText(row.bigPoints, lang),
    smallPoints: pointsText(row.smallPoints, lang),
    tournamentPoints: row.placed ? pointsText(row.tournamentPoints, lang) : '',
    ...(row.running !== undefined && { running: row.running === null ? '' : pointsText(row.running, lang) }),
    ...(row.duplicate !== undefined && { duplicate: pointsText(row.duplicate, lang, signed) }),
  };
}

/** A standings row as `standings --json` and the server's pages carry it: `placed` and `running` only where they say something. */
export interface PeopleJsonRow extends Omit<PeopleRow, 'placed' | 'running'> {
  placed?: boolean;
  running?: number | null;
}

/**
 * The cells of the standings' rows as people read them (peopleCells), from the rows as the JSON
 * carries them. `inPlay`: a round is being played, so every row has a cell of small points so far
 * (empty for a player at no table in play); by default, whether any of these rows has some.
 */
export function peopleTable(
  rows: readonly PeopleJsonRow[],
  lang: string,
  signed = false,
  inPlay = rows.some((r) => r.running !== undefined && r.running !== null),
): PeopleCells[] {
  return rows.map((r) =>
    peopleCells({ ...r, placed: r.placed !== false, running: inPlay ? (r.running ?? null) : undefined }, lang, signed),
  );
}

// Counts, numbers and dates in a language, through Intl and never by hand: the dictionaries build
// their phrases with these, so "1 gra, 2 gry, 5 gier" and "1,5" come from the language's own rules.

export type Lang = 'pl' | 'en' | 'de';

/** A word's forms by the plural categories of Intl.PluralRules (Polish uses one/few/many, others one/other). */
export type Forms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const rules = new Map<Lang, Intl.PluralRules>();
const formats = new Map<string, Intl.NumberFormat>();

/** One number format per language and options, made once. */
function format(lang: Lang, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lang} ${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.NumberFormat(lang, options)));
  return f;
}

/**
 * The number written by the format, a negative with the true minus sign "−" (U+2212): Intl writes
 * the hyphen "-" in Polish, English and German, and a "-6" in a column of scores reads as a dash.
 */
function write(f: Intl.NumberFormat, n: number): string {
  return f
    .formatToParts(n)
    .map((p) => (p.type === 'minusSign' ? '\u2212' : p.value))
    .join('');
}

/**
 * A number written elsewhere (the tournament core's `pointsText`, which its CSV files share and must
 * keep with "-" for a spreadsheet) as a page shows it: "−6".
 */
export const trueMinus = (text: string): string => text.replace(/-(?=\d)/g, '\u2212');

/** The number as the language writes it: decimal comma in Polish and German, "−" for a negative. */
export const num = (lang: Lang, n: number): string => write(format(lang, { maximumFractionDigits: 2 }), n);

/** A difference as the language writes it, with its sign: +12, −3,5, 0. */
export const signed = (lang: Lang, n: number): string =>
  write(format(lang, { maximumFractionDigits: 2, signDisplay: 'exceptZero' }), n);

/** The number with exactly `digits` decimals (a rating, 23,4): the same in every row of a column. */
export const fixed = (lang: Lang, n: number, digits: number): string =>
  write(format(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits }), n);

/** A duration in whole seconds as the language abbreviates it: "60 sek.", "60 sec", "60 Sek.". */
export const seconds = (lang: Lang, n: number): string => write(format(lang, { style: 'unit', unit: 'second' }), n);

/**
 * The time a player has for a move, as people say it: whole minutes in minutes ("10 min",
 * "10 Min."), anything else in seconds ("45 s"); `seconds` is the dictionary's own short form.
 */
export const moveTime = (lang: Lang, n: number, seconds: (n: number) => string): string =>
  n >= 60 && n % 60 === 0 ? write(format(lang, { style: 'unit', unit: 'minute' }), n / 60) : seconds(n);

/** A share as a percentage: "45%", "45 %". */
export const percent = (lang: Lang, share: number): string => write(format(lang, { style: 'percent' }), share);

/** An amount in złoty with its currency, as the language writes it: "−1,20 zł", "-PLN 1.20" → "−PLN 1.20". */
export const zloty = (lang: Lang, zl: number): string =>
  write(format(lang, { style: 'currency', currency: 'PLN' }), zl);

/** The same amount without its currency, for a column whose heading names it: "−1,20". */
export const zlotyAmount = (lang: Lang, zl: number): string => fixed(lang, zl, 2);

/** The złoty as the language writes it beside an amount: "zł", "PLN". */
export function currencyName(lang: Lang): string {
  const parts = format(lang, { style: 'currency', currency: 'PLN' }).formatToParts(0);
  return parts.find((p) => p.type === 'currency')?.value ?? 'PLN';
}

/** The form of a word that goes with `n`. */
export function form(lang: Lang, n: number, forms: Forms): string {
  let r = rules.get(lang);
  if (!r) rules.set(lang, (r = new Intl.PluralRules(lang)));
  return forms[r.select(n)] ?? forms.other;
}

/** `n` and the word in its form: "5 gier", "1 game", "2 Partien". */
export const count = (lang: Lang, n: number, forms: Forms): string => `${num(lang, n)} ${form(lang, n, forms)}`;

/** A moment (epoch milliseconds) as a date and time in the language. */
export function dateTime(lang: Lang, ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
}

/** Items joined as the language lists them: "3, 5 i 7", "3, 5, and 7". */
export function list(lang: Lang, items: readonly string[]): string {
  return new Intl.ListFormat(lang, { type: 'conjunction' }).format(items);
}

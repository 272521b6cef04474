// Counts, numbers and dates in a language, through Intl and never by hand: the dictionaries build
// their phrases with these, so "1 gra, 2 gry, 5 gier" and "1,5" come from the language's own rules.

export type Lang = 'pl' | 'en' | 'de';

/** A word's forms by the plural categories of Intl.PluralRules (Polish uses one/few/many, others one/other). */
export type Forms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const rules = new Map<Lang, Intl.PluralRules>();
const numbers = new Map<Lang, Intl.NumberFormat>();

/** The number as the language writes it (decimal comma in Polish and German). */
export function num(lang: Lang, n: number): string {
  let f = numbers.get(lang);
  if (!f) numbers.set(lang, (f = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 })));
  return f.format(n);
}

const signedNumbers = new Map<Lang, Intl.NumberFormat>();

/** A difference as the language writes it, with its sign: +12, −3,5, 0. */
export function signed(lang: Lang, n: number): string {
  let f = signedNumbers.get(lang);
  if (!f)
    signedNumbers.set(lang, (f = new Intl.NumberFormat(lang, { maximumFractionDigits: 2, signDisplay: 'exceptZero' })));
  return f.format(n);
}

const secondsFormats = new Map<Lang, Intl.NumberFormat>();

/** A duration in whole seconds as the language abbreviates it: "60 sek.", "60 sec", "60 Sek.". */
export function seconds(lang: Lang, n: number): string {
  let f = secondsFormats.get(lang);
  if (!f) secondsFormats.set(lang, (f = new Intl.NumberFormat(lang, { style: 'unit', unit: 'second' })));
  return f.format(n);
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

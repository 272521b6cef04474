// Numbers for people in the language's own way (0,52 in Polish, 0.52 in English), through Intl.
// Machine outputs (--json, records) never come here.
import type { Lang } from './text.js';

export const LOCALE: Record<Lang, string> = { pl: 'pl-PL', en: 'en' };

/** A number with a fixed count of decimals, no grouping: 0,52 or 0.52. */
export function fixed(lang: Lang, x: number, digits: number): string {
  return new Intl.NumberFormat(LOCALE[lang], {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  }).format(x);
}

/** A share as a percentage with one decimal: 32,2% or 32.2%. */
export const percent = (lang: Lang, x: number): string =>
  new Intl.NumberFormat(LOCALE[lang], { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    x,
  );

/** A signed number with a fixed count of decimals and a true minus sign: +0,30, −1,64. */
export const signedFixed = (lang: Lang, x: number, digits: number): string =>
  (x >= 0 ? '+' : '−') + fixed(lang, Math.abs(x), digits);

/** A whole count, grouped as the language groups it: 34 650 or 34,650. */
export const count = (lang: Lang, n: number): string => n.toLocaleString(LOCALE[lang]);

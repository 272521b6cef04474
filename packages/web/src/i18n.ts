// What the client says: Polish by default, English and German beside it, one dictionary per
// language (i18n/pl.ts sets the keys; en.ts and de.ts give them all).
//
// The game's own words in English and German (decided in issue 32): the names of games and calls
// stay Polish on every page (zwyczajna, cicha, wesele, gran, kontra, rekontra, bok, hirsz; the grades
// z wyjściem, bez wyjścia, bez bitki; wyjście), as Kashubian players say them and as the seats'
// badges and the command line show them; the rules page has a glossary of them. Everything around
// them is plain English or German, and says what the term means where a reader meets it: "the old
// (starzy)", "their wyjście (the 26 points they needed)", "Doublings (kontra) said". A sentence never
// leans on a Polish word for what is not a game term (gość, ty, oczka are said in the language).
//
// Numbers, counts and dates go through Intl, in i18n/format.ts only: counts by Intl.PluralRules
// (Polish one/few/many: 1 gra, 2 gry, 5 gier; never `n === 1 ?`), the decimal comma in Polish and
// German, the true minus sign "−" for a negative.
import type { ErrorDetail } from '@baska/protocol';
import { signal } from '@preact/signals';
import { de } from './i18n/de.js';
import { en } from './i18n/en.js';
import type { Lang } from './i18n/format.js';
import { type Dict, pl } from './i18n/pl.js';

export type { Dict } from './i18n/pl.js';
export type { Lang } from './i18n/format.js';

export const LANGS: { id: Lang; name: string }[] = [
  { id: 'pl', name: 'Polski' },
  { id: 'en', name: 'English' },
  { id: 'de', name: 'Deutsch' },
];

const stored = typeof localStorage !== 'undefined' ? localStorage.getItem('baska.lang') : null;
export const lang = signal<Lang>(stored === 'en' || stored === 'de' ? stored : 'pl');

export function setLang(l: Lang) {
  lang.value = l;
  localStorage.setItem('baska.lang', l);
  document.documentElement.lang = l;
}

const DICTS: Record<Lang, Dict> = { pl, en, de };

/** The words in the current language (read inside a component: it re-renders on a change). */
export const t = (): Dict => DICTS[lang.value];

/** The words of a language (for code that is given the language rather than reading the signal). */
export const dict = (l: Lang): Dict => DICTS[l];

/**
 * A refusal or failure as a sentence in the current language: a server's error code by its
 * translation (a form's field named where the server's message names it), never the code or the
 * raw validation text.
 */
export function errorText(e: unknown): string {
  const w = t();
  if (e && typeof e === 'object' && 'code' in e && typeof e.code === 'string') {
    if (e.code === 'ERR_NETWORK') return w.errNetwork; // the store's own code for a request that never got an answer
    const message = 'message' in e && typeof e.message === 'string' ? e.message : '';
    if (e.code === 'ERR_SCHEMA' && /^(password|new)\b/.test(message)) return w.errPassword;
    if (e.code === 'ERR_SCHEMA' && /^email\b/.test(message)) return w.account.errEmail;
    if (e.code === 'ERR_SCHEMA' && /^(name|nickname)\b/.test(message)) return w.errName;
    // A refusal that says why (a tournament's rounds in order): the reason in words, with its numbers.
    if ('detail' in e && e.detail && typeof e.detail === 'object') {
      const why = refusalText(e.detail as ErrorDetail);
      if (why) return why;
    }
    return w.errors[e.code as keyof Dict['errors']] ?? w.errors.ERR_INTERNAL;
  }
  return w.errNetwork;
}

/** A round still being played, in words: "Runda 1 trwa: przy stoliku 3 rozegrano 3 z 32 rozdań (grają jeszcze 2 inne stoliki)". */
export function playingText(d: Extract<ErrorDetail, { why: 'round-playing' }>): string {
  const w = t().tour;
  const text = w.roundPlaying(d.round, d.table, d.played, d.of);
  return d.others ? `${text} (${w.othersPlaying(d.others)})` : text;
}

/** Why a tournament's action was refused (the server's ErrorDetail), or '' for a reason this page does not know. */
export function refusalText(d: ErrorDetail): string {
  const w = t().tour;
  switch (d.why) {
    case 'round-playing':
      return `${playingText(d)}. ${w.startWhenDone(d.round + 1, d.round)}`;
    case 'round-not-started':
      return w.roundNotStarted(d.round);
    case 'round-started':
      return w.roundStarted(d.round);
    case 'round-not-drawn':
      return w.roundNotDrawn(d.round);
    case 'round-next':
      return w.roundNext(d.round);
    case 'banned':
    case 'muted': {
      const until = d.until
        ? new Intl.DateTimeFormat(lang.value, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(d.until))
        : null;
      return t().sanction[d.why](d.reason, until);
    }
    default:
      return '';
  }
}

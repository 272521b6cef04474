// The rule options of docs/rules.md, as players read them: what each one means, its value in words,
// the few a table's creator commonly switches, and a short line for a table's own overrides.
import type { Preset, RulesSpec } from '@baska/engine';
import { type Lang, dict } from './i18n.js';

type Text = Record<Lang, string>;

/** What each option means (RULES §3–§8). */
export const OPTION_TEXT: Record<string, Text> = {
  games: {
    pl: 'Gry, które można zgłosić w licytacji',
    en: 'Games that may be declared in the auction',
    de: 'Spiele, die angesagt werden dürfen',
  },
  auctionStart: {
    pl: 'Kto pierwszy licytuje: second — gracz na pozycji 2, forehand — przodek',
    en: 'Who calls first: second — position 2, forehand — the forehand',
    de: 'Wer zuerst reizt: second — Position 2, forehand — die Vorhand',
  },
  maxDoubling: {
    pl: 'Najwyższe podwojenie (4 = hirsz / słup)',
    en: 'The highest doubling (4 = hirsz / słup)',
    de: 'Die höchste Verdopplung (4 = hirsz / słup)',
  },
  tie: {
    pl: 'Remis 52:52: young — wygrywają młodzi; lastDoubler — przegrywa strona ostatniego podwojenia',
    en: 'A 52:52 tie: young — the young win; lastDoubler — the side of the last doubling loses',
    de: 'Gleichstand 52:52: young — die Jungen gewinnen; lastDoubler — die Seite der letzten Verdopplung verliert',
  },
  bokRound: {
    pl: 'Po remisie bok-runda: cztery rozdania liczą się podwójnie',
    en: 'After a tie, a bok-round: the next four deals count double',
    de: 'Nach einem Gleichstand eine Bok-Runde: die nächsten vier Spiele zählen doppelt',
  },
  wyjscie: {
    pl: 'Wyjście: oczka, poniżej których przegrani są „bez wyjścia” (młodzi / starzy)',
    en: 'Wyjście: the points below which the losers are “bez wyjścia” (young / old)',
    de: 'Wyjście: die Augen, unter denen die Verlierer „bez wyjścia“ sind (Junge / Alte)',
  },
  oldLossFactor: {
    pl: 'Gdy starzy przegrają, płacą podwójnie: all — zawsze, partnership — w zwyczajnej i weselu, none — nigdy',
    en: 'When the old lose they pay double: all — always, partnership — in zwyczajna and wesele, none — never',
    de: 'Verlieren die Alten, zahlen sie doppelt: all — immer, partnership — bei zwyczajna und wesele, none — nie',
  },
  weseleAfterOwnRedouble: {
    pl: 'Wesele wolno zgłosić po własnej rekontrze',
    en: 'Wesele may be declared after one’s own rekontra',
    de: 'Wesele darf nach dem eigenen Rekontra angesagt werden',
  },
  cichaMustBeLosable: {
    pl: 'Cichą wolno grać tylko, gdy da się ją przegrać (pewnej cichej nie wolno przemilczeć)',
    en: 'Cicha only when it can be lost (a sure cicha must be declared as a game)',
    de: 'Cicha nur, wenn sie verloren werden kann (eine sichere Cicha muss angesagt werden)',
  },
  cardOrder: {
    pl: 'Kolejność kart: asTrzyDychy — czarne dziesiątki są atutami („trzy dychy”)',
    en: 'Card order: asTrzyDychy — the black tens are trumps (“trzy dychy”)',
    de: 'Kartenfolge: asTrzyDychy — die schwarzen Zehnen sind Trümpfe („trzy dychy“)',
  },
  granMustTrump: {
    pl: 'Kto nie ma koloru, musi dać waleta, jeśli go ma',
    en: 'A player who cannot follow suit must play a jack if he has one',
    de: 'Wer nicht bedienen kann, muss einen Buben spielen, wenn er einen hat',
  },
  weseleNamedJack: {
    pl: 'Weselnik nazywa waleta swojego partnera',
    en: 'The wesele declarer names his partner’s jack',
    de: 'Der Wesele-Spieler nennt den Buben seines Partners',
  },
  weseleSelfKontra: {
    pl: 'Weselnik może sam dać kontrę na swoje wesele',
    en: 'The wesele declarer may give the kontra on his own wesele',
    de: 'Der Wesele-Spieler darf auf seine eigene Wesele Kontra geben',
  },
};

/** The switches the create form offers besides the preset: the option, its value when on and off, its name. */
export const SWITCHES: { option: string; on: unknown; off: unknown; label: Text }[] = [
  { option: 'bokRound', on: true, off: false, label: { pl: 'Bok-rundy', en: 'Bok-rounds', de: 'Bok-Runden' } },
  {
    option: 'cichaMustBeLosable',
    on: true,
    off: false,
    label: { pl: 'Cicha tylko do przegrania', en: 'Only a losable cicha', de: 'Nur eine verlierbare Cicha' },
  },
  {
    option: 'cardOrder',
    on: 'asTrzyDychy',
    off: 'normal',
    label: { pl: 'Trzy dychy', en: 'Trzy dychy', de: 'Trzy dychy' },
  },
  {
    option: 'weseleNamedJack',
    on: true,
    off: false,
    label: { pl: 'Wesele z nazwanym waletem', en: 'Wesele with a named jack', de: 'Wesele mit genanntem Buben' },
  },
  {
    option: 'weseleSelfKontra',
    on: true,
    off: false,
    label: { pl: 'Kontra na własne wesele', en: 'Kontra on one’s own wesele', de: 'Kontra auf die eigene Wesele' },
  },
];

/** An option's value in words. */
export function optionValue(v: unknown, yes: string, no: string): string {
  if (typeof v === 'boolean') return v ? yes : no;
  if (Array.isArray(v)) return v.join(', ');
  if (v && typeof v === 'object') return Object.values(v).join(' / ');
  return String(v);
}

/** A table's rules in a line: the preset, and the options it overrides (by their names where they have one). */
export function rulesLine(rules: RulesSpec, preset: string, lang: Lang, yes: string, no: string): string {
  const name = dict(lang).presets[preset as Preset] ?? preset;
  if (typeof rules !== 'object') return name;
  const over = Object.entries(rules)
    .filter(([k]) => k !== 'preset')
    .map(([k, v]) => {
      const sw = SWITCHES.find((s) => s.option === k);
      return sw ? `${sw.label[lang]}: ${v === sw.on ? yes : no}` : `${k}: ${optionValue(v, yes, no)}`;
    });
  return over.length ? `${name} (${over.join(', ')})` : name;
}

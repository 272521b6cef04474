// What the command says to people: Polish by default, English with --lang en. Game terms stay
// Polish in both (zwyczajna, wesele, kontra, wyjście …), as players use them.
import {
  type Card,
  type Contract,
  type DealScore,
  type Lang,
  type Preset,
  type Side,
  DOUBLING_NAMES,
  callDisplayName,
  callName,
  cardCode,
  cardSymbol,
  doublingCall,
  isRed,
  parseCall,
  parseCard,
} from '@baska/engine';

export type { Lang };

/** Colours only on a terminal, and never when NO_COLOR is set. */
export function useColour(stream: NodeJS.WriteStream): boolean {
  return Boolean(stream.isTTY) && !('NO_COLOR' in process.env && process.env.NO_COLOR !== '');
}

export class Style {
  constructor(readonly colour: boolean) {}
  private wrap = (code: string, text: string) => (this.colour ? `\x1b[${code}m${text}\x1b[0m` : text);
  bold = (t: string) => this.wrap('1', t);
  dim = (t: string) => this.wrap('2', t);
  red = (t: string) => this.wrap('31', t);
  green = (t: string) => this.wrap('32', t);
  yellow = (t: string) => this.wrap('33', t);
  cyan = (t: string) => this.wrap('36', t);
  /** A card with its suit symbol, red for hearts and diamonds. */
  card = (c: Card, lang: Lang) => (isRed(c) ? this.red(cardSymbol(c, lang)) : cardSymbol(c, lang));
}

const polishRules = new Intl.PluralRules('pl-PL');

/** Polish plural (1 oczko, 2–4 oczka, 5+ oczek), by the language's own rules through Intl. */
export const plural = (n: number, one: string, few: string, many: string): string => {
  const form = polishRules.select(n);
  return form === 'one' ? one : form === 'few' ? few : many;
};

const T = {
  pl: {
    you: 'ty',
    player: (s: number) => `gracz ${s + 1}`, // people count seats from 1
    pass: 'pas',
    old: 'starzy',
    oldOne: 'stary',
    young: 'młodzi',
    unknown: '?',
    points: (n: number) => `${n} ${plural(n, 'oczko', 'oczka', 'oczek')}`,
    tricks: (n: number) => `${n} ${plural(n, 'lewa', 'lewy', 'lew')}`,
    grades: { 1: 'z wyjściem', 2: 'bez wyjścia', 3: 'bez bitki' } as Record<number, string>,
    won: 'wygrywają',
    lost: 'przegrywają',
    notKnown: 'jeszcze nie wiadomo',
    doublings: (n: number, multiplier: number) =>
      n === 0
        ? 'bez kontr'
        : `${n} ${plural(n, 'liczona kontra', 'liczone kontry', 'liczonych kontr')} (×${multiplier})`,
    bokRound: 'bok-runda ×2',
    value: 'wartość',
    deals: (n: number) => `${n} ${plural(n, 'rozdanie', 'rozdania', 'rozdań')}`,
  },
  en: {
    you: 'you',
    player: (s: number) => `player ${s + 1}`,
    pass: 'pass',
    old: 'old',
    oldOne: 'old',
    young: 'young',
    unknown: '?',
    points: (n: number) => `${n} ${n === 1 ? 'point' : 'points'}`,
    tricks: (n: number) => `${n} ${n === 1 ? 'trick' : 'tricks'}`,
    grades: { 1: 'z wyjściem', 2: 'bez wyjścia (schneider)', 3: 'bez bitki (no trick)' } as Record<number, string>,
    won: 'win',
    lost: 'lose',
    notKnown: 'not known yet',
    doublings: (n: number, multiplier: number) =>
      n === 0 ? 'no doublings' : `${n} counted ${n === 1 ? 'doubling' : 'doublings'} (×${multiplier})`,
    bokRound: 'bok-round ×2',
    value: 'value',
    deals: (n: number) => `${n} ${n === 1 ? 'deal' : 'deals'}`,
  },
};

export const words = (lang: Lang) => T[lang];

/** A call as the table calls it: `pas`, `zollo`, `re`, `słup`, `wesele (W♠)`. */
export const callText = (call: string, preset: Preset, lang: Lang): string =>
  callDisplayName(parseCall(call)!, preset, lang);

/**
 * Read a call typed by a player: a canonical name, the preset's name for a doubling, `pas`, or
 * `wesele W♠`. Returns the call the words name, legal now or not (the caller says which), or
 * undefined for words that name no call.
 */
export function readCall(text: string, preset: Preset): string | undefined {
  const t = text.trim().toLowerCase();
  if (t === 'pas' || t === 'porządek' || t === 'porzadek') return 'pass';
  const dbl = DOUBLING_NAMES[preset].findIndex((n) => n.toLowerCase() === t);
  if (dbl >= 0) return callName(doublingCall(dbl + 1));
  const named = /^wesele\s*:?\s*(\S+)$/.exec(t);
  const call = named ? `wesele:${readCard(named[1]!) ?? '?'}` : t;
  return parseCall(call) !== undefined ? call : undefined;
}

/** Read a card typed by a player: `Ah`, `ah`, `AH`, `A♥`, `10h`, `d♠`, `w♦`. Returns its canonical code. */
export function readCard(text: string): string | undefined {
  const t = text.trim();
  if (t.length < 2) return undefined;
  const chars = [...t];
  const suit = chars.pop()!.toLowerCase();
  const card = parseCard(chars.join('').toUpperCase() + suit);
  return card === undefined ? undefined : cardCode(card);
}

export function contractText(contract: Contract | null, lang: Lang): string {
  if (contract === null) return lang === 'pl' ? 'zwyczajna albo cicha' : 'zwyczajna or cicha';
  return contract;
}

/** The deal's score line for people. */
export function scoreLines(score: DealScore, mySeat: number, lang: Lang, style: Style): string[] {
  const w = T[lang];
  const name = (s: number) => (s === mySeat ? `${w.player(s)} (${w.you})` : w.player(s));
  const oldNames = score.old.map(name).join(', ');
  const lines: string[] = [];
  const head = `${style.bold(score.contract)}${score.declarer !== null && score.contract !== 'zwyczajna' ? ` — ${name(score.declarer)}` : ''}`;
  const result = score.winner === 'old' ? `${w.old} ${w.won}` : `${w.old} ${w.lost}`;
  lines.push(`${head}: ${result}${score.grade ? `, ${w.grades[score.grade]}` : ''}${score.tie ? ' (52:52)' : ''}`);
  lines.push(`  ${score.old.length === 1 ? w.oldOne : w.old}: ${oldNames}`);
  if (score.oldPoints !== null)
    lines.push(
      `  ${score.old.length === 1 ? w.oldOne : w.old} ${w.points(score.oldPoints)}, ${w.tricks(score.oldTricks!)}; ${w.young} ${w.points(score.youngPoints!)}, ${w.tricks(score.youngTricks!)}`,
    );
  const bok = score.bokRound ? `, ${w.bokRound}` : '';
  lines.push(`  ${w.doublings(score.counted, score.multiplier)}${bok}; ${w.value} ${score.value}`);
  lines.push(`  ${score.scores.map((v, s) => `${name(s)} ${signedScore(v, style)}`).join('   ')}`);
  return lines;
}

/** A score as the score line writes it: +4 in green, -4 in red, 0. */
export const signedScore = (n: number, style: Style): string =>
  n > 0 ? style.green(`+${n}`) : n < 0 ? style.red(`${n}`) : '0';

/**
 * The sides as far as a player knows them, grouped: `Starzy: gracz 1 (ty), gracz 4; młodzi: gracz 2,
 * gracz 3`, or `Stary: gracz 4; …` for one old player alone, and the seats not known yet.
 */
export function sidesText(sides: readonly (Side | null)[], name: (seat: number) => string, lang: Lang): string {
  const w = T[lang];
  const seats = (side: Side | null) => sides.flatMap((s, seat) => (s === side ? [name(seat)] : []));
  const [old, young, unknown] = [seats('old'), seats('young'), seats(null)];
  const groups = [
    old.length ? `${old.length === 1 && unknown.length === 0 ? w.oldOne : w.old}: ${old.join(', ')}` : '',
    young.length ? `${w.young}: ${young.join(', ')}` : '',
    unknown.length ? `${w.notKnown}: ${unknown.join(', ')}` : '',
  ].filter(Boolean);
  const text = groups.join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

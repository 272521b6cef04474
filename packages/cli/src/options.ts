// Options and argument parsers that several commands share, with their words in Polish and English.
import { type Bot, BOT_LEVELS, botByName } from '@baska/ai';
import { type Rules, CryptoRng, PRESETS, resolveRules } from '@baska/engine';
import { InvalidArgumentError, Option } from 'commander';
import { UsageError } from './io.js';
import type { Lang } from './text.js';

/** Where a command's handler leaves its exit code (0 fine, 1 rejected input, 2 usage). */
export interface Exit {
  code: number;
}

const WORDS = {
  pl: {
    wholeNumber: (name: string, min: number, max: number) => `${name}: podaj liczbę całkowitą od ${min} do ${max}`,
    lang: 'język wyników, pomocy i komunikatów',
    langMessages: 'język pomocy i komunikatów, nie wyniku: ten jest w JSON-ie',
    rules: `zestaw zasad (${PRESETS.join(', ')}) albo zasady jako obiekt JSON`,
    rulesMeta: '<zasady>',
  },
  en: {
    wholeNumber: (name: string, min: number, max: number) => `${name} must be a whole number from ${min} to ${max}`,
    lang: 'language of the output, the help and the messages',
    langMessages: 'language of the help and the messages, not of the output, which is JSON',
    rules: `a preset (${PRESETS.join(', ')}) or a JSON rules object`,
    rulesMeta: '<preset>',
  },
};

export const wholeNumber = (name: string, min: number, max: number, lang: Lang) => (value: string) => {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max)
    throw new InvalidArgumentError(WORDS[lang].wholeNumber(name, min, max));
  return n;
};

/**
 * A seat as people count it, 1–4 (as the browser does), read into the engine's 0–3. Records and
 * --json outputs keep 0–3 (docs/spec/records.md).
 */
export const seatNumber = (name: string, lang: Lang) => (value: string) => wholeNumber(name, 1, 4, lang)(value) - 1;

/**
 * `--lang`: the language of everything the command says to people; for a command whose output is
 * JSON (`messages`), of its help and messages. main reads it before commander does (langOfArgv),
 * and `lang` is what it read: the value when --lang stands before the command's name
 * (`baska --lang en play`), where the program's own --lang takes it. Polish without.
 */
export const langOption = (lang: Lang, messages = false) =>
  new Option(`--lang <${lang === 'pl' ? 'język' : 'lang'}>`, messages ? WORDS[lang].langMessages : WORDS[lang].lang)
    .choices(['pl', 'en'])
    .default(lang, '"pl"');
export const rulesOption = (lang: Lang) =>
  new Option(`--rules ${WORDS[lang].rulesMeta}`, WORDS[lang].rules).default('standard');
export const newSeed = () => String(new CryptoRng().nextUint32());

/** A preset's name, or a JSON rules object such as `{"preset":"kop","maxDoubling":6}`. */
export function parseRulesOption(text: string): Rules {
  let spec: unknown = text;
  if (text.trim().startsWith('{')) {
    try {
      spec = JSON.parse(text);
    } catch {
      throw new UsageError({
        pl: `--rules: to ani nazwa zestawu zasad, ani JSON: ${text}`,
        en: `--rules: not a preset name nor JSON: ${text}`,
      });
    }
  }
  const r = resolveRules(spec);
  if (!r.ok) throw new UsageError({ pl: `--rules: ${r.error.message}`, en: `--rules: ${r.error.message}` });
  return r.value;
}

/** `--bots`: one level for all four seats, or four comma-separated. */
export function botsOf(list: string): Bot[] {
  const names = list.split(',').map((s) => s.trim());
  if (names.length !== 1 && names.length !== 4)
    throw new UsageError({
      pl: '--bots: podaj jeden poziom albo cztery, po przecinku',
      en: '--bots takes one level or four, comma-separated',
    });
  const bots = names.map((n) => {
    const bot = botByName(n);
    if (!bot)
      throw new UsageError({
        pl: `nieznany poziom „${n}” (są: ${BOT_LEVELS.join(', ')})`,
        en: `unknown bot level "${n}" (available: ${BOT_LEVELS.join(', ')})`,
      });
    return bot;
  });
  return names.length === 1 ? [bots[0]!, bots[0]!, bots[0]!, bots[0]!] : bots;
}

// Options and argument parsers that several commands share.
import { type Bot, BOT_LEVELS, botByName } from '@baska/ai';
import { type Rules, CryptoRng, PRESETS, resolveRules } from '@baska/engine';
import { InvalidArgumentError, Option } from 'commander';
import { UsageError } from './io.js';

/** Where a command's handler leaves its exit code (0 fine, 1 rejected input, 2 usage). */
export interface Exit {
  code: number;
}

export const wholeNumber = (name: string, min: number, max: number) => (value: string) => {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max)
    throw new InvalidArgumentError(`${name} must be a whole number from ${min} to ${max}`);
  return n;
};

/**
 * A seat as people count it, 1–4 (as the browser does), read into the engine's 0–3. Records and
 * --json outputs keep 0–3 (docs/spec/records.md).
 */
export const seatNumber = (name: string) => (value: string) => wholeNumber(name, 1, 4)(value) - 1;

export const langOption = () =>
  new Option('--lang <lang>', 'language of game terms and messages').choices(['pl', 'en']).default('pl');
export const rulesOption = () =>
  new Option('--rules <preset>', `a preset (${PRESETS.join(', ')}) or a JSON rules object`).default('standard');
export const newSeed = () => String(new CryptoRng().nextUint32());

/** A preset's name, or a JSON rules object such as `{"preset":"kop","maxDoubling":6}`. */
export function parseRulesOption(text: string): Rules {
  let spec: unknown = text;
  if (text.trim().startsWith('{')) {
    try {
      spec = JSON.parse(text);
    } catch {
      throw new UsageError(`--rules: not a preset name nor JSON: ${text}`);
    }
  }
  const r = resolveRules(spec);
  if (!r.ok) throw new UsageError(`--rules: ${r.error.message}`);
  return r.value;
}

/** `--bots`: one level for all four seats, or four comma-separated. */
export function botsOf(list: string): Bot[] {
  const names = list.split(',').map((s) => s.trim());
  if (names.length !== 1 && names.length !== 4) throw new UsageError('--bots takes one level or four, comma-separated');
  const bots = names.map((n) => {
    const bot = botByName(n);
    if (!bot) throw new UsageError(`unknown bot level "${n}" (available: ${BOT_LEVELS.join(', ')})`);
    return bot;
  });
  return names.length === 1 ? [bots[0]!, bots[0]!, bots[0]!, bots[0]!] : bots;
}

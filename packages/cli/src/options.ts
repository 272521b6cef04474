// Options and argument parsers that several commands share.
import { CryptoRng, PRESETS } from '@baska/engine';
import { InvalidArgumentError, Option } from 'commander';

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

export const langOption = () =>
  new Option('--lang <lang>', 'language of game terms and messages').choices(['pl', 'en']).default('pl');
export const rulesOption = () =>
  new Option('--rules <preset>', `a preset (${PRESETS.join(', ')}) or a JSON rules object`).default('standard');
export const newSeed = () => String(new CryptoRng().nextUint32());

// The computer players' levels as options of a <select>. Checked against the protocol's Level type
// (its runtime list would bring zod into the bundle).
import type { Level } from '@baska/protocol';
import { t } from '../i18n.js';

const LEVELS: readonly Level[] = ['random', 'basic', 'expert'];

export function LevelOptions() {
  const w = t();
  return (
    <>
      {LEVELS.map((l) => (
        <option value={l}>{w.levels[l]}</option>
      ))}
    </>
  );
}

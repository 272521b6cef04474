// The computer players' levels as options of a <select>. Checked against the protocol's Level type
// (its runtime list would bring zod into the bundle).
import type { Level } from '@baska/protocol';

const LEVELS: readonly Level[] = ['random', 'basic', 'expert'];

export function LevelOptions() {
  return (
    <>
      {LEVELS.map((l) => (
        <option value={l}>{l}</option>
      ))}
    </>
  );
}

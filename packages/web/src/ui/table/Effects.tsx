// The player's switches for the table's animations and the "your move" sound; the beep itself when
// his move comes (once per turn, never while the summary is open).
import { useEffect, useRef } from 'preact/hooks';
import { t } from '../../i18n.js';
import { effects, reducedMotion, setEffects, yourMoveSound } from './effects.js';

export function EffectsSwitches() {
  const w = t();
  const reduced = reducedMotion();
  return (
    <fieldset class="effects">
      <legend>{w.effects}</legend>
      <label class="check">
        <input
          type="checkbox"
          checked={effects.value.motion && !reduced}
          disabled={reduced}
          onChange={(e) => setEffects({ motion: e.currentTarget.checked })}
        />
        {w.motionSwitch}
        {reduced && <span class="note"> ({w.reducedMotion})</span>}
      </label>
      <label class="check">
        <input
          type="checkbox"
          checked={effects.value.sound}
          onChange={(e) => setEffects({ sound: e.currentTarget.checked })}
        />
        {w.soundSwitch}
      </label>
    </fieldset>
  );
}

/** Beep once when the player's move comes. */
export function useYourMoveSound(myTurn: boolean, key: string): void {
  const last = useRef<string | null>(null);
  useEffect(() => {
    if (myTurn && last.current !== key) yourMoveSound();
    last.current = myTurn ? key : null;
  }, [myTurn, key]);
}

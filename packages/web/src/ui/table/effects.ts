// The table's light effects: animations (dealing, playing, taking a trick) and a short "your move"
// sound, each a choice the player keeps (localStorage). Animations are off whenever the system asks
// for reduced motion; the sound is off until the player turns it on, and is a Web Audio beep (no file).
import { signal } from '@preact/signals';

const KEY = 'baska.effects';

export interface Effects {
  motion: boolean;
  sound: boolean;
}

function stored(): Effects {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Effects>;
    return { motion: v.motion !== false, sound: v.sound === true };
  } catch {
    return { motion: true, sound: false };
  }
}

export const effects = signal<Effects>(typeof localStorage === 'undefined' ? { motion: true, sound: false } : stored());

/** Keep a choice for the next visits too. */
export function setEffects(change: Partial<Effects>): void {
  effects.value = { ...effects.value, ...change };
  localStorage.setItem(KEY, JSON.stringify(effects.value));
  if (change.sound) audio(); // the click that turns the sound on may start the audio
}

/** Does the system ask for reduced motion? */
export const reducedMotion = (): boolean =>
  typeof matchMedia !== 'undefined' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Animate the table? Only when the player wants it and the system does not ask for less motion. */
export const motionOn = (): boolean => effects.value.motion && !reducedMotion();

let context: AudioContext | null = null;

/** The audio context, made only from a player's gesture (browsers refuse sound before one). */
function audio(): AudioContext | null {
  if (!context && typeof AudioContext !== 'undefined') context = new AudioContext();
  if (context?.state === 'suspended') void context.resume().catch(() => undefined);
  return context;
}

// A stored "sound on" needs a gesture on this visit before the first beep.
if (typeof addEventListener !== 'undefined')
  addEventListener('pointerdown', () => effects.value.sound && audio(), { passive: true });

/** A short two-note beep for "your move", when the player turned the sound on. */
export function yourMoveSound(): void {
  if (!effects.value.sound || !context || context.state !== 'running') return;
  const now = context.currentTime;
  const gain = context.createGain();
  gain.connect(context.destination);
  gain.gain.setValueAtTime(0.0001, now);
  gain.gain.exponentialRampToValueAtTime(0.15, now + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.28);
  for (const [f, at] of [
    [660, 0],
    [880, 0.12],
  ] as const) {
    const osc = context.createOscillator();
    osc.type = 'sine';
    osc.frequency.setValueAtTime(f, now + at);
    osc.connect(gain);
    osc.start(now + at);
    osc.stop(now + at + 0.14);
  }
}

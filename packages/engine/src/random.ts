// Random sources and dealing. RULES §1
import { type Card, CARD_COUNT } from './cards.js';

/** A source of random 32-bit words. */
export interface Rng {
  /** A uniformly random unsigned 32-bit integer. */
  nextUint32(): number;
}

/** A uniformly random integer in [0, n), without modulo bias. */
export function randomInt(rng: Rng, n: number): number {
  if (n <= 1) return 0;
  const limit = 0x100000000 - (0x100000000 % n);
  for (;;) {
    const x = rng.nextUint32();
    if (x < limit) return x % n;
  }
}

/**
 * A seeded generator (sfc32, seeded through splitmix32): the same seed always gives the same
 * sequence, on every platform. Not for secrets; for reproducible deals, tests and simulations.
 */
export class SeededRng implements Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number | string) {
    let s = typeof seed === 'number' ? seed >>> 0 : hashString(seed);
    const next = () => {
      s = (s + 0x9e3779b9) | 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }
}

function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** A cryptographically secure source (the default for real games): Web Crypto, in Node and in browsers. */
export class CryptoRng implements Rng {
  private readonly buf = new Uint32Array(64);
  private pos = 64;

  nextUint32(): number {
    if (this.pos === this.buf.length) {
      globalThis.crypto.getRandomValues(this.buf);
      this.pos = 0;
    }
    return this.buf[this.pos++]!;
  }
}

/** A seeded generator when a seed is given, else a cryptographically secure one. */
export const rngFor = (seed?: number | string): Rng => (seed === undefined ? new CryptoRng() : new SeededRng(seed));

/** Shuffle the 16 cards (Fisher–Yates) into `out`. */
export function shuffleDeck(rng: Rng, out: Uint8Array = new Uint8Array(CARD_COUNT)): Uint8Array {
  for (let i = 0; i < CARD_COUNT; i++) out[i] = i;
  for (let i = CARD_COUNT - 1; i > 0; i--) {
    const j = randomInt(rng, i + 1);
    const t = out[i]!;
    out[i] = out[j]!;
    out[j] = t;
  }
  return out;
}

/**
 * Deal a shuffled pack: one card at a time clockwise from forehand, four each (RULES §1).
 * Returns the four hands as masks, by seat.
 */
export function dealMasks(
  rng: Rng,
  dealer: number,
  deck: Uint8Array = shuffleDeck(rng),
  hands: number[] | Uint16Array = [0, 0, 0, 0],
): number[] | Uint16Array {
  hands.fill(0);
  for (let i = 0; i < CARD_COUNT; i++) hands[(dealer + 1 + i) & 3]! |= 1 << deck[i]!;
  return hands;
}

/** Deal as card lists, by seat. */
export function dealHands(rng: Rng, dealer: number): Card[][] {
  const deck = shuffleDeck(rng);
  const hands: Card[][] = [[], [], [], []];
  for (let i = 0; i < CARD_COUNT; i++) hands[(dealer + 1 + i) & 3]!.push(deck[i]!);
  return hands.map((h) => h.sort((a, b) => a - b));
}

// Exact fractions for averaged points (a shared place gets the average of the places it spans).
// Sums over a tournament or a season stay exact; only printing turns them into numbers.

const gcd = (a: bigint, b: bigint): bigint => {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
};

export class Ratio {
  static readonly ZERO = new Ratio(0n, 1n);

  private constructor(
    readonly num: bigint,
    readonly den: bigint,
  ) {}

  static of(num: bigint | number, den: bigint | number = 1n): Ratio {
    let n = BigInt(num),
      d = BigInt(den);
    if (d === 0n) throw new RangeError('a ratio with denominator 0');
    if (d < 0n) [n, d] = [-n, -d];
    const g = gcd(n, d) || 1n;
    return new Ratio(n / g, d / g);
  }

  /** The average of whole numbers. */
  static mean(values: readonly number[]): Ratio {
    return Ratio.of(
      values.reduce((s, v) => s + BigInt(v), 0n),
      values.length,
    );
  }

  add(o: Ratio): Ratio {
    return this.den === o.den
      ? Ratio.of(this.num + o.num, this.den)
      : Ratio.of(this.num * o.den + o.num * this.den, this.den * o.den);
  }

  sub(o: Ratio): Ratio {
    return this.add(Ratio.of(-o.num, o.den));
  }

  /** This divided by a whole number other than 0. */
  div(n: number): Ratio {
    return Ratio.of(this.num, this.den * BigInt(n));
  }

  /** Negative, zero or positive as this is below, equal to or above `o`. */
  compare(o: Ratio): number {
    const d = this.num * o.den - o.num * this.den;
    return d < 0n ? -1 : d > 0n ? 1 : 0;
  }

  /** The nearest double: exact for whole numbers and within 1e-15 relative otherwise. */
  toNumber(): number {
    return this.den === 1n ? Number(this.num) : Number(this.num) / Number(this.den);
  }
}

export const sumRatios = (values: readonly Ratio[]): Ratio => values.reduce((s, v) => s.add(v), Ratio.ZERO);

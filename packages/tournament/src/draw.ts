// The draw of a tournament round: who sits at which table, and in which seat. RULES §9, spec/tournament.md
//
// Tables of four, and `n mod 4` tables of five (seed 002: a fifth player at a table deals and
// sits out in turn). The tables of four come first (tables 1, 2, …), the tables of five last.
//
// From the second round on, the draw keeps players who already shared a table apart. The
// partition is found by a local search over swaps of two players at different tables, from a
// seeded random partition, with restarts; its cost, in strict order of importance:
//   1. repeated pairs: pairs at one table who shared a table in an earlier round;
//   2. among those, how often beyond once they met before (a third meeting is worse than a second);
//   3. the tables of five spread: each seat at a table of five costs the square of the number of
//      earlier rounds its player already sat at a table of five (squared: two players with one such
//      round each rather than one player with two), so nobody sits at one every round when a draw
//      with as few repeated pairs lets someone else take the seat.
// Between partitions of equal cost, the one after which a short search finds the next round with the
// fewest repeated pairs is drawn (a one-round lookahead: 16 players can play 4 rounds without a
// repeat only if the third round is chosen with the fourth in mind).
// Acceptance is by threshold (a move is taken when it makes the cost worse by at most a falling
// threshold), in integer arithmetic only, so the same inputs give the same draw in every
// JavaScript engine (no Math.exp, no locale-dependent sorting).
import { randomInt, rngFor, type Rng } from '@baska/engine';

export type DrawResult = { ok: true; value: string[][] } | { ok: false; code: 'ERR_PLAYERS'; message: string };

const plural = new Intl.PluralRules('en');
const count = new Intl.NumberFormat('en');
const playerCount = (n: number) => `${count.format(n)} ${plural.select(n) === 'one' ? 'player' : 'players'}`;

/** Number of tables of 4 and of 5 for n players, or null when n cannot be seated. RULES §9 */
export function tableSizes(n: number): { four: number; five: number } | null {
  if (!Number.isSafeInteger(n) || n < 4) return null;
  const five = n % 4;
  const four = (n - 5 * five) / 4;
  return four < 0 ? null : { four, five };
}

/** Repeated pairs in a round's tables given earlier tables: pairs at one table who shared a table before. */
export function repeatedPairs(tables: readonly (readonly string[])[], earlier: readonly (readonly string[])[]): number {
  const met = new Map<string, Set<string>>();
  for (const table of earlier)
    for (const a of table) for (const b of table) if (a !== b) (met.get(a) ?? met.set(a, new Set()).get(a)!).add(b);
  let repeated = 0;
  for (const table of tables)
    for (let i = 0; i < table.length; i++)
      for (let j = i + 1; j < table.length; j++) if (met.get(table[i]!)?.has(table[j]!)) repeated++;
  return repeated;
}

/**
 * Tables for one round: player ids in seat order (seat 0 first), the tables of four first and the
 * tables of five last. `earlier` is every table of every earlier round; ids in it that are not among
 * `players` are ignored. The draw depends only on the set of players, the set of earlier tables,
 * `seed` and `round` (not on the order of either list). `round` counts from 1.
 */
export function drawRound(
  players: readonly string[],
  earlier: readonly (readonly string[])[],
  seed: string,
  round: number,
): DrawResult {
  if (!Number.isSafeInteger(round) || round < 1) throw new RangeError(`round must be an integer from 1, not ${round}`);
  const ids = [...players].sort(byCodeUnits);
  for (let i = 1; i < ids.length; i++)
    if (ids[i] === ids[i - 1]) return { ok: false, code: 'ERR_PLAYERS', message: `player ${ids[i]} is listed twice` };
  const sizes = tableSizes(ids.length);
  if (!sizes) return { ok: false, code: 'ERR_PLAYERS', message: cannotSeat(ids.length) };

  const rng = rngFor(JSON.stringify([seed, round]));
  // Budget: enough for the tight cases (16 to 23 players) to reach their best, and a 250-player
  // round to stay within tens of milliseconds; most draws stop early, at the least possible cost.
  const steps = Math.max(60_000, 400 * ids.length);
  const { tables } = new Search(History.of(ids, earlier), sizes, rng).run(8, steps, true);
  return { ok: true, value: tables.map((table) => drawSeats(table, rng).map((p) => ids[p]!)) };
}

const cannotSeat = (n: number) =>
  `${playerCount(n)} cannot be seated at tables of four and five (n mod 4 tables of five): ` +
  'any number from 4 can be, except 6, 7 and 11';

// Plain code-unit order: the same in every engine and locale, unlike localeCompare.
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Seats at a table are drawn (RULES §9; seed 002 §5: the seating order is drawn): a seeded Fisher–Yates shuffle. */
function drawSeats(table: readonly number[], rng: Rng): number[] {
  const seats = [...table];
  for (let i = seats.length - 1; i > 0; i--) {
    const j = randomInt(rng, i + 1);
    [seats[i], seats[j]] = [seats[j]!, seats[i]!];
  }
  return seats;
}

/** What the earlier rounds mean for this one, as costs by player index (players sorted by id). */
class History {
  /** Cost of seating players a and b together: `pair[a * n + b]`. */
  readonly pair: Float64Array;
  /** Cost of seating player p at a table of five. */
  readonly five: Float64Array;
  /** Cost of one repeated pair: more than all the lesser costs together. */
  readonly repeatWeight: number;
  /** Cost of one earlier meeting past the first of a repeated pair: more than all the fives costs. */
  readonly meetWeight: number;

  private constructor(
    readonly n: number,
    /** How many earlier tables players a and b shared: `met[a * n + b]`. */
    private readonly met: Uint32Array,
    /** How many earlier tables of five player p sat at. */
    private readonly fives: Uint32Array,
  ) {
    // Weights for the strict order of the three costs (see the head of this file): a seat at a table
    // of five costs its player's earlier fives squared (squared, so that two players with one each are
    // preferred to one player with two), at most 15 such seats; at most 2 pairs per player at a
    // table, each met at most `mostMet` times before.
    let mostFives = 0;
    for (const f of fives) mostFives = Math.max(mostFives, f);
    let mostMet = 0;
    for (const m of met) mostMet = Math.max(mostMet, m);
    const fiveWeight = 8; // so that a threshold under one meeting still has steps
    const meetWeight = (this.meetWeight = fiveWeight * 15 * mostFives * mostFives + fiveWeight);
    const repeatWeight = (this.repeatWeight = meetWeight * (2 * n * Math.max(mostMet - 1, 0) + 1));
    this.pair = new Float64Array(n * n);
    for (let i = 0; i < met.length; i++) if (met[i]! > 0) this.pair[i] = repeatWeight + meetWeight * (met[i]! - 1);
    this.five = new Float64Array(n);
    for (let p = 0; p < n; p++) this.five[p] = fiveWeight * fives[p]! * fives[p]!;
  }

  static of(ids: readonly string[], earlier: readonly (readonly string[])[]): History {
    const n = ids.length;
    const index = new Map(ids.map((id, i) => [id, i]));
    const history = new History(n, new Uint32Array(n * n), new Uint32Array(n));
    return history.after(
      earlier.map((table) => [...new Set(table)].map((id) => index.get(id)).filter((p) => p !== undefined)),
      earlier.map((table) => table.length === 5),
    );
  }

  /** The history with more tables played (player indices); `five[t]` says whether table t was of five. */
  after(tables: readonly (readonly number[])[], five = tables.map((t) => t.length === 5)): History {
    const { n } = this;
    const met = this.met.slice();
    const fives = this.fives.slice();
    tables.forEach((table, t) => {
      for (const a of table) {
        if (five[t]) fives[a]!++;
        for (const b of table) if (a !== b) met[a * n + b]!++;
      }
    });
    return new History(n, met, fives);
  }

  /** Whether players a and b shared an earlier table. */
  metBefore(a: number, b: number): boolean {
    return this.met[a * this.n + b]! > 0;
  }

  /** A lower bound of any draw's cost: no repeated pair, the fewest earlier fives at the tables of five. */
  floor(fiveSeats: number): number {
    return [...this.five]
      .sort((a, b) => a - b)
      .slice(0, fiveSeats)
      .reduce((s, c) => s + c, 0);
  }
}

/** The outcome of a search: tables of player indices, their cost, their repeated pairs. */
interface Found {
  tables: number[][];
  cost: number;
  repeated: number;
}

/** Local search for a partition of the players into tables of the given sizes. */
class Search {
  private readonly n: number;
  /** `slot[s]` is the player in slot s; table t holds slots `start[t]` to `start[t + 1] - 1`. */
  private readonly slot: Int32Array;
  private readonly tableOf: Int32Array;
  private readonly start: Int32Array;

  constructor(
    private readonly history: History,
    private readonly sizes: { four: number; five: number },
    private readonly rng: Rng,
  ) {
    this.n = history.n;
    const count = sizes.four + sizes.five;
    this.start = new Int32Array(count + 1);
    for (let t = 0; t < count; t++) this.start[t + 1] = this.start[t]! + (t < sizes.four ? 4 : 5);
    this.tableOf = new Int32Array(this.n);
    for (let t = 0; t < count; t++) this.tableOf.fill(t, this.start[t]!, this.start[t + 1]!);
    this.slot = new Int32Array(this.n);
  }

  /**
   * The best partition found in `restarts` searches of `steps` swaps each. With `lookahead`, a tie
   * between partitions of the same cost goes to the one after which the next round can be drawn with
   * the fewest repeated pairs (16 players: after two rounds without a repeat, only some third rounds
   * leave a fourth without one), and the search goes on until such a partition is found or the
   * restarts run out.
   */
  run(restarts: number, steps: number, lookahead: boolean): Found {
    const floor = this.history.floor(5 * this.sizes.five);
    const count = this.sizes.four + this.sizes.five;
    if (count === 1) restarts = 1; // nothing to choose: one table
    // A next round without a repeat needs each of its tables to take players from as many tables of this one.
    lookahead &&= count >= (this.sizes.five > 0 ? 5 : 4);
    let best: Found | undefined;
    let bestNext = Infinity;
    for (let r = 0; r < restarts; r++) {
      this.shuffle();
      const cost = this.descend(steps, floor);
      if (best && cost > best.cost) continue;
      const found = { tables: this.tables(), cost, repeated: this.repeated() };
      if (!lookahead) {
        if (!best || cost < best.cost) best = found;
        if (cost <= floor) break;
        continue;
      }
      const next = new Search(this.history.after(found.tables), this.sizes, this.rng).run(2, steps >> 1, false);
      if (!best || cost < best.cost || next.repeated < bestNext) [best, bestNext] = [found, next.repeated];
      if (cost <= floor && bestNext === 0) break;
    }
    return best!;
  }

  private tables(): number[][] {
    const out: number[][] = [];
    for (let t = 0; t + 1 < this.start.length; t++)
      out.push([...this.slot.subarray(this.start[t]!, this.start[t + 1]!)]);
    return out;
  }

  private repeated(): number {
    let count = 0;
    for (const table of this.tables())
      for (let i = 0; i < table.length; i++)
        for (let j = i + 1; j < table.length; j++) if (this.history.metBefore(table[i]!, table[j]!)) count++;
    return count;
  }

  private shuffle() {
    const { slot, n, rng } = this;
    for (let s = 0; s < n; s++) slot[s] = s;
    for (let s = n - 1; s > 0; s--) {
      const j = randomInt(rng, s + 1);
      [slot[s], slot[j]] = [slot[j]!, slot[s]!];
    }
  }

  private cost(): number {
    const { pair, five } = this.history;
    let total = 0;
    for (const table of this.tables())
      for (let i = 0; i < table.length; i++) {
        if (table.length === 5) total += five[table[i]!]!;
        for (let j = i + 1; j < table.length; j++) total += pair[table[i]! * this.n + table[j]!]!;
      }
    return total;
  }

  /** Change in cost if the players in slots s and u (at different tables) swap. */
  private delta(s: number, u: number): number {
    const { slot, start, tableOf, n } = this;
    const { pair, five } = this.history;
    const a = slot[s]!;
    const b = slot[u]!;
    const ta = tableOf[s]!;
    const tb = tableOf[u]!;
    let d = 0;
    for (let v = start[ta]!; v < start[ta + 1]!; v++) {
      if (v === s) continue;
      const x = slot[v]!;
      d += pair[b * n + x]! - pair[a * n + x]!;
    }
    for (let v = start[tb]!; v < start[tb + 1]!; v++) {
      if (v === u) continue;
      const y = slot[v]!;
      d += pair[a * n + y]! - pair[b * n + y]!;
    }
    const sizeA = start[ta + 1]! - start[ta]!;
    const sizeB = start[tb + 1]! - start[tb]!;
    if (sizeA !== sizeB) d += sizeA === 5 ? five[b]! - five[a]! : five[a]! - five[b]!;
    return d;
  }

  /**
   * Threshold accepting from the current partition: a random swap is taken when it raises the cost
   * by at most a threshold. The threshold falls linearly from two repeated pairs to none over the
   * first half of the steps (the pairs), then from just under one earlier meeting to none over the
   * next third (the lesser costs), and stays at none for the rest (a descent that still takes
   * sideways moves). Stops at `floor`. Leaves the best partition seen in `slot`; returns its cost.
   */
  private descend(steps: number, floor: number): number {
    const { slot, tableOf, n, rng } = this;
    const { repeatWeight, meetWeight } = this.history;
    let cost = this.cost();
    let bestCost = cost;
    const best = slot.slice();
    const pairs = Math.floor(steps / 2);
    const lesser = Math.floor(steps / 3);
    const threshold = (step: number) =>
      step < pairs
        ? Math.floor((2 * repeatWeight * (pairs - step)) / pairs)
        : step < pairs + lesser
          ? Math.floor(((meetWeight - 1) * (pairs + lesser - step)) / lesser)
          : 0;
    for (let step = 0; step < steps && bestCost > floor; step++) {
      const s = randomInt(rng, n);
      let u = randomInt(rng, n - 1);
      if (u >= s) u++;
      if (tableOf[s] === tableOf[u]) continue;
      const d = this.delta(s, u);
      if (d > threshold(step)) continue;
      [slot[s], slot[u]] = [slot[u]!, slot[s]!];
      cost += d;
      if (cost < bestCost) {
        bestCost = cost;
        best.set(slot);
      }
    }
    slot.set(best);
    return bestCost;
  }
}

// Duplicate rounds (docs/spec/tournament.md "Duplicate rounds"): every table of the round is dealt
// the same deals, seat for seat, and each player's small points are compared with those of the
// players who held the same cards at the other tables. Choices: docs/decisions/007.
import { dealSeed, fairHands, fairInput, sha256Hex } from '@baska/engine';
import { type TResult, fail, ok } from './errors.js';
import { type Tournament, type TournamentTable, isComplete } from './file.js';
import { Ratio, sumRatios } from './ratio.js';

/** One deal of a duplicate round, as every table of the round is dealt it. */
export interface DuplicateDeal {
  /** From 1. */
  deal: number;
  dealer: number;
  /** HMAC-SHA256(round seed, "deal:n"): the deal's seed as a table's record reveals it (`fair.seed`). */
  seed: string;
  /** SHA-256 of the deal's seed: the commitment the table was shown before the deal. */
  commitment: string;
  /** The cards of each seat, as masks (seat 0 first). */
  hands: number[];
}

/**
 * Deals 1…`count` of a duplicate round dealt from its seed: exactly what a server table whose table
 * seed is the round's seed deals with no contributions (decision 013), the first dealer seat 0 and
 * each next deal dealt by the next seat (RULES §1).
 */
export async function duplicateDeals(seed: string, count: number): Promise<DuplicateDeal[]> {
  const out: DuplicateDeal[] = [];
  for (let deal = 1; deal <= count; deal++) {
    const s = await dealSeed(seed, deal);
    const dealer = (deal - 1) % 4;
    out.push({
      deal,
      dealer,
      seed: s,
      commitment: await sha256Hex(s),
      hands: fairHands(await sha256Hex(fairInput(s, [])), dealer),
    });
  }
  return out;
}

/** Every duplicate round whose seed is revealed beside its commitment: the seed must hash to it. */
export async function verifyDuplicate(t: Tournament): Promise<TResult<void>> {
  for (const [r, round] of t.file.rounds.entries()) {
    const d = round.duplicate;
    if (d?.seed !== undefined && d.commitment !== undefined && (await sha256Hex(d.seed)) !== d.commitment)
      return fail('ERR_DUPLICATE', `round ${r + 1}: the duplicate seed does not hash to its commitment`, {
        round: r + 1,
      });
  }
  return ok(undefined);
}

/**
 * A seat's small points at a table for the comparison: each deal at its value outside a bok-round,
 * so a tie at one table does not weigh its next four deals twice against the same cards elsewhere.
 */
function seatPoints(t: TournamentTable, seat: number): Ratio {
  const bok = new Set(t.bokDeals ?? []);
  return sumRatios(
    t.protocol.map((row, i) => (bok.has(i) ? Ratio.of(row[seat] ?? 0).div(2) : Ratio.of(row[seat] ?? 0))),
  );
}

/**
 * The duplicate comparison of a round, by table and seat: for each deal, a player's small points
 * minus the average of those who held the same cards at the other tables (the same seat at every
 * other complete table of the round), summed over the deals. Every complete table plays the same
 * deals, so the sum is his seat's total minus the average of that seat's totals at the other
 * tables. Null for a table not complete, for a complete table with no other complete table to be
 * compared with, and for every table of a round that is not duplicate.
 */
export function duplicateOfRound(t: Tournament, round: number): (Ratio[] | null)[] {
  const r = t.file.rounds[round - 1];
  if (!r) return [];
  const complete = r.duplicate ? r.tables.filter((x) => isComplete(x, t.format)) : [];
  if (complete.length < 2) return r.tables.map(() => null);
  const totals = new Map(complete.map((x) => [x, x.players.map((_, seat) => seatPoints(x, seat))]));
  const sums = [0, 1, 2, 3].map((seat) => sumRatios(complete.map((x) => totals.get(x)![seat]!)));
  const others = complete.length - 1;
  return r.tables.map((x) => totals.get(x)?.map((v, seat) => v.sub(sums[seat]!.sub(v).div(others))) ?? null);
}

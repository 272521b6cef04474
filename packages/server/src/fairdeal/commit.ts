// Verifiable deals on the server (decision 013): the commitment to a deal's secret seed, the seats
// whose contributions the deal waits for (a short while), and the hands from the seed and the
// contributions by the engine's scheme (fairInput, fairHands), so `baska verify` and the replay
// can check them.
import { createHash, createHmac } from 'node:crypto';
import { fairHands, fairInput } from '@baska/engine';
import type { PendingDeal, Room, StoredEvent } from '../room.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * The commitment to deal number `deal`: its seed is the HMAC of the table's secret seed and the
 * deal's number (so a table replays to the same deals, and one deal's revealed seed tells nothing
 * of the next), and the commitment its SHA-256.
 */
export function commitment(room: Room, deal: number): StoredEvent {
  const seed = createHmac('sha256', room.seed).update(`deal:${deal}`).digest('hex');
  return { type: 'committed', deal, seed, commitment: sha256(seed) };
}

/**
 * The hands (masks by the deal's seat) of the pending deal, from its seed and the contributions
 * given, taken in the deal's seat order: `seats` are the table seats playing it (at a table of five
 * the dealer sits out, RULES §9), so the record's proof checks as a four-seat deal's does.
 */
export const handsOf = (pending: PendingDeal, dealer: number, seats: readonly number[] = [0, 1, 2, 3]): number[] =>
  fairHands(
    sha256(
      fairInput(
        pending.seed,
        seats.map((s) => pending.contributions[s] ?? null),
      ),
    ),
    dealer,
  );

/**
 * The seats whose contribution the deal waits for: people seated and present whose client said it
 * contributes. Bots, players away and clients that say nothing are not waited for.
 */
export function awaited(room: Room, contributors: ReadonlySet<number>): number[] {
  const p = room.pending;
  if (!p || room.settings.duplicate) return []; // a duplicate round's deals are the same at every table
  const playing = room.contributorSeats(); // at a table of five, not the dealer who sits the deal out
  return room.seats.flatMap((s, seat) =>
    s.player !== null &&
    s.bot === null &&
    !s.away &&
    contributors.has(s.player) &&
    playing.includes(seat) &&
    p.contributions[seat] === null
      ? [seat]
      : [],
  );
}

/** How long the pending deal still waits for contributions (ms): 0 once all are in or the wait is over. */
export function waitLeft(room: Room, contributors: ReadonlySet<number>, waitMs: number, now = Date.now()): number {
  if (!room.pending || awaited(room, contributors).length === 0) return 0;
  const since = room.commitSince || now; // a commitment made in this very command starts its wait now
  return Math.max(0, since + waitMs - now);
}

// The rated result of a table that has just ended, or null when the game is not one to rate
// (decision 015): it must have been played to its end, at least `minDeals` deals, with somebody
// still at the table. Who left is said with each seat: the ratings rank him behind those who stayed.
import type { Room } from '../room.js';
import type { RatedResult } from './store.js';

export function ratedResult(room: Room, minDeals: number): RatedResult | null {
  const t = room.table;
  if (!room.settings.rated || room.settings.hints || !t || typeof room.settings.rulesSpec !== 'string') return null;
  if (room.seats.length !== 4) return null; // a table of five is never rated (games.ts refuses it)
  // Every seat a registered person (checked when seating too; a log from before is read as it is).
  if (room.seats.some((s) => s.player === null || s.bot !== null || s.guest)) return null;
  // Played to its end: the deals it was created for (refused below the minimum at creation), no
  // fewer than the minimum. A game that ended early because everyone left stops short of them.
  const played = room.dealsComplete;
  if (played < Math.max(minDeals, room.settings.deals, 1)) return null;
  // A game everyone left is nobody's result: the stand-ins played it.
  if (room.seats.every((s) => s.away)) return null;
  return {
    preset: room.settings.rulesSpec,
    seats: room.seats.map((s, seat) => ({ player: s.player!, total: t.totals[seat]!, left: s.away })),
  };
}

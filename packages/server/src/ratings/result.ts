// The rated result of a table that has just ended, or null when the game is not one to rate.
import type { Room } from '../room.js';
import type { RatedResult } from './store.js';

export function ratedResult(room: Room): RatedResult | null {
  const t = room.table;
  if (!room.settings.rated || room.settings.hints || !t || typeof room.settings.rulesSpec !== 'string') return null;
  if (room.dealsComplete === 0) return null; // closed before a deal was played: no game
  if (room.seats.length !== 4) return null; // a table of five is never rated (games.ts refuses it)
  // Every seat a registered person (checked when seating too; a log from before is read as it is).
  if (room.seats.some((s) => s.player === null || s.bot !== null || s.guest)) return null;
  return {
    preset: room.settings.rulesSpec,
    seats: room.seats.map((s, seat) => ({ player: s.player!, total: t.totals[seat]!, left: s.away })),
  };
}

// Who plays in which round: late entries (`from`) and withdrawals (`until`) between rounds.
// docs/spec/tournament.md "Late entries and withdrawals". Seed 002 ("System rozgrywek") ranks a
// tournament by the big points each player has gathered, and says nothing of players who come late
// or leave: so a player simply keeps the rounds he played (docs/decisions/007).
import { type TResult, fail, ok } from './errors.js';
import type { Format } from './format.js';
import type { TournamentFile, TournamentPlayer } from './file.js';

/** The first round the player plays: a late entry's `from`, else round 1. */
export const firstRound = (p: TournamentPlayer): number => p.from ?? 1;

/** Whether the player plays round `round` (from 1): from his first round through his `until`, if any. */
export const playsIn = (p: TournamentPlayer, round: number): boolean =>
  round >= firstRound(p) && (p.until === undefined || round <= p.until);

/** The ids of the players who play round `round`, in the file's order. */
export const playersOfRound = (file: Pick<TournamentFile, 'players'>, round: number): string[] =>
  file.players.filter((p) => playsIn(p, round)).map((p) => p.id);

/** A late entry's first round, when he did not play from round 1 (the standings mark him). */
export const lateFrom = (p: TournamentPlayer): number | undefined => (firstRound(p) > 1 ? firstRound(p) : undefined);

/**
 * A player's `from` and `until` against the format (the types are checked with the file's shape):
 * `from` is a round of the format; `until` is a round before the last (after the last one nobody is
 * withdrawn) and not before `from` (a player who plays no round is not in the file).
 */
export function checkRoster(p: TournamentPlayer, format: Format): TResult<void> {
  const bad = (message: string) => fail('ERR_PLAYERS', `player "${p.id}": ${message}`);
  if (p.from !== undefined && (p.from < 1 || p.from > format.rounds))
    return bad(`"from" is a round of the format, 1 to ${format.rounds}, not ${p.from}`);
  if (p.until !== undefined) {
    if (p.until >= format.rounds)
      return bad(`"until" is a round before the last (${format.rounds}); a player who plays to the end has none`);
    if (p.until < firstRound(p))
      return bad(`"until" ${p.until} is before his first round ${firstRound(p)}: he would play no round`);
  }
  return ok(undefined);
}

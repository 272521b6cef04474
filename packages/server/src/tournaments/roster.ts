// Players between rounds (docs/decisions/010): late entries and withdrawals whenever the next round
// has not started. Before round 1 a player is simply added or removed. Once round K has started, a
// late entry plays from round K + 1 (the file's `from`) and a withdrawn player keeps the rounds he
// played and plays none after K (`until`): a round being played is not taken from him. A next round
// already drawn, not started, is drawn again after the change: its draw is dropped with it, and the
// event says so. Each change is one event of the tournament's log.
import {
  type Tournament,
  type TournamentFile,
  type TournamentPlayer,
  checkTournament,
  firstRound,
  parsePlayers,
} from '@baska/tournament';
import { GameError } from '../errors.js';
import { must } from './must.js';
import type { Change, Stored, TournamentState } from './store.js';

const check = (file: TournamentFile): Tournament => must(checkTournament(file));

/** The round a change of players takes effect in: the next one to start. ERR_ROUND when none is left. */
export function nextRound(s: Stored, what: string): number {
  const next = s.state.started + 1;
  if (next > s.t.format.rounds)
    throw new GameError('ERR_ROUND', `${what} only before a round starts: all ${s.t.format.rounds} have started`);
  return next;
}

/** The next round's draw, when it has not started, dropped from the file (and its duplicate seed from the state). */
function dropUndrawn(s: Stored, file: TournamentFile, state: TournamentState): number | undefined {
  const next = s.state.started + 1;
  if (file.rounds.length < next) return undefined;
  file.rounds.length = next - 1;
  delete state.duplicate[next];
  return next;
}

/**
 * Players added from a list (typed, pasted or a CSV: the core's parsePlayers). `earlier` are the
 * players of the director's tournaments, so a name typed again keeps its id for the season.
 */
export function lateEntries(s: Stored, text: string, earlier: readonly TournamentPlayer[]): Change {
  const from = nextRound(s, 'players are added');
  const added = must(parsePlayers(text, earlier));
  const file = structuredClone(s.t.file);
  const state = structuredClone(s.state);
  const undrawn = dropUndrawn(s, file, state);
  const taken = new Set([...earlier, ...file.players].map((p) => p.id));
  let next = 1;
  for (const p of added) {
    let pid = p.id;
    // An id already at this tournament (the list's own, or a name entered twice: two people)
    // moves to the next one free in all of the director's tournaments.
    if (file.players.some((x) => x.id === pid)) while (taken.has(pid)) pid = `p${next++}`;
    taken.add(pid);
    file.players.push({ id: pid, name: p.name, ...(from > 1 && { from }) });
  }
  const players = file.players.slice(s.t.file.players.length).map(({ id, name }) => ({ id, name }));
  const body = { players, ...(from > 1 && { from }), ...(undrawn && { undrawn }) };
  return { kind: 'players-added', body, t: check(file), state };
}

/**
 * A player withdrawn: from the next round on. One who has played no round yet (before round 1, or a
 * late entry whose round has not started) leaves the list; the event log keeps him.
 */
export function withdrawal(s: Stored, player: string): Change {
  const next = nextRound(s, 'a player withdraws');
  const gone = s.t.file.players.find((p) => p.id === player);
  if (!gone) throw new GameError('ERR_PLAYERS', `no player "${player}" in this tournament`);
  if (gone.until !== undefined)
    throw new GameError('ERR_PLAYERS', `${gone.name} was withdrawn after round ${gone.until} already`);
  const file = structuredClone(s.t.file);
  const state = structuredClone(s.state);
  const undrawn = dropUndrawn(s, file, state);
  const who = { id: gone.id, name: gone.name };
  if (firstRound(gone) >= next) {
    file.players = file.players.filter((p) => p.id !== player);
    delete state.accounts[player];
    return { kind: 'player-withdrawn', body: { player: who, ...(undrawn && { undrawn }) }, t: check(file), state };
  }
  const until = next - 1;
  file.players.find((p) => p.id === player)!.until = until;
  return { kind: 'player-withdrawn', body: { player: who, until, ...(undrawn && { undrawn }) }, t: check(file), state };
}

/**
 * A signed-in player enters an online tournament himself: from the next round, while it is not
 * drawn: a player's entry does not undo the director's draw (ERR_ROUND; he joins once it starts,
 * for the round after).
 */
export function selfEntry(s: Stored, player: { id: number; name: string }): Change {
  if (s.mode !== 'online')
    throw new GameError('ERR_ROUND', 'players join online tournaments; a hall tournament’s director lists them');
  const from = nextRound(s, 'players join');
  if (s.t.file.rounds.length >= from)
    throw new GameError('ERR_ROUND', `round ${from} is drawn already: entries open again when it starts`);
  const pid = `u${player.id}`;
  if (s.state.accounts[pid] !== undefined) throw new GameError('ERR_PLAYERS', 'you have joined already');
  const file = structuredClone(s.t.file);
  file.players.push({ id: pid, name: player.name, ...(from > 1 && { from }) });
  const state = structuredClone(s.state);
  state.accounts[pid] = player.id;
  return {
    kind: 'joined',
    body: { player: { id: pid, name: player.name }, ...(from > 1 && { from }) },
    t: check(file),
    state,
    joined: player.id,
  };
}

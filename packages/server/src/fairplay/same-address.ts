// Fair play: accounts that sit at one rated table and connect from one address are marked, to
// everyone at the table and to the operator (logged and kept in fair_play_mark), as the Skat
// servers do. The game does not start rated while the mark stands (`mustNotShareAddress`,
// decision 015): one household may share an address honestly, and is told so before it plays,
// with the suggestion of an unrated table, rather than finding its game unrated at the end.
import type { Player, ServerMessage } from '@baska/protocol';
import { GameError } from '../errors.js';
import type { Logger } from 'pino';
import type { Socket } from 'socket.io';
import type { Channel } from '../cluster/cluster.js';
import type { Db } from '../db.js';
import type { HubPlugin } from '../hub.js';
import type { Presence } from '../online/presence.js';
import type { Room } from '../room.js';

/** The seats of a table whose players share an address, in groups (each of two seats or more), in seat order. */
export function sameAddressGroups(room: Room, addressesOf: (player: number) => Set<string>): number[][] {
  const seats = room.seats.flatMap((s, seat) =>
    s.player !== null && s.bot === null ? [{ seat, player: s.player }] : [],
  );
  const group = seats.map((_, i) => i);
  const root = (i: number): number => (group[i] === i ? i : (group[i] = root(group[i]!)));
  const addresses = seats.map((s) => addressesOf(s.player));
  for (let i = 0; i < seats.length; i++)
    for (let j = i + 1; j < seats.length; j++)
      if ([...addresses[i]!].some((a) => addresses[j]!.has(a))) group[root(j)] = root(i);
  const groups = new Map<number, number[]>();
  seats.forEach((s, i) => groups.set(root(i), [...(groups.get(root(i)) ?? []), s.seat]));
  return [...groups.values()].filter((g) => g.length > 1);
}

/**
 * A rated game starts only with every person seated connected (so his address is known) and no two
 * of them from one address; otherwise a coded refusal naming them, and nothing changes.
 */
export function mustNotShareAddress(room: Room, addresses: Map<number, Set<string>>): void {
  const absent = room.seats.filter((s) => s.player !== null && s.bot === null && !addresses.get(s.player)?.size);
  if (absent.length)
    throw new GameError(
      'ERR_RATED_ABSENT',
      `a rated game starts with its players at the table: ${absent.map((s) => s.name).join(', ')} not connected`,
    );
  const groups = sameAddressGroups(room, (p) => addresses.get(p) ?? new Set());
  if (groups.length)
    throw new GameError(
      'ERR_SAME_ADDRESS',
      `${groups.map((g) => g.map((seat) => room.seats[seat]!.name).join(' and ')).join('; ')} connect from one address: ` +
        'a rated game cannot start; play an unrated table',
    );
}

export class SameAddress implements HubPlugin {
  /** What each table was last told (JSON of the groups). */
  private readonly told = new Map<string, string>();

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly presence: Presence,
    private readonly socketsAt: (id: string) => Iterable<[Socket, Player | null]>,
    /** With several processes: the mark goes to the table's sockets on the others too. */
    private readonly channel?: Channel,
  ) {
    channel?.hear('fairPlay', (w) => {
      this.remember(w.table, JSON.stringify(w.sameAddress));
      this.tellHere(w.table, w.sameAddress);
    });
  }

  readonly joined = (socket: Socket, _player: Player | null, room: Room): void => {
    if (!room.settings.rated || room.status === 'finished') return;
    this.check(socket, room).catch((err) => this.log.warn({ err, table: room.id }, 'the fair-play check failed'));
  };

  private async check(socket: Socket, room: Room): Promise<void> {
    const players = room.seats.flatMap((s) => (s.player !== null && s.bot === null ? [s.player] : []));
    const addresses = await this.presence.addressesOf(players);
    const groups = sameAddressGroups(room, (p) => addresses.get(p) ?? new Set());
    const key = JSON.stringify(groups);
    if (this.told.get(room.id) === key) {
      if (groups.length) socket.emit('message', { type: 'fairPlay', table: room.id, sameAddress: groups });
      return;
    }
    this.remember(room.id, key);
    this.tellHere(room.id, groups);
    this.channel?.say({ kind: 'fairPlay', table: room.id, sameAddress: groups });
    if (groups.length) void this.keep(room, groups);
  }

  private remember(table: string, key: string): void {
    if (this.told.size > 10_000) this.told.clear();
    this.told.set(table, key);
  }

  private tellHere(table: string, groups: number[][]): void {
    const m: ServerMessage = { type: 'fairPlay', table, sameAddress: groups };
    for (const [s] of this.socketsAt(table)) s.emit('message', m);
  }

  /** For the operator: logged, and kept (the groups as last seen at each rated table). */
  private async keep(room: Room, seats: number[][]): Promise<void> {
    const players = seats.map((g) => g.map((s) => room.seats[s]!.player!));
    this.log.warn({ table: room.id, seats, players }, 'accounts from one address at a rated table');
    const row = { players: JSON.stringify(players), seats: JSON.stringify(seats), at: new Date().toISOString() };
    try {
      await this.db
        .insertInto('fair_play_mark')
        .values({ game_id: room.id, ...row })
        .onConflict((c) => c.column('game_id').doUpdateSet(row))
        .execute();
    } catch (err) {
      this.log.error({ err, table: room.id }, 'keeping a fair-play mark failed');
    }
  }
}

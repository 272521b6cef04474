// A game played in a browser with no network against its computer players (issue 36), as the
// server takes it into the player's archive: its record is replayed through the engine (a record
// that does not replay is refused, ERR_RECORD), then written as the log of a finished table (the
// player at seat 0, bots at the others, each deal's hands as the record has them), so the archive,
// the replay and the record read it like any other game. It is marked `offline` and never rated.
// The table's id comes from the player and the client's id of the game: the same game sent again
// is the same table.
import { createHash } from 'node:crypto';
import {
  type DealRecord,
  type Rules,
  type RulesSpec,
  type TableOfFiveDealRecord,
  loadRecord,
  loadTableOfFiveRecord,
} from '@baska/engine';
import { cichaIsSure } from '@baska/ai';
import type { OfflineGame } from '@baska/protocol';
import { GameError } from './errors.js';
import { recordOf, recordText } from './game-table.js';
import { BOT_NAMES } from './names.js';
import { IllegalAction, Room, type Settings, type StoredEvent } from './room.js';
import type { Projection, StoredDeal, TableRow } from './storage.js';

/** The table of `player`'s offline game `id`: the same for every send of it, and no other player's. */
export const offlineTableId = (player: number, id: string) =>
  'o' + createHash('sha256').update(`${player}:${id}`).digest('base64url').slice(0, 15);

const refuse = (why: string) => new GameError('ERR_RECORD', `the offline game does not replay: ${why}`);

/** The table's row, log and projections of an offline game, or ERR_RECORD. */
export function offlineTable(
  owner: { id: number; name: string; guest: boolean },
  game: OfflineGame,
  now: Date,
): { row: TableRow; events: StoredEvent[]; projection: Projection; room: Room } {
  const five = typeof game.record === 'object' && game.record !== null && 'players' in game.record;
  const loaded = five
    ? loadTableOfFiveRecord(game.record, { cichaJudge: cichaIsSure })
    : loadRecord(game.record, { cichaJudge: cichaIsSure });
  if (!loaded.ok) throw refuse(`${loaded.error.code}: ${loaded.error.message}`);
  const record = loaded.value.record;
  const deals = record.deals as (DealRecord | TableOfFiveDealRecord)[];
  if (deals.length === 0 || deals.length > game.deals + 8) throw refuse('no deals, or more than its game had');
  if (deals.some((d) => d.claim || d.fair)) throw refuse('an offline deal has no claim and no proof');
  const rules: Rules = 'rules' in loaded.value ? loaded.value.rules : loaded.value.table.rules;
  const settings: Settings = {
    rulesSpec: record.rules as RulesSpec,
    stake: 0,
    secondsPerMove: 0,
    pauseSeconds: 0,
    public: false,
    deals: game.deals,
    ...(five && { players: 5 as const }),
    offline: true,
  };
  const id = offlineTableId(owner.id, game.id);
  const room = new Room(id, settings, rules);
  const events: StoredEvent[] = [];
  const push = (e: StoredEvent) => {
    events.push(e);
    room.apply(room.version + 1, e);
    room.version++;
  };
  push({ type: 'created', owner: owner.id, ownerName: owner.name });
  push({ type: 'seated', seat: 0, player: owner.id, name: owner.name, bot: null, guest: owner.guest });
  for (let s = 1; s < room.seats.length; s++)
    push({ type: 'seated', seat: s, player: null, name: BOT_NAMES[s]!, bot: game.level });
  // The first dealer: at four the first deal's; at five the seat that sat it out (RULES §9).
  const first = deals[0]!;
  const dealer = 'seats' in first ? [0, 1, 2, 3, 4].find((s) => !first.seats.includes(s))! : first.dealer;
  push({ type: 'started', seed: 'offline', dealer });
  const stored = new Map<number, StoredDeal>();
  try {
    for (const [n, d] of deals.entries()) {
      if (room.over) throw refuse('a deal after the game’s end');
      push({ type: 'deal', hands: Array.from(loaded.value.table.deals[n]!.dealt) });
      // The deal's seats must be those the table seats in turn (the record was checked as a record).
      if ('seats' in d && room.dealSeats.join() !== d.seats.join()) throw refuse('the seats are not the table’s');
      if (room.deal!.dealer !== d.dealer) throw refuse('the dealer is not the table’s');
      for (const action of [...d.auction, ...d.play]) {
        const seat = room.toAct;
        push({ type: 'action', seat, action, by: seat === 0 ? 'player' : 'bot' });
      }
      if (!room.deal!.isComplete) throw refuse('a deal is not complete');
      for (const s of room.recentDeals()) stored.set(s.n, s);
    }
  } catch (e) {
    if (e instanceof GameError) throw e;
    throw refuse(e instanceof IllegalAction ? e.message : String(e));
  }
  if (!room.over) throw refuse('the game is not over');
  push({ type: 'finished' });
  const kept = [...stored.values()].sort((a, b) => a.n - b.n);
  const t = room.table!;
  return {
    row: { id, owner: owner.id, settings: JSON.stringify(settings), public: false, createdAt: now.toISOString() },
    events,
    projection: {
      status: 'finished',
      record: recordText(
        recordOf(
          kept.map((s) => s.record),
          { rulesSpec: settings.rulesSpec, players: five ? 5 : 4 },
        ),
      ),
      deals: kept,
      lines: [{ player: owner.id, seat: 0, total: t.totals[0]!, deals: room.dealsPlayedBy(0) }],
    },
    room,
  };
}

// What a table sends each seat and each spectator gives away nothing of the current deal's hidden cards
// (RULES §2, ARCHITECTURE "viewFor is the one place where hidden information is removed"), checked on Room
// directly, without a server process: a room is the replay of its event log, so a log whose current deal
// is re-dealt in a way the viewer cannot tell from the real one — each other seat keeps the cards it has
// played, the unplayed cards the viewer has not seen are dealt anew with the hand sizes kept, and every
// logged call and card still replays legally — must send that viewer exactly the same after every event:
// the public event, viewOf(viewer) and info() (its clock's and pause's msLeft read Date.now(), so they are left out).
import type { Level, PublicEvent } from '@baska/protocol';
import { type Rng, type RulesSpec, SPECTATOR, SeededRng, dealMasks, randomInt, rulesOf } from '@baska/engine';
import { describe, expect, it } from 'vitest';
import { redeal } from '../../engine/test/redeal.js';
import { nextDealDealer } from '../src/game-table.js';
import { Room, type Settings, type StoredEvent } from '../src/room.js';

const SPECS: RulesSpec[] = [
  'standard',
  'leborsk', // cichaMustBeLosable: Room judges a sure cicha with the solver
  'znin',
  'kop',
  { preset: 'standard', cardOrder: 'asTrzyDychy', weseleNamedJack: true },
  { preset: 'kop', weseleSelfKontra: true, maxDoubling: 6 },
];
const TABLES_PER_SPEC = 30;
const TRIES_PER_VIEWER = 4;
const VIEWERS: (number | null)[] = [0, 1, 2, 3, null];

const settingsOf = (rulesSpec: RulesSpec, players: 4 | 5): Settings => ({
  rulesSpec,
  stake: 1,
  secondsPerMove: 30,
  public: true,
  deals: 0,
  ...(players === 5 && { players: 5 as const }),
});

function roomOf(
  spec: RulesSpec,
  log: StoredEvent[],
  after?: (room: Room, event: PublicEvent | null) => void,
  players: 4 | 5 = 4,
): Room {
  const room = new Room('t1', settingsOf(spec, players), rulesOf(spec));
  log.forEach((e, i) => {
    const event = room.apply(i + 1, e);
    after?.(room, event);
  });
  return room;
}

/**
 * A table's log: created, four seated (people and bots), started, then deals played by random legal
 * actions — a few whole deals and the current one stopped at a random point — with a seat going away
 * and coming back now and then.
 */
function tableLog(spec: RulesSpec, rng: Rng, players: 4 | 5 = 4): { log: StoredEvent[]; dealAt: number } {
  const seed = `views-${rng.nextUint32()}`;
  const levels: (Level | null)[] = Array.from(
    { length: players },
    () => [null, 'basic', 'expert'][randomInt(rng, 3)] as Level | null,
  );
  const log: StoredEvent[] = [{ type: 'created', owner: 1, ownerName: 'Kaszëba' }];
  levels.forEach((bot, seat) =>
    log.push({ type: 'seated', seat, player: bot ? null : 10 + seat, name: bot ?? `Gracz ${seat}`, bot }),
  );
  log.push({ type: 'started', seed, dealer: randomInt(rng, players) });
  const room = roomOf(spec, log, undefined, players);
  const add = (e: StoredEvent) => {
    log.push(e);
    room.apply(log.length, e);
  };
  const whole = randomInt(rng, players === 5 ? 6 : 4); // at five, so that each seat may have sat out
  const passBias = [0, 0.6, 0.9][randomInt(rng, 3)]!;
  let dealAt = -1;
  for (let k = 0; k <= whole; k++) {
    dealAt = log.length;
    add({
      type: 'deal',
      hands: Array.from(dealMasks(new SeededRng(`${seed}:deal:${k}`), nextDealDealer(room.table!))),
    });
    const stop = k < whole ? Infinity : randomInt(rng, 36);
    const away = new Set<number>();
    for (let n = 0; n < stop && !room.deal!.isComplete; n++) {
      const d = room.deal!;
      const seat = room.toAct; // a table seat (at five, mapped from the deal's)
      if (levels[seat] === null && randomInt(rng, 12) === 0) {
        add({ type: away.has(seat) ? 'back' : 'away', seat });
        if (away.has(seat)) away.delete(seat);
        else away.add(seat);
      }
      const legal = d.legal();
      const pass = d.phase === 'auction' && legal[0] === 'pass' && rng.nextUint32() / 2 ** 32 < passBias;
      const by = levels[seat] !== null ? 'bot' : away.has(seat) ? 'timeout' : 'player';
      add({ type: 'action', seat, action: pass ? 'pass' : legal[randomInt(rng, legal.length)]!, by });
    }
    for (const seat of away) add({ type: 'back', seat });
  }
  if (room.deal!.isComplete && randomInt(rng, 2) === 0) add({ type: 'finished' });
  return { log, dealAt };
}

/** What the viewer is sent after each event of the log, as text (null: the log does not replay). */
function sentAlong(spec: RulesSpec, log: StoredEvent[], viewer: number | null, players: 4 | 5 = 4): string[] | null {
  const out: string[] = [];
  try {
    roomOf(
      spec,
      log,
      (room, event) => {
        const info = room.info();
        out.push(
          JSON.stringify({
            event,
            view: room.viewOf(viewer),
            info: {
              ...info,
              clock: info.clock && { seat: info.clock.seat, deadline: info.clock.deadline },
              pause: info.pause && { seats: info.pause.seats, deadline: info.pause.deadline },
            },
          }),
        );
      },
      players,
    );
  } catch {
    return null; // an illegal call or card: this re-deal is not consistent with the history
  }
  return out;
}

describe("a table sends each viewer nothing of the current deal's hidden cards // RULES §2", () => {
  const totals = { tables: 0, compared: 0, differing: 0, inconsistent: 0, messages: 0 };

  it.each(SPECS.map((s) => [typeof s === 'string' ? s : JSON.stringify(s), s] as const))(
    '%s: the same events, views and table info in every re-deal consistent with the log',
    (_, spec) => {
      const rng = new SeededRng(`server-views:${JSON.stringify(spec)}`);
      for (let n = 0; n < TABLES_PER_SPEC; n++) {
        const { log, dealAt } = tableLog(spec, rng);
        const room = roomOf(spec, log);
        const hands = (log[dealAt] as { hands: number[] }).hands;
        totals.tables++;
        for (const viewer of VIEWERS) {
          const truth = sentAlong(spec, log, viewer)!;
          for (let t = 0; t < TRIES_PER_VIEWER; t++) {
            const other = redeal(room.deal!, viewer ?? SPECTATOR, rng);
            const changed = log.map((e, i) => (i === dealAt ? { type: 'deal' as const, hands: other } : e));
            const sent = sentAlong(spec, changed, viewer);
            if (!sent) {
              totals.inconsistent++;
              continue;
            }
            totals.compared++;
            if (other.some((h, s) => h !== hands[s])) totals.differing++;
            for (let k = dealAt; k < sent.length; k++) {
              totals.messages++;
              if (sent[k] !== truth[k])
                expect.fail(
                  `viewer ${viewer}, ${JSON.stringify(spec)}, deal hands ${hands.join(',')} re-dealt ${other.join(',')}, ` +
                    `after event ${k + 1} (${JSON.stringify(log[k])}):\n  real:    ${truth[k]}\n  re-deal: ${sent[k]}`,
                );
            }
          }
        }
      }
    },
  );

  it('compared enough re-deals that differ from the real deal for the property to mean something', () => {
    expect(totals.tables).toBe(SPECS.length * TABLES_PER_SPEC);
    expect(totals.differing).toBeGreaterThan(totals.tables * 5);
    expect(totals.messages).toBeGreaterThan(totals.tables * 50);
    console.log(`server views: ${JSON.stringify(totals)}`);
  });
});

// At a table of five (RULES §9) the same holds for each of the five and a spectator, re-dealing the
// cards each viewer has not seen in the deal he sees: the one who deals and sits the deal out has
// seen none of them, as a spectator; every other seat its own hand in the deal.
describe("a table of five sends each viewer, the one sitting out too, nothing of the deal's hidden cards // RULES §2, §9", () => {
  const FIVE_SPECS: RulesSpec[] = ['standard', 'znin', { preset: 'kop', weseleSelfKontra: true, maxDoubling: 6 }];
  const totals = { tables: 0, compared: 0, differing: 0, messages: 0, sittingOut: 0 };

  it.each(FIVE_SPECS.map((s) => [typeof s === 'string' ? s : JSON.stringify(s), s] as const))(
    '%s: the same events, views and table info in every re-deal consistent with the log',
    (_, spec) => {
      const rng = new SeededRng(`server-views-five:${JSON.stringify(spec)}`);
      for (let n = 0; n < 20; n++) {
        const { log, dealAt } = tableLog(spec, rng, 5);
        const room = roomOf(spec, log, undefined, 5);
        const hands = (log[dealAt] as { hands: number[] }).hands;
        totals.tables++;
        for (const viewer of [0, 1, 2, 3, 4, null]) {
          const truth = sentAlong(spec, log, viewer, 5)!;
          // What the viewer has seen of this deal: his own hand, or none while he sits it out.
          const inDeal = viewer === null ? -1 : room.dealSeatOf(viewer);
          if (viewer !== null && inDeal < 0) totals.sittingOut++;
          for (let t = 0; t < TRIES_PER_VIEWER; t++) {
            const other = redeal(room.deal!, inDeal < 0 ? SPECTATOR : inDeal, rng);
            const changed = log.map((e, i) => (i === dealAt ? { type: 'deal' as const, hands: other } : e));
            const sent = sentAlong(spec, changed, viewer, 5);
            if (!sent) continue;
            totals.compared++;
            if (other.some((h, s) => h !== hands[s])) totals.differing++;
            for (let k = dealAt; k < sent.length; k++) {
              totals.messages++;
              if (sent[k] !== truth[k])
                expect.fail(
                  `viewer ${viewer} (deal seat ${inDeal}), ${JSON.stringify(spec)}, re-dealt ${other.join(',')}, ` +
                    `after event ${k + 1} (${JSON.stringify(log[k])}):\n  real:    ${truth[k]}\n  re-deal: ${sent[k]}`,
                );
            }
          }
        }
      }
    },
  );

  it('compared enough re-deals, the one sitting out among the viewers, for the property to mean something', () => {
    expect(totals.tables).toBe(FIVE_SPECS.length * 20);
    expect(totals.sittingOut).toBe(totals.tables);
    expect(totals.differing).toBeGreaterThan(totals.tables * 5);
    expect(totals.messages).toBeGreaterThan(totals.tables * 50);
  });
});

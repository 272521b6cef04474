// A game against computer players kept in this browser (issue 36): what is saved of it (its settings,
// its seed and every move made), the engine's table rebuilt from that, and the table's description as
// the server would give it (TableInfo), so the online table's screens show it unchanged. The player
// sits at table seat 0; the computer players at the others. Pure: no storage, no timers.
import {
  type Preset,
  type GameRecord,
  SPECTATOR,
  type Table,
  TableOfFive,
  type TableOfFiveRecord,
  type PlayerView,
  recordOfTable,
  recordOfTableOfFive,
  rulesOf,
  viewFor,
} from '@baska/engine';
import { newTable, newTableOfFive } from '@baska/ai';
import type { SheetRow, TableInfo } from '@baska/protocol';

export type OfflineLevel = 'basic' | 'expert';

export interface OfflineSettings {
  preset: Preset;
  level: OfflineLevel;
  players: 4 | 5;
  /** Deals to play (bok-rounds owed at the end are played too, RULES §5); OFFLINE_MAX_DEALS at most. */
  deals: number;
}

/** What is kept of an offline game: enough to rebuild it move by move. */
export interface SavedGame extends OfflineSettings {
  /** Made here: the game's name in this browser and its idempotency key on the server. */
  id: string;
  /** The seeded shuffle's seed and the first dealer (table seat). */
  seed: string;
  dealer: number;
  /** Every deal's moves (calls and cards) in the order made. */
  moves: string[][];
  createdAt: number;
  /** Who was signed in when it began (a guest too): only his archive gets it; null: no one's, kept here. */
  player: { id: number; name: string } | null;
  /** Its way to the server: waiting, in the player's archive, or refused (with the server's code). */
  sent: 'waiting' | 'sent' | { refused: string };
}

export type LocalTable = Table | TableOfFive;

/** The player's table seat. */
export const ME = 0;

/** The table seats playing deal n, by the deal's seats 0–3 (RULES §9 at five). */
export const seatsOf = (t: LocalTable, n: number): readonly number[] =>
  t instanceof TableOfFive ? t.seatsOf(n) : [0, 1, 2, 3];

/** A new offline game with these settings: a fresh seed and a first dealer drawn here. */
export function newGame(
  settings: OfflineSettings,
  player: SavedGame['player'],
  random: (n: number) => number,
  id: string,
): SavedGame {
  const seed = Array.from({ length: 4 }, () => random(2 ** 30).toString(36)).join('');
  return {
    ...settings,
    id,
    seed,
    dealer: random(settings.players),
    moves: [],
    createdAt: Date.now(),
    player,
    sent: 'waiting',
  };
}

/** The engine's table of a saved game, replayed move by move (null: a move no longer replays). */
export function rebuild(g: SavedGame): LocalTable | null {
  const rules = rulesOf(g.preset);
  const t: LocalTable =
    g.players === 5
      ? newTableOfFive({ rules, dealer: g.dealer, seed: g.seed })
      : newTable({ rules, dealer: g.dealer, seed: g.seed });
  for (const deal of g.moves) {
    if (!t.newDeal().ok) return null;
    for (const m of deal) if (!t.apply(m).ok) return null;
  }
  return t;
}

/** The game has played what it was to play: its deals, and the bok-round owed after them (RULES §5). */
export function isOver(g: SavedGame, t: LocalTable): boolean {
  const d = t.current;
  return d !== null && d.isComplete && t.dealCount >= g.deals && t.bokDealsLeft === 0;
}

/** The table seat to move now, or null (between deals, or over). */
export function toMove(t: LocalTable): number | null {
  const d = t.current;
  if (!d || d.isComplete) return null;
  return seatsOf(t, t.dealCount - 1)[d.toAct]!;
}

/** The view of the current deal for a table seat (the one sitting out at five sees it as a spectator). */
export function viewOf(t: LocalTable, seat: number): PlayerView | null {
  const d = t.current;
  if (!d) return null;
  const dealSeat = seatsOf(t, t.dealCount - 1).indexOf(seat);
  return viewFor(d, dealSeat < 0 ? SPECTATOR : dealSeat);
}

const BOT_NAMES = ['Józef', 'Marta', 'Grzegorz', 'Jana', 'Kazimierz'];

/** The score sheet's rows of the complete deals, by table seat (at five `null` for the one who sat out). */
function sheet(t: LocalTable): SheetRow[] {
  return t.deals.flatMap((d, i) => {
    const s = d.score;
    if (!s) return [];
    const n = t.forgotten + i;
    const seats = seatsOf(t, n);
    const five = t instanceof TableOfFive;
    const scores = five ? t.rowOf(n)! : [...s.scores];
    return [
      {
        dealer: five ? t.dealerOf(n) : d.dealer,
        contract: s.contract,
        declarer: s.declarer === null ? null : seats[s.declarer]!,
        bokRound: s.bokRound,
        scores,
      },
    ];
  });
}

/** The table as the online screens read it (protocol's TableInfo), from this browser's game. */
export function infoOf(g: SavedGame, t: LocalTable, myName: string): TableInfo {
  const five = t instanceof TableOfFive;
  const n = t.dealCount - 1;
  const over = isOver(g, t);
  return {
    id: g.id,
    preset: g.preset,
    rules: g.preset,
    stake: 0,
    secondsPerMove: 0,
    pauseSeconds: 0, // the next deal waits for the player's "Dalej" (offline/local-table.ts)
    public: false,
    rated: false,
    hints: false,
    deals: g.deals,
    owner: myName,
    ownerId: g.player?.id ?? 0,
    status: over ? 'finished' : 'playing',
    seats: Array.from({ length: g.players }, (_, seat) => ({
      seat,
      name: seat === ME ? myName : `Bot ${BOT_NAMES[seat]} (${g.level})`,
      bot: seat !== ME,
      away: false,
      guest: false,
      reservedFor: null,
    })),
    totals: [...t.totals],
    dealSeats: five && n >= 0 ? [...seatsOf(t, n)] : null,
    sitsOut: five && n >= 0 ? t.dealerOf(n) : null,
    dealsPlayed: t.deals.filter((d) => d.isComplete).length + t.forgotten,
    bokDealsLeft: t.bokDealsLeft,
    clock: null,
    pause: null,
    marks: { auction: [], plays: [] },
    sheet: sheet(t),
    sheetFrom: 0,
    spectators: 0,
    rematch: null,
    rematchOf: null,
    commit: null,
  };
}

/** The game's record (docs/spec/records.md; at five with `players` and each deal's seats). */
export function recordOfGame(g: SavedGame, t: LocalTable): GameRecord | TableOfFiveRecord {
  return t instanceof TableOfFive ? recordOfTableOfFive(t, g.preset) : recordOfTable(t, g.preset);
}

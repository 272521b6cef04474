// An offline table (issue 36): the game's source when there is no server. It answers the table
// screen's moves with the engine here, plays the computer players' seats on a worker (bot-worker.ts),
// saves every move to IndexedDB before showing it, and feeds the store the same messages the server's
// socket would (a snapshot, then events with the seat's view and the table's description), so the
// online table's screens show it unchanged.
import { TableOfFive } from '@baska/engine';
import type { PublicEvent } from '@baska/protocol';
import { deliver, go, lastPlayer, me, meLoaded, unreachable, useLocalSource } from '../store.js';
import { t as words } from '../i18n.js';
import { newEntryId } from '../outbox.js';
import type { BotReply, BotRequest } from './bot-worker.js';
import { loadGame, saveGame } from './games.js';
import {
  type LocalTable,
  ME,
  type OfflineSettings,
  type SavedGame,
  infoOf,
  isOver,
  newGame,
  rebuild,
  toMove,
  viewOf,
} from './local-game.js';
import { sendWaiting } from './send.js';

/** The computer players' pace: a move is shown this long after the one before (ms), as at the server's tables. */
export const PACE_MS = 450;

/** Set once this browser keeps an offline game: only then is the offline code loaded to send them (main.tsx). */
export const KEPT = 'baska.offline.kept';

/** Offline tables' ids: `off-` and the id made here. */
const PREFIX = 'off-';

let game: { saved: SavedGame; table: LocalTable; version: number } | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

let worker: Worker | null = null;
let asked = 0;
const answers = new Map<number, (r: BotReply) => void>();
function bots(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./bot-worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (e: MessageEvent<BotReply>) => {
    answers.get(e.data.id)?.(e.data);
    answers.delete(e.data.id);
  };
  return worker;
}
/**
 * The computer player's move for a view, decided on the worker. Each decision's time, asked to
 * answered, is a User Timing measure `baska:decision:<level>` (bench/offline.js reads them).
 */
function decide(req: Omit<BotRequest, 'id'>): Promise<string> {
  const id = ++asked;
  const start = performance.now();
  return new Promise((resolve, reject) => {
    answers.set(id, (r) => {
      performance.measure(`baska:decision:${req.level}`, { start, end: performance.now() });
      if ('action' in r) resolve(r.action);
      else reject(new Error(r.error));
    });
    bots().postMessage({ ...req, id });
  });
}

/** The player's name at his offline tables. */
export const myName = () => me.value?.name ?? lastPlayer()?.name ?? words().off.you;

/** Tell the screen what just happened: the event, with the player's view after it. */
function tell(event: PublicEvent) {
  const g = game!;
  g.version++;
  deliver({
    type: 'event',
    table: g.saved.id,
    version: g.version,
    event,
    seat: ME,
    view: viewOf(g.table, ME),
    info: infoOf(g.saved, g.table, myName()),
  });
}

/** The next deal, dealt from the seed; or the end of the game. */
function deal() {
  const g = game!;
  if (isOver(g.saved, g.table)) return;
  g.table.newDeal();
  g.saved.moves.push([]);
  void saveGame(g.saved);
  const n = g.table.dealCount - 1;
  // At five the dealer sits the deal out (RULES §9); at four the deal's seats are the table's.
  const t = g.table;
  if (t instanceof TableOfFive) tell({ type: 'deal', dealer: t.dealerOf(n), number: n + 1, sitsOut: t.dealerOf(n) });
  else tell({ type: 'deal', dealer: t.current!.dealer, number: n + 1 });
  next();
}

/** A move of the seat to move: applied, saved, shown; then the next seat's turn. */
async function move(seat: number, action: string, by: 'player' | 'bot') {
  const g = game!;
  if (!g.table.apply(action).ok) return false;
  g.saved.moves[g.saved.moves.length - 1]!.push(action);
  await saveGame(g.saved);
  tell({ type: 'action', seat, action, by });
  if (isOver(g.saved, g.table)) {
    tell({ type: 'finished' });
    void sendWaiting();
  }
  next();
  return true;
}

/** Whose turn it is next: a computer player's is played after a pause on the worker. */
function next() {
  clearTimeout(timer);
  const g = game;
  if (!g) return;
  const seat = toMove(g.table);
  if (seat === null || seat === ME) return;
  const version = g.version;
  timer = setTimeout(() => {
    const view = viewOf(g.table, seat)!;
    void decide({ level: g.saved.level, view, seed: `${g.saved.seed}:${version}` }).then((action) => {
      // The table has not moved meanwhile (another game opened, a reload): the move is still this seat's.
      if (game === g && g.version === version) void move(seat, action, 'bot');
    });
  }, PACE_MS);
}

/** Start an offline game against the computer players, saved before it is shown; its table's route. */
export async function startOffline(settings: OfflineSettings): Promise<string> {
  const random = (n: number) => crypto.getRandomValues(new Uint32Array(1))[0]! % n;
  // The game is his who is signed in as it starts, a guest too (his id stays his when he registers);
  // with no answer from the server, the one last signed in here (his session is still in the cookie).
  const player = meLoaded.value && !unreachable.value ? me.value : (me.value ?? lastPlayer());
  const saved = newGame(settings, player && { id: player.id, name: player.name }, random, PREFIX + newEntryId());
  await saveGame(saved);
  localStorage.setItem(KEPT, '1');
  return saved.id;
}

useLocalSource({
  owns: (id) => id.startsWith(PREFIX),
  open(id) {
    clearTimeout(timer);
    game = null;
    void loadGame(id).then((saved) => {
      const table = saved && rebuild(saved);
      if (!saved || !table)
        return deliver({ type: 'error', code: 'ERR_NOT_FOUND', message: 'no such game', table: id });
      game = { saved, table, version: 1 };
      deliver({
        type: 'snapshot',
        table: infoOf(saved, table, myName()),
        version: 1,
        seat: ME,
        view: viewOf(table, ME),
      });
      // Closed between deals (or before the first): the next deal is dealt now.
      const d = table.current;
      if (!d || d.isComplete) deal();
      else next();
    });
  },
  act(action) {
    const g = game;
    if (!g || toMove(g.table) !== ME) return;
    void move(ME, action, 'player').then((made) => {
      if (!made) deliver({ type: 'error', code: 'ERR_ILLEGAL_CARD', message: action, table: g.saved.id });
    });
  },
  ready() {
    const g = game;
    if (g && g.table.current?.isComplete) deal();
  },
  async rematch() {
    const g = game!;
    return startOffline({
      preset: g.saved.preset,
      level: g.saved.level,
      players: g.saved.players,
      deals: g.saved.deals,
    });
  },
});

/** Leave the offline table for the offline lobby. */
export const toOfflineLobby = () => go('offline');

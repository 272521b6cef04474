// The client's state as signals: who plays, where he is (the address's #/… route), and the table he
// watches, kept in step with the server over Socket.IO. The client renders the server's views and
// sends intents; the server decides.
import { batch, signal } from '@preact/signals';
import type { TrickView } from '@baska/engine';
import type { ChatLine, Player, PlayerView, PublicEvent, QuickPhrase, ServerMessage, TableInfo } from '@baska/protocol';
import { type Socket, io } from 'socket.io-client';
import { ApiError, api } from './api.js';
import { type PendingMove, dealSeatOf, outcomeOfEvents, outcomeOfView, spotOf, stillToMake } from './moves.js';

/**
 * Who is signed in: the one answer every screen reads. It changes only through `signedIn` (an entry,
 * a login, a registration, a logout), which the table's socket and the other tabs follow.
 */
export const me = signal<Player | null>(null);
export const meLoaded = signal(false);
/** The server did not answer who is signed in (no network): the offline screens stand in (issue 36). */
export const unreachable = signal(false);
/** Who was last signed in on this browser: the player an offline game is his, for his archive later. */
export const lastPlayer = (): Player | null => {
  try {
    return JSON.parse(localStorage.getItem('baska.me') ?? 'null') as Player | null;
  } catch {
    return null;
  }
};

/** The route: '#/' lobby, '#/t/<id>' a table, '#/archive', '#/replay/<id>', '#/rules/<preset>'. */
export const route = signal<string[]>(parseHash());
function parseHash(): string[] {
  return location.hash.replace(/^#\/?/, '').split('/').filter(Boolean);
}
addEventListener('hashchange', () => (route.value = parseHash()));
export const go = (path: string) => (location.hash = `#/${path}`);

/** Ask the server who this browser's session is (at the start, and when another tab says it changed). */
export async function loadMe(tell = false) {
  let player: Player | null;
  try {
    player = (await api.me()).player;
    unreachable.value = false;
  } catch (e) {
    unreachable.value = !(e instanceof ApiError);
    if (meLoaded.value) return; // no answer: what we knew stands
    player = null;
  }
  signedIn(player, tell);
}

/** The other tabs of this browser share its session: each says when it changed who is signed in. */
const tabs = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('baska.who');
tabs?.addEventListener('message', () => void loadMe());

const samePlayer = (a: Player | null, b: Player | null) =>
  a === b || (a !== null && b !== null && a.id === b.id && a.name === b.name && a.guest === b.guest);

/**
 * Someone else is signed in now (or nobody): every screen reads it from `me`; the socket, which
 * the server knows a person by from its start, is made anew (the table on screen joined again as
 * him); the other tabs are told (`tell`) and ask the server in turn.
 */
export function signedIn(player: Player | null, tell = true) {
  const changed = !samePlayer(me.value, player);
  batch(() => {
    me.value = player;
    meLoaded.value = true;
    if (player) localStorage.setItem('baska.me', JSON.stringify(player));
    // The server said nobody is signed in here (not: no answer): an offline game is then nobody's.
    else if (!unreachable.value) localStorage.removeItem('baska.me');
    if (!changed) return;
    invites.value = [];
    const t = table.value;
    // The table is seen anew by whoever is signed in: a snapshot, his seat, no move of the other one's.
    table.value = player && t ? { ...t, version: 0, seat: null, pending: null, refused: null, error: null } : null;
  });
  if (!changed) return;
  if (socket) {
    socket.off();
    socket.disconnect();
    socket = null;
    connected.value = false;
    clearTimeout(losing);
    lost.value = false;
    if (player) connection();
  }
  if (tell) tabs?.postMessage('signed-in');
}

/** Log out here (and in this browser's other tabs), back to the first screen. */
export async function logOut(everywhere = false) {
  await (everywhere ? api.logoutAll() : api.logout());
  signedIn(null);
  go('');
}

/** A table as this client sees it. */
export interface TableState {
  id: string;
  info: TableInfo | null;
  version: number;
  seat: number | null;
  view: PlayerView | null;
  /** The last events seen, newest last (who did what, bots and timeouts included). */
  log: { version: number; event: PublicEvent }[];
  /** The final view of the last deal that ended, until the player closes its summary. */
  ended: PlayerView | null;
  /** At a table of five, the table seats that played that deal, by its seats (TableInfo.dealSeats then). */
  endedSeats: number[] | null;
  /** When the clock's deadline is by this browser's clock (ms), for the seat whose clock runs. */
  clockUntil: number | null;
  /** When the pause between deals ends by this browser's clock (ms), while the next deal waits. */
  pauseUntil: number | null;
  /** A trick just taken, kept in sight until `until` (this browser's ms) with its winner named. */
  held: { trick: TrickView; index: number; until: number } | null;
  error: { code: string; message: string } | null;
  /** The player's move not yet answered for (moves.ts): shown as made, marked, until confirmed or refused. */
  pending: (PendingMove & { since: number; sentOn: string | null }) | null;
  /** His last move that the table did not take: the server's reason, or none (it went on without it). */
  refused: { action: string; why: { code: string; message: string } | null } | null;
}

export const table = signal<TableState | null>(null);
export const connected = signal(false);
/**
 * The connection is lost, not just blinking (issue 36): the socket went down and the browser says it
 * has no network, or the server has not answered for LOST_MS. Away from a table the lobby then offers
 * the offline table; a table keeps reconnecting (its banner) and loses nothing.
 */
export const lost = signal(false);
/** How long the server may stay away before the lobby counts the connection lost (ms). */
export const LOST_MS = 3000;
let losing: ReturnType<typeof setTimeout> | undefined;
addEventListener('offline', () => void (socket && !socket.connected && (lost.value = true)));

/** The chat of the table on screen: the lines this client may read, oldest first (the last 100). */
export const chat = signal<{ table: string; lines: ChatLine[] }>({ table: '', lines: [] });
/** Invitations to other people's tables, newest last. */
export const invites = signal<Extract<ServerMessage, { type: 'invite' }>[]>([]);
/** Seats of the table on screen that connect from one address (a rated table: fair play). */
export const sameAddress = signal<{ table: string; seats: number[][] }>({ table: '', seats: [] });

let socket: Socket | null = null;

/**
 * A table played in this browser with no server (issue 36, offline/local-table.ts): the same screens,
 * fed the same messages, its moves answered by the engine here instead of the socket.
 */
export interface LocalSource {
  /** Is this table's id one of this browser's own games? */
  owns(id: string): boolean;
  open(id: string): void;
  act(action: string): void;
  /** The player has read the end of the deal: the next one may be dealt. */
  ready(): void;
  /** Another game with the same rules: its id. */
  rematch(): Promise<string>;
}
let local: LocalSource | null = null;
/** The offline tables' source says it is here (loaded with the offline screens). */
export const useLocalSource = (source: LocalSource) => void (local = source);
/** Is the table on screen one played in this browser? */
export const isLocal = (id: string | undefined) => id !== undefined && local?.owns(id) === true;
/** A message from the local source, taken as one from the server. */
export const deliver = (m: ServerMessage) => receiveMessage(m);

function connection(): Socket {
  if (socket) return socket;
  socket = io({ transports: ['websocket'], reconnectionDelay: 500, reconnectionDelayMax: 3000 });
  socket.on('connect', () => {
    connected.value = true;
    clearTimeout(losing);
    lost.value = false;
    unreachable.value = false; // the server answers again
    const t = table.value;
    // Back after a drop: say what we have seen, and get what we missed.
    if (t) {
      socket!.emit('message', { type: 'join', table: t.id, ...(t.version > 0 ? { version: t.version } : {}) });
      socket!.emit('message', { type: 'contributes', table: t.id });
      // A mute is the connection's: the new one (maybe to another server process) is told again.
      for (const player of muted.get(t.id) ?? [])
        socket!.emit('message', { type: 'mute', table: t.id, player, muted: true });
    }
  });
  socket.on('disconnect', () => {
    connected.value = false;
    if (!navigator.onLine) lost.value = true;
    else losing = setTimeout(() => (lost.value = true), LOST_MS);
  });
  socket.on('message', (m: ServerMessage) => receive(m));
  return socket;
}

/** The deals this client has sent its contribution to (`table:deal`). */
const contributed = new Set<string>();

/**
 * Verifiable deals (decision 013): when the server has committed to the next deal and this seat has
 * not yet added its share, send 16 random bytes from the browser's own generator.
 */
function contribute(info: TableInfo, seat: number | null) {
  const c = info.commit;
  // A duplicate round's deal is the same at every table of the round: it takes no contributions.
  // At a table of five the dealer sits the deal out: its shuffle is the four players' (c.seats).
  if (!c || c.duplicate || seat === null || !socket || c.contributed.includes(seat) || !c.seats.includes(seat)) return;
  const key = `${info.id}:${c.deal}`;
  if (contributed.has(key)) return;
  contributed.add(key);
  const value = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  socket.emit('message', { type: 'contribute', table: info.id, deal: c.deal, value });
}

function receive(m: ServerMessage) {
  receiveMessage(m);
  const t = table.value;
  if (t?.info && (m.type === 'snapshot' || m.type === 'missed' || m.type === 'event')) contribute(t.info, t.seat);
}

function receiveMessage(m: ServerMessage) {
  if (m.type === 'invite') {
    invites.value = [...invites.value.filter((i) => i.table !== m.table), m].slice(-5);
    return;
  }
  const t = table.value;
  if (!t) return;
  if (m.type === 'chat') {
    if (m.table !== t.id) return;
    const old = chat.value.table === t.id ? chat.value.lines : [];
    const seen = new Set(old.map((l) => l.id));
    chat.value = { table: t.id, lines: [...old, ...m.lines.filter((l) => !seen.has(l.id))].slice(-100) };
    return;
  }
  if (m.type === 'fairPlay') {
    if (m.table === t.id) sameAddress.value = { table: t.id, seats: m.sameAddress };
    return;
  }
  const clockUntil = (info: TableInfo) => (info.clock ? Date.now() + info.clock.msLeft : null);
  const pauseUntil = (info: TableInfo) => (info.pause ? Date.now() + info.pause.msLeft : null);
  if (m.type === 'error') {
    if (m.table !== undefined && m.table !== t.id) return;
    const error = { code: m.code, message: m.message };
    // The move waiting for an answer is refused: it was made against a version the table has left (the
    // answer to another event crossed it), so it is made again if it is still his to make, else told.
    const p = t.pending;
    if (p) {
      if (m.code === 'ERR_STALE' && t.info && t.seat !== null && stillToMake(p, t.info, t.view, t.seat))
        return p.version === t.version ? undefined : send({ ...t, pending: { ...p, version: t.version } });
      table.value = { ...t, pending: null, refused: { action: p.action, why: error } };
      return;
    }
    // A private table that has started shows only to its players: nothing of it stays on screen.
    table.value = m.code === 'ERR_PRIVATE' ? { ...t, info: null, view: null, error } : { ...t, error };
    return;
  }
  if (m.type === 'spectators') {
    if (m.table === t.id && t.info) table.value = { ...t, info: { ...t.info, spectators: m.spectators } };
    return;
  }
  if (m.type === 'snapshot' || m.type === 'missed') {
    if (m.table.id !== t.id) return;
    const log = m.type === 'missed' ? [...t.log, ...m.events].slice(-60) : t.log;
    settle(
      {
        ...t,
        info: m.table,
        version: m.version,
        seat: m.seat,
        view: m.view,
        log,
        clockUntil: clockUntil(m.table),
        pauseUntil: pauseUntil(m.table),
        held: null,
        error: null,
      },
      m.type === 'missed' ? m.events : null,
    );
    return;
  }
  if (m.table !== t.id || m.version <= t.version) return; // an event we already have
  const view = m.view;
  batch(() => {
    const prev = t.view;
    // A deal that just ended: keep its final view for the summary even when the next deal follows at once.
    // The next deal starts once everyone seated has read the summary or the pause is over: a player's
    // summary closes then; a spectator's (or one at a table without a pause) stays until closed.
    const keep = t.seat === null || m.info.pauseSeconds === 0;
    const ended = view?.score ? view : m.event.type === 'deal' ? (keep && prev?.score ? prev : null) : t.ended;
    // At a table of five the seats change every deal: the summary keeps those of the deal it is of.
    const endedSeats =
      ended === view ? m.info.dealSeats : ended === prev ? (t.info?.dealSeats ?? null) : ended ? t.endedSeats : null;
    // A trick just taken stays in sight a moment (the last one longer), its winner named.
    const taken = view && prev && view.tricks.length > prev.tricks.length ? view.tricks.length - 1 : -1;
    const held =
      taken >= 0
        ? { trick: view!.tricks[taken]!, index: taken, until: Date.now() + (view!.phase === 'complete' ? 3000 : 1500) }
        : m.event.type === 'deal'
          ? null
          : t.held;
    settle(
      {
        ...t,
        info: m.info,
        version: m.version,
        view,
        seat: m.seat, // a seat taken or given up over HTTP comes with the next event
        log: [...t.log, { version: m.version, event: m.event }].slice(-60),
        ended,
        endedSeats,
        clockUntil: clockUntil(m.info),
        pauseUntil: pauseUntil(m.info),
        held,
        error: null,
      },
      [{ version: m.version, event: m.event }],
    );
  });
}

/**
 * The table as it now is, with the pending move settled: made or refused by what the events since
 * it say (or, from a snapshot, the view), else sent again if its spot is still the player's and the
 * table has moved (a reconnection, an unrelated event), else still waiting.
 */
function settle(next: TableState, events: readonly { version: number; event: PublicEvent }[] | null) {
  const p = next.pending;
  if (!p || next.seat === null || !next.info) return void (table.value = next);
  const outcome = events ? outcomeOfEvents(p, next.seat, events) : outcomeOfView(p, next.info, next.view, next.seat);
  if (outcome === 'made') return void (table.value = { ...next, pending: null });
  if (outcome === 'refused' || !stillToMake(p, next.info, next.view, next.seat))
    return void (table.value = { ...next, pending: null, refused: { action: p.action, why: null } });
  // Not yet sent on this connection (a drop), or against an older version: sent again, as it now is.
  if ((p.version !== next.version || p.sentOn !== socket?.id) && stillToMake(p, next.info, next.view, next.seat))
    return send({ ...next, pending: { ...p, version: next.version } });
  table.value = next;
}

/** The table with its pending move, the move sent when the socket is up (else on its return: `settle`). */
function send(next: TableState) {
  const p = next.pending;
  const up = p !== null && socket?.connected === true;
  table.value = up ? { ...next, pending: { ...p, sentOn: socket!.id ?? null } } : next;
  if (up) socket!.emit('message', { type: 'act', table: next.id, version: p.version, action: p.action });
}

/** Be connected (the lobby too: who is online, invitations). */
export function connect(): void {
  connection();
}

export function openTable(id: string) {
  if (table.value?.id === id) return;
  chat.value = { table: id, lines: [] };
  table.value = {
    id,
    info: null,
    version: 0,
    seat: null,
    view: null,
    log: [],
    ended: null,
    endedSeats: null,
    clockUntil: null,
    pauseUntil: null,
    held: null,
    error: null,
    pending: null,
    refused: null,
  };
  if (isLocal(id)) return local!.open(id);
  const s = connection();
  if (s.connected) {
    s.emit('message', { type: 'join', table: id });
    s.emit('message', { type: 'contributes', table: id }); // this client adds its share to every deal's shuffle
  }
}

/** A request over HTTP for the open table; a refusal is shown as the table's error (what it changes comes with the next event). */
async function request(f: (id: string) => Promise<unknown>): Promise<boolean> {
  const t = table.value;
  if (!t) return false;
  try {
    await f(t.id);
    return true;
  } catch (e) {
    const now = table.value;
    const error = e instanceof ApiError ? { code: e.code, message: e.message } : { code: 'ERR_NETWORK', message: '' };
    if (now?.id === t.id) table.value = { ...now, error };
    return false;
  }
}

/** Sit down in a free seat (before the start). */
export const sit = (seat: number) => request((id) => api.sit(id, seat));
/** The creator seats a bot of a level in a free seat. */
export const addBot = (seat: number, level: string) => request((id) => api.bot(id, seat, level));
/** The creator starts the game. */
export const startGame = () => request((id) => api.start(id));
/** Leave the table (before the start the seat is freed; in play a bot keeps it), then go to the lobby. */
export async function leaveTable() {
  if (await request((id) => api.leave(id))) go('');
}

/** Another game with the same people and rules: asked for, or accepted, and gone to. */
export async function rematch() {
  const t = table.value;
  if (t && isLocal(t.id)) return go(`offline/${await local!.rematch()}`);
  let next = '';
  if (await request(async (id) => (next = (await api.rematch(id)).table.id))) go(`t/${next}`);
}

/**
 * A call or a card, against the version this client has seen: shown as made at once, marked as
 * waiting, until the server confirms or refuses it; on a dropped connection it waits to be sent.
 */
export function act(action: string) {
  const t = table.value;
  if (!t?.info || !t.view || t.pending) return;
  if (isLocal(t.id)) return local!.act(action);
  connection();
  send({
    ...t,
    pending: { action, version: t.version, spot: spotOf(t.info, t.view), since: Date.now(), sentOn: null },
    refused: null,
    error: null,
  });
}

/** The deal's seat of the player at the table on screen (at five, his seat among the deal's four), or null. */
export const myDealSeat = (t: TableState) => (t.info && t.seat !== null ? dealSeatOf(t.info, t.seat) : null);

/** Claim the rest of the deal (RULES §7): offered only when the player's own view proves it; the server checks. */
export const claim = () => act('claim');

/** The player has read the end of the deal: close it, and tell the table if the next deal waits for him. */
export function closeSummary() {
  const t = table.value;
  if (!t) return;
  table.value = { ...t, ended: null };
  if (isLocal(t.id)) return local!.ready();
  if (socket && t.seat !== null && t.info?.pause?.seats.includes(t.seat))
    socket.emit('message', { type: 'ready', table: t.id });
}

/** Say something at the table: free words, or a quick phrase. */
export function say(words: { text: string } | { phrase: QuickPhrase }) {
  const t = table.value;
  if (t && socket) socket.emit('message', { type: 'chat', table: t.id, ...words });
}

/** The people muted at each table (told again after a reconnect). */
const muted = new Map<string, Set<number>>();

/** Hear a person no more (or again). The server stops sending his lines to this connection. */
export function mute(player: number, on: boolean) {
  const t = table.value;
  if (!t || !socket) return;
  socket.emit('message', { type: 'mute', table: t.id, player, muted: on });
  const at = muted.get(t.id) ?? new Set<number>();
  if (on) at.add(player);
  else at.delete(player);
  muted.set(t.id, at);
  if (on) chat.value = { ...chat.value, lines: chat.value.lines.filter((l) => l.from.id !== player) };
}

/** Report a line to the operator. */
export function report(line: number) {
  const t = table.value;
  if (t && socket) socket.emit('message', { type: 'report', table: t.id, line });
}

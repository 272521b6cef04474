// Deleting an account (decision 019), in one transaction: his account, e-mail address, sessions, ratings, chat
// reports, fair-play marks and score pads are deleted; the games and tournaments he played keep their
// play, but wherever they named him (a game's log, a rematch's kept seat, a tournament's file and its
// event log) they call him by a label instead ("usunięty gracz 1"), numbered within that game or
// tournament. His id stays in the logs as a number that names nobody (ids are never reused).
import type { Transaction } from 'kysely';
import { type Database, type Db, retryBusy } from '../db.js';
import { eraseModeration } from '../moderation/erasure.js';
import type { PadTables } from '../pads/store.js';
import type { RecoveryTables } from '../recovery/schema.js';
import { tournamentDb } from '../tournaments/schema.js';
import { nextLabel } from './label.js';

type Tx = Transaction<Database>;
type Player = { id: number; name: string };

/** What the deletion changed that copies in memory may still hold. */
export interface Erased {
  /** The games whose stored log or settings named him, with the label that names him there now. */
  games: Map<string, string>;
  /** The tournaments whose file or log named him. */
  tournaments: string[];
}

/** Delete the account `player` as decision 019 says; all or nothing. */
export function eraseAccount(db: Db, player: Player): Promise<Erased> {
  return retryBusy(() => db.transaction().execute((trx) => erase(trx, player)));
}

async function erase(trx: Tx, p: Player): Promise<Erased> {
  const inTournaments = await eraseFromTournaments(trx, p);
  const games = await eraseFromGames(trx, p, inTournaments.games);
  await trx.deleteFrom('rating').where('player_id', '=', p.id).execute();
  await trx.deleteFrom('rating_change').where('player_id', '=', p.id).execute();
  // His reported lines are his words; the reports he filed are his doing: both go.
  await trx
    .deleteFrom('chat_report')
    .where((w) => w.or([w('reporter_id', '=', p.id), w('author_id', '=', p.id)]))
    .execute();
  await eraseFairPlayMarks(trx, p.id);
  await eraseModeration(trx, p.id);
  const pads = trx as unknown as Transaction<PadTables>;
  const own = pads.selectFrom('pad').select('id').where('owner_id', '=', p.id);
  await pads.deleteFrom('pad_entry').where('pad_id', 'in', own).execute();
  await pads.deleteFrom('pad').where('owner_id', '=', p.id).execute();
  await trx.deleteFrom('game_player').where('player_id', '=', p.id).execute();
  await trx.deleteFrom('session').where('player_id', '=', p.id).execute();
  // His e-mail address and the links he was sent (decision 018).
  const recovery = trx as unknown as Transaction<RecoveryTables>;
  await recovery.deleteFrom('account_email').where('player_id', '=', p.id).execute();
  await recovery.deleteFrom('account_token').where('player_id', '=', p.id).execute();
  await trx.deleteFrom('player').where('id', '=', p.id).execute();
  return { games, tournaments: inTournaments.tournaments };
}

type StoredEvent = {
  type: string;
  owner?: number;
  ownerName?: string;
  player?: number | null;
  name?: string;
  bot?: unknown;
};

/**
 * Every game that named him: those he sat at or created, the rematches that kept a seat for him, and
 * the tournament games where a bot played under his name (`tournamentGames`: the game's label and the
 * name the bot played under). Each names him by the label from then on.
 */
async function eraseFromGames(trx: Tx, p: Player, tournamentGames: Map<string, { label: string; name: string }>) {
  const sat = await trx.selectFrom('game_player').select('game_id').where('player_id', '=', p.id).execute();
  const owned = await trx.selectFrom('game').select('id').where('owner_id', '=', p.id).execute();
  // A rematch keeps each seat for its person by id and name (Settings.rematchOf).
  const kept = await trx
    .selectFrom('game')
    .select(['id', 'settings'])
    .where('settings', 'like', `%"player":${p.id},%`)
    .execute();
  const ids = new Set([...sat.map((r) => r.game_id), ...owned.map((r) => r.id), ...tournamentGames.keys()]);
  const changed = new Map<string, string>();
  for (const id of ids) {
    const rows = await trx
      .selectFrom('game_event')
      .select(['seq', 'body'])
      .where('game_id', '=', id)
      .where((w) => w.or([w('body', 'like', '{"type":"created"%'), w('body', 'like', '{"type":"seated"%')]))
      .orderBy('seq')
      .execute();
    const events = rows.map((r) => ({ seq: r.seq, e: JSON.parse(r.body) as StoredEvent }));
    const names = events.flatMap(({ e }) => [e.ownerName ?? '', e.name ?? '']);
    const inTournament = tournamentGames.get(id);
    const label = inTournament?.label ?? nextLabel(names);
    for (const { seq, e } of events) {
      const his =
        (e.type === 'created' && e.owner === p.id) ||
        (e.type === 'seated' && e.player === p.id) ||
        // A bot that played his tournament seat under his name while he was away.
        (e.type === 'seated' && e.player === null && e.bot !== null && e.name === inTournament?.name);
      if (!his) continue;
      if (e.type === 'created') e.ownerName = label;
      else e.name = label;
      await trx
        .updateTable('game_event')
        .set({ body: JSON.stringify(e) })
        .where('game_id', '=', id)
        .where('seq', '=', seq)
        .execute();
    }
    changed.set(id, label);
  }
  for (const g of kept) {
    const settings = JSON.parse(g.settings) as { rematchOf?: { seats: ({ player: number; name: string } | null)[] } };
    const seats = settings.rematchOf?.seats ?? [];
    if (!seats.some((s) => s?.player === p.id)) continue;
    const label = nextLabel(seats.map((s) => s?.name ?? ''));
    for (const s of seats) if (s?.player === p.id) s.name = label;
    await trx
      .updateTable('game')
      .set({ settings: JSON.stringify(settings) })
      .where('id', '=', g.id)
      .execute();
    if (!changed.has(g.id)) changed.set(g.id, label);
  }
  return changed;
}

/**
 * The tournaments that named him: his entry in the file (an online tournament's player who joined
 * with his account) gets the label, and so does every mention of it in the tournament's log, and
 * every change he made there (as director or as a player). He is no longer the account behind his
 * entry: a round still to come plays it as an absent player's. Results stay (decision 019).
 */
async function eraseFromTournaments(trx: Tx, p: Player) {
  const t = tournamentDb(trx as unknown as Db);
  const joined = await t
    .selectFrom('tournament_player')
    .select('tournament_id')
    .where('player_id', '=', p.id)
    .execute();
  const acted = await t.selectFrom('tournament_event').select('tournament_id').where('player_id', '=', p.id).execute();
  const ids = new Set([...joined, ...acted].map((r) => r.tournament_id));
  const games = new Map<string, { label: string; name: string }>();
  for (const id of ids) {
    const row = await t
      .selectFrom('tournament')
      .select(['file', 'state'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const file = JSON.parse(row.file) as { players: { id: string; name: string }[] };
    const state = JSON.parse(row.state) as { accounts?: Record<string, number>; games?: Record<string, string> };
    const label = nextLabel(file.players.map((x) => x.name));
    const pid = Object.entries(state.accounts ?? {}).find(([, account]) => account === p.id)?.[0];
    const entry = pid === undefined ? undefined : file.players.find((x) => x.id === pid);
    if (pid !== undefined) {
      delete state.accounts![pid];
      if (entry) {
        for (const game of Object.values(state.games ?? {})) games.set(game, { label, name: entry.name });
        entry.name = label;
      }
    }
    await t
      .updateTable('tournament')
      .set((eb) => ({ file: JSON.stringify(file), state: JSON.stringify(state), version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .execute();
    const events = await t
      .selectFrom('tournament_event')
      .select(['seq', 'body', 'player_id'])
      .where('tournament_id', '=', id)
      .execute();
    for (const e of events) {
      const body = pid === undefined ? e.body : JSON.stringify(relabel(JSON.parse(e.body), pid, label));
      if (body === e.body && e.player_id !== p.id) continue;
      await t
        .updateTable('tournament_event')
        .set(e.player_id === p.id ? { body, player_id: null, player_name: label } : { body })
        .where('tournament_id', '=', id)
        .where('seq', '=', e.seq)
        .execute();
    }
  }
  await t.deleteFrom('tournament_player').where('player_id', '=', p.id).execute();
  return { tournaments: [...ids], games };
}

/** A tournament event's body with the entry `pid`'s name (wherever `{id, name}` stands for it) made `label`. */
function relabel(v: unknown, pid: string, label: string): unknown {
  if (Array.isArray(v)) return v.map((x) => relabel(x, pid, label));
  if (v === null || typeof v !== 'object') return v;
  const o = Object.fromEntries(Object.entries(v).map(([k, x]) => [k, relabel(x, pid, label)]));
  if (o.id === pid && typeof o.name === 'string') o.name = label;
  return o;
}

/** The fair-play marks without him: a group left with one account is no mark, a table with no group none. */
async function eraseFairPlayMarks(trx: Tx, id: number): Promise<void> {
  const rows = await trx.selectFrom('fair_play_mark').selectAll().where('players', 'like', `%${id}%`).execute();
  for (const r of rows) {
    const players = JSON.parse(r.players) as number[][];
    const seats = JSON.parse(r.seats) as number[][];
    if (!players.some((g) => g.includes(id))) continue;
    const kept = players
      .map((g, k) => ({ players: g.filter((x) => x !== id), seats: seats[k]!.filter((_, j) => g[j] !== id) }))
      .filter((g) => g.players.length > 1);
    if (kept.length === 0) await trx.deleteFrom('fair_play_mark').where('game_id', '=', r.game_id).execute();
    else
      await trx
        .updateTable('fair_play_mark')
        .set({ players: JSON.stringify(kept.map((g) => g.players)), seats: JSON.stringify(kept.map((g) => g.seats)) })
        .where('game_id', '=', r.game_id)
        .execute();
  }
}

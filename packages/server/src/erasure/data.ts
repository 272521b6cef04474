// "Download my data" (decision 019): everything the server keeps about one player, as one JSON file.
// His games come as the records the archive gives their players (complete deals only: a deal in play
// keeps its hands hidden); nothing in it is another player's that he could not see at the table.
import type { ChatLine, MyDataAnswer } from '@baska/protocol';
import type { Kysely } from 'kysely';
import type { Db } from '../db.js';
import { type ServerKey, signedRecord } from '../fairdeal/key.js';
import type { PadTables } from '../pads/store.js';
import type { RecoveryTables } from '../recovery/schema.js';
import { completeDeals, gamesOf, recordSoFar } from '../profile/routes.js';
import type { Settings } from '../room.js';
import { tournamentDb } from '../tournaments/schema.js';

/** The lines of his that the chat keeps in memory or Redis now (chat/lines.ts), by table. */
export type LinesOf = (player: number) => Promise<{ table: string; line: ChatLine }[]>;

export async function myData(db: Db, key: ServerKey, id: number, linesOf: LinesOf): Promise<MyDataAnswer> {
  const account = await db.selectFrom('player').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const email = await (db as unknown as Kysely<RecoveryTables>)
    .selectFrom('account_email')
    .select('email')
    .where('player_id', '=', id)
    .executeTakeFirst();
  const sessions = await db.selectFrom('session').selectAll().where('player_id', '=', id).execute();
  const games: MyDataAnswer['games'] = [];
  const owned = new Set(
    (await db.selectFrom('game').select('id').where('owner_id', '=', id).execute()).map((r) => r.id),
  );
  for (const g of await gamesOf(db, id)) {
    const settings = JSON.parse(g.settings) as Settings;
    const text = g.record ?? (await recordSoFar(db, g.id, settings));
    const r = text && completeDeals(text);
    games.push({
      id: g.id,
      status: g.status,
      createdAt: g.created_at,
      seat: g.seat,
      total: g.total,
      deals: g.deals,
      owner: owned.has(g.id),
      settings,
      record: r ? signedRecord(r, g.id, key) : null,
    });
  }
  const ratings = await db.selectFrom('rating').selectAll().where('player_id', '=', id).execute();
  const changes = await db.selectFrom('rating_change').selectAll().where('player_id', '=', id).orderBy('at').execute();
  const reported = await db.selectFrom('chat_report').selectAll().where('author_id', '=', id).execute();
  const filed = await db.selectFrom('chat_report').selectAll().where('reporter_id', '=', id).execute();
  const pads = db as unknown as Kysely<PadTables>;
  const padRows = await pads.selectFrom('pad').selectAll().where('owner_id', '=', id).execute();
  const t = tournamentDb(db);
  const directed = await t.selectFrom('tournament').selectAll().where('director_id', '=', id).execute();
  const joined = await t
    .selectFrom('tournament_player')
    .innerJoin('tournament', 'tournament.id', 'tournament_player.tournament_id')
    .selectAll('tournament')
    .where('tournament_player.player_id', '=', id)
    .execute();
  const marks = await db.selectFrom('fair_play_mark').selectAll().where('players', 'like', `%${id}%`).execute();
  return {
    about: { server: 'baska', made: new Date().toISOString(), format: 1 },
    account: {
      id: Number(account.id),
      name: account.name,
      guest: account.guest === 1,
      createdAt: account.created_at,
      email: email?.email ?? null,
    },
    sessions: sessions.map((s) => ({ token: `${s.token.slice(0, 6)}…`, createdAt: s.created_at, usedAt: s.used_at })),
    games,
    ratings: ratings.map((r) => ({
      family: r.family,
      mu: r.mu,
      sigma: r.sigma,
      games: Number(r.games),
      leftGames: Number(r.left_games),
      updatedAt: r.updated_at,
    })),
    ratingChanges: changes.map((c) => ({
      game: c.game_id,
      family: c.family,
      seat: Number(c.seat),
      total: Number(c.total),
      place: Number(c.place),
      muBefore: c.mu_before,
      sigmaBefore: c.sigma_before,
      mu: c.mu,
      sigma: c.sigma,
      left: c.left_game === 1,
      at: c.at,
    })),
    chatLines: [
      ...(await linesOf(id)).map((l) => ({ table: l.table, line: l.line, at: l.line.at })),
      ...reported.map((r) => ({ table: r.table_id, line: JSON.parse(r.line) as unknown, at: r.at })),
    ],
    reportsFiled: filed.map((r) => ({ table: r.table_id, line: JSON.parse(r.line) as unknown, at: r.at })),
    pads: await Promise.all(
      padRows.map(async (p) => ({
        id: p.id,
        names: JSON.parse(p.names) as unknown,
        rules: JSON.parse(p.rules) as unknown,
        createdAt: p.created_at,
        entries: (
          await pads
            .selectFrom('pad_entry')
            .select('body')
            .where('pad_id', '=', p.id)
            .where('undone', '=', 0)
            .orderBy('seq')
            .execute()
        ).map((e) => JSON.parse(e.body) as unknown),
      })),
    ),
    tournaments: [
      ...directed.map((x) => ({ id: x.id, name: x.name, director: true, entry: null, createdAt: x.created_at })),
      ...joined.map((x) => {
        const state = JSON.parse(x.state) as { accounts?: Record<string, number> };
        const pid = Object.entries(state.accounts ?? {}).find(([, a]) => a === id)?.[0];
        const file = JSON.parse(x.file) as { players: { id: string }[] };
        return {
          id: x.id,
          name: x.name,
          director: false,
          entry: file.players.find((p) => p.id === pid) ?? null,
          createdAt: x.created_at,
        };
      }),
    ],
    fairPlayMarks: marks
      .filter((m) => (JSON.parse(m.players) as number[][]).some((g) => g.includes(id)))
      .map((m) => ({ game: m.game_id, at: m.at })),
  };
}

// Profiles over HTTP: a player's statistics from the stored records of his games, his last games,
// and one's own games as records to download (JSON lines, docs/spec/records.md), as lichess lets
// its players have theirs.
import { loadRecord, loadTableOfFiveRecord } from '@baska/engine';
import type { ProfileAnswer, RecordAnswer } from '@baska/protocol';
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../accounts.js';
import type { Db } from '../db.js';
import { GameError } from '../errors.js';
import { signedRecord } from '../fairdeal/key.js';
import { playerId } from '../http/ratings.js';
import { type Services, who } from '../http/context.js';
import type { Settings } from '../room.js';
import { recordOf, recordText } from '../game-table.js';
import { statsOf } from './stats.js';

/**
 * A player's games with a complete deal, newest first, each with its record once it has ended (a
 * game in play has its deals in `game_deal` only: `recordSoFar`).
 */
export async function gamesOf(db: Db, player: number) {
  const rows = await db
    .selectFrom('game_player')
    .innerJoin('game', 'game.id', 'game_player.game_id')
    .select(['game.id', 'game.status', 'game.settings', 'game.public', 'game.created_at', 'game.record'])
    .select(['game_player.seat', 'game_player.total', 'game_player.deals'])
    .where('game_player.player_id', '=', player)
    .where(({ or, eb, exists, selectFrom }) =>
      or([
        eb('game.record', 'is not', null),
        exists(selectFrom('game_deal').select('game_deal.n').whereRef('game_deal.game_id', '=', 'game.id')),
      ]),
    )
    .orderBy('game.created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    ...r,
    // A game in play from before `game_deal` kept its record so far here: its deals are in `game_deal` too.
    record: r.status === 'finished' ? r.record : null,
    seat: Number(r.seat),
    total: Number(r.total),
    deals: Number(r.deals),
  }));
}

/** The record of a game in play so far: its complete deals, as `game_deal` keeps them; null before one ends. */
export async function recordSoFar(db: Db, id: string, settings: Settings): Promise<string | null> {
  const deals = await db.selectFrom('game_deal').select('record').where('game_id', '=', id).orderBy('n').execute();
  return deals.length
    ? recordText(
        recordOf(
          deals.map((d) => JSON.parse(d.record)),
          settings,
        ),
      )
    : null;
}

/** The record without the deal still in play: its hands are hidden until it ends (as the archive does). */
export function completeDeals(record: string): RecordAnswer | null {
  const r = JSON.parse(record) as RecordAnswer;
  // A table of five's record (decision 006) is checked as one; its deals are cut alike.
  const loaded = 'players' in r ? loadTableOfFiveRecord(r) : loadRecord(r);
  if (!loaded.ok) return null;
  const complete = (_: unknown, i: number) => loaded.value.table.deals[i]?.isComplete === true;
  const cut: RecordAnswer =
    'players' in r ? { ...r, deals: r.deals.filter(complete) } : { ...r, deals: r.deals.filter(complete) };
  return cut.deals.length ? cut : null;
}

/**
 * The games a profile's statistics count: ended ones only, since a game in play would tell its rows
 * as they happen (a sealed duplicate round's, the very deals its reader is about to be dealt); and
 * of another's, his public games only, since a private game's rows are its players' (decision 013).
 */
const counted = <G extends { status: string; public: number; record: string | null }>(games: G[], own: boolean): G[] =>
  games.filter((g) => g.status === 'finished' && g.record !== null && (own || g.public === 1));

export function profileRoutes(app: FastifyInstance, { accounts, key }: Services, db: Db) {
  app.get('/api/players/:player/profile', async (req): Promise<ProfileAnswer> => {
    const player = await accounts.byId(playerId(req));
    if (!player) throw new GameError('ERR_NOT_FOUND', 'no such player');
    const viewer = await accounts.byToken(req.cookies[SESSION_COOKIE]);
    const games = await gamesOf(db, player.id);
    const own = viewer?.id === player.id;
    return {
      player,
      stats: statsOf(counted(games, own).map((g) => ({ record: g.record!, seat: g.seat }))),
      // Another's private games are not listed (their records are for their players only).
      games: games
        .filter((g) => own || g.public === 1)
        .slice(0, 20)
        .map((g) => {
          const settings = JSON.parse(g.settings) as Settings;
          const spec = settings.rulesSpec;
          return {
            id: g.id,
            status: g.status as ProfileAnswer['games'][number]['status'],
            preset: typeof spec === 'string' ? spec : spec.preset,
            createdAt: g.created_at,
            seat: g.seat,
            total: g.total,
            hints: settings.hints === true,
            deals: g.deals,
          };
        }),
    };
  });
  app.get('/api/me/records', async (req, reply) => {
    const me = await who(accounts, req);
    const lines: string[] = [];
    for (const g of await gamesOf(db, me.id)) {
      const text = g.record ?? (await recordSoFar(db, g.id, JSON.parse(g.settings) as Settings));
      const r = text && completeDeals(text);
      // Each signed as the archive signs it (decision 013).
      if (r) lines.push(JSON.stringify(signedRecord(r, g.id, key)));
    }
    return reply
      .type('application/x-ndjson; charset=utf-8')
      .header('content-disposition', 'attachment; filename="baska-games.jsonl"')
      .send(lines.join('\n') + (lines.length ? '\n' : ''));
  });
}

// Ratings over HTTP: a family's leaderboard, paged, and a player's ratings with their history.
import { LeaderboardQuery, type LeaderboardAnswer, type PlayerRatingsAnswer } from '@baska/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GameError } from '../errors.js';
import { FAMILIES, type Family } from '../ratings/family.js';
import type { Ratings } from '../ratings/store.js';
import { type Services, parse } from './context.js';

const familyOf = (req: FastifyRequest): Family => {
  const f = (req.params as { family: string }).family;
  if (!(FAMILIES as readonly string[]).includes(f)) throw new GameError('ERR_NOT_FOUND', `no rating family ${f}`);
  return f as Family;
};

/** A player id in the path (`:player`); anything that cannot be one is not found. */
export const playerId = (req: FastifyRequest): number => {
  const p = (req.params as { player: string }).player;
  if (!/^[1-9][0-9]{0,9}$/.test(p)) throw new GameError('ERR_NOT_FOUND', `no player ${p}`);
  return Number(p);
};

export function ratingRoutes(app: FastifyInstance, { config, accounts }: Services, ratings: Ratings) {
  app.get('/api/ratings/:family', async (req): Promise<LeaderboardAnswer> => {
    const family = familyOf(req);
    const { page, size } = parse(LeaderboardQuery, req.query);
    const minGames = config.ratingMinGames;
    const { total, lines } = await ratings.leaderboard(family, page, size, minGames);
    const first = (page - 1) * size + 1;
    return { family, minGames, page, size, total, lines: lines.map((l, i) => ({ ...l, place: first + i })) };
  });
  app.get('/api/players/:player/ratings', async (req): Promise<PlayerRatingsAnswer> => {
    const player = await accounts.byId(playerId(req));
    if (!player) throw new GameError('ERR_NOT_FOUND', 'no such player');
    const [lines, baska, kop] = await Promise.all([
      ratings.of(player.id),
      ratings.history(player.id, 'baska'),
      ratings.history(player.id, 'kop'),
    ]);
    return { player: { id: player.id, name: player.name }, ratings: lines, history: { baska, kop } };
  });
}

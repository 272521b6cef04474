// Reading and writing ratings. `applyResult` runs inside the transaction that ends the game
// (storage-sql.ts), so a game is rated exactly once, together with its end, or not at all.
import type { RatingLine, RatingPoint } from '@baska/protocol';
import type { Kysely, Transaction } from 'kysely';
import type { Database, Db } from '../db.js';
import { type Family, familyOf } from './family.js';
import { type Skill, newSkill, rateGame, shown } from './rate.js';

/** A rated game's result, as the session hands it to the storage with the game's end. */
export interface RatedResult {
  preset: string;
  /** By seat: the player, his small-point total, and whether he had left (was away) at the end. */
  seats: { player: number; total: number; left: boolean }[];
}

/**
 * Places by totals, higher first; equal totals share the better place (1, 2, 2, 4). Those who left
 * (`left`) come after everyone who stayed, among themselves by totals: the stand-in's points do
 * not lift a player who abandoned the game, and nobody who stayed loses by his leaving (decision 015).
 */
export function places(totals: number[], left: boolean[] = totals.map(() => false)): number[] {
  const ahead = (o: number, i: number) => (left[o] === left[i] ? totals[o]! > totals[i]! : left[i]!);
  return totals.map((_, i) => 1 + totals.filter((_, o) => ahead(o, i)).length);
}

const now = () => new Date().toISOString();

/** Rate a finished game inside `trx`: read each player's rating, rate, write ratings and history. */
export async function applyResult(trx: Transaction<Database> | Kysely<Database>, gameId: string, r: RatedResult) {
  const family = familyOf(r.preset);
  // A game is rated once: a write retried after its answer was lost must not rate it again.
  const done = await trx.selectFrom('rating_change').select('game_id').where('game_id', '=', gameId).executeTakeFirst();
  if (done) return;
  const ids = r.seats.map((s) => s.player);
  const rows = await trx
    .selectFrom('rating')
    .selectAll()
    .where('family', '=', family)
    .where('player_id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((row) => [Number(row.player_id), row]));
  const before = ids.map((id) => {
    const row = byId.get(id);
    return row ? { mu: Number(row.mu), sigma: Number(row.sigma) } : newSkill();
  });
  const place = places(
    r.seats.map((s) => s.total),
    r.seats.map((s) => s.left),
  );
  const after = rateGame(before, place);
  const at = now();
  for (const [seat, s] of r.seats.entries()) {
    const a = after[seat]!;
    const old = byId.get(s.player);
    const left = s.left ? 1 : 0;
    if (old)
      await trx
        .updateTable('rating')
        .set({
          mu: a.mu,
          sigma: a.sigma,
          games: Number(old.games) + 1,
          left_games: Number(old.left_games) + left,
          updated_at: at,
        })
        .where('player_id', '=', s.player)
        .where('family', '=', family)
        .execute();
    else
      await trx
        .insertInto('rating')
        .values({ player_id: s.player, family, mu: a.mu, sigma: a.sigma, games: 1, left_games: left, updated_at: at })
        .execute();
    await trx
      .insertInto('rating_change')
      .values({
        game_id: gameId,
        player_id: s.player,
        family,
        seat,
        total: s.total,
        place: place[seat]!,
        mu_before: before[seat]!.mu,
        sigma_before: before[seat]!.sigma,
        mu: a.mu,
        sigma: a.sigma,
        left_game: left,
        at,
      })
      .execute();
  }
}

const lineOf = (r: {
  player_id: number;
  name: string;
  family: string;
  mu: number;
  sigma: number;
  games: number;
  left_games: number;
}): RatingLine => {
  const skill: Skill = { mu: Number(r.mu), sigma: Number(r.sigma) };
  return {
    player: { id: Number(r.player_id), name: r.name },
    family: r.family as Family,
    rating: shown(skill),
    ...skill,
    games: Number(r.games),
    leftGames: Number(r.left_games),
  };
};

export class Ratings {
  constructor(private readonly db: Db) {}

  /** A page (from 1) of a family's leaderboard: players with at least `minGames`, by shown rating. */
  async leaderboard(family: Family, page: number, pageSize: number, minGames: number) {
    const base = this.db.selectFrom('rating').where('family', '=', family).where('games', '>=', minGames);
    const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .innerJoin('player', 'player.id', 'rating.player_id')
      .select(['player_id', 'player.name', 'family', 'mu', 'sigma', 'games', 'left_games'])
      // The shown rating is mu − 3·sigma (openskill's ordinal, rate.ts); ties by who got there first.
      .orderBy((eb) => eb('mu', '-', eb('sigma', '*', 3)), 'desc')
      .orderBy('player_id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return { total: Number(n), lines: rows.map(lineOf) };
  }

  /** A player's ratings in each family he has played rated games in. */
  async of(player: number): Promise<RatingLine[]> {
    const rows = await this.db
      .selectFrom('rating')
      .innerJoin('player', 'player.id', 'rating.player_id')
      .select(['player_id', 'player.name', 'family', 'mu', 'sigma', 'games', 'left_games'])
      .where('player_id', '=', player)
      .orderBy('family')
      .execute();
    return rows.map(lineOf);
  }

  /** The shown ratings of several players (their best family's), for the lobby. */
  async shownOf(players: number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    if (players.length === 0) return out;
    const rows = await this.db.selectFrom('rating').selectAll().where('player_id', 'in', players).execute();
    for (const r of rows) {
      const v = shown({ mu: Number(r.mu), sigma: Number(r.sigma) });
      const id = Number(r.player_id);
      out.set(id, Math.max(v, out.get(id) ?? -Infinity));
    }
    return out;
  }

  /** Several players' shown ratings by family, with their games and the ones they left (who is online). */
  async linesOf(
    players: number[],
  ): Promise<Map<number, { family: Family; rating: number; games: number; leftGames: number }[]>> {
    const out = new Map<number, { family: Family; rating: number; games: number; leftGames: number }[]>();
    if (players.length === 0) return out;
    const rows = await this.db
      .selectFrom('rating')
      .selectAll()
      .where('player_id', 'in', players)
      .orderBy('family')
      .execute();
    for (const r of rows) {
      const id = Number(r.player_id);
      const line = {
        family: r.family as Family,
        rating: shown({ mu: Number(r.mu), sigma: Number(r.sigma) }),
        games: Number(r.games),
        leftGames: Number(r.left_games),
      };
      out.set(id, [...(out.get(id) ?? []), line]);
    }
    return out;
  }

  /** A player's rating history in a family, oldest first: one point per rated game. */
  async history(player: number, family: Family): Promise<RatingPoint[]> {
    const rows = await this.db
      .selectFrom('rating_change')
      .selectAll()
      .where('player_id', '=', player)
      .where('family', '=', family)
      .orderBy('at')
      .orderBy('game_id')
      .execute();
    return rows.map((r) => ({
      game: r.game_id,
      at: r.at,
      place: Number(r.place),
      total: Number(r.total),
      left: Number(r.left_game) === 1,
      before: shown({ mu: Number(r.mu_before), sigma: Number(r.sigma_before) }),
      rating: shown({ mu: Number(r.mu), sigma: Number(r.sigma) }),
      mu: Number(r.mu),
      sigma: Number(r.sigma),
    }));
  }
}

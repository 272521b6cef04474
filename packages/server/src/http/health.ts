// For the operator and the load balancer: alive (with what the process holds, the claims it has
// proved, and whether the database and Redis answer), and ready (the tables in play resumed after
// a start, the database answering, and Redis reachable when several processes share it).
import type { HealthAnswer, ReadyAnswer } from '@baska/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';

export interface Health {
  ready: () => boolean;
  tables: () => number;
  sockets: () => number;
  /** The claims proved, answered from the cache, and refused by a bound since the process started. */
  claims: () => { proved: number; cached: number; limited: number };
  /** A trivial query (it waits for no lock). */
  database: () => Promise<void>;
  /** With REDIS_URL: is Redis reachable, and how many tables' leases this process holds. */
  redis?: () => { up: boolean; leases: number };
}

export const HEALTH_PATHS = ['/healthz', '/readyz'];

/** The database answers within half a second (a locked table does not stop a `select 1`). */
async function databaseUp(h: Health): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((r) => (timer = setTimeout(() => r(false), 500)));
  const ok = h.database().then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([ok, late]);
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(app: FastifyInstance, h: Health) {
  const parts = async () => {
    const redis = h.redis?.();
    return {
      database: (await databaseUp(h)) ? ('up' as const) : ('down' as const),
      ...(redis && { redis: redis.up ? ('up' as const) : ('down' as const), leases: redis.leases }),
    };
  };
  // Alive, with what the process holds (tables in memory, connected sockets) and the claims it proved.
  app.get('/healthz', async (): Promise<HealthAnswer> => ({
    ok: true,
    tables: h.tables(),
    sockets: h.sockets(),
    claims: h.claims(),
    ...(await parts()),
  }));
  app.get('/readyz', async (_req, reply): Promise<ReadyAnswer | FastifyReply> => {
    const p = await parts();
    const ready = h.ready() && p.database === 'up' && p.redis !== 'down';
    return ready ? { ready: true, ...p } : reply.code(503).send({ ready: false, ...p } satisfies ReadyAnswer);
  });
}

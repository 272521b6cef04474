// For the operator and the load balancer: alive (with what the process holds), and ready (the
// tables in play resumed after a start).
import type { HealthAnswer, ReadyAnswer } from '@baska/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';

export interface Health {
  ready: () => boolean;
  tables: () => number;
  sockets: () => number;
}

export const HEALTH_PATHS = ['/healthz', '/readyz'];

export function healthRoutes(app: FastifyInstance, h: Health) {
  // Alive, with what the process holds: tables in memory and connected sockets.
  app.get('/healthz', async (): Promise<HealthAnswer> => ({ ok: true, tables: h.tables(), sockets: h.sockets() }));
  app.get('/readyz', async (_req, reply): Promise<ReadyAnswer | FastifyReply> =>
    h.ready() ? { ready: true } : reply.code(503).send({ ready: false } satisfies ReadyAnswer),
  );
}

// GET /metrics for the operator's Prometheus: only when BASKA_METRICS_TOKEN is set (else the path is
// not there at all), and only to a request that carries it (Authorization: Bearer TOKEN). The token
// is compared in constant time, over digests of equal length, so that the time of a refusal tells
// nothing of how much of a guess was right.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { fail } from '../errors.js';
import type { Metrics } from './metrics.js';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Does the request's Authorization header carry the token? */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return timingSafeEqual(digest(m?.[1] ?? ''), digest(token)) && m !== null;
}

export function metricsRoutes(app: FastifyInstance, metrics: Metrics, token: string | undefined) {
  if (!token) return;
  app.get('/metrics', async (req, reply) => {
    if (!bearerMatches(req.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      return fail(reply, 'ERR_AUTH', 'the metrics need the operator’s token (Authorization: Bearer …)');
    }
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).header('cache-control', 'no-store').send(text);
  });
}

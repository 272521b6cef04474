// The public half of the server's signing key (decision 013), for anyone who checks a record:
// `baska verify --key` takes either answer, saved to a file.
import type { FairdealKeyAnswer } from '@baska/protocol';
import type { FastifyInstance } from 'fastify';
import type { ServerKey } from './key.js';

export function fairdealRoutes(app: FastifyInstance, key: ServerKey) {
  const answer: FairdealKeyAnswer = {
    key: key.key,
    algorithm: 'Ed25519',
    pem: key.publicPem,
    jwk: { ...key.jwk, kid: key.key },
  };
  app.get('/api/fairdeal/key', async (): Promise<FairdealKeyAnswer> => answer);
  app.get('/api/fairdeal/key.pem', async (_req, reply) =>
    reply.type('application/x-pem-file').header('x-key-id', key.key).send(key.publicPem),
  );
}

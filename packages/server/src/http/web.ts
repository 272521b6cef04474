// The browser client as a public site should be served: each text file in the encoding the browser
// accepts (brotli, else gzip), from the .br and .gz files the web build writes beside it; the
// hashed files of assets/ cached for a year and never asked again (a new build has new names);
// index.html and everything else (the service worker, the manifest, the icons) asked again each
// time, answered "not modified" by its ETag.
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite names every file of assets/ by the hash of its content. */
export const HASHED = 'public, max-age=31536000, immutable';
/** Kept, but revalidated before each use: a new deployment's page names the new assets. */
export const REVALIDATED = 'no-cache';

export async function webRoutes(app: FastifyInstance, web: string) {
  if (!existsSync(join(web, 'index.html'))) {
    app.log.warn({ web }, 'no web client build here: run npm run build');
    app.get('/', async (_req, reply) =>
      reply.type('text/plain; charset=utf-8').send('The web client is not built: run `npm run build`, then reload.'),
    );
    return;
  }
  const assets = join(web, 'assets') + sep;
  await app.register(fastifyStatic, {
    root: web,
    preCompressed: true,
    cacheControl: false, // set here, per file
    setHeaders: (res, path) => {
      res.setHeader('cache-control', path.startsWith(assets) ? HASHED : REVALIDATED);
      res.setHeader('vary', 'accept-encoding'); // a cache keeps each encoding apart
      // The installed app's service worker (issue 36) serves the whole site from its root. Its name,
      // like the page's and the manifest's, stays from version to version: revalidated, so a new
      // worker is seen at once, and it alone decides what the installed app serves.
      if (path.endsWith(`${sep}sw.js`)) res.setHeader('service-worker-allowed', '/');
    },
  });
}

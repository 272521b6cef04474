// How long a browser may keep the web client's files (the build in packages/web/dist, issue 36).
// The build's assets/ carry a hash of their content in their names: kept a year, never asked again.
// Everything else (the page, the service worker and its Workbox runtime, the manifest, the icons)
// keeps its name from version to version, so the browser asks each time: a new service worker is
// then seen at once, and it alone decides what the installed app serves (its own precache).
import { sep } from 'node:path';

/** The headers fastify-static's `setHeaders` sets on a file of the build. */
export function webCaching(res: { setHeader(name: string, value: string): unknown }, path: string): void {
  const hashed = path.includes(`${sep}assets${sep}`);
  res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
  // The service worker's scope is the whole site (it is served from its root, and says so).
  if (path.endsWith(`${sep}sw.js`)) res.setHeader('service-worker-allowed', '/');
}

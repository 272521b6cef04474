// Requests that change something come from this site's own pages, in JSON. Another page, even one
// of the same site (a sub-domain, whose cookies are sent too), could otherwise post a form in a
// player's name: a `text/plain` form needs no preflight and Fastify would parse its body. So every
// request but GET, HEAD and OPTIONS must carry JSON when it carries anything (ERR_CONTENT_TYPE), and
// a browser's word on where it comes from must name this origin (ERR_ORIGIN): Sec-Fetch-Site
// `same-origin` (or `none`, the person's own doing), an Origin whose host is the Host the request
// came to or one of BASKA_ALLOWED_ORIGINS (the public origin, behind a proxy that rewrites Host).
// A request with neither header is not a page's (curl, the CLI, a bot) and carries only the
// cookies its own program gives it: it passes, as a socket's handshake does (admission.ts).
import type { IncomingHttpHeaders } from 'node:http';
import { originAllowed } from '../admission.js';
import { GameError } from '../errors.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Does the request carry a body (a length above zero, or chunks)? */
const hasBody = (h: IncomingHttpHeaders) =>
  h['transfer-encoding'] !== undefined || (h['content-length'] !== undefined && h['content-length'] !== '0');

/** The refusal of a request that changes something from elsewhere than this site's pages, or in anything but JSON; null when it may go on. */
export function forgeryRefusal(method: string, h: IncomingHttpHeaders, allowedOrigins: string[]): GameError | null {
  if (READS.has(method)) return null;
  const site = h['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none')
    return new GameError('ERR_ORIGIN', `a page of another origin (${site}) may not change anything here`);
  if (!originAllowed(h.origin, h.host, allowedOrigins))
    return new GameError('ERR_ORIGIN', 'a page of another origin may not change anything here');
  const type = h['content-type'];
  const json = type !== undefined && type.split(';')[0]!.trim().toLowerCase() === 'application/json';
  if (type !== undefined ? !json : hasBody(h))
    return new GameError('ERR_CONTENT_TYPE', 'a request that changes something is sent as application/json');
  return null;
}

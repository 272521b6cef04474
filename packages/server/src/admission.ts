// Who may open a socket: pages of the site's own origin (or of an origin the operator allows), and
// not too many sockets from one address (its limit key: an IPv6 /64, client-address.ts), on every
// process with several (cluster/sockets.ts).
import type { IncomingMessage } from 'node:http';
import type { Server as SocketServer } from 'socket.io';
import type { AddressOf } from './client-address.js';

/**
 * Is a handshake with this Origin header acceptable? The site's own origin (the Host the request
 * came to) and the configured ones are. A page of another site must not open a socket with the
 * player's cookie (cross-site WebSocket hijacking): browsers always send Origin on a websocket and
 * on a cross-site request, so a request without one is not such a page (a bot, a test, a CLI) and
 * is accepted; it carries only the cookies its own program gives it.
 */
export function originAllowed(origin: string | undefined, host: string | undefined, allowed: string[]): boolean {
  if (origin === undefined) return true;
  if (allowed.includes(origin.replace(/\/+$/, ''))) return true;
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false; // "null" (a sandboxed frame, a file) and anything else that is not an origin
  }
}

/** The cap counted over every process (cluster/sockets.ts): a place per socket of an address. */
export interface SharedPlaces {
  /** A place for a socket of this address, or null at the cap; throws while the count cannot be read. */
  take(address: string, cap: number): Promise<string | null>;
  opened(place: string): void;
  free(place: string): Promise<unknown>;
}

/** The place a handshake took, kept on its request (the engine's socket keeps the same request). */
const PLACE = Symbol('place');
type Placed = IncomingMessage & { [PLACE]?: string };

/**
 * Count the engine's connections by limit key; refuse a handshake over `max`, and close any that
 * slips past. With several processes (`shared`) the address's sockets on all of them count too; while
 * that count cannot be read, this process's own still holds.
 */
export function admit(
  io: SocketServer,
  opts: { allowedOrigins: string[]; socketsPerAddress: number },
  limitKeyOf: AddressOf,
  shared?: SharedPlaces,
) {
  const open = new Map<string, number>();
  io.engine.on('connection', (raw: { request: Placed; close(): void; once(e: 'close', f: () => void): void }) => {
    const address = limitKeyOf(raw.request);
    const n = (open.get(address) ?? 0) + 1;
    open.set(address, n);
    const place = raw.request[PLACE];
    if (place) shared?.opened(place);
    raw.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
      if (place) void shared?.free(place);
    });
    if (n > opts.socketsPerAddress) raw.close(); // handshakes in parallel all passed the check below
  });
  return (req: Placed, callback: (err: string | null | undefined, success: boolean) => void) => {
    if (!originAllowed(req.headers.origin, req.headers.host, opts.allowedOrigins))
      return callback('this page’s origin may not open a socket here', false);
    const address = limitKeyOf(req);
    if ((open.get(address) ?? 0) >= opts.socketsPerAddress)
      return callback('too many connections from this address', false);
    if (!shared) return callback(null, true);
    shared.take(address, opts.socketsPerAddress).then(
      (place) => {
        if (place === null) return callback('too many connections from this address', false);
        req[PLACE] = place;
        callback(null, true);
      },
      () => callback(null, true), // Redis is away: this process's count above holds
    );
  };
}

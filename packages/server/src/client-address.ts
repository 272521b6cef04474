// The address a request or a socket comes from: the peer's, or, behind a load balancer the operator
// trusts (BASKA_TRUST_PROXY), the client's as that proxy says in X-Forwarded-For. Without it every
// player behind nginx would share nginx's address and its limits (sockets, joins, tables, logins).
import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

export type AddressOf = (req: IncomingMessage) => string;

/** `trust`: addresses or ranges of the proxies (or `loopback`, `uniquelocal`), as Fastify's trustProxy takes them. */
export function addressOf(trust: string[]): AddressOf {
  if (trust.length === 0) return (req) => req.socket.remoteAddress ?? '';
  const trusted = proxyaddr.compile(trust);
  return (req) => proxyaddr(req, trusted);
}

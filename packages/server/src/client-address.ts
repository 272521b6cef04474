// The address a request or a socket comes from: the peer's, or, behind a load balancer the operator
// trusts (BASKA_TRUST_PROXY), the client's as that proxy says in X-Forwarded-For. Without it every
// player behind nginx would share nginx's address and its limits (sockets, joins, tables, logins).
// Every limit per address counts a client under its key (addressKey): one subscriber usually holds
// a whole IPv6 /64, so one address each would let him count as billions of people.
import type { IncomingMessage } from 'node:http';
import { isIPv4, isIPv6 } from 'node:net';
import proxyaddr from 'proxy-addr';

export type AddressOf = (req: IncomingMessage) => string;

/** `trust`: addresses or ranges of the proxies (or `loopback`, `uniquelocal`), as Fastify's trustProxy takes them. */
export function addressOf(trust: string[]): AddressOf {
  if (trust.length === 0) return (req) => req.socket.remoteAddress ?? '';
  const trusted = proxyaddr.compile(trust);
  return (req) => proxyaddr(req, trusted);
}

/**
 * The key every limit per address counts a client under (HTTP requests, hall codes tried, sockets,
 * joins, open tables, failed logins): an IPv4 address (also one mapped into IPv6), or an IPv6
 * address's /64 network. A key given again is itself.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('::') as [string, string?];
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  if (right.at(-1)?.includes('.')) right.splice(-1, 1, '0', '0'); // an embedded IPv4 tail: past the /64 anyway
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The limit key of a socket's handshake or a request: its client's address (`addressOf`), keyed. */
export const limitKeyOf =
  (of: AddressOf): AddressOf =>
  (req) =>
    addressKey(of(req));

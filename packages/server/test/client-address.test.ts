// Behind nginx every socket and request comes from nginx's address: only a proxy the operator
// trusts (BASKA_TRUST_PROXY) may name the client's, or anyone could forge X-Forwarded-For.
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { addressOf } from '../src/client-address.js';

const req = (peer: string, forwarded?: string) =>
  ({ socket: { remoteAddress: peer }, headers: forwarded ? { 'x-forwarded-for': forwarded } : {} }) as IncomingMessage;

describe('the client’s address', () => {
  it('is the peer’s when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(addressOf([])(req('127.0.0.1', '203.0.113.7'))).toBe('127.0.0.1');
  });
  it('is the one a trusted proxy forwards, and the peer’s when the peer is not trusted', () => {
    const of = addressOf(['loopback']);
    expect(of(req('127.0.0.1', '203.0.113.7'))).toBe('203.0.113.7');
    expect(of(req('198.51.100.2', '203.0.113.7'))).toBe('198.51.100.2');
    // A client's own forged entry before the proxy's is not believed past an untrusted hop.
    expect(of(req('127.0.0.1', '10.9.9.9, 203.0.113.7'))).toBe('203.0.113.7');
  });
});

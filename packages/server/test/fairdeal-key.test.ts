// The server's signing key (decision 013): made in the data dir on the first start, readable by
// the server's user only, and kept across restarts; the operator's key (BASKA_SIGNING_KEY_FILE)
// when given, published at GET /api/fairdeal/key by a real process; a key that is not Ed25519
// is refused with a clear message.
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FairdealKeyAnswer } from '@baska/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { KEY_FILE, loadServerKey } from '../src/fairdeal/key.js';
import { start, stopAll } from './harness.js';

afterAll(stopAll);

const EXAMPLE_KEY = fileURLToPath(new URL('../../../docs/spec/records-example-key.pem', import.meta.url));
/** The example key's id, as docs/spec/records.md's signed example names it. */
const EXAMPLE_KEY_ID = 'P1oGXEosu__EFELrJ-8REXhA2HQvEMWazOS9EwNxOTw';
const dir = () => mkdtempSync(join(tmpdir(), 'baska-key-'));

describe('the signing key', () => {
  it('is made in the data dir on the first start, for the server alone, and kept', () => {
    const dataDir = join(dir(), 'data'); // not there yet: made with the key
    const first = loadServerKey({ dataDir });
    expect(first.made).toBe(true);
    expect(statSync(join(dataDir, KEY_FILE)).mode & 0o777).toBe(0o600);
    const again = loadServerKey({ dataDir });
    expect(again).toMatchObject({ made: false, key: { key: first.key.key, publicPem: first.key.publicPem } });
    expect(loadServerKey({ dataDir: dir() }).key.key).not.toBe(first.key.key);
  });

  it('says how to give one when the data dir cannot keep it', () => {
    const file = join(dir(), 'a-file');
    writeFileSync(file, '');
    expect(() => loadServerKey({ dataDir: join(file, 'data') })).toThrow(/BASKA_SIGNING_KEY_FILE/);
  });

  it('must be an Ed25519 private key', () => {
    const rsa = join(dir(), 'rsa.pem');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    writeFileSync(rsa, privateKey.export({ type: 'pkcs8', format: 'pem' }));
    expect(() => loadServerKey({ file: rsa, dataDir: dir() })).toThrow(/Ed25519/);
  });

  it("is the operator's when BASKA_SIGNING_KEY_FILE names one, published with its id", async () => {
    const server = await start({ BASKA_SIGNING_KEY_FILE: EXAMPLE_KEY });
    const published = (await (await fetch(`${server.url}/api/fairdeal/key`)).json()) as FairdealKeyAnswer;
    expect(published).toMatchObject({
      key: EXAMPLE_KEY_ID,
      algorithm: 'Ed25519',
      jwk: { kty: 'OKP', crv: 'Ed25519', kid: EXAMPLE_KEY_ID },
    });
    const pem = await fetch(`${server.url}/api/fairdeal/key.pem`);
    expect(pem.headers.get('x-key-id')).toBe(EXAMPLE_KEY_ID);
    expect(await pem.text()).toBe(published.pem);
  }, 30_000);
});

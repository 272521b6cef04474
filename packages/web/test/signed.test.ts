// The replay's check of who dealt a record (signed.ts), on the signed examples of
// docs/spec/records.md and the example key: the same verdicts as `baska verify --key` gives them,
// through WebCrypto's Ed25519 as a browser has it.
import { createHash, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FairdealKeyAnswer } from '@baska/protocol';
import { describe, expect, it } from 'vitest';
import { examplesOf } from '../../../test/examples.js';
import { checkSigned } from '../src/ui/replay/signed.js';

const pem = readFileSync(new URL('../../../docs/spec/records-example-key.pub.pem', import.meta.url), 'utf8');
const x = createPublicKey(pem).export({ format: 'jwk' }).x!;
const id = createHash('sha256').update(`{"crv":"Ed25519","kty":"OKP","x":"${x}"}`).digest('base64url');
const published: FairdealKeyAnswer = {
  key: id,
  algorithm: 'Ed25519',
  pem,
  jwk: { kty: 'OKP', crv: 'Ed25519', x, kid: id },
};
const example = (name: string) =>
  JSON.parse(examplesOf('records.md').examples.find((e) => e.names[0] === name)!.block) as Record<string, unknown>;

describe("the replay's check of the server's signatures", () => {
  it('passes the record the server signed, and names its key', async () => {
    expect(await checkSigned(example('fair-signed'), published)).toEqual({ kind: 'valid', key: id });
  });

  it('says a record without signatures is unsigned, as records from before signing are', async () => {
    expect(await checkSigned(example('fair-forged'), published)).toEqual({ kind: 'unsigned' });
    expect(await checkSigned(example('fair-deal'), published)).toEqual({ kind: 'unsigned' });
  });

  it('refuses copied signatures, a record changed after signing, and another key', async () => {
    expect(await checkSigned(example('fair-forged-copied'), published)).toEqual({ kind: 'bad', deal: 0 });
    expect(await checkSigned({ ...example('fair-signed'), hints: true }, published)).toEqual({
      kind: 'bad',
      deal: null,
    });
    const other = { ...published, key: 'another-key' };
    expect(await checkSigned(example('fair-signed'), other)).toEqual({ kind: 'otherKey', key: id });
  });

  it('in a browser without Ed25519, says the signature was not checked', async () => {
    const subtle = {
      importKey: () => Promise.reject(new Error('NotSupportedError')),
      verify: () => Promise.resolve(true),
    } as unknown as Pick<SubtleCrypto, 'importKey' | 'verify'>;
    expect(await checkSigned(example('fair-signed'), published, subtle)).toEqual({ kind: 'unchecked', key: id });
  });
});

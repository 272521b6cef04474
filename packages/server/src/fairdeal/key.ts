// The server's signing key (decision 013, "Signed by the server"): an Ed25519 key that signs each
// commitment as it is published and each record handed out, so that a record re-dealt from an
// invented seed cannot pass for one this server dealt. The operator gives it (BASKA_SIGNING_KEY_FILE,
// a PEM private key); otherwise the server makes one in its data dir on its first start and keeps it.
// Its public half is published (fairdeal/routes.ts) under a key id, its RFC 7638 thumbprint.
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { commitmentStatement, keyThumbprintText, type RecordSignature, recordStatement } from '@baska/engine';

/** What the server signs with: its key id and an Ed25519 signature (base64) of a text. */
export interface Signer {
  readonly key: string;
  sign(text: string): string;
}

/** The name of the key the server makes in its data dir when the operator gives none. */
export const KEY_FILE = 'signing-key.pem';

export class ServerKey implements Signer {
  readonly key: string;
  readonly publicPem: string;
  readonly jwk: { kty: 'OKP'; crv: 'Ed25519'; x: string };

  constructor(private readonly privateKey: KeyObject) {
    if (privateKey.asymmetricKeyType !== 'ed25519')
      throw new Error(
        `the signing key must be an Ed25519 private key, not ${privateKey.asymmetricKeyType ?? 'a secret'}`,
      );
    const pub = createPublicKey(privateKey);
    this.publicPem = pub.export({ type: 'spki', format: 'pem' }).toString();
    const { x } = pub.export({ format: 'jwk' });
    this.jwk = { kty: 'OKP', crv: 'Ed25519', x: x! };
    this.key = keyId(this.jwk.x);
  }

  sign(text: string): string {
    return sign(null, Buffer.from(text, 'utf8'), this.privateKey).toString('base64');
  }
}

/** A key's id: its RFC 7638 JWK thumbprint (SHA-256 of its required members, base64url). */
export const keyId = (x: string): string => createHash('sha256').update(keyThumbprintText(x)).digest('base64url');

/**
 * The operator's key (`file`), or the one in the data dir, made there (readable by the server's
 * user only) on the first start. Processes that serve one database must share one key: give them
 * the same file.
 */
export function loadServerKey(opts: { file?: string; dataDir: string }): { key: ServerKey; made: boolean } {
  if (opts.file) return { key: new ServerKey(createPrivateKey(readFileSync(opts.file))), made: false };
  const path = join(opts.dataDir, KEY_FILE);
  const cannot = (e: unknown) =>
    new Error(
      `cannot keep the signing key in ${path} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}): ` +
        'give the server a key (BASKA_SIGNING_KEY_FILE) or a data dir it may write (BASKA_DATA_DIR)',
    );
  let kept: Buffer | null = null;
  try {
    kept = readFileSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw cannot(e);
  }
  if (kept) return { key: new ServerKey(createPrivateKey(kept)), made: false };
  const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  try {
    mkdirSync(opts.dataDir, { recursive: true });
    writeFileSync(path, pem, { mode: 0o600, flag: 'wx' });
  } catch (e) {
    // Another process sharing the data dir made it first: use that one.
    if ((e as NodeJS.ErrnoException).code === 'EEXIST')
      return { key: new ServerKey(createPrivateKey(readFileSync(path))), made: false };
    throw cannot(e);
  }
  return { key: new ServerKey(createPrivateKey(pem)), made: true };
}

/** The signature of deal `deal`'s (from 1) commitment at table `table`, as the server publishes it. */
export const signCommitment = (signer: Signer, table: string, deal: number, commitment: string): string =>
  signer.sign(commitmentStatement(table, deal, commitment));

interface Signable {
  deals: { fair?: { commitment: string; signature?: string } }[];
  signature?: RecordSignature;
}

/**
 * A record as the server hands it out (docs/spec/records.md): each deal's proof with its
 * commitment's signature (deal i of the record is the table's deal i + 1), and the whole record
 * signed, with the key's id and the table's.
 */
export function signedRecord<R extends Signable>(record: R, table: string, signer: Signer): R {
  const deals = record.deals.map((d, i) =>
    d.fair ? { ...d, fair: { ...d.fair, signature: signCommitment(signer, table, i + 1, d.fair.commitment) } } : d,
  );
  const unsigned = { ...record, deals, signature: { key: signer.key, table, value: '' } };
  const value = signer.sign(recordStatement(unsigned as unknown as Record<string, unknown>));
  return { ...unsigned, signature: { key: signer.key, table, value } };
}

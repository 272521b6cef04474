// `baska verify --key`: the server's public key, as a file: a PEM key, or the JSON that
// GET /api/fairdeal/key answers (or a bare JWK); and the check of an Ed25519 signature by it.
import { type JsonWebKey, type KeyObject, createHash, createPublicKey, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { keyThumbprintText } from '@baska/engine';
import { UsageError, cannot } from '../io.js';

/** A server's public key and its id (its RFC 7638 thumbprint, as the server names it). */
export interface ServerPublicKey {
  id: string;
  check(text: string, signature: string): boolean;
}

function keyObjectOf(text: string): KeyObject {
  if (!text.trim().startsWith('{')) return createPublicKey(text); // a PEM (a private one gives its public half)
  const json = JSON.parse(text) as { pem?: unknown; jwk?: unknown; kty?: unknown };
  if (typeof json.pem === 'string') return createPublicKey(json.pem);
  const jwk = (typeof json.jwk === 'object' && json.jwk !== null ? json.jwk : json) as JsonWebKey;
  return createPublicKey({ key: jwk, format: 'jwk' });
}

/** Read the key file, or a usage error (exit 2) naming what is wrong with it. */
export function readServerKey(file: string): ServerPublicKey {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const { pl, en } = cannot('read', file, e).text;
    throw new UsageError({ pl: `--key: ${pl}`, en: `--key: ${en}` });
  }
  let key: KeyObject;
  try {
    key = keyObjectOf(text);
  } catch (e) {
    throw new UsageError({
      pl: `--key: ${file} to ani klucz PEM, ani klucz serwera jako JSON: ${(e as Error).message}`,
      en: `--key: ${file} is not a PEM key nor the server's key as JSON: ${(e as Error).message}`,
    });
  }
  if (key.asymmetricKeyType !== 'ed25519')
    throw new UsageError({
      pl: `--key: ${file} to nie klucz Ed25519 (${key.asymmetricKeyType})`,
      en: `--key: ${file} is not an Ed25519 key (${key.asymmetricKeyType})`,
    });
  const { x } = key.export({ format: 'jwk' });
  return {
    id: createHash('sha256').update(keyThumbprintText(x!)).digest('base64url'),
    check: (t, signature) => verify(null, Buffer.from(t, 'utf8'), key, Buffer.from(signature, 'base64')),
  };
}

// Who dealt a record (decision 013): the record and each deal's commitment must be signed by this
// server's key (GET /api/fairdeal/key), over the texts the engine's signed.ts names. Checked in
// the browser with WebCrypto's Ed25519, as `baska verify --key` checks them; a browser without
// Ed25519 gets `unchecked`, and the page names the key for the command instead.
import { commitmentStatement, type RecordSignature, recordStatement } from '@baska/engine';
import type { FairdealKeyAnswer } from '@baska/protocol';

export type SignedVerdict =
  | { kind: 'valid'; key: string }
  | { kind: 'unsigned' }
  | { kind: 'otherKey'; key: string }
  | { kind: 'bad'; deal: number | null }
  | { kind: 'unchecked'; key: string };

type Subtle = Pick<SubtleCrypto, 'importKey' | 'verify'>;

const bytes = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

/** Check a record, as the server handed it out, against the server's published key. */
export async function checkSigned(
  record: Record<string, unknown>,
  published: FairdealKeyAnswer,
  subtle: Subtle = crypto.subtle,
): Promise<SignedVerdict> {
  const signature = record.signature as RecordSignature | undefined;
  if (!signature) return { kind: 'unsigned' };
  if (signature.key !== published.key) return { kind: 'otherKey', key: signature.key };
  let key: CryptoKey;
  try {
    key = await subtle.importKey('jwk', published.jwk, { name: 'Ed25519' }, false, ['verify']);
  } catch {
    return { kind: 'unchecked', key: signature.key }; // this browser has no Ed25519
  }
  const good = (text: string, value: string) =>
    subtle.verify({ name: 'Ed25519' }, key, bytes(value), new TextEncoder().encode(text));
  const deals = record.deals as { fair?: { commitment: string; signature?: string } }[];
  for (const [d, { fair }] of deals.entries())
    if (
      fair &&
      !(fair.signature && (await good(commitmentStatement(signature.table, d + 1, fair.commitment), fair.signature)))
    )
      return { kind: 'bad', deal: d };
  return (await good(recordStatement(record), signature.value))
    ? { kind: 'valid', key: signature.key }
    : { kind: 'bad', deal: null };
}

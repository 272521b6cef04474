// Signed records (docs/spec/records.md, decision 013): the exact texts the server signs with its
// Ed25519 key, so that the server and `baska verify` sign and check the same bytes. A deal's
// commitment is signed as the server publishes it, naming the table and the deal; a record handed
// out is signed whole, in a canonical form (keys sorted, no spaces), without its signature's value.
// The signing and checking themselves are the server's and the command's (node:crypto); this module
// only says what is signed.

/** The optional `signature` of a record: who signed it (the key id), for which table, and the value. */
export interface RecordSignature {
  /** The id of the server's key (its RFC 7638 thumbprint, as GET /api/fairdeal/key gives it). */
  key: string;
  /** The table whose deals the record holds: the commitments are signed under its id. */
  table: string;
  /** The Ed25519 signature of the record's canonical text (`recordStatement`), in base64. */
  value: string;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Is `v` a signature's value as records.md has it (base64, at most 200 characters)? */
export const isSignatureValue = (v: unknown): v is string =>
  typeof v === 'string' && v.length > 0 && v.length <= 200 && BASE64.test(v);

/** Is `v` a record's `signature` as records.md has it? */
export const isRecordSignature = (v: unknown): v is RecordSignature =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  Object.keys(v).every((k) => ['key', 'table', 'value'].includes(k)) &&
  typeof (v as RecordSignature).key === 'string' &&
  (v as RecordSignature).key.length > 0 &&
  (v as RecordSignature).key.length <= 100 &&
  typeof (v as RecordSignature).table === 'string' &&
  (v as RecordSignature).table.length > 0 &&
  (v as RecordSignature).table.length <= 100 &&
  isSignatureValue((v as RecordSignature).value);

/**
 * The text a deal's commitment is signed as: the JSON array `["baska-commitment", table, deal,
 * commitment]` (deal numbered from 1, as the server numbers them), so that a signature names the
 * table and the deal it was published for and cannot be moved to another.
 */
export const commitmentStatement = (table: string, deal: number, commitment: string): string =>
  JSON.stringify(['baska-commitment', table, deal, commitment]);

/**
 * The text whose SHA-256 (base64url) is a key's id: an Ed25519 public key's RFC 7638 JWK
 * thumbprint, from its `x` (the key's 32 bytes, base64url).
 */
export const keyThumbprintText = (x: string): string => `{"crv":"Ed25519","kty":"OKP","x":"${x}"}`;

/** JSON with every object's keys in ascending order and no spaces: one text for one value. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const o = value as Record<string, unknown>;
  const keys = Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`).join(',')}}`;
}

/**
 * The text a whole record is signed as: its canonical JSON with the signature's `value` left out
 * (its `key` and `table` are signed with the rest).
 */
export function recordStatement(record: Record<string, unknown>): string {
  const signature = record.signature as Partial<RecordSignature> | undefined;
  if (!signature || typeof signature !== 'object') return canonicalJson(record);
  const { value: _value, ...rest } = signature;
  return canonicalJson({ ...record, signature: rest });
}

// Verifiable deals (decision 013): before a deal the server publishes a commitment, the SHA-256 of
// a secret seed; each seat may add a random contribution; the cards are shuffled by the engine's
// seeded shuffle from SHA-256(seed | contribution of seat 0 | … | of seat 3); after the deal the
// seed is revealed, and anyone can check both the commitment and the hands. SHA-256 is WebCrypto's
// (in Node 20 and in browsers alike), so the check runs in the command and in the replay.
import { dealMasks, SeededRng } from './random.js';

/** What a deal's record carries to be checked (docs/spec/records.md, the optional `fair`). */
export interface FairProof {
  /** SHA-256 of the seed's text, as 64 hex digits, published before the deal. */
  commitment: string;
  /** The server's secret seed, revealed after the deal. */
  seed: string;
  /** Each seat's contribution (hex digits), or null for a seat that gave none (a bot, a timeout). */
  contributions: (string | null)[];
  /**
   * Optional: the server's Ed25519 signature (base64) of the commitment as it published it before
   * the deal (`commitmentStatement` in signed.ts), under the key the record's `signature` names.
   */
  signature?: string;
}

/** The text whose SHA-256 seeds the shuffle: the seed and every seat's contribution, in seat order. */
export const fairInput = (seed: string, contributions: readonly (string | null)[]): string =>
  [seed, ...[0, 1, 2, 3].map((s) => contributions[s] ?? '')].join('|');

/** The hands (masks by seat) the engine's seeded shuffle deals from a digest (hex) for a dealer. */
export const fairHands = (digest: string, dealer: number): number[] =>
  Array.from(dealMasks(new SeededRng(digest), dealer));

/** SHA-256 of a text's UTF-8 bytes, as lower-case hex. */
export async function sha256Hex(text: string): Promise<string> {
  const subtle = (
    globalThis as unknown as { crypto: { subtle: { digest(a: string, d: Uint8Array): Promise<ArrayBuffer> } } }
  ).crypto.subtle;
  const bytes = new Uint8Array(await subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The seed of deal number `deal` (from 1) at a table whose secret seed is `tableSeed`:
 * HMAC-SHA256(tableSeed, "deal:" + deal) as hex, so a revealed deal seed tells nothing of the next
 * deal's (decision 013). A duplicate round gives every table the same table seed (decision 010).
 */
export async function dealSeed(tableSeed: string, deal: number): Promise<string> {
  const subtle = (
    globalThis as unknown as {
      crypto: {
        subtle: {
          importKey(f: string, k: Uint8Array, a: object, x: boolean, u: string[]): Promise<unknown>;
          sign(a: string, k: unknown, d: Uint8Array): Promise<ArrayBuffer>;
        };
      };
    }
  ).crypto.subtle;
  const encode = (text: string) => new TextEncoder().encode(text);
  const key = await subtle.importKey('raw', encode(tableSeed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const bytes = new Uint8Array(await subtle.sign('HMAC', key, encode(`deal:${deal}`)));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export type FairVerdict = { ok: true } | { ok: false; reason: 'commitment' | 'hands' };

/**
 * Check a deal against its proof: the seed must hash to the commitment, and the hands dealt (masks
 * by seat) must be the ones the seed and the contributions shuffle.
 */
export async function verifyFair(proof: FairProof, dealer: number, hands: readonly number[]): Promise<FairVerdict> {
  if ((await sha256Hex(proof.seed)) !== proof.commitment) return { ok: false, reason: 'commitment' };
  const expected = fairHands(await sha256Hex(fairInput(proof.seed, proof.contributions)), dealer);
  return expected.every((m, s) => m === hands[s]) ? { ok: true } : { ok: false, reason: 'hands' };
}

// `baska verify`: are a record's deals the ones their proofs say (decision 013)? For each deal, the
// revealed seed must hash to the commitment published before it, and its hands must be the ones the
// engine's seeded shuffle deals from the seed and the players' contributions. With the server's
// key (--key), the record must also be signed by it: each deal's commitment, as the server
// published it for that table and deal, and the whole record; without, the answer says the
// signature was not checked.
import { commitmentStatement, type FairProof, type RecordSignature, recordStatement, verifyFair } from '@baska/engine';
import { readRecordText } from '@baska/ai';
import { Output, readAll, readLines } from '../io.js';
import { type Lang, plural } from '../text.js';
import type { ServerPublicKey } from './key.js';

type Line = { line: string; failed: boolean };

const failure = (code: string, message: string, deal?: number): Line => ({
  line: JSON.stringify({ error: { code, message, ...(deal !== undefined && { deal }) } }),
  failed: true,
});

/** What became of a record's signature: checked and good, not checked (no --key), or none. */
type SignatureStatus = 'valid' | 'unchecked' | 'unsigned';

/**
 * The record's signatures checked by the server's key: a failure, or null when the record and each
 * deal's commitment are signed by it.
 */
function signatureFailure(raw: Record<string, unknown>, key: ServerPublicKey): Line | null {
  const signature = raw.signature as RecordSignature | undefined;
  if (!signature)
    return failure('ERR_UNSIGNED', 'the record carries no signature: nothing shows that the server dealt it');
  if (signature.key !== key.id)
    return failure(
      'ERR_SIGNATURE',
      `the record is signed by the key ${signature.key}, not by the key given (${key.id})`,
    );
  const deals = raw.deals as { fair?: FairProof }[];
  for (const [d, { fair }] of deals.entries()) {
    if (!fair) continue;
    if (fair.signature === undefined)
      return failure('ERR_SIGNATURE', `deal ${d}: its commitment carries no signature`, d);
    if (!key.check(commitmentStatement(signature.table, d + 1, fair.commitment), fair.signature))
      return failure(
        'ERR_SIGNATURE',
        `deal ${d}: the server did not publish this commitment for deal ${d + 1} of table ${signature.table}`,
        d,
      );
  }
  if (!key.check(recordStatement(raw), signature.value))
    return failure('ERR_SIGNATURE', 'the record is not the one the server signed: it has been changed');
  return null;
}

/** One record's verdict as a JSON line, whether it failed, and what became of its signature. */
async function verdict(text: string, key: ServerPublicKey | null): Promise<Line & { signature?: SignatureStatus }> {
  const loaded = readRecordText(text);
  if (!loaded.ok) return { line: JSON.stringify({ error: loaded.error }), failed: true };
  const { record, table } = loaded.value;
  const deals: { deal: number; commitment: string; contributions: number }[] = [];
  for (const [d, entry] of record.deals.entries()) {
    const proof = entry.fair;
    if (!proof) return failure('ERR_NO_PROOF', `deal ${d} carries no proof ("fair"): it cannot be verified`, d);
    const v = await verifyFair(proof, entry.dealer, Array.from(table.deals[d]!.dealt));
    if (!v.ok)
      return v.reason === 'commitment'
        ? failure('ERR_COMMITMENT', `deal ${d}: the seed does not hash to the commitment published before it`, d)
        : failure('ERR_HANDS', `deal ${d}: the hands are not the ones the seed and the contributions shuffle`, d);
    deals.push({ deal: d, commitment: proof.commitment, contributions: proof.contributions.filter((c) => c).length });
  }
  const raw = JSON.parse(text) as Record<string, unknown>; // read already: readRecordText took it
  const signed = raw.signature as RecordSignature | undefined;
  if (key) {
    const failed = signatureFailure(raw, key);
    if (failed) return failed;
  }
  const signature: SignatureStatus = key ? 'valid' : signed ? 'unchecked' : 'unsigned';
  return {
    line: JSON.stringify({ verified: true, deals, signature, ...(signed && { key: signed.key }) }),
    failed: false,
    signature,
  };
}

/** What standard error says of the signatures not checked, so that no record passes silently. */
const NOTES = {
  pl: {
    unchecked: (n: number) =>
      `${n === 1 ? 'nie sprawdzono podpisu zapisu' : `nie sprawdzono podpisów ${n} ${plural(n, 'zapisu', 'zapisów', 'zapisów')}`}; podaj klucz publiczny serwera w --key`,
    unsigned: (n: number) =>
      n === 1
        ? 'zapis nie jest podpisany: nic nie dowodzi, że rozdał go serwer'
        : `${n} ${plural(n, 'zapis nie jest podpisany', 'zapisy nie są podpisane', 'zapisów nie jest podpisanych')}: nic nie dowodzi, że rozdał je serwer`,
  },
  en: {
    unchecked: (n: number) =>
      `${n === 1 ? "the record's signature was" : `${n} records' signatures were`} not checked; give the server's public key with --key`,
    unsigned: (n: number) =>
      `${n === 1 ? 'the record is' : `${n} records are`} not signed: nothing shows that the server dealt ${n === 1 ? 'it' : 'them'}`,
  },
};

function noteUnchecked(unchecked: number, unsigned: number, lang: Lang): void {
  if (unchecked) process.stderr.write(`baska verify: ${NOTES[lang].unchecked(unchecked)}\n`);
  if (unsigned) process.stderr.write(`baska verify: ${NOTES[lang].unsigned(unsigned)}\n`);
}

/**
 * Run `verify`; returns the exit code (0 every deal verified, and signed by `key` when given; 1 a
 * record failed or could not be verified).
 */
export async function runVerify(
  file: string | undefined,
  jsonl: boolean,
  key: ServerPublicKey | null,
  lang: Lang,
): Promise<number> {
  const out = new Output();
  let failed = false;
  const count = { valid: 0, unchecked: 0, unsigned: 0 };
  const take = (v: Awaited<ReturnType<typeof verdict>>) => {
    failed ||= v.failed;
    if (v.signature) count[v.signature]++;
    out.line(v.line);
  };
  if (jsonl) {
    for await (const line of readLines(file)) if (line.trim() !== '') take(await verdict(line, key));
  } else take(await verdict(await readAll(file), key));
  out.flush();
  noteUnchecked(count.unchecked, count.unsigned, lang);
  return failed ? 1 : 0;
}

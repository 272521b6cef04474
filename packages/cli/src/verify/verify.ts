// `baska verify`: are a record's deals the ones their proofs say (decision 013)? For each deal, the
// revealed seed must hash to the commitment published before it, and its hands must be the ones the
// engine's seeded shuffle deals from the seed and the players' contributions.
import { verifyFair } from '@baska/engine';
import { readRecordText } from '@baska/ai';
import { Output, readAll, readLines } from '../io.js';

type Line = { line: string; failed: boolean };

const failure = (code: string, message: string, deal?: number): Line => ({
  line: JSON.stringify({ error: { code, message, ...(deal !== undefined && { deal }) } }),
  failed: true,
});

/** One record's verdict as a JSON line, and whether it failed. */
async function verdict(text: string): Promise<Line> {
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
  return { line: JSON.stringify({ verified: true, deals }), failed: false };
}

/** Run `verify`; returns the exit code (0 every deal verified, 1 a record failed or could not be verified). */
export async function runVerify(file: string | undefined, jsonl: boolean): Promise<number> {
  const out = new Output();
  let failed = false;
  if (jsonl) {
    for await (const line of readLines(file)) {
      if (line.trim() === '') continue;
      const v = await verdict(line);
      failed ||= v.failed;
      out.line(v.line);
    }
  } else {
    const v = await verdict(await readAll(file));
    failed = v.failed;
    out.line(v.line);
  }
  out.flush();
  return failed ? 1 : 0;
}

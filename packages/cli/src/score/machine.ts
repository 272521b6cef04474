// `baska score` and `baska legal`: the machine interface, exactly as docs/spec/records.md says.
import {
  type EngineError,
  legalOfRecord,
  legalOfTableOfFive,
  parseJson,
  scoreRecord,
  scoreTableOfFive,
} from '@baska/engine';
import { readRecord, readTableOfFiveRecord } from '@baska/ai';
import { Output, readAll, readLines } from '../io.js';

type Job = 'score' | 'legal';

/** One record's answer as a JSON line, and whether it failed. */
function answer(job: Job, text: string): { line: string; failed: boolean } {
  const value = parseJson(text);
  if (!value.ok) return errorLine(value.error);
  // A table of five's record says so (`"players": 5`, decision 006): its deals by the deal's seats, its totals by table seat.
  if ((value.value as { players?: unknown } | null)?.players === 5) {
    const five = readTableOfFiveRecord(value.value);
    if (!five.ok) return errorLine(five.error);
    if (job === 'legal') return { line: JSON.stringify(legalOfTableOfFive(five.value)), failed: false };
    const report = scoreTableOfFive(five.value);
    return report.ok ? { line: JSON.stringify(report.value), failed: false } : errorLine(report.error);
  }
  const loaded = readRecord(value.value);
  if (!loaded.ok) return errorLine(loaded.error);
  if (job === 'legal') return { line: JSON.stringify(legalOfRecord(loaded.value)), failed: false };
  const report = scoreRecord(loaded.value);
  return report.ok ? { line: JSON.stringify(report.value), failed: false } : errorLine(report.error);
}

const errorLine = (error: EngineError) => ({ line: JSON.stringify({ error }), failed: true });

/** Run `score` or `legal`; returns the exit code (0 fine, 1 a record failed). */
export async function runMachine(job: Job, file: string | undefined, jsonl: boolean): Promise<number> {
  const out = new Output();
  let failed = false;
  if (jsonl) {
    // One record per line; a bad line gives an error line in its place and the rest go on.
    for await (const line of readLines(file)) {
      if (line.trim() === '') continue;
      const a = answer(job, line);
      failed ||= a.failed;
      out.line(a.line);
    }
  } else {
    const a = answer(job, await readAll(file));
    failed = a.failed;
    out.line(a.line);
  }
  out.flush();
  return failed ? 1 : 0;
}

// Every JSON example of docs/spec/records.md, run through the real `baska score` / `legal` / `verify`:
// the command must answer what the page says it answers.
import { describe, expect, it } from 'vitest';
import { baska, examplesOf, valuesOf } from './examples.js';

const { examples, jsonBlocks } = examplesOf('records.md');
const inputs = new Map<string, string>();
for (const e of examples)
  if (e.kind === 'input' || (e.kind === 'run' && e.inline !== undefined)) inputs.set(e.names[0]!, e.block);

/** What the page promises: every field it shows (outputs may gain fields), `legal` in any order,
 * an error's `message` in any words. */
function promised(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(promised);
  if (value === null || typeof value !== 'object') return value;
  const o: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === 'message') o[k] = expect.stringMatching(/\S/);
    else if (k === 'legal' && Array.isArray(v)) o[k] = [...(v as string[])].sort();
    else o[k] = promised(v);
  }
  return o;
}
const sortedLegal = (value: Record<string, unknown>) =>
  Array.isArray(value.legal) ? { ...value, legal: [...(value.legal as string[])].sort() } : value;

describe('docs/spec/records.md: every example, through the real command', () => {
  it('every JSON block of the page is a named example', () => {
    expect(examples.length).toBe(jsonBlocks);
    expect(examples.filter((e) => e.kind === 'run').length).toBeGreaterThanOrEqual(4);
  });

  for (const e of examples.filter((x) => x.kind === 'run')) {
    const [command, ...flags] = e.args;
    const expected = e.inline !== undefined ? [e.inline] : valuesOf(e.block);

    it(`${e.names.join(', ')}: baska ${e.args.join(' ')} exits ${e.exit} with the documented answer`, () => {
      expect(['score', 'legal', 'verify']).toContain(command);
      expect(expected.length).toBe(e.names.length);
      e.names.forEach((name, i) => {
        const record = inputs.get(name);
        expect(record, `the page has no record named ${name}`).toBeDefined();
        const r = baska([command!, ...flags], record);
        expect(r.code).toBe(e.exit);
        expect(sortedLegal(JSON.parse(r.out) as Record<string, unknown>)).toMatchObject(
          promised(expected[i]) as object,
        );
      });
    });

    it(`${e.names.join(', ')}: the same through --jsonl, one line per record`, () => {
      const lines = e.names.map((name) => JSON.stringify(JSON.parse(inputs.get(name)!)));
      const r = baska([command!, '--jsonl', ...flags], lines.join('\n') + '\n');
      expect(r.code).toBe(e.exit);
      const out = r.out.trimEnd().split('\n');
      expect(out.length).toBe(lines.length);
      out.forEach((line, i) =>
        expect(sortedLegal(JSON.parse(line) as Record<string, unknown>)).toMatchObject(promised(expected[i]) as object),
      );
    });
  }
});

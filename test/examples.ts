// The JSON examples of a spec page, with what each is checked against. An example is a ```json
// block under a comment that names it:
//   <!-- example NAME: input -->                            the block is a record NAME
//   <!-- example A, B: baska CMD ARGS → exit N -->          the block is CMD's output for A, B (a line each)
//   <!-- example NAME: baska CMD ARGS → exit N {json} -->   the block is input NAME, {json} what CMD answers
//   <!-- example NAME: the shape of baska CMD ... -->       the block shows the shape of CMD's output
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BASKA = fileURLToPath(new URL('../packages/cli/bin/baska.js', import.meta.url));

export interface Example {
  names: string[];
  /** `input`, `shape`, or a run: the command's words, exit code, and the expected answer when inline. */
  kind: 'input' | 'shape' | 'run';
  args: string[];
  exit?: number;
  inline?: unknown;
  block: string;
}

const COMMENT = /<!-- example ([^:]+): (.*?) -->\s*```json\n([\s\S]*?)\n```/g;
const RUN = /^baska (.+?) → exit (\d+)(?: (\{.*\}))?$/;

export function examplesOf(page: string): { examples: Example[]; jsonBlocks: number } {
  const text = readFileSync(new URL(`../docs/spec/${page}`, import.meta.url), 'utf8');
  const examples: Example[] = [];
  for (const [, names, what, block] of text.matchAll(COMMENT)) {
    const base = { names: names!.split(',').map((n) => n.trim()), block: block! };
    const run = RUN.exec(what!);
    if (what === 'input') examples.push({ ...base, kind: 'input', args: [] });
    else if (what!.startsWith('the shape of baska ')) {
      examples.push({ ...base, kind: 'shape', args: what!.slice('the shape of baska '.length).split(' ') });
    } else if (run) {
      examples.push({
        ...base,
        kind: 'run',
        args: run[1]!.split(' '),
        exit: Number(run[2]),
        inline: run[3] === undefined ? undefined : JSON.parse(run[3]),
      });
    } else throw new Error(`docs/spec/${page}: cannot read the example comment "${what}"`);
  }
  return { examples, jsonBlocks: text.match(/```json\n/g)?.length ?? 0 };
}

/** A block's JSON values: the whole block, or one per line. */
export function valuesOf(block: string): unknown[] {
  try {
    return [JSON.parse(block)];
  } catch {
    return block.split('\n').map((line) => JSON.parse(line) as unknown);
  }
}

export function baska(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [BASKA, ...args], {
    input,
    encoding: 'utf8',
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: '1' },
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

// Input for the machine interface: a file, or standard input when FILE is absent or `-`.
import { accessSync, constants, createReadStream, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

/** A usage error: the command exits with 2 (docs/spec/records.md). */
export class UsageError extends Error {}

function openInput(file: string | undefined): Readable {
  if (file === undefined || file === '-') return process.stdin;
  try {
    accessSync(file, constants.R_OK); // fail early, with a clear message, on an unreadable file
    if (statSync(file).isDirectory()) throw Object.assign(new Error('a directory'), { code: 'EISDIR' });
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  return createReadStream(file);
}

export async function readAll(file: string | undefined): Promise<string> {
  const input = openInput(file);
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** The lines of the input, one at a time. */
export function readLines(file: string | undefined): AsyncIterable<string> {
  return createInterface({ input: openInput(file), crlfDelay: Infinity });
}

/** Buffered standard output for many small writes. */
export class Output {
  private parts: string[] = [];
  private size = 0;
  line(text: string): void {
    this.parts.push(text, '\n');
    this.size += text.length + 1;
    if (this.size > 1 << 16) this.flush();
  }
  flush(): void {
    if (this.parts.length) process.stdout.write(this.parts.join(''));
    this.parts = [];
    this.size = 0;
  }
}

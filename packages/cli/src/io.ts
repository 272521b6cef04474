// Input for the machine interface: a file, or standard input when FILE is absent or `-`.
import { accessSync, constants, createReadStream, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { Lang } from '@baska/engine';

/** A usage error: the command exits with 2 (docs/spec/records.md). It is said in the language of --lang. */
export class UsageError extends Error {
  constructor(readonly text: Record<Lang, string>) {
    super(text.en);
  }
}

/** `cannot read FILE: ENOENT`, in both languages. */
export const cannot = (verb: 'read' | 'write', file: string, e: unknown): UsageError => {
  const why = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
  return new UsageError({
    pl: `nie można ${verb === 'read' ? 'odczytać' : 'zapisać'} ${file}: ${why}`,
    en: `cannot ${verb} ${file}: ${why}`,
  });
};

function openInput(file: string | undefined): Readable {
  if (file === undefined || file === '-') return process.stdin;
  try {
    accessSync(file, constants.R_OK); // fail early, with a clear message, on an unreadable file
    if (statSync(file).isDirectory()) throw Object.assign(new Error('a directory'), { code: 'EISDIR' });
  } catch (e) {
    throw cannot('read', file, e);
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

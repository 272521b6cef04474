// The tournament core's refusals (and the entry module's) as the server's coded errors.
import type { ErrorCode } from '@baska/protocol';
import { GameError } from '../errors.js';

type Refusable<T> = { ok: true; value: T } | { ok: false; error: { code: string; message: string } };

/** The value, or the refusal thrown as a GameError with the same code. */
export function must<T>(r: Refusable<T>): T {
  if (!r.ok) throw new GameError(r.error.code as ErrorCode, r.error.message);
  return r.value;
}

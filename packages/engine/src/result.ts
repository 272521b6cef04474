// Errors are values with stable codes, never thrown across the API for bad input.

/** The stable error codes of `docs/spec/records.md` and of the engine's `apply`. */
export const ERROR_CODES = [
  'ERR_JSON',
  'ERR_SCHEMA',
  'ERR_RULES',
  'ERR_CARDS',
  'ERR_DEALER',
  'ERR_ILLEGAL_CALL',
  'ERR_ILLEGAL_CARD',
  'ERR_INCOMPLETE',
  'ERR_EXTRA',
  'ERR_CLAIM',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface EngineError {
  readonly code: ErrorCode;
  readonly message: string;
  /** Index of the offending deal in a record, where there is one. */
  readonly deal?: number;
  /** `auction[i]` or `play[i]`, where there is one. */
  readonly at?: string;
}

export type Result<T, E = EngineError> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = <E = EngineError>(error: E): Result<never, E> => ({ ok: false, error });
export const fail = (code: ErrorCode, message: string, where: { deal?: number; at?: string } = {}) =>
  err<EngineError>({ code, message, ...where });

// The coded errors of the tournament file (docs/spec/tournament.md, "Errors").
import type { Result } from '@baska/engine';

export const TOURNAMENT_ERROR_CODES = [
  'ERR_JSON',
  'ERR_SCHEMA',
  'ERR_FORMAT',
  'ERR_RULES',
  'ERR_PLAYERS',
  'ERR_PROTOCOL',
  'ERR_ROUND',
  'ERR_DUPLICATE',
] as const;
export type TournamentErrorCode = (typeof TOURNAMENT_ERROR_CODES)[number];

/** Where in the file: round and table count from 1, a protocol row from 0. */
export interface Where {
  round?: number;
  table?: number;
  row?: number;
}

export interface TournamentError extends Where {
  readonly code: TournamentErrorCode;
  readonly message: string;
}

export type TResult<T> = Result<T, TournamentError>;

export const ok = <T>(value: T): TResult<T> => ({ ok: true, value });

export const fail = (code: TournamentErrorCode, message: string, where: Where = {}): TResult<never> => ({
  ok: false,
  error: { code, message, ...where },
});

// Coded errors: what a refused request or message answers with (@baska/protocol's ERROR_CODES),
// and the HTTP status that goes with each code.
import type { ErrorBody, ErrorCode, ErrorDetail } from '@baska/protocol';
import type { FastifyReply } from 'fastify';

/**
 * A refusal with a stable code; it changes nothing, and the client is told the code and why (and,
 * with `detail`, what his page needs to say why in his language).
 */
export class GameError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly detail?: ErrorDetail,
  ) {
    super(message);
  }
}

/** The HTTP status of each code; any other refusal is a conflict (409). */
export const HTTP_STATUS: Partial<Record<ErrorCode, number>> = {
  ERR_SCHEMA: 400,
  ERR_AUTH: 401,
  ERR_CREDENTIALS: 401,
  ERR_NOT_FOUND: 404,
  ERR_PRIVATE: 403,
  ERR_NOT_OWNER: 403,
  ERR_NOT_SEATED: 403,
  ERR_NOT_DIRECTOR: 403,
  ERR_SAME_DEVICE: 403,
  ERR_DEVICE: 403,
  ERR_JSON: 400,
  ERR_FORMAT: 400,
  ERR_RULES: 400,
  ERR_PLAYERS: 400,
  ERR_PROTOCOL: 400,
  ERR_NAME_SCRIPTS: 400,
  ERR_GUEST: 403,
  ERR_TOKEN: 400,
  ERR_NO_MAIL: 503,
  ERR_RATE: 429,
  ERR_TOO_BIG: 413,
  ERR_CONTENT_TYPE: 415,
  ERR_ORIGIN: 403,
  ERR_RECORD: 422,
  ERR_FORBIDDEN: 403,
  ERR_BANNED: 403,
  ERR_MUTED: 403,
  ERR_INTERNAL: 500,
};

/** Answer an HTTP request with a coded error. */
export const fail = (reply: FastifyReply, code: ErrorCode, message: string, detail?: ErrorDetail) =>
  reply
    .code(HTTP_STATUS[code] ?? 409)
    .send({ error: { code, message, ...(detail && { detail }) } } satisfies ErrorBody);

// The server's refusals: a stable code from @baska/protocol and a message for people.
import type { ErrorCode } from '@baska/protocol';

export class GameError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

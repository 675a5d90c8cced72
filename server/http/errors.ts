import type { DomainErrorKind } from '../core/errors';

/**
 * An error only the HTTP layer raises (a failed response check, a missing admin token, a stopping server): its status
 * as it is. The domain's own failures are DomainErrors (server/core/errors.ts), given a status by `statusOf`.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly detail?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The HTTP status of each kind of domain failure: the one place the domain meets HTTP. */
const DOMAIN_STATUS: Record<DomainErrorKind, number> = {
  INVALID: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  UNAVAILABLE: 503,
};

export const statusOf = (kind: DomainErrorKind): number => DOMAIN_STATUS[kind];

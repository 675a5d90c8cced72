/**
 * Failures in the domain's words. A domain module throws these; only http/ turns a kind into an HTTP status
 * (server/http/errors.ts), and the bot shows the message as it is.
 */
export type DomainErrorKind =
  'INVALID' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'PAYMENT_REQUIRED' | 'TOO_MANY_REQUESTS' | 'UNAVAILABLE';

/** A failure the client should see as-is: its kind, a readable message and an optional detail. */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly detail?: unknown,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const notFound = (what = 'Not Found', detail?: unknown) => new DomainError('NOT_FOUND', what, detail);
export const badRequest = (message: string, detail?: unknown) => new DomainError('INVALID', message, detail);
export const unauthorized = (message = 'Unauthorized') => new DomainError('UNAUTHORIZED', message);
export const forbidden = (message = 'Forbidden') => new DomainError('FORBIDDEN', message);
/** The request contradicts the current state (e.g. a second renewing subscription). */
export const conflict = (message: string) => new DomainError('CONFLICT', message);
/** Something the request needs is not there right now (a payment provider, the database). */
export const unavailable = (message: string) => new DomainError('UNAVAILABLE', message);

/** A limit is exhausted; the client may try again after `retryAfterSeconds` (http/ sends it as Retry-After). */
export class TooManyRequestsError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('TOO_MANY_REQUESTS', message, { retryAfterSeconds });
  }
}

import { ApiError, errorMessage } from '@/shared/api';

/** '45 сек.', '2 мин.': how long to wait, rounded up to what a person can act on. */
function waitText(seconds: number): string {
  return seconds < 60 ? `${Math.ceil(seconds)} сек.` : `${Math.ceil(seconds / 60)} мин.`;
}

function retryAfterSeconds(detail: unknown): number | null {
  if (!detail || typeof detail !== 'object') return null;
  const value = (detail as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

/**
 * What the person reads when a request was not accepted. Too many requests (429) says when to try again: from the
 * envelope's `retryAfterSeconds` (the server's Retry-After), or "later" when a proxy answered without one.
 */
export function callbackFailureText(error: unknown): string {
  if (error instanceof ApiError && error.statusCode === 429) {
    const seconds = retryAfterSeconds(error.detail);
    return seconds !== null
      ? `Слишком много заявок. Попробуйте ещё раз через ${waitText(seconds)}`
      : 'Слишком много заявок. Попробуйте ещё раз позже.';
  }
  return errorMessage(error);
}

/**
 * Answers that stay the very same object while a cache holds them (a user's ranked TOP page, the reference lists) can
 * be serialised and compressed once instead of on every call (server/http/unchanging-answer.ts does that). Only
 * objects handed to `unchanging()` qualify, and nothing may mutate them afterwards.
 */
const unchangingAnswers = new WeakSet<object>();

/** Marks a cached answer as never changing again, so its bytes may be kept with it. */
export function unchanging<T>(data: T): T {
  if (typeof data === 'object' && data !== null) unchangingAnswers.add(data);
  return data;
}

/** Whether `data` was marked by `unchanging()`. */
export function isUnchanging(data: unknown): data is object {
  return typeof data === 'object' && data !== null && unchangingAnswers.has(data);
}

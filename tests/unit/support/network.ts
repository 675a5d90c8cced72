import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * The API at the network (MSW): a test answers the requests the client really sends, by path, instead of spying on
 * the client's methods. Unanswered requests fail the test. Call once per file, at its top level.
 */
export function useNetwork() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

/** The server's envelope around an answer. */
export const ok = <T>(data: T) => ({ result: 'ok' as const, data });

/** A main-API route's path as MSW matches it: any origin, `{name}` placeholders as `:name`. */
export const apiRoute = (path: string) => `*/api${path.replace(/\{(\w+)\}/g, ':$1')}`;

/** An answer that never comes: the screen stays loading. */
export const never = () => new Promise<Response>(() => undefined);

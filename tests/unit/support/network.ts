import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * The API at the network (MSW): a test answers the requests the client really sends, by path, instead of spying on
 * the client's methods. An API path the test does not answer gets the server's 404 envelope (a screen's other parts
 * then say «not found», deterministically); a request anywhere else fails the test. Call once per file, at its top.
 */
export function useNetwork() {
  const server = setupServer(
    http.all('*/api/*', ({ request }) =>
      HttpResponse.json(
        { result: 'error', message: `Не найдено: ${new URL(request.url).pathname}`, statusCode: 404, detail: null },
        { status: 404 },
      ),
    ),
  );
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

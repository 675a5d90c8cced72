import type { FastifyRequest } from 'fastify';

/**
 * The path as the router understood it. find-my-way decodes `%XX` before matching, so a check that
 * compares the raw URL could be walked around with `/%64ev/…`; checks use the matched route's
 * pattern, or the decoded path where no route matched.
 */
export function decodedPath(url: string): string {
  const raw = url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** The matched route pattern (e.g. `/dev/payments/:paymentId`), else the decoded path (also under a wildcard, e.g. the pages' `/*`). */
export function routedPath(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  return pattern && !pattern.includes('*') ? pattern : decodedPath(request.url);
}

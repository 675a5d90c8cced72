import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { sendError } from './envelope';

/** Longer URLs are refused (414) before routing: no route of ours needs more. */
export const MAX_URL_LENGTH = 8 * 1024;
/** find-my-way's maxParamLength; a longer path segment is a 414 rather than a puzzling 404. */
export const MAX_PARAM_LENGTH = 500;

export const URL_MESSAGES = {
  tooLong: 'Слишком длинный адрес запроса',
  badEncoding: 'Некорректная кодировка адреса запроса (percent-encoding)',
} as const;

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text.replace(/\+/g, ' '));
    return true;
  } catch {
    return false;
  }
}

/** 414 or 400 for a URL the router or the query-string parser would misread; null when it is fine. */
export function urlProblem(url: string): { status: 400 | 414; message: string } | null {
  if (url.length > MAX_URL_LENGTH) return { status: 414, message: URL_MESSAGES.tooLong };
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (path.split('/').some((segment) => segment.length > MAX_PARAM_LENGTH)) return { status: 414, message: URL_MESSAGES.tooLong };
  if (!decodes(path) || (queryAt !== -1 && !decodes(url.slice(queryAt + 1)))) return { status: 400, message: URL_MESSAGES.badEncoding };
  return null;
}

/** Runs first on every request, found route or not. */
export function rejectBadUrls(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const problem = urlProblem(request.url);
    if (problem) return sendError(reply, problem.status, problem.message);
  });
}

/**
 * Fastify's router errors in the envelope instead of Fastify's own JSON: FST_ERR_BAD_URL (a path it
 * cannot decode), FST_ERR_MAX_PARAM_LENGTH (a path parameter over maxParamLength).
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error,
  _request: FastifyRequest,
  reply: FastifyReply,
) => {
  const [status, message] =
    error.code === 'FST_ERR_BAD_URL'
      ? [400, URL_MESSAGES.badEncoding]
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? [414, URL_MESSAGES.tooLong]
        : [400, 'Некорректный запрос'];
  // Fastify calls this for its effect and ignores what it returns; the reply is not awaited anywhere.
  void sendError(reply, status, message, { code: error.code });
};

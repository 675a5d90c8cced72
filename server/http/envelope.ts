import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, TooManyRequestsError } from '../core/errors';
import { HttpError, statusOf } from './errors';

export const API_PREFIXES = ['/api', '/passport', '/bot-api'] as const;

export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

export function sendError(reply: FastifyReply, statusCode: number, message: string, detail?: unknown): FastifyReply {
  return reply.code(statusCode).type('application/json; charset=utf-8').send({ result: 'error', message, statusCode, detail });
}

/** Fastify's own client errors (bad JSON, body too large, wrong content type), in Russian. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Неподдерживаемый тип содержимого: ожидается application/json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Слишком большой запрос',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Пустое тело запроса: ожидается JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Некорректный JSON в теле запроса',
};

/** Every failure becomes the envelope `{result: 'error', message, statusCode, detail}`; 500s never leak stacks. */
export function installErrorHandling(
  app: FastifyInstance,
  onUnexpected: (error: Error, request: FastifyRequest) => void = () => undefined,
): void {
  app.setErrorHandler((error: FastifyError | HttpError | DomainError | Error, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof DomainError) {
      if (error instanceof TooManyRequestsError) reply.header('Retry-After', String(error.retryAfterSeconds));
      return sendError(reply, statusOf(error.kind), error.message, error.detail);
    }
    if (error instanceof HttpError) return sendError(reply, error.statusCode, error.message, error.detail);
    const status = (error as FastifyError).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const code = (error as FastifyError).code ?? '';
      const message = FRAMEWORK_MESSAGES[code] ?? (error instanceof SyntaxError ? 'Некорректный JSON в теле запроса' : error.message);
      return sendError(reply, status, message, code ? { code } : undefined);
    }
    request.log.error({ err: error }, 'unexpected error');
    onUnexpected(error, request);
    return sendError(reply, 500, 'Внутренняя ошибка сервера');
  });
}

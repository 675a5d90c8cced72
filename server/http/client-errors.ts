import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * Errors Node's HTTP layer answers before Fastify sees a request (server 'clientError'): the request timed out,
 * the headers were malformed. They get the same envelope as every other error, written straight to the socket.
 * Each rule maps one Node error to an answer; add new ones to CLIENT_ERROR_RULES (e.g. 414/431).
 */
export interface ClientErrorAnswer {
  statusCode: number;
  message: string;
  detail?: unknown;
}

type ClientErrorRule = (error: NodeJS.ErrnoException) => ClientErrorAnswer | null;

/** REQUEST_TIMEOUT_MS / the headers timeout: the client was too slow sending its request (a slow-loris). */
export const requestTimeoutRule: ClientErrorRule = (error) =>
  error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
    ? { statusCode: 408, message: 'Время ожидания запроса истекло', detail: { code: error.code } }
    : null;

/** Headers (with the URL) beyond Node's max header size: kept as 431, as Fastify's own handler answered. */
export const headerOverflowRule: ClientErrorRule = (error) =>
  error.code === 'HPE_HEADER_OVERFLOW'
    ? { statusCode: 431, message: 'Слишком большие заголовки запроса', detail: { code: error.code } }
    : null;

export const CLIENT_ERROR_RULES: ClientErrorRule[] = [requestTimeoutRule, headerOverflowRule];

const FALLBACK: ClientErrorAnswer = { statusCode: 400, message: 'Некорректный запрос' };

/** The raw HTTP/1.1 answer: the envelope, no keep-alive (the parser's state is unknown after an error). */
export function rawEnvelopeResponse(answer: ClientErrorAnswer, extraHeaders: Record<string, string> = {}): string {
  const body = JSON.stringify({ result: 'error', message: answer.message, statusCode: answer.statusCode, detail: answer.detail });
  const headers = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
    'X-Content-Type-Options': 'nosniff',
    ...extraHeaders,
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${answer.statusCode} ${STATUS_CODES[answer.statusCode] ?? 'Error'}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** For Fastify's `clientErrorHandler` option (it replaces Node's plain-text and Fastify's non-envelope answers). */
export function envelopeClientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex): void {
  // A reset or already closed socket has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = CLIENT_ERROR_RULES.map((rule) => rule(error)).find((a) => a !== null) ?? FALLBACK;
  // Node sets _httpMessage once a response is under way; a second status line would corrupt it.
  const responding = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (!socket.writable || responding) {
    socket.destroy();
    return;
  }
  socket.end(rawEnvelopeResponse(answer));
  // end() flushes the answer; a client that never reads or closes is cut off shortly after.
  setTimeout(() => socket.destroy(), 1_000).unref();
}

import type { FastifyRequest } from 'fastify';
import { decodedPath } from './request-path';

/**
 * Request URLs carry secrets on a few routes: the binding stream's eventEmitterId and the stand-in's
 * `?start=<binding token>`. Logs keep the route shape, never the values.
 */
export function redactUrl(url: string): string {
  const [rawPath = '', query] = url.split(/\?(.*)/s, 2);
  // Decoded first, so an encoded prefix does not slip the id past the pattern.
  const path = decodedPath(rawPath);
  const safePath = path.replace(/^(\/passport\/data\/events\/telegram\/)[^/?#]+/, '$1[скрыто]');
  if (query === undefined) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => (/^(start|token|initData|hash)=/i.test(pair) ? `${pair.split('=')[0]}=[скрыто]` : pair))
    .join('&');
  return `${safePath}?${safeQuery}`;
}

/** Fastify's default request serializer, with the URL redacted. */
export function requestLogSerializer(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

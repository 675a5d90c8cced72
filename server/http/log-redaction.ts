import type { FastifyRequest } from 'fastify';

/**
 * Query names whose values are secrets: binding tokens (`start`, `token`), Telegram's signed launch data
 * (`initData`, `tgWebAppData`, its `hash`) and the Mini App's start parameter, which may carry a token too.
 */
const SECRET_NAMES = new Set(['start', 'startapp', 'token', 'initdata', 'tgwebappdata', 'tgwebappstartparam', 'hash']);
const SECRET_PAIR = new RegExp(`(?<![a-z0-9_])(${[...SECRET_NAMES].join('|')})\\s*=`, 'i');
const HIDDEN = '[скрыто]';

/**
 * Percent-decoded until nothing changes (a few rounds at most): `%2573tart` is `%73tart` once decoded and `start`
 * twice, and a log must not keep a secret because its name was encoded. A malformed escape stops the decoding.
 */
function fullyDecoded(text: string): string {
  let current = text;
  for (let round = 0; round < 5; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return current;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

/** One `name=value` pair of the query: its name decoded (`+` is a space in a query), the value hidden if secret. */
function redactPair(pair: string): string {
  const decoded = fullyDecoded(pair.replace(/\+/g, ' '));
  const separator = decoded.indexOf('=');
  const name = (separator === -1 ? decoded : decoded.slice(0, separator)).trim();
  if (SECRET_NAMES.has(name.toLowerCase())) return `${name}=${HIDDEN}`;
  // A secret folded into the pair (`x%26token%3D…` decodes to `x&token=…`): hide from the secret's name on.
  const folded = SECRET_PAIR.exec(decoded);
  return folded ? `${decoded.slice(0, folded.index)}${folded[1]}=${HIDDEN}` : pair;
}

/**
 * Request URLs carry secrets on a few routes: the binding stream's eventEmitterId, the stand-in's `?start=<binding
 * token>`, a Mini App launch's `tgWebAppData`. Logs keep the route shape, never the values. Names and path are
 * decoded before they are matched, so `%73tart` or an encoded `?` in the path hides nothing.
 */
export function redactUrl(url: string): string {
  const [rawPath = '', query] = url.split(/\?(.*)/s, 2);
  let path = fullyDecoded(rawPath).replace(/^(\/passport\/data\/events\/telegram\/)[^/?#]+/, `$1${HIDDEN}`);
  // An encoded `?`, `#` or `&` in the path decodes into something that reads like a query: hide from the secret on.
  const inPath = SECRET_PAIR.exec(path);
  if (inPath) path = `${path.slice(0, inPath.index)}${inPath[1]}=${HIDDEN}`;
  if (query === undefined) return path;
  return `${path}?${query.split('&').map(redactPair).join('&')}`;
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

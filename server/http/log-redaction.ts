import type { FastifyRequest } from 'fastify';

/**
 * Secrets the path itself may carry after decoding (an encoded `?` or `&` in it): binding tokens, Telegram's signed
 * launch data. The query needs no such list: its values are hidden unless their name is allowed (below).
 */
const SECRET_NAMES = ['start', 'startapp', 'token', 'initdata', 'tgwebappdata', 'tgwebappstartparam', 'hash'];
const SECRET_PAIR = new RegExp(`(?<![a-z0-9_])(${SECRET_NAMES.join('|')})\\s*=`, 'i');
/**
 * Query names whose values are kept in the log: paging, sorting, places, ids of listings and Telegram's launch
 * version, nothing a person types or is known by. Every other value is hidden: a new parameter (a phone, an e-mail,
 * an `access_token`) is safe before anyone thinks of it.
 */
const HARMLESS_NAMES = new Set([
  'page',
  'size',
  'count',
  'sort',
  'showsold',
  'lang',
  'city',
  'cityid',
  'cityids',
  'id',
  'ids',
  'apartmentids',
  'type',
  'template',
  'priority',
  'category',
  'keys',
  'currency',
  'tgwebappversion',
  'tgwebappplatform',
  'utm_source',
  'utm_medium',
  'utm_campaign',
]);
/** What an allowed value may look like: a word, a number, a list of them; anything else is hidden all the same. */
const HARMLESS_VALUE = /^[\p{L}\p{N}_.,:\- ]{0,100}$/u;
/** A name shown with its value hidden; a name that is itself odd (it may carry data) is hidden too. */
const PLAIN_NAME = /^[A-Za-z][\w.[\]-]{0,40}$/;
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

/** One `name=value` pair of the query: kept only when its decoded name is allowed and its value looks harmless. */
function redactPair(pair: string): string {
  const decoded = fullyDecoded(pair.replace(/\+/g, ' '));
  const separator = decoded.indexOf('=');
  const name = (separator === -1 ? decoded : decoded.slice(0, separator)).trim();
  const value = separator === -1 ? '' : decoded.slice(separator + 1);
  if (separator !== -1 && HARMLESS_NAMES.has(name.toLowerCase()) && HARMLESS_VALUE.test(value)) return `${name}=${value}`;
  return PLAIN_NAME.test(name) ? `${name}=${HIDDEN}` : HIDDEN;
}

/**
 * Request URLs carry secrets: the binding stream's eventEmitterId in the path, and in the query binding tokens,
 * Telegram's launch data, tokens, phones. Logs keep the route shape and only the allowed query values. Names and path are
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

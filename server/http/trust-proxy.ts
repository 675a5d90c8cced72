import { isIP } from 'node:net';

/**
 * Which X-Forwarded-For entries to believe. `true` (the whole chain) is deliberately not offered:
 * a client could then write any address into the header and dodge per-IP limits.
 * - a number: that many proxies in front of us; the address is taken that many hops from the right;
 * - addresses: only hops from these proxies (IPs, CIDRs, or proxy-addr's names such as `loopback`).
 */
export type TrustProxy = false | number | string[];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

export function parseTrustProxy(raw: string | undefined): { ok: true; value: TrustProxy } | { ok: false; message: string } {
  const value = raw?.trim() ?? '';
  if (value === '' || value === '0' || value === 'false') return { ok: true, value: false };
  if (/^\d{1,2}$/.test(value)) return { ok: true, value: Number(value) };
  if (value === 'true') {
    return {
      ok: false,
      message: 'доверять всей цепочке X-Forwarded-For нельзя: укажите число прокси перед сервером (например 1) или их адреса через запятую',
    };
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length > 0)
    return { ok: false, message: `ожидается число прокси или их адреса (IP или CIDR через запятую); не понято: ${bad.join(', ')}` };
  return { ok: true, value: entries };
}

/** The addresses of trusted proxies, when they are named (a hop count names none). */
function trustedProxyAddresses(trust: TrustProxy): string[] {
  return Array.isArray(trust) ? trust : [];
}

/**
 * The per-address socket cap behind proxies. Named proxies are exempt. With a hop count the proxy's
 * address is unknown and every client arrives from it, so capping would let one client's 64 sockets
 * lock everybody out: the cap is then off, and the proxy (which sees real clients) must limit them.
 */
export function socketLimitsBehind<T extends { maxConnectionsPerIp: number }>(
  trust: TrustProxy,
  limits: T,
): T & { trustedProxyAddresses: string[] } {
  return {
    ...limits,
    maxConnectionsPerIp: typeof trust === 'number' ? 0 : limits.maxConnectionsPerIp,
    trustedProxyAddresses: trustedProxyAddresses(trust),
  };
}

/** Fastify's option: a hop count as the function Fastify itself would build (its types omit numbers). */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

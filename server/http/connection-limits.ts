import type { Server } from 'node:http';
import { BlockList, isIP, type Socket } from 'node:net';

/**
 * How long a client may take and how many sockets one address may hold. Node's request timeout covers
 * receiving the request only, so long responses (the sign-in SSE stream, 10 minutes with keep-alives
 * every 15 s) are not cut; the idle timeout must stay above that keep-alive interval.
 */
export interface ConnectionLimits {
  /** Open sockets per remote address; beyond it new ones are closed at once. 0 turns the cap off. */
  maxConnectionsPerIp: number;
  /** Receiving one whole request (headers and body), ms. Slow bodies get 408. */
  requestTimeoutMs: number;
  /** Receiving the headers, ms (at most requestTimeoutMs). */
  headersTimeoutMs: number;
  /** An idle keep-alive socket between requests, ms. */
  keepAliveTimeoutMs: number;
  /** A socket with no traffic either way, ms (above the SSE keep-alive interval). */
  idleTimeoutMs: number;
  /** How often Node checks the request and headers timeouts, ms (they fire up to this late). */
  checkIntervalMs: number;
  /** Reverse proxies (TRUST_PROXY's addresses: IPs, CIDRs, 'loopback' …): every client arrives from them, so they are not capped. */
  trustedProxyAddresses: string[];
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  maxConnectionsPerIp: 64,
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 60_000,
  checkIntervalMs: 1_000,
  trustedProxyAddresses: [],
};

export function resolveConnectionLimits(overrides: Partial<ConnectionLimits> = {}): ConnectionLimits {
  const limits = { ...DEFAULT_CONNECTION_LIMITS, ...overrides };
  return { ...limits, headersTimeoutMs: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) };
}

/** Fastify's server options for these limits (Fastify sets them on the http.Server it creates). */
export function fastifyTimeoutOptions(limits: ConnectionLimits) {
  return {
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
  };
}

/** '::ffff:127.0.0.1' and '127.0.0.1' are one client. */
export const normalizeAddress = (address: string | undefined) => (address ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

/** proxy-addr's names, as TRUST_PROXY accepts them (server/http/trust-proxy.ts). */
const NAMED_RANGES: Record<string, Array<[string, number]>> = {
  loopback: [
    ['127.0.0.0', 8],
    ['::1', 128],
  ],
  linklocal: [
    ['169.254.0.0', 16],
    ['fe80::', 10],
  ],
  uniquelocal: [
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['fc00::', 7],
  ],
};

/** Whether an address is one of the trusted proxies (exact IPs, CIDRs, named ranges). */
export function proxyMatcher(entries: string[]): (address: string) => boolean {
  const list = new BlockList();
  const add = (address: string, prefix: number | undefined) => {
    const family = isIP(address);
    if (family === 0) return;
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, prefix, type);
  };
  for (const entry of entries) {
    const named = NAMED_RANGES[entry];
    if (named) for (const [address, prefix] of named) add(address, prefix);
    else {
      const [address = '', prefix] = entry.split('/');
      add(normalizeAddress(address), prefix === undefined ? undefined : Number(prefix));
    }
  }
  return (address) => {
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
  };
}

/**
 * Counts sockets per remote address on the listener and destroys those beyond the cap before
 * the HTTP parser spends anything on them. Returns the live counts (for tests and logs).
 */
export function capConnectionsPerIp(
  server: Server,
  limits: Pick<ConnectionLimits, 'maxConnectionsPerIp' | 'trustedProxyAddresses'>,
  onRefused?: (address: string) => void,
): Map<string, number> {
  const open = new Map<string, number>();
  if (limits.maxConnectionsPerIp <= 0) return open;
  const isProxy = proxyMatcher(limits.trustedProxyAddresses);
  server.on('connection', (socket: Socket) => {
    const address = normalizeAddress(socket.remoteAddress);
    if (isProxy(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.maxConnectionsPerIp) {
      socket.destroy();
      onRefused?.(address);
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
  return open;
}

import { lookup as systemLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Agent, buildConnector } from 'undici';

/**
 * Addresses a download on behalf of a third party (a feed's photo URL) may never reach: our own machine and network,
 * the cloud's metadata service, and every IPv6 form that carries an IPv4 address inside it (mapped, compatible,
 * translated, NAT64, 6to4, Teredo), since the host behind those is whatever the embedded address is. Special-purpose
 * and documentation ranges (RFC 6890), multicast, broadcast and unspecified addresses are refused with them.
 */
const INTERNAL_V4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, the metadata service
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relays
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and the broadcast address
];
const INTERNAL_V6: ReadonlyArray<readonly [string, number]> = [
  ['::', 96], // unspecified, loopback and IPv4-compatible
  ['::ffff:0:0', 96], // IPv4-mapped
  ['::ffff:0:0:0', 96], // IPv4-translated
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments, Teredo among them
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed by some)
  ['ff00::', 8], // multicast
];

/** Two lists: a BlockList also matches IPv4 addresses against its IPv6 rules (as ::ffff:a.b.c.d), which ::/96 would catch. */
const INTERNAL = { ipv4: new BlockList(), ipv6: new BlockList() };
for (const [network, prefix] of INTERNAL_V4) INTERNAL.ipv4.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of INTERNAL_V6) INTERNAL.ipv6.addSubnet(network, prefix, 'ipv6');

/** True for every address in the ranges above, and for anything that is not an IP address at all. */
export function isInternalAddress(address: string): boolean {
  const plain = address.replace(/^\[|\]$/g, '');
  const family = isIP(plain);
  if (family === 0) return true;
  try {
    // A zone index (fe80::1%eth0) is link-local whatever the zone.
    const type = family === 4 ? 'ipv4' : 'ipv6';
    return INTERNAL[type].check(plain.replace(/%.*$/, ''), type);
  } catch {
    return true;
  }
}

/** The download was refused because the address it would reach is internal: final, never retried. */
export class InternalAddressError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(host === address ? `адрес ${address} во внутренней сети` : `адрес ${host} (${address}) во внутренней сети`);
    this.name = 'InternalAddressError';
  }
}

export interface PublicNetworkOptions {
  /** Name resolution; the system resolver by default (tests inject theirs). */
  lookup?: LookupFunction;
  /** Which addresses are internal; tests may let their own local server stand in for a public host. */
  isInternal?: (address: string) => boolean;
  /** Connect timeout, ms. */
  timeoutMs?: number;
}

/**
 * A resolver that answers only public addresses: every address a name resolves to is checked, and one internal
 * address refuses the name (an attacker's name may mix them). It is the lookup the socket connects with, so the
 * address checked is the address connected to: no second lookup can rebind the name in between.
 */
export function publicOnlyLookup(options: PublicNetworkOptions = {}): LookupFunction {
  const resolve = options.lookup ?? systemLookup;
  const isInternal = options.isInternal ?? isInternalAddress;
  return (hostname, lookupOptions, callback) => {
    resolve(hostname, { ...lookupOptions, all: true }, (error, found) => {
      if (error) return callback(error, '', 0);
      const addresses: LookupAddress[] = Array.isArray(found) ? found : [{ address: found, family: isIP(found) || 4 }];
      const internal = addresses.find((a) => isInternal(a.address)) ?? (addresses.length === 0 ? { address: '—' } : undefined);
      if (internal) return callback(new InternalAddressError(hostname, internal.address), '', 0);
      if (lookupOptions.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/**
 * An undici dispatcher that connects only to public addresses. A literal IP host never goes through a lookup, so it
 * is checked before connecting; a name is checked by the lookup the socket uses; and the socket's remote address is
 * checked once more after connecting, before a byte of the request is written.
 */
export function publicOnlyAgent(options: PublicNetworkOptions = {}): Agent {
  const isInternal = options.isInternal ?? isInternalAddress;
  const connect = buildConnector({ lookup: publicOnlyLookup(options), timeout: options.timeoutMs ?? 10_000 });
  return new Agent({
    connect: (target, callback) => {
      if (isIP(target.hostname) && isInternal(target.hostname))
        return callback(new InternalAddressError(target.hostname, target.hostname), null);
      connect(target, (error, socket) => {
        if (error) return callback(error, null);
        const remote = socket.remoteAddress ?? '';
        if (!remote || isInternal(remote)) {
          socket.destroy();
          return callback(new InternalAddressError(target.hostname, remote || '—'), null);
        }
        callback(null, socket);
      });
    },
  });
}

/** The InternalAddressError behind a failed fetch (fetch wraps a connect error as its `cause`), if that was why. */
export function internalAddressCause(error: unknown): InternalAddressError | null {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof InternalAddressError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

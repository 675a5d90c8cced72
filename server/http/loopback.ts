import { isIP } from 'node:net';

/** 127.0.0.0/8, ::1 and IPv4-mapped loopback: requests from this machine. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (plain === '::1') return true;
  return isIP(plain) === 4 && plain.startsWith('127.');
}

import { createHmac, timingSafeEqual } from 'node:crypto';

/** CloudPayments signs every notification: `Content-HMAC` = base64(HMAC-SHA256(raw body, API secret)). */
export const signBody = (body: Buffer | string, secret: string): string => createHmac('sha256', secret).update(body).digest('base64');

/**
 * Whether `header` is the signature of exactly these bytes. Compared in constant time over the decoded digests,
 * so the answer's timing tells nothing about how much of a forged signature was right.
 */
export function signatureMatches(body: Buffer, header: string | string[] | undefined, secret: string): boolean {
  if (typeof header !== 'string' || !/^[A-Za-z0-9+/]{43}=$/.test(header.trim())) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(header.trim(), 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

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

/** The body's text URL-decoded as CloudPayments decodes it ('+' is a space); null when it is not valid percent-encoding. */
function urlDecoded(body: Buffer): Buffer | null {
  try {
    return Buffer.from(decodeURIComponent(body.toString('utf8').replace(/\+/g, ' ')), 'utf8');
  } catch {
    return null;
  }
}

/**
 * Whether a notification is CloudPayments' own. It sends two signatures with the same secret: Content-HMAC over the
 * body as sent and X-Content-HMAC over its URL-decoded text (the same bytes for JSON); a site may get either alone,
 * so either verifies. Only the body as sent is ever read.
 */
export function notificationSigned(body: Buffer, headers: Record<string, string | string[] | undefined>, secret: string): boolean {
  if (signatureMatches(body, headers['content-hmac'], secret)) return true;
  const x = headers['x-content-hmac'];
  if (x === undefined) return false;
  if (signatureMatches(body, x, secret)) return true;
  const decoded = urlDecoded(body);
  return decoded !== null && signatureMatches(decoded, x, secret);
}

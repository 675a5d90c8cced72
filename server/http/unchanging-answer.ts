/**
 * Answers that stay the very same object while a cache holds them (a user's ranked TOP page, the reference lists) are
 * serialised and compressed once instead of on every call: under load, turning the TOP page into JSON and brotli was a
 * third of the server's CPU. Only objects handed to `unchanging()` qualify, and nothing may mutate them afterwards.
 */
type Encoding = 'br' | 'gzip';

const unchangingAnswers = new WeakSet<object>();
const envelopes = new WeakMap<object, Buffer>();
const encodedEnvelopes = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();

/** Marks a cached answer as never changing again, so its bytes may be kept with it. */
export function unchanging<T>(data: T): T {
  if (typeof data === 'object' && data !== null) unchangingAnswers.add(data);
  return data;
}

/** The `{result: 'ok', data}` envelope's bytes for an unchanging answer (made once), null for any other. */
export function unchangingEnvelope(data: unknown): Buffer | null {
  if (typeof data !== 'object' || data === null || !unchangingAnswers.has(data)) return null;
  let bytes = envelopes.get(data);
  if (!bytes) {
    bytes = Buffer.from(JSON.stringify({ result: 'ok', data }), 'utf8');
    envelopes.set(data, bytes);
    encodedEnvelopes.set(bytes, {});
  }
  return bytes;
}

/** `encode(body)`, kept beside the body when the body is an unchanging envelope. */
export function encodedOnce(body: Buffer, encoding: Encoding, encode: (body: Buffer) => Buffer): Buffer {
  const kept = encodedEnvelopes.get(body);
  if (!kept) return encode(body);
  return (kept[encoding] ??= encode(body));
}

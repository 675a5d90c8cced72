import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isUnchanging } from '../core/unchanging';
import { addVary } from './html-response';

/**
 * Answers that stay the very same object while a cache holds them (marked by `unchanging()`, server/core/unchanging.ts)
 * are serialised and compressed once instead of on every call: under load, turning the TOP page into JSON and brotli
 * was a third of the server's CPU. @fastify/compress keeps no encoded bodies, so this cache stays ours; it encodes on
 * zlib's thread pool too, and marks the answer encoded so the plugin passes it through.
 */
type Encoding = 'br' | 'gzip';

/** Below this an answer fits a packet either way: not worth the CPU (the plugin's threshold too). */
const MIN_BYTES = 1024;

const envelopes = new WeakMap<object, Buffer>();
const encodedEnvelopes = new WeakMap<Buffer, Partial<Record<Encoding, Promise<Buffer>>>>();

const encoders: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) => promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (body) => promisify(gzip)(body, { level: 6 }),
};

/** The `{result: 'ok', data}` envelope's bytes for an unchanging answer (made once), null for any other. */
export function unchangingEnvelope(data: unknown): Buffer | null {
  if (!isUnchanging(data)) return null;
  let bytes = envelopes.get(data);
  if (!bytes) {
    bytes = Buffer.from(JSON.stringify({ result: 'ok', data }), 'utf8');
    envelopes.set(data, bytes);
    encodedEnvelopes.set(bytes, {});
  }
  return bytes;
}

/** `body` in an encoding: made once per kept envelope and encoding (a failure is forgotten), every time for any other body. */
export function encodedOnce(body: Buffer, encoding: Encoding): Promise<Buffer> {
  const kept = encodedEnvelopes.get(body);
  if (!kept) return encoders[encoding](body);
  return (kept[encoding] ??= encoders[encoding](body).catch((error: unknown) => {
    delete kept[encoding];
    throw error;
  }));
}

/** The encoding to answer in, from Accept-Encoding (q=0 refuses one). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** Sends an unchanging envelope's bytes, compressed once when the client accepts it. */
export async function sendUnchanging(request: FastifyRequest, reply: FastifyReply, bytes: Buffer): Promise<FastifyReply> {
  reply.type('application/json; charset=utf-8');
  if (bytes.length < MIN_BYTES) return reply.send(bytes);
  addVary(reply, 'accept-encoding');
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(bytes);
  return reply.header('Content-Encoding', encoding).send(await encodedOnce(bytes, encoding));
}

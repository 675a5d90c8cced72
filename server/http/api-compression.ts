import type { FastifyInstance } from 'fastify';
import { constants, brotliCompressSync, gzipSync } from 'node:zlib';
import { addVary, pickEncoding } from './html-response';
import { encodedOnce } from './unchanging-answer';

/** Text answers: JSON, the drawn SVG pictures of complexes and layouts, sitemaps. Never event streams. */
const COMPRESSIBLE = /^(application\/(json|xml)|image\/svg\+xml|text\/(plain|xml))\b/;
/** Smaller answers are not worth the CPU: a packet holds them either way. */
const MIN_BYTES = 1024;

/**
 * Text answers above a kilobyte go compressed to clients that accept it (brotli at a fast quality, else gzip): the
 * TOP list is ~60 kB of JSON and ~8 kB compressed. Streams (server-sent events), files and anything already encoded
 * pass untouched.
 */
export function installApiCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.getHeader('content-encoding')) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!COMPRESSIBLE.test(type)) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : null;
    if (!body || body.length < MIN_BYTES) return payload;
    addVary(reply, 'Accept-Encoding');
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return encodedOnce(body, encoding, (raw) =>
      encoding === 'br' ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } }) : gzipSync(raw, { level: 5 }),
    );
  });
}

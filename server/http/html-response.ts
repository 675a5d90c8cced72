import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Dynamic documents: brotli at a middle quality (best ratio per millisecond), gzip as its fallback. */
const BROTLI_QUALITY = 5;

/** The encoding to answer in, from Accept-Encoding (q=0 refuses one). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
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

export function compressBody(body: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : gzipSync(body, { level: 6 });
}

/** Adds a token to Vary without losing what is there. */
export function addVary(reply: FastifyReply, token: string): void {
  const current = reply.getHeader('vary');
  const list = typeof current === 'string' ? current.split(',').map((v) => v.trim()) : [];
  if (!list.some((v) => v.toLowerCase() === token.toLowerCase())) reply.header('vary', [...list.filter(Boolean), token].join(', '));
}

/**
 * An HTML document: revalidated on every visit (`no-cache`) with an ETag, so an unchanged page is a 304 without a
 * body; compressed for clients that accept it.
 */
export function sendHtml(request: FastifyRequest, reply: FastifyReply, status: number, html: string): FastifyReply {
  const body = Buffer.from(html, 'utf8');
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  addVary(reply, 'Accept-Encoding');
  reply.code(status).header('Cache-Control', 'no-cache').header('ETag', etag).type('text/html; charset=utf-8');
  if (status === 200 && request.headers['if-none-match'] === etag) return reply.code(304).send();
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (!encoding || body.length < 1024) return reply.send(body);
  return reply.header('Content-Encoding', encoding).send(compressBody(body, encoding));
}

import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Adds a token to Vary without losing what is there. */
export function addVary(reply: FastifyReply, token: string): void {
  const current = reply.getHeader('vary');
  const list = typeof current === 'string' ? current.split(',').map((v) => v.trim()) : [];
  if (!list.some((v) => v.toLowerCase() === token.toLowerCase())) reply.header('vary', [...list.filter(Boolean), token].join(', '));
}

/**
 * An HTML document: revalidated on every visit (`no-cache`) with an ETag, so an unchanged page is a 304 without a
 * body; compressed for clients that accept it by @fastify/compress (compression.ts) on its way out.
 */
export function sendHtml(request: FastifyRequest, reply: FastifyReply, status: number, html: string): FastifyReply {
  const body = Buffer.from(html, 'utf8');
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  addVary(reply, 'accept-encoding');
  reply.code(status).header('Cache-Control', 'no-cache').header('ETag', etag).type('text/html; charset=utf-8');
  if (status === 200 && request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.send(body);
}

import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Text answers: pages, JSON, the drawn SVG pictures of complexes and layouts, sitemaps, scripts. Never event streams. */
export const COMPRESSIBLE = /^(?:text\/(?!event-stream)|application\/(?:json|xml|javascript)|image\/svg\+xml)\b/;

/**
 * Answers above a kilobyte go compressed to clients that accept it (brotli at the library's quality 4, else gzip), by
 * @fastify/compress on zlib's streams, so the work runs on libuv's thread pool and never on the thread that answers
 * requests (`syncThreshold: 0` turns off its inline path for small bodies). Hashed assets come precompressed from the
 * build and a cached answer's bytes come encoded once (unchanging-answer.ts): both already carry Content-Encoding and
 * pass untouched. Must be registered before the routes: it attaches itself to each route as it is added.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    syncThreshold: 0,
    customTypes: COMPRESSIBLE,
    // Request bodies are read as sent, as before: our clients never compress them.
    globalDecompression: false,
  });
}

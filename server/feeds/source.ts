import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { FeedFormatError } from './yrl/reader';

/** A feed may be big, not endless. */
export const MAX_FEED_BYTES = 4 * 1024 ** 3;
const FEED_TIMEOUT_MS = 30 * 60_000;

export interface FeedStream {
  chunks: AsyncIterable<Uint8Array>;
  /** Bytes expected (file size or Content-Length), when known: the progress bar's 100 %. */
  totalBytes: number | null;
}

export const isUrl = (location: string): boolean => /^https?:\/\//i.test(location);

/** A feed's default name: the URL's host and path, or the file's name, without the extension. */
export function sourceNameOf(location: string): string {
  const raw = isUrl(location) ? new URL(location).host + new URL(location).pathname : basename(location);
  return (
    raw
      .replace(/\.(xml|yrl)$/i, '')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 100) || 'feed'
  );
}

/** Counts bytes as they pass and refuses more than the limit. */
async function* limited(chunks: AsyncIterable<Uint8Array>, limit: number): AsyncIterable<Uint8Array> {
  let total = 0;
  for await (const chunk of chunks) {
    total += chunk.byteLength;
    if (total > limit) throw new FeedFormatError(`фид больше ${Math.round(limit / 1024 ** 2)} МБ`);
    yield chunk;
  }
}

/** Opens a file or an http(s) URL as a stream of bytes (fetch decompresses gzip and brotli itself). */
export async function openFeed(location: string, fetchImpl: typeof fetch = fetch): Promise<FeedStream> {
  if (!isUrl(location)) {
    const size = (await stat(location)).size;
    return { chunks: limited(createReadStream(location, { highWaterMark: 64 * 1024 }), MAX_FEED_BYTES), totalBytes: size };
  }
  const response = await fetchImpl(location, {
    signal: AbortSignal.timeout(FEED_TIMEOUT_MS),
    headers: { accept: 'application/xml, text/xml, */*' },
  });
  if (!response.ok || !response.body) throw new Error(`фид не скачался: HTTP ${response.status}`);
  const length = Number(response.headers.get('content-length'));
  const encoded = response.headers.get('content-encoding');
  return {
    chunks: limited(response.body as unknown as AsyncIterable<Uint8Array>, MAX_FEED_BYTES),
    totalBytes: Number.isFinite(length) && length > 0 && !encoded ? length : null,
  };
}

import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { fetch as undiciFetch, type Dispatcher } from 'undici';
import {
  InternalAddressError,
  internalAddressCause,
  isInternalAddress,
  publicOnlyAgent,
  type PublicNetworkOptions,
} from './public-network';
import type { Queryable } from '../core/database';
import { apartments } from '../catalog/schema';
import { feedImages } from './schema';

/** What a feed photo becomes: 1x/2x/3x WebP for the pages, and a JPEG the bot can send as a photo. */
export const PHOTO_FILES = { '1.webp': 480, '2.webp': 960, '3.webp': 1440, 'bot.jpg': 1280 } as const;
export type PhotoFile = keyof typeof PHOTO_FILES;

const MAX_BYTES = 15 * 1024 * 1024;
const TIMEOUT_MS = 15_000;
const MAX_PIXELS = 40_000_000;
const MAX_REDIRECTS = 3;
const MAX_ATTEMPTS = 3;
const CONCURRENCY = 4;

export interface PhotoDownloadOptions {
  /** Where photos live: <mediaDir>/photos/<content hash>/<file>. */
  mediaDir: string;
  fetch?: typeof fetch;
  /**
   * Feeds are third-party input: their image URLs may not reach our network. Only a developer's machine and the
   * tests' own photo server may turn that off (main.ts and the importer never do in production).
   */
  allowPrivateHosts?: boolean;
  /** Name resolution and the address rule of the public-only dispatcher (tests inject theirs). */
  network?: PublicNetworkOptions;
  limit?: number;
}

export interface PhotoDownloadResult {
  ok: number;
  failed: number;
  /** Cities whose listings got photos: memory and the other instances reload them. */
  cityIds: number[];
}

export const photoDir = (mediaDir: string, key: string): string => join(mediaDir, 'photos', key);

class PhotoRefused extends Error {}

/** The literal IP of a URL's host, if it is one (`[::ffff:7f00:1]` → `::ffff:7f00:1`). */
const literalAddress = (url: URL): string | null => {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) ? host : null;
};

export interface PhotoDownloader {
  options: PhotoDownloadOptions;
  /** Connects only to public addresses; null on a developer's machine (allowPrivateHosts). */
  dispatcher: Dispatcher | null;
  isInternal: (address: string) => boolean;
  close: () => Promise<void>;
}

/** One dispatcher for a run of downloads: its connections are reused between photos of one host. */
export function photoDownloader(options: PhotoDownloadOptions): PhotoDownloader {
  const dispatcher = options.allowPrivateHosts ? null : publicOnlyAgent(options.network);
  return {
    options,
    dispatcher,
    isInternal: options.network?.isInternal ?? isInternalAddress,
    close: async () => dispatcher?.close(),
  };
}

/**
 * Every hop is fetched with redirects handled here (at most three), each one through the dispatcher that refuses
 * internal addresses at connect time; a literal internal address is refused before anything is sent.
 */
export async function downloadPhoto(url: string, { options, dispatcher, isInternal }: PhotoDownloader): Promise<Buffer> {
  const fetchImpl = options.fetch ?? (undiciFetch as unknown as typeof fetch);
  let current = new URL(url);
  for (let hop = 0; ; hop++) {
    if (current.protocol !== 'https:' && current.protocol !== 'http:') throw new PhotoRefused('не http(s)');
    const literal = literalAddress(current);
    if (dispatcher && literal && isInternal(literal)) throw new PhotoRefused(new InternalAddressError(literal, literal).message);
    const init = { redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS), ...(dispatcher ? { dispatcher } : {}) } as RequestInit;
    const response = await fetchImpl(current, init).catch((error: unknown) => {
      const internal = internalAddressCause(error);
      throw internal ? new PhotoRefused(internal.message) : error;
    });
    if (response.status >= 300 && response.status < 400 && response.headers.get('location')) {
      await response.body?.cancel().catch(() => undefined);
      if (hop >= MAX_REDIRECTS) throw new PhotoRefused('слишком много перенаправлений');
      current = new URL(response.headers.get('location')!, current);
      continue;
    }
    if (!response.ok || !response.body) throw new PhotoRefused(`HTTP ${response.status}`);
    const type = response.headers.get('content-type') ?? '';
    if (!type.startsWith('image/')) throw new PhotoRefused(`не картинка (${type || 'без типа'})`);
    if (Number(response.headers.get('content-length')) > MAX_BYTES) throw new PhotoRefused('больше 15 МБ');
    const parts: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > MAX_BYTES) throw new PhotoRefused('больше 15 МБ');
      parts.push(Buffer.from(chunk));
    }
    return Buffer.concat(parts);
  }
}

/** Resizes once per content: the same photo in two offers (or two feeds) is stored once. */
async function store(bytes: Buffer, mediaDir: string): Promise<string> {
  const key = createHash('sha256').update(bytes).digest('hex');
  const dir = photoDir(mediaDir, key);
  if (
    await stat(join(dir, 'bot.jpg')).then(
      () => true,
      () => false,
    )
  )
    return key;
  const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate();
  await image.metadata().catch(() => {
    throw new PhotoRefused('картинка не читается');
  });
  // Unique per call: the same picture under two addresses is stored by two concurrent downloads of one process.
  const temporary = `${dir}.${randomUUID()}.tmp`;
  await mkdir(temporary, { recursive: true });
  try {
    for (const [file, width] of Object.entries(PHOTO_FILES)) {
      const resized = image.clone().resize({ width, withoutEnlargement: true });
      const output = file.endsWith('.jpg') ? resized.jpeg({ quality: 82, mozjpeg: true }) : resized.webp({ quality: 78 });
      await writeFile(join(temporary, file), await output.toBuffer());
    }
    await mkdir(join(mediaDir, 'photos'), { recursive: true });
    await rename(temporary, dir).catch(async (error: NodeJS.ErrnoException) => {
      // Another worker stored the same photo meanwhile: theirs is as good as ours.
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    });
  } finally {
    await rm(temporary, { recursive: true, force: true });
  }
  return key;
}

/**
 * Downloads the photos imports queued: each is fetched with limits on size, type, time and redirects, resized and
 * stored by its content hash. A photo that fails never holds its offer back: the offer shows our drawing meanwhile,
 * and a network failure is retried on the next run, up to three tries.
 */
export async function downloadPendingPhotos(db: Queryable, options: PhotoDownloadOptions): Promise<PhotoDownloadResult> {
  const rows = await db.orm
    .select({
      apartmentId: feedImages.apartmentId,
      position: feedImages.position,
      url: feedImages.url,
      attempts: feedImages.attempts,
      cityId: apartments.cityId,
    })
    .from(feedImages)
    .innerJoin(apartments, eq(apartments.id, feedImages.apartmentId))
    .where(eq(feedImages.status, 'pending'))
    .orderBy(asc(feedImages.apartmentId), asc(feedImages.position))
    .limit(options.limit ?? 500);
  const image = (row: (typeof rows)[number]) => and(eq(feedImages.apartmentId, row.apartmentId), eq(feedImages.position, row.position));
  const result: PhotoDownloadResult = { ok: 0, failed: 0, cityIds: [] };
  const downloader = photoDownloader(options);
  const cities = new Set<number>();
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const row = rows[next++]!;
      try {
        const key = await store(await downloadPhoto(row.url, downloader), options.mediaDir);
        await db.orm
          .update(feedImages)
          .set({ status: 'ok', contentKey: key, error: null, attempts: sql`${feedImages.attempts} + 1` })
          .where(image(row));
        result.ok++;
        cities.add(row.cityId);
      } catch (error) {
        const final = error instanceof PhotoRefused || row.attempts + 1 >= MAX_ATTEMPTS;
        const message = (error instanceof Error ? error.message : String(error)).slice(0, 300);
        await db.orm
          .update(feedImages)
          .set({ status: final ? 'failed' : 'pending', error: message, attempts: sql`${feedImages.attempts} + 1` })
          .where(image(row));
        if (final) result.failed++;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  } finally {
    await downloader.close();
  }
  result.cityIds = [...cities];
  return result;
}

import { createHash } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Queryable } from '../catalog/store';

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
  /** Feeds are third-party input: their image URLs may not point into our network, except on a developer's machine. */
  allowPrivateHosts?: boolean;
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

/** Loopback, private, link-local, CGNAT and unspecified addresses (IPv4 and IPv6). */
export function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 6) {
    const a = address.toLowerCase();
    if (a.startsWith('::ffff:')) return isPrivateAddress(a.slice(7));
    return a === '::1' || a === '::' || a.startsWith('fc') || a.startsWith('fd') || a.startsWith('fe80');
  }
  const [p, q] = address.split('.').map(Number) as [number, number];
  return (
    p === 10 ||
    p === 127 ||
    p === 0 ||
    (p === 172 && q >= 16 && q <= 31) ||
    (p === 192 && q === 168) ||
    (p === 169 && q === 254) ||
    (p === 100 && q >= 64 && q <= 127)
  );
}

async function assertPublic(url: URL): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  if (addresses.some(isPrivateAddress)) throw new PhotoRefused(`адрес ${host} во внутренней сети`);
}

async function download(url: string, options: PhotoDownloadOptions): Promise<Buffer> {
  const fetchImpl = options.fetch ?? fetch;
  let current = new URL(url);
  for (let hop = 0; ; hop++) {
    if (current.protocol !== 'https:' && current.protocol !== 'http:') throw new PhotoRefused('не http(s)');
    if (!options.allowPrivateHosts) await assertPublic(current);
    const response = await fetchImpl(current, { redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (response.status >= 300 && response.status < 400 && response.headers.get('location')) {
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
  const temporary = `${dir}.${process.pid}.${Date.now()}.tmp`;
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

interface PendingImage {
  apartment_id: number;
  position: number;
  url: string;
  attempts: number;
  city_id: number;
}

/**
 * Downloads the photos imports queued: each is fetched with limits on size, type, time and redirects, resized and
 * stored by its content hash. A photo that fails never holds its offer back: the offer shows our drawing meanwhile,
 * and a network failure is retried on the next run, up to three tries.
 */
export async function downloadPendingPhotos(db: Queryable, options: PhotoDownloadOptions): Promise<PhotoDownloadResult> {
  const { rows } = await db.query<PendingImage>(
    `SELECT i.apartment_id, i.position, i.url, i.attempts, a.city_id FROM feed_images i JOIN apartments a ON a.id = i.apartment_id
     WHERE i.status = 'pending' ORDER BY i.apartment_id, i.position LIMIT $1`,
    [options.limit ?? 500],
  );
  const result: PhotoDownloadResult = { ok: 0, failed: 0, cityIds: [] };
  const cities = new Set<number>();
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const row = rows[next++]!;
      try {
        const key = await store(await download(row.url, options), options.mediaDir);
        await db.query(
          `UPDATE feed_images SET status = 'ok', content_key = $3, error = NULL, attempts = attempts + 1 WHERE apartment_id = $1 AND position = $2`,
          [row.apartment_id, row.position, key],
        );
        result.ok++;
        cities.add(row.city_id);
      } catch (error) {
        const final = error instanceof PhotoRefused || row.attempts + 1 >= MAX_ATTEMPTS;
        const message = (error instanceof Error ? error.message : String(error)).slice(0, 300);
        await db.query(
          'UPDATE feed_images SET status = $3, error = $4, attempts = attempts + 1 WHERE apartment_id = $1 AND position = $2',
          [row.apartment_id, row.position, final ? 'failed' : 'pending', message],
        );
        if (final) result.failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  result.cityIds = [...cities];
  return result;
}

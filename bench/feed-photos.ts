/**
 * A feeds catalogue whose photos are what agencies send (#47): camera-sized JPEGs (1600×1200, 200–400 kB), made once
 * here and served from this machine, named by a small YRL feed of St Petersburg offers, five photos each. A server of
 * its own imports the feed and downloads the photos (a development server may fetch from 127.0.0.1, server/main.ts);
 * `startFeedPhotoServer` answers once every offer shows its five photos, with one offer's apartment page.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { startLocalServer } from '../scripts/local-server';
import { FEED_CITIES, FEED_HEAD, FEED_TAIL, offerXml } from './feed-import';

const WIDTH = 1600;
const HEIGHT = 1200;
const PHOTOS = 12;
const OFFERS = 12;
const PHOTOS_PER_OFFER = 5;
const SPB = FEED_CITIES[0]!;

/**
 * Gradients under noise at three scales (a pixel, 4 px and 16 px): a camera's JPEG holds detail at every scale, so its
 * 2x/3x WebP are tens of kB as a real photo's are; a flat colour, or per-pixel noise alone, would resize to a few kB
 * and measure nothing. Seeded, so each run serves the same bytes; the size is checked, not assumed.
 */
async function cameraJpeg(n: number): Promise<Buffer> {
  let seed = 7 + n;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) >>> 0) / 2 ** 32 - 0.5;
  const blocks = (size: number) => Array.from({ length: (WIDTH / size) * (HEIGHT / size) }, random);
  const [by4, by16] = [blocks(4), blocks(16)];
  const fine = 9 + (n % 4);
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 3;
      const noise = random() * fine + by4[(y >> 2) * (WIDTH / 4) + (x >> 2)]! * 18 + by16[(y >> 4) * (WIDTH / 16) + (x >> 4)]! * 16;
      // Channels stay within 45–215 before the noise (±23 at most): no wrap-around in the byte buffer.
      pixels[i] = 45 + (((x / WIDTH) * 170 + n * 17) % 170) + noise;
      pixels[i + 1] = 195 - (y / HEIGHT) * 140 + noise;
      pixels[i + 2] = 110 + 60 * Math.sin(x / (60 + n * 5) + y / 70) + noise;
    }
  const jpeg = await sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
  if (jpeg.length < 200_000 || jpeg.length > 400_000) throw new Error(`photo ${n}: ${jpeg.length} bytes, not 200–400 kB`);
  return jpeg;
}

/** The agencies' photo host: /<n>.jpg from memory, on a free port of this machine. */
async function startPhotoHost(photos: Buffer[]): Promise<{ base: string; stop: () => Promise<void> }> {
  const host = createServer((req, res) => {
    const photo = photos[Number(/^\/(\d+)\.jpg$/.exec(req.url ?? '')?.[1] ?? -1)];
    if (!photo) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': photo.length }).end(photo);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  const { port } = host.address() as { port: number };
  return { base: `http://127.0.0.1:${port}`, stop: () => new Promise((resolve) => host.close(() => resolve())) };
}

const post = async <T>(url: string, body: unknown): Promise<T> => {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return ((await res.json()) as { data: T }).data;
};

/** Every imported offer, once the import is done: the TOP of St Petersburg lists them all. */
async function importedIds(base: string): Promise<number[]> {
  const top = await post<{ items: { id: number }[] }>(`${base}/api/selection/swipe/variant/guest-list`, {
    cityIds: [78],
    count: 30,
    page: 0,
  });
  return top.items.map((item) => item.id);
}

/** An offer's page shows its downloaded photos (/api/media/photo/…) once the photo job is done and memory reloaded. */
async function photosShown(base: string, id: number): Promise<number> {
  const detail = await post<{ images: { x1: string }[] }>(`${base}/api/apartment`, { id, cityIds: [78] });
  return detail.images.filter((image) => image.x1.startsWith('/api/media/photo/')).length;
}

/** Polls `check` every half second until it holds (the import and the photo job run in the server's queue). */
async function until(what: string, check: () => Promise<boolean>, seconds = 300): Promise<void> {
  for (const deadline = Date.now() + seconds * 1000; !(await check().catch(() => false));) {
    if (Date.now() > deadline) throw new Error(`feed photos: ${what} not within ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export async function startFeedPhotoServer(
  env: Record<string, string>,
): Promise<{ apartUrl: string; photoBytes: number[]; stop: () => Promise<void> }> {
  const photos = await Promise.all(Array.from({ length: PHOTOS }, (_, n) => cameraJpeg(n)));
  const photoHost = await startPhotoHost(photos);
  const dir = mkdtempSync(join(tmpdir(), 'kvarta-feed-photos-'));
  const feed = join(dir, 'feed.xml');
  const offers = Array.from({ length: OFFERS }, (_, i) =>
    // Each offer its own five of the twelve, as an agency's listings rarely share photos.
    offerXml(
      i,
      SPB,
      Array.from({ length: PHOTOS_PER_OFFER }, (_, k) => `${photoHost.base}/${(i + k * 5) % PHOTOS}.jpg`),
    ),
  );
  writeFileSync(feed, FEED_HEAD + offers.join('') + FEED_TAIL);
  const stopAll = async (server?: { stop: () => Promise<void> }) => {
    await server?.stop();
    await photoHost.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  const server = await startLocalServer({ ...env, CATALOGUE: 'feeds', FEED_URLS: feed, NODE_ENV: 'development' }).catch(
    async (error: unknown) => {
      await stopAll();
      throw error;
    },
  );
  try {
    let ids: number[] = [];
    await until('the import', async () => (ids = await importedIds(server.base)).length === OFFERS);
    await until('the photos', async () =>
      (await Promise.all(ids.map((id) => photosShown(server.base, id)))).every((n) => n === PHOTOS_PER_OFFER),
    );
    return {
      apartUrl: `${server.base}/spb/apart/${ids[0]}`,
      photoBytes: photos.map((p) => p.length),
      stop: () => stopAll(server),
    };
  } catch (error) {
    await stopAll(server);
    throw error;
  }
}

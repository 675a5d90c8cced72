import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, freshDatabase, startInstance, stopInstance, waitReady, type Instance } from './instances';

/**
 * compose.yaml's topology without Docker: two ROLE=web instances and a ROLE=worker, each with a DATA_DIR of its own
 * (a container's own disk) and one MEDIA_DIR between them (the named volume). The worker imports a feed whose
 * photo lives on a local fake of the agency's photo host; both web instances must then serve that photo.
 */
const BASE_PORT = 18_900 + Math.floor(Math.random() * 500);
const SAMPLE = join(import.meta.dirname, '../fixtures/feeds/sample.xml');

/** The sample feed's first offer, its photos moved to the local photo host. */
function oneOfferFeed(photoHost: string): string {
  const xml = readFileSync(SAMPLE, 'utf8');
  const offer = /<offer internal-id="78-0">[\s\S]*?<\/offer>/.exec(xml)![0].replaceAll('https://photos.agency.example.ru', photoHost);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<realty-feed xmlns="http://webmaster.yandex.ru/schemas/feed/realty/2010-06">\n<generation-date>2026-11-20T10:00:00+03:00</generation-date>\n${offer}\n</realty-feed>\n`;
}

describe('the compose topology: web and worker share one media store', () => {
  let database: { url: string; drop: () => Promise<void> };
  let db: pg.Pool;
  let photoHost: Server;
  let instances: Instance[] = [];
  const sharedMedia = mkdtempSync(join(tmpdir(), 'kvarta-shared-media-'));
  const ownDataDirs = ['web1', 'web2', 'worker'].map((name) => mkdtempSync(join(tmpdir(), `kvarta-${name}-data-`)));

  beforeAll(async () => {
    const jpeg = (blue: number) =>
      sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 40, g: 120, b: blue } } })
        .jpeg()
        .toBuffer();
    const first = await jpeg(200);
    // The offer's other two photos are one picture under two addresses: stored once, by concurrent downloads.
    const other = await jpeg(90);
    photoHost = createServer((request, response) => {
      const photo = request.url === '/78-0/1.jpg' ? first : other;
      response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': photo.length }).end(photo);
    });
    await new Promise<void>((resolve) => photoHost.listen(0, '127.0.0.1', resolve));
    const feed = join(mkdtempSync(join(tmpdir(), 'kvarta-feed-')), 'feed.xml');
    writeFileSync(feed, oneOfferFeed(`http://127.0.0.1:${(photoHost.address() as AddressInfo).port}`));

    database = await freshDatabase();
    db = new pg.Pool({ connectionString: database.url, max: 2 });
    const env = (dataDir: string) => ({
      DATABASE_URL: database.url,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      CATALOGUE: 'feeds',
      FEED_URLS: feed,
      DATA_DIR: dataDir,
      MEDIA_DIR: sharedMedia,
      SHUTDOWN_TIMEOUT_MS: '3000',
    });
    instances = [
      startInstance('web', BASE_PORT, env(ownDataDirs[0]!)),
      startInstance('web', BASE_PORT + 1, env(ownDataDirs[1]!)),
      startInstance('worker', BASE_PORT + 2, env(ownDataDirs[2]!)),
    ];
    await Promise.all(instances.map((i) => waitReady(i)));
  }, 180_000);

  afterAll(async () => {
    await Promise.all(instances.map((i) => stopInstance(i)));
    await db?.end();
    await database?.drop();
    await new Promise((resolve) => photoHost?.close(resolve));
  }, 60_000);

  it('a photo the worker downloaded is served by both web instances, from the shared folder only', async () => {
    const keys = await eventually(
      async () => {
        const { rows } = await db.query<{ status: string; content_key: string | null }>('select status, content_key from feed_images');
        if (rows.length === 0 || rows.some((r) => r.status === 'pending')) return undefined;
        return rows.map((r) => r.content_key);
      },
      60_000,
      100,
    ).catch(async (error: unknown) => {
      const { rows } = await db.query('select status, error from feed_images');
      throw new Error(`${String(error)}: ${JSON.stringify(rows)}\n${instances[2]!.output.join('')}`);
    });
    expect(keys.every((key) => key !== null && /^[a-f0-9]{64}$/.test(key))).toBe(true);
    const key = keys[0]!;
    const served = await Promise.all(
      instances.slice(0, 2).map(async (web) => {
        const response = await fetch(`${web.url}/api/media/photo/${key}/1.webp`);
        return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
      }),
    );
    for (const photo of served) {
      expect(photo.status).toBe(200);
      expect(photo.type).toBe('image/webp');
    }
    expect(served[0]!.bytes.equals(served[1]!.bytes)).toBe(true);
    expect(served[0]!.bytes.equals(readFileSync(join(sharedMedia, 'photos', key, '1.webp')))).toBe(true);
    // Nothing went to an instance's own disk, which a recreated container would lose.
    for (const dataDir of ownDataDirs) expect(readdirSync(dataDir)).not.toContain('media');
  });
});

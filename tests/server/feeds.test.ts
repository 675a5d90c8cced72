import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { importFeed } from '../../server/feeds';
import { downloadPendingPhotos } from '../../server/feeds/images';
import { isInternalAddress } from '../../server/feeds/public-network';
import type { InProcessQueue } from '../../server/infra/in-process-queue';
import { FEED_JOBS } from '../../server/jobs';
import { runMatcher } from '../../server/lira/matcher';
import { apartmentCardSvg } from '../../server/seo/preview-image';
import { followCatalogueChange } from '../../server/catalog/jobs';
import { DATABASES, as, runningUser, useTestServer } from './helpers';

const SAMPLE = join(import.meta.dirname, '../fixtures/feeds/sample.xml');
const ADMIN_TOKEN = 'admin-token-for-the-feed-tests-0123456789';
const sampleXml = readFileSync(SAMPLE, 'utf8');

/** The agencies' photo host, faked with real JPEGs: one photo is missing (404), one is a web page, not a picture. */
const photoHost: typeof fetch = async (input) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.pathname === '/78-1/2.jpg') return new Response('нет такой', { status: 404 });
  if (url.pathname === '/77-0/1.jpg') return new Response('<html></html>', { headers: { 'content-type': 'text/html' } });
  const shade = [...url.pathname].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) % 200, 17);
  const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: shade, g: 120, b: 200 - shade } } })
    .jpeg()
    .toBuffer();
  return new Response(new Uint8Array(jpeg), { headers: { 'content-type': 'image/jpeg', 'content-length': String(jpeg.length) } });
};

function writeFeed(dir: string, name: string, xml: string): string {
  const path = join(dir, name);
  writeFileSync(path, xml);
  return path;
}

describe.each(DATABASES)('feed import (YRL) on %s', (kind) => {
  const mediaDir = mkdtempSync(join(tmpdir(), 'kvarta-feed-media-'));
  const server = useTestServer(kind, {
    demoCatalogue: false,
    app: {
      mediaDir,
      adminToken: ADMIN_TOKEN,
      jobs: { feeds: { locations: [SAMPLE], everySeconds: 0, allowPrivateHosts: true, fetch: photoHost } },
    },
  });
  const queue = () => server.app.queue as InProcessQueue;
  const apartmentsCount = async () =>
    Number((await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM apartments')).rows[0]!.n);
  const idOf = async (internalId: string) =>
    (await server.db.query<{ apartment_id: number }>('SELECT apartment_id FROM feed_offers WHERE internal_id = $1', [internalId])).rows[0]!
      .apartment_id;
  const reimport = async (location: string) => {
    const result = await importFeed(server.db, { source: 'sample', location });
    await followCatalogueChange(server.app, server.app.queue, result.changes);
    return result.report;
  };

  it('CATALOGUE=feeds starts empty; the sync job imports the sample with the exact counts, the operator reads the report', async () => {
    expect(server.memory().apartments.size).toBe(0);
    await queue().work();
    await queue().send(FEED_JOBS.sync, {});
    await queue().idle();
    const unauthorised = await server.request('adminFeeds');
    expect(unauthorised.status).toBe(401);
    expect((await server.request('adminFeeds', { headers: as('wrong-token-of-the-same-length-000000000') })).status).toBe(403);
    const res = await server.request('adminFeeds', { headers: as(ADMIN_TOKEN) });
    expect(res.status).toBe(200);
    const [report] = res.body.data;
    expect(report).toMatchObject({ source: 'sample', status: 'done', full: true, error: null });
    expect(report!.counts).toEqual({ read: 62, created: 51, updated: 0, unchanged: 0, sold: 0, skipped: 4, rejected: 7, priceChanges: 0 });
    expect(report!.skipped).toEqual({
      'category: не квартира': 1,
      'type: не продажа': 1,
      'city: не наш город': 1,
      'property-type: не жилая': 1,
    });
    expect(report!.rejected.map((r) => `${r.internalId} ${r.element}: ${r.reason}`).sort()).toEqual([
      '78-1 internal-id: повторяется в фиде: взято первое',
      'bad-area area: не число',
      'bad-floor floor: не число',
      'bad-price price: не число',
      'no-deadline built-year: у новостройки нет срока сдачи',
      'nowhere location: нет координат и район не известен',
      'usd price: валюта USD не поддерживается',
    ]);
    expect(server.memory().apartments.size).toBe(51);
    // The operator's metrics count the same import.
    const metrics = await server.app.metrics.registry.getSingleMetricAsString('kvarta_feed_offers_total');
    expect(metrics).toContain('kvarta_feed_offers_total{outcome="read"} 62');
    expect(metrics).toContain('kvarta_feed_offers_total{outcome="rejected"} 7');
    const imports = await server.app.metrics.registry.getSingleMetricAsString('kvarta_feed_import_duration_seconds');
    expect(imports).toContain('kvarta_feed_import_duration_seconds_count{outcome="ok"} 1');
  });

  it('maps cities, districts, metro, new/resale, studios, 4+ rooms and deadlines onto our terms', async () => {
    const memory = server.memory();
    const byCity = [78, 77, 161, 541, 661].map((city) => memory.apartmentsOf(city).length);
    expect(byCity).toEqual([11, 10, 10, 10, 10]);
    const murino = memory.apartments.get(await idOf('78-murino'))!;
    expect(memory.areas.get(murino.areaId)!.name).toBe('Всеволожский район (Мурино)');
    const studio = memory.apartments.get(await idOf('78-3'))!;
    expect(studio.roomsCnt).toBe(0);
    const fiveRooms = memory.apartments.get(await idOf('77-4'))!;
    expect(fiveRooms).toMatchObject({ roomsCnt: 4, realtyType: 'NEW', deadline: 20271, stageIsPut: false });
    const resale = memory.apartments.get(await idOf('78-1'))!;
    expect(resale).toMatchObject({ realtyType: 'RESALE', renovation: 'FULLY_RENOVATED', deadline: 19764 });
    // No coordinates: the district named by sub-locality-name, its centre on the map.
    const noCoordinates = memory.apartments.get(await idOf('161-6'))!;
    expect(memory.areas.get(noCoordinates.areaId)!.name).toBe('Пролетарский');
    // A station name the feed spelt that we know; an unknown name falls back to the nearest stations by coordinates.
    const named = memory.complexes.get(memory.apartments.get(await idOf('77-3'))!.complexId)!;
    expect(named.metro.length).toBeGreaterThan(0);
    const unknownName = memory.complexes.get(memory.apartments.get(await idOf('77-4'))!.complexId)!;
    expect(unknownName.metro.length).toBeGreaterThan(0);
    // Offers of one building (yandex-building-id) share a complex; sections are houses.
    const spbNew = memory
      .apartmentsOf(78)
      .filter((a) => a.realtyType === 'NEW' && memory.complexes.get(a.complexId)!.name === 'ЖК «Северная Гавань»');
    expect(new Set(spbNew.map((a) => a.complexId)).size).toBe(1);
    expect(new Set(spbNew.map((a) => a.houseId)).size).toBe(2);
  });

  it('imported listings are in TOP, AI search, analytics, the map and the apartment page with photos and price history', async () => {
    const token = await server.anonymousToken();
    const top = await server.request('topList', { body: { cityIds: [77], count: 30, page: 0 }, token });
    expect(top.body.data.meta.totalItems).toBe(10);
    expect(top.body.data.items.every((i) => i.id >= 1_000_000_000)).toBe(true);

    const user = await runningUser(server, {
      filters: { cityIds: [77], priceTotalMinGte: 1_000_000, priceTotalMinLte: 100_000_000, roomsCntForFilter: [], realtyType: 'ALL' },
      portraitId: 1,
      wishGroups: {},
    });
    const batch = await runMatcher(server.app, user.userId);
    expect(batch.added.length).toBeGreaterThan(0);
    const lira = await server.request('liraVariantList', { query: { size: '30', page: '0' }, token: user.token });
    expect(lira.status).toBe(200);
    expect(lira.body.data.items.length).toBe(batch.added.length);
    expect(lira.body.data.items.every((i) => i.id >= 1_000_000_000 && i.cityId === 77)).toBe(true);

    const stats = await server.request('statistics', { body: { cityIds: [541] } });
    expect(stats.status).toBe(200);
    expect(JSON.stringify(stats.body.data)).toContain('"count":');
    const counted = await server.request('statisticsDetailed', { body: { cityIds: [541] } });
    expect(counted.body.data.flatMap((row) => row.dataList).reduce((s, d) => s + d.count, 0)).toBe(10);

    const map = await server.request('topMap', { body: { cityIds: [78] }, token });
    expect(map.body.data.flatMap((b) => b.apartmentIds).length).toBe(11);

    // Photos: fetched by their job, resized, served immutable; the broken ones fail alone.
    await queue().send(FEED_JOBS.photos, {});
    await queue().idle();
    const { rows } = await server.db.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM feed_images GROUP BY status ORDER BY status',
    );
    expect(rows).toEqual([
      { status: 'failed', n: 2 },
      { status: 'ok', n: 35 },
    ]);
    const id = await idOf('78-0');
    const page = await server.request('apartment', { body: { id, cityIds: [78] } });
    expect(page.status).toBe(200);
    const detail = page.body.data;
    expect(detail.images).toHaveLength(2);
    expect(detail.images[0]!.x2).toMatch(/^\/api\/media\/photo\/[a-f0-9]{64}\/2\.webp$/);
    expect(detail.layout.x1).toMatch(/^\/api\/media\/photo\/[a-f0-9]{64}\/1\.webp$/);
    expect(detail.offerPriceHistory).toHaveLength(1);
    expect(detail.priceHistory.length).toBeGreaterThan(0);
    const photo = await server.app.inject({ method: 'GET', url: detail.images[0]!.x2 });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect(photo.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(photo.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 960, height: 720 });
    const forTheBot = await server.app.inject({ method: 'GET', url: detail.images[0]!.x2.replace('2.webp', 'bot.jpg') });
    expect(forTheBot.headers['content-type']).toBe('image/jpeg');
    // The page's crawlable head names the listing's own photo.
    const html = (await server.app.inject({ method: 'GET', url: `/spb/apart/${id}` })).body;
    const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(jsonLd).toContain(detail.images[0]!.x2);
    // A link to it shared in a chat shows its own photo on the preview card.
    const facts = { apartment: server.memory().apartments.get(id)!, complex: undefined, heading: 'h', price: 'p', place: 'a' };
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    expect(apartmentCardSvg({ ...facts, photo: jpeg })).toContain(`href="data:image/jpeg;base64,${jpeg.toString('base64')}"`);
    expect(apartmentCardSvg(facts)).not.toContain('data:image/jpeg');
    const card = await server.app.inject({ method: 'GET', url: `/api/media/apart/${id}/preview.png` });
    expect(card.statusCode).toBe(200);
    expect(await sharp(card.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    // A listing whose photo broke still shows, with our drawing.
    const broken = await server.request('apartment', { body: { id: await idOf('77-0'), cityIds: [77] } });
    expect(broken.status).toBe(200);
    expect(broken.body.data.images.some((i) => i.x1.includes('/api/media/photo/'))).toBe(true);
    expect((await server.call({ method: 'GET', url: `/api/media/photo/${'0'.repeat(64)}/1.webp` })).status).toBe(404);
    expect((await server.call({ method: 'GET', url: `/api/media/photo/..%2f..%2fetc/1.webp` })).status).toBe(400);
    // The advert the listing came from, with the agency's link.
    const adverts = await server.request('apartmentAdverts', { params: { apartId: id } });
    expect(adverts.body.data.map((a) => a.url)).toContain('https://agency.example.ru/offer/78-0');
    // The agency's advert keeps the feed's own description; ours is written from the listing's facts.
    const agency = adverts.body.data.find((a) => a.url === 'https://agency.example.ru/offer/78-0');
    expect(agency?.text).toBe('Светлая квартира, окна во двор. Рядом школа & парк.');
    expect(adverts.body.data[0]?.text).toMatch(/^Продаётся /);
  });

  it('the sitemap dates an imported listing by its adverts’ last change, not by its publication', async () => {
    const id = await idOf('541-2');
    await server.db.query("UPDATE feed_offers SET updated_at = '2026-03-04T12:00:00Z' WHERE internal_id = '541-2'");
    const res = await server.app.inject({ method: 'GET', url: '/sitemap-apartments-1.xml', headers: { host: 'kvarta.test' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(new RegExp(`/apart/${id}</loc><lastmod>2026-03-04</lastmod>`));
  });

  it('re-importing the same feed changes nothing; a new price appends one point, a missing offer is sold, nothing else moves', async () => {
    const before = await server.db.query<{ source: string; internal_id: string; content_hash: string }>(
      'SELECT source, internal_id, content_hash FROM feed_offers ORDER BY internal_id',
    );
    const again = await reimport(SAMPLE);
    expect(again.counts).toMatchObject({ read: 62, created: 0, updated: 0, unchanged: 51, sold: 0, priceChanges: 0 });

    const dir = mkdtempSync(join(tmpdir(), 'kvarta-feed-'));
    const priceOf = await idOf('541-2');
    const oldPrice = server.memory().apartments.get(priceOf)!.priceTotal;
    const spoiltId = await idOf('541-3');
    const spoiltPrice = server.memory().apartments.get(spoiltId)!.priceTotal;
    const changed = sampleXml
      .replace(/(<offer internal-id="541-2">[\s\S]*?<price>\s*<value>)\d+/, `$1${oldPrice + 150_000}`)
      .replace(/(<offer internal-id="541-3">[\s\S]*?<price>\s*<value>)\d+/, '$1цена по запросу')
      .replace(/<offer internal-id="661-5">[\s\S]*?<\/offer>\s*/, '');
    const historyBefore = Number(
      (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM apartment_price_history')).rows[0]!.n,
    );
    const rowsBefore = await apartmentsCount();
    const report = await reimport(writeFeed(dir, 'changed.xml', changed));
    expect(report.counts).toMatchObject({ read: 61, created: 0, updated: 1, unchanged: 48, sold: 1, rejected: 8, priceChanges: 1 });
    // An offer the feed spoilt keeps its last good version: on sale, at its old price.
    expect(server.memory().apartments.get(spoiltId)).toMatchObject({ status: 'ACTIVE', priceTotal: spoiltPrice });
    expect(Number((await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM apartment_price_history')).rows[0]!.n)).toBe(
      historyBefore + 1,
    );
    expect(await apartmentsCount()).toBe(rowsBefore);
    const sold = server.memory().apartments.get(await idOf('661-5'))!;
    expect(sold.status).toBe('SOLD');
    expect(server.memory().apartments.get(priceOf)!.priceTotal).toBe(oldPrice + 150_000);
    const after = await server.db.query<{ internal_id: string; content_hash: string }>(
      'SELECT internal_id, content_hash FROM feed_offers ORDER BY internal_id',
    );
    const moved = after.rows.filter((r, i) => r.content_hash !== before.rows[i]!.content_hash).map((r) => r.internal_id);
    expect(moved).toEqual(['541-2']);
    // Sold, not deleted: the apartment page still answers and says so.
    const page = await server.request('apartment', { body: { id: sold.id, cityIds: [661] } });
    expect(page.body.data.isSold).toBe(true);
    expect(page.body.data.offerPriceHistory).toHaveLength(1);
    const priced = await server.request('apartment', { body: { id: priceOf, cityIds: [541] } });
    expect(priced.body.data.offerPriceHistory.map((p) => p.priceTotal)).toEqual([oldPrice, oldPrice + 150_000]);
    // It comes back on sale when the feed lists it again.
    const back = await reimport(SAMPLE);
    expect(back.counts).toMatchObject({ updated: 2, sold: 0, created: 0 });
    expect(server.memory().apartments.get(sold.id)!.status).toBe('ACTIVE');
  });

  it('broken XML stops the import with the line, marks nothing sold, and a re-run finishes the job', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kvarta-feed-'));
    const cut = sampleXml.slice(0, sampleXml.indexOf('<offer internal-id="161-0">') + 200);
    const statuses = async () =>
      (await server.db.query<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM apartments GROUP BY status`)).rows;
    const before = await statuses();
    const report = await reimport(writeFeed(dir, 'cut.xml', cut));
    expect(report.status).toBe('failed');
    expect(report.error).toMatch(/^строка \d+, столбец \d+: XML повреждён/);
    expect(report.counts.sold).toBe(0);
    expect(await statuses()).toEqual(before);
    const mismatched = sampleXml.replace('</rooms>', '</room>');
    expect((await reimport(writeFeed(dir, 'mismatched.xml', mismatched))).error).toMatch(/XML повреждён/);
    const notYrl = await reimport(writeFeed(dir, 'rss.xml', '<?xml version="1.0"?><rss><channel/></rss>'));
    expect(notYrl.error).toContain('это не фид YRL');
    const empty = await reimport(writeFeed(dir, 'empty.xml', ''));
    expect(empty.status).toBe('failed');
    const rerun = await reimport(SAMPLE);
    expect(rerun.status).toBe('done');
    expect(await statuses()).toEqual(before);
    const latest = await server.request('adminFeeds', { headers: as(ADMIN_TOKEN) });
    expect(latest.body.data[0]!.status).toBe('done');
    expect(latest.body.data.some((r) => r.status === 'failed' && r.error?.includes('XML'))).toBe(true);
  });

  it('reads a feed in windows-1251 and keeps the Russian text', async () => {
    const offer = sampleXml.slice(sampleXml.indexOf('<offer internal-id="541-0">'), sampleXml.indexOf('<offer internal-id="541-1">'));
    const xml = `<?xml version="1.0" encoding="windows-1251"?>\n<realty-feed xmlns="http://webmaster.yandex.ru/schemas/feed/realty/2010-06">\n${offer.replace('541-0', 'cp1251-1')}</realty-feed>\n`;
    const bytes = Buffer.from([...xml].map((ch) => (ch.charCodeAt(0) < 128 ? ch.charCodeAt(0) : cp1251(ch))));
    const dir = mkdtempSync(join(tmpdir(), 'kvarta-feed-'));
    writeFileSync(join(dir, 'cp1251.xml'), bytes);
    const result = await importFeed(server.db, { source: 'cp1251', location: join(dir, 'cp1251.xml') });
    // The sample's 541-0 again, from another source: one more advert of the same listing, not a second one.
    expect(result.report.counts).toMatchObject({ read: 1, created: 0, updated: 1, rejected: 0 });
    const { rows } = await server.db.query<{ name: string; internal_id: string; words: string | null; sample_words: string | null }>(
      `SELECT c.name, s.internal_id, f.description AS words, s.description AS sample_words FROM feed_offers f JOIN apartments a ON a.id = f.apartment_id JOIN complexes c ON c.id = a.complex_id
       JOIN feed_offers s ON s.apartment_id = a.id AND s.source = 'sample' WHERE f.source = 'cp1251'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'ЖК «Тихая Обь»', internal_id: '541-0' });
    // The advert's own words, decoded from windows-1251, are the sample's UTF-8 ones.
    expect(rows[0]!.words).toMatch(/[а-я]/);
    expect(rows[0]!.words).toBe(rows[0]!.sample_words);
  });

  it('photo URLs into our own network are refused outside development', async () => {
    expect(
      ['127.0.0.1', '10.1.2.3', '192.168.0.5', '172.20.0.1', '169.254.169.254', '::1', '::ffff:127.0.0.1', 'fd00::1'].every(
        isInternalAddress,
      ),
    ).toBe(true);
    expect(['8.8.8.8', '77.88.55.88', '2a02:6b8::2:242'].some(isInternalAddress)).toBe(false);
    const id = await idOf('78-2');
    await server.db.query(
      `UPDATE feed_images SET status = 'pending', url = 'http://[::ffff:127.0.0.1]:1/x.jpg', attempts = 0 WHERE apartment_id = $1`,
      [id],
    );
    const result = await downloadPendingPhotos(server.db, { mediaDir, allowPrivateHosts: false, fetch: photoHost });
    // The other pending photos come from the fake photo host; only the internal one fails.
    expect(result.failed).toBe(1);
    const { rows } = await server.db.query<{ error: string }>('SELECT error FROM feed_images WHERE apartment_id = $1', [id]);
    expect(rows[0]!.error).toContain('во внутренней сети');
  });
});

/** The Cyrillic letters of windows-1251: А–я at 0xC0–0xFF, Ё 0xA8, ё 0xB8, « 0xAB, » 0xBB. */
function cp1251(ch: string): number {
  const code = ch.charCodeAt(0);
  if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
  const special: Record<string, number> = { Ё: 0xa8, ё: 0xb8, '«': 0xab, '»': 0xbb, '№': 0xb9 };
  return special[ch] ?? 0x3f;
}

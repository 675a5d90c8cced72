import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importFeed } from '../../server/feeds';
import { followCatalogueChange } from '../../server/catalog/jobs';
import { DATABASES, feedListingOf, useTestServer } from './helpers';

const FEEDS = join(import.meta.dirname, '../fixtures/feeds');
const NEVSKY = join(FEEDS, 'agency-nevsky.xml');
const PITER = join(FEEDS, 'agency-piter.xml');
const dir = mkdtempSync(join(tmpdir(), 'kvarta-same-flat-'));

/** The feed with these offers left out (a full feed that no longer lists them). */
function without(path: string, ...internalIds: string[]): string {
  let xml = readFileSync(path, 'utf8');
  for (const id of internalIds) xml = xml.replace(new RegExp(`<offer internal-id="${id}">[\\s\\S]*?</offer>\\s*`), '');
  const out = join(dir, `${internalIds.join('-')}-${path.split('/').pop()}`);
  writeFileSync(out, xml);
  return out;
}

describe.each(DATABASES)('one flat in several feeds is one listing, on %s', (kind) => {
  const server = useTestServer(kind, { demoCatalogue: false });
  let clock = Date.parse('2026-11-20T12:00:00Z');
  const run = async (source: string, location: string) => {
    // Each import a minute later: price points of two imports never share a moment.
    clock += 60_000;
    const at = new Date(clock);
    const result = await importFeed(server.db, { source, location, now: () => at });
    await followCatalogueChange(server.app, server.app.queue, result.changes);
    expect(result.report.status).toBe('done');
    return result.report.counts;
  };
  const listingOf = (source: string, internalId: string) => feedListingOf(server.db, source, internalId);
  const listings = async () =>
    (await server.db.query<{ id: number; status: string }>('SELECT id, status FROM apartments ORDER BY id')).rows.map((r) => ({
      id: Number(r.id),
      status: r.status,
    }));
  const listingHistory = async (id: number) =>
    (
      await server.db.query<{ price_total: number }>(
        'SELECT price_total FROM apartment_price_history WHERE apartment_id = $1 ORDER BY observed_at',
        [id],
      )
    ).rows.map((r) => Number(r.price_total));
  const adverts = async (id: number) => {
    const res = await server.request('apartmentAdverts', { params: { apartId: id } });
    expect(res.status).toBe(200);
    return res.body.data;
  };

  it('the same flat in two agencies’ feeds is one card with two sellers at the better price', async () => {
    expect(await run('nevsky', NEVSKY)).toMatchObject({ read: 3, created: 3, updated: 0, rejected: 0 });
    // The two-room flat by house, floor, rooms and area (54.2 and 54.5 m²); the one-room flat by its cadastral number
    // under another spelling of the address; the look-alike studio with another cadastral number is a flat of its own.
    expect(await run('piter', PITER)).toMatchObject({ read: 3, created: 1, updated: 2, rejected: 0 });
    expect(await listings()).toHaveLength(4);
    const twoRooms = await listingOf('nevsky', 'NV-101');
    expect(await listingOf('piter', '7781')).toBe(twoRooms);
    expect(await listingOf('piter', '7782')).toBe(await listingOf('nevsky', 'NV-103'));
    expect(await listingOf('piter', '7784')).not.toBe(await listingOf('nevsky', 'NV-102'));

    const flat = server.memory().apartments.get(twoRooms)!;
    expect(flat).toMatchObject({ priceTotal: 12_300_000, pricePerMeter: Math.round(12_300_000 / 54.2), status: 'ACTIVE', areaTotal: 54.2 });
    const list = await adverts(twoRooms);
    expect(list.map((a) => [a.source, a.priceTotal, a.number])).toEqual([
      ['Кварта', 12_300_000, 'NV-101'],
      ['Невский дом', 12_500_000, 'NV-101'],
      ['Петербургская недвижимость', 12_300_000, '7781'],
    ]);
    // Each source's advert names its own seller and its own link.
    expect(list[1]!.seller).toMatchObject({ name: 'Ольга Смирнова', organization: 'Невский дом', phone: '+78125550101' });
    expect(list[2]!.seller).toMatchObject({ name: 'Дмитрий Орлов', organization: 'Петербургская недвижимость', phone: '+78125550202' });
    expect(list[2]!.url).toBe('https://piter-nedvizhimost.example.ru/object/7781');
    // The listing's facts and photos stay the first source's; each offer keeps its own price history.
    const page = await server.request('apartment', { body: { id: twoRooms, cityIds: [78] } });
    expect(page.body.data.listing).toMatchObject({ number: 'NV-101', source: 'nevsky' });
    expect(page.body.data.offerPriceHistory.map((p) => p.priceTotal)).toEqual([12_500_000, 12_300_000]);
    const { rows: offerPrices } = await server.db.query<{ source: string; price_total: number }>(
      `SELECT source, price_total FROM feed_offer_prices WHERE internal_id IN ('NV-101', '7781') ORDER BY source`,
    );
    expect(offerPrices.map((r) => [r.source, Number(r.price_total)])).toEqual([
      ['nevsky', 12_500_000],
      ['piter', 12_300_000],
    ]);
  });

  it('re-importing either feed changes nothing', async () => {
    const before = await listings();
    const history = await listingHistory(await listingOf('nevsky', 'NV-101'));
    expect(await run('piter', PITER)).toMatchObject({ created: 0, updated: 0, unchanged: 3, sold: 0 });
    expect(await run('nevsky', NEVSKY)).toMatchObject({ created: 0, updated: 0, unchanged: 3, sold: 0 });
    expect(await listings()).toEqual(before);
    expect(await listingHistory(await listingOf('nevsky', 'NV-101'))).toEqual(history);
  });

  it('a flat one feed drops stays listed while the other offers it, at the other’s price; it is sold when the last one leaves', async () => {
    const twoRooms = await listingOf('nevsky', 'NV-101');
    // The cheaper agency stops listing it: the card stays, at the price still offered, with one seller.
    expect(await run('piter', without(PITER, '7781'))).toMatchObject({ sold: 0, unchanged: 2 });
    expect(server.memory().apartments.get(twoRooms)).toMatchObject({ status: 'ACTIVE', priceTotal: 12_500_000 });
    expect((await adverts(twoRooms)).map((a) => a.source)).toEqual(['Кварта', 'Невский дом']);
    expect(await listingHistory(twoRooms)).toEqual([12_500_000, 12_300_000, 12_500_000]);
    // It comes back in the other feed: the same card, both sellers again.
    expect(await run('piter', PITER)).toMatchObject({ created: 0, updated: 1 });
    expect((await adverts(twoRooms)).map((a) => a.source)).toEqual(['Кварта', 'Невский дом', 'Петербургская недвижимость']);
    expect(server.memory().apartments.get(twoRooms)!.priceTotal).toBe(12_300_000);
    // Both leave: the listing is withdrawn as any other (sold, kept for favourites), with its last source named.
    expect(await run('piter', without(PITER, '7781'))).toMatchObject({ sold: 0 });
    expect(await run('nevsky', without(NEVSKY, 'NV-101'))).toMatchObject({ sold: 1 });
    expect(server.memory().apartments.get(twoRooms)?.status ?? 'SOLD').toBe('SOLD');
    expect((await listings()).filter((l) => l.status === 'SOLD').map((l) => l.id)).toEqual([twoRooms]);
  });

  it('when the first source leaves, the one still offering the flat leads its listing from its next import', async () => {
    const oneRoom = await listingOf('nevsky', 'NV-103');
    expect(server.memory().apartments.get(oneRoom)).toMatchObject({ areaTotal: 38, priceTotal: 8_300_000 });
    expect(await run('nevsky', without(NEVSKY, 'NV-101', 'NV-103'))).toMatchObject({ sold: 0 });
    expect(server.memory().apartments.get(oneRoom)).toMatchObject({ status: 'ACTIVE', priceTotal: 8_450_000 });
    // Its next import rewrites the listing from its own offer: its area and its seller are the listing's now (and the
    // two-room flat, back in this feed, is on sale again).
    expect(await run('piter', PITER)).toMatchObject({ created: 0, updated: 2, unchanged: 1 });
    expect(server.memory().apartments.get(oneRoom)).toMatchObject({ status: 'ACTIVE', areaTotal: 38.4, priceTotal: 8_450_000 });
    const page = await server.request('apartment', { body: { id: oneRoom, cityIds: [78] } });
    expect(page.body.data.listing).toMatchObject({ number: '7782', source: 'piter' });
  });

  it('two feeds imported at the same time still make one listing of their common flat', async () => {
    const fresh = async (suffix: string, path: string) => {
      // The same feeds under new sources and offer numbers: their flats are new to both.
      const xml = readFileSync(path, 'utf8')
        .replace(/internal-id="([^"]+)"/g, `internal-id="$1-${suffix}"`)
        .replaceAll('73к5', '75к1')
        .replace('73 корп. 5', '75 корп. 1')
        .replace(/0007603:(\d+)/g, '0007605:$1');
      const out = join(dir, `${suffix}.xml`);
      writeFileSync(out, xml);
      return out;
    };
    const before = (await listings()).length;
    const [a, b] = await Promise.all([fresh('a', NEVSKY), fresh('b', PITER)]);
    const at = new Date((clock += 60_000));
    const results = await Promise.all([
      importFeed(server.db, { source: 'nevsky-2', location: a, now: () => at, batchSize: 1 }),
      importFeed(server.db, { source: 'piter-2', location: b, now: () => at, batchSize: 1 }),
    ]);
    expect(results.map((r) => r.report.status)).toEqual(['done', 'done']);
    expect((await listings()).length - before).toBe(4);
    expect(results[0].report.counts.created + results[1].report.counts.created).toBe(4);
  });
});

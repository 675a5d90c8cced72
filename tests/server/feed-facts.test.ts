import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sellerTitle } from '@kvarta/contract/seller';
import { importFeed } from '../../server/feeds';
import { followCatalogueChange } from '../../server/catalog/jobs';
import { DATABASES, feedListingOf, useTestServer } from './helpers';

const FEEDS = join(import.meta.dirname, '../fixtures/feeds');
const NEVSKY = join(FEEDS, 'agency-nevsky.xml');
const dir = mkdtempSync(join(tmpdir(), 'kvarta-feed-facts-'));
/**
 * The second agency's real feed, which states no finishing, house type, parking, yard, lift, ceiling or mortgage for
 * any flat, with one fact added: its studio 7784 stated «без отделки».
 */
const PITER = join(dir, 'agency-piter.xml');
writeFileSync(
  PITER,
  readFileSync(join(FEEDS, 'agency-piter.xml'), 'utf8').replace(
    /(<offer internal-id="7784">[\s\S]*?)(<studio>)/,
    '$1<renovation>без отделки</renovation>\n    $2',
  ),
);

describe.each(DATABASES)('what an agency feed does not state stays unknown, on %s', (kind) => {
  const server = useTestServer(kind, { demoCatalogue: false });
  const run = async (source: string, location: string) => {
    const result = await importFeed(server.db, { source, location, now: () => new Date('2026-11-20T12:00:00Z') });
    await followCatalogueChange(server.app, server.app.queue, result.changes);
    expect(result.report.status).toBe('done');
  };
  const listingOf = (source: string, internalId: string) => feedListingOf(server.db, source, internalId);
  const page = async (id: number) => {
    const res = await server.request('apartment', { body: { id, cityIds: [78] } });
    expect(res.status).toBe(200);
    return res.body.data;
  };

  it('no invented finishing, house type, parking, yard or ceiling: null in storage, memory, payloads and pages', async () => {
    await run('piter', PITER);
    const studio = await listingOf('piter', '7784');
    const stored = await server.db.query<{ id: number; renovation: string | null }>('SELECT id, renovation FROM apartments ORDER BY id');
    expect(stored.rows.map((r) => [Number(r.id), r.renovation])).toEqual(
      stored.rows.map((r) => [Number(r.id), Number(r.id) === studio ? 'UNRENOVATED' : null]),
    );
    const houses = await server.db.query('SELECT house_type, ceiling_height, parking, closed_yard FROM complexes');
    expect(houses.rows.length).toBeGreaterThan(0);
    for (const row of houses.rows) expect(row).toEqual({ house_type: null, ceiling_height: null, parking: null, closed_yard: null });
    const memory = server.memory();
    for (const c of memory.complexes.values())
      expect([c.houseType, c.ceilingHeight, c.parking, c.closedYard]).toEqual([null, null, null, null]);

    const flat = await page(await listingOf('piter', '7781'));
    expect(flat.renovation).toBeNull();
    expect(flat.ceilingHeight).toBeNull();
    expect(flat.complexCard).toMatchObject({ houseType: null, parking: null, closedYard: null });
    const facts = Object.fromEntries(flat.listing!.houseFacts.map((f) => [f.key, f.value]));
    expect(facts).toMatchObject({ buildingType: null, renovation: null, parking: null, lift: null, ceilingHeight: null, mortgage: null });
    // The complex card invents no «Парковка: Нет» or type either: what is unknown is left out of it.
    const card = await server.request('complexProperties', { query: { complexId: flat.complex.id } });
    expect(card.body.data.map((r) => r.title)).not.toEqual(expect.arrayContaining(['Парковка']));
    expect(card.body.data.map((r) => r.title)).not.toContain('Тип дома');
    expect(card.body.data.map((r) => r.title)).not.toContain('Закрытый двор');
  });

  it('«без отделки» returns only the flats stated so, «с отделкой» only those stated so; an unknown matches neither', async () => {
    await run('piter', PITER);
    await run('nevsky', NEVSKY);
    const studio = await listingOf('piter', '7784');
    const ids = (renovation: 'UNRENOVATED' | 'FULLY_RENOVATED') =>
      server
        .engine()
        .rank(78, { filters: { renovation }, limit: 100 })
        .items.map((i) => i.id)
        .sort((x, y) => x - y);
    const flats = server.memory().apartmentsOf(78);
    expect(ids('UNRENOVATED')).toEqual([studio]);
    expect(ids('FULLY_RENOVATED')).toEqual(
      flats
        .filter((a) => a.renovation === 'FULLY_RENOVATED')
        .map((a) => a.id)
        .sort((x, y) => x - y),
    );
    const unknown = flats.filter((a) => a.renovation === null).map((a) => a.id);
    expect(unknown.length).toBeGreaterThan(0);
    for (const id of unknown) expect([...ids('UNRENOVATED'), ...ids('FULLY_RENOVATED')]).not.toContain(id);
    // Every imported flat is there without the filter.
    expect(server.engine().rank(78, { filters: {}, limit: 100 }).items.length).toBe(server.memory().apartmentsOf(78).length);
  });

  it('the complex page lists the sellers of its flats as their pages name them, never the operator', async () => {
    await run('nevsky', NEVSKY);
    await run('piter', PITER);
    const memory = server.memory();
    for (const complex of [...memory.complexes.values()]) {
      const flats = memory.apartmentsOf(78).filter((a) => a.complexId === complex.id && a.status !== 'SOLD');
      const res = await server.request('complexPage', { params: { complexId: complex.id } });
      expect(res.status).toBe(200);
      const named = new Map<string, number>();
      for (const a of flats) {
        const name = sellerTitle((await page(a.id)).listing!.seller);
        named.set(name, (named.get(name) ?? 0) + 1);
      }
      expect(new Map(res.body.data.sellers.map((s) => [s.name, s.count]))).toEqual(named);
      expect(res.body.data.sellers.map((s) => s.name)).not.toContain('Кварта');
      // A complex a feed made is a real one: no «Демо».
      expect(res.body.data.isDemo).toBe(false);
      // Compare names the same seller.
      const compared = await server.request('apartmentCompare', {
        query: {
          ids: flats
            .map((a) => a.id)
            .slice(0, 4)
            .join(','),
        },
      });
      for (const a of compared.body.data) expect(sellerTitle(a.listing!.seller)).toBe(sellerTitle((await page(a.id)).listing!.seller));
    }
    expect([...memory.complexes.values()].length).toBeGreaterThan(0);
  });
});

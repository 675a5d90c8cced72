import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importFeed } from '../../server/feeds';
import { buildingAddress } from '../../server/feeds/map-offer';
import { followCatalogueChange } from '../../server/catalog/jobs';
import { generatedOfferHistory } from '../../server/catalog/listing-info';
import { useTestServer } from './helpers';

/** Yandex Realty's own example feed (trimmed): a new-build flat sold by its developer, a resale flat, a house. */
const YANDEX_SAMPLE = join(import.meta.dirname, '../fixtures/feeds/yandex-sample.xml');

/** An agency's feed as the issue found it: two studios of one building, the flat number inside the address. */
function agencyFeed(prices: [number, number]): string {
  const offer = (id: string, flat: number, floor: number, price: number) => `
  <offer internal-id="${id}">
    <type>продажа</type><property-type>жилая</property-type><category>квартира</category>
    <url>https://agency.example.ru/${id}</url>
    <creation-date>2026-10-01T10:00:00+03:00</creation-date>
    <last-update-date>2026-11-20T10:00:00+03:00</last-update-date>
    <location>
      <country>Россия</country><locality-name>Москва</locality-name>
      <address>ул. Тимура Фрунзе, д. 8/5, кв. ${flat}</address>
      <latitude>55.7349</latitude><longitude>37.5887</longitude>
    </location>
    <sales-agent>
      <name>Ирина Соколова</name><organization>АН «Пример»</organization><category>agency</category>
      <phone>+7 (495) 000-00-01</phone><email>sales@agency.example.ru</email><url>https://agency.example.ru</url>
    </sales-agent>
    <price><value>${price}</value><currency>RUB</currency></price>
    <area><value>24.5</value><unit>кв. м</unit></area>
    <studio>1</studio><floor>${floor}</floor><floors-total>9</floors-total>
    <built-year>1962</built-year><building-type>кирпичный</building-type><building-series>II-18</building-series>
    <lift>да</lift><ceiling-height>2.64</ceiling-height>
    <description>Студия у метро Парк культуры.</description>
  </offer>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<realty-feed xmlns="http://webmaster.yandex.ru/schemas/feed/realty/2010-06">
  <generation-date>2026-11-20T10:00:00+03:00</generation-date>${offer('st-48', 48, 3, prices[0])}${offer('st-52', 52, 4, prices[1])}
</realty-feed>`;
}

describe('an imported listing: its seller, number, dates, description, house facts and own price history', () => {
  const server = useTestServer('pglite');
  const dir = mkdtempSync(join(tmpdir(), 'kvarta-listing-feed-'));
  const load = async (source: string, location: string, now?: Date) => {
    const result = await importFeed(server.db, { source, location, ...(now ? { now: () => now } : {}) });
    await followCatalogueChange(server.app, server.app.queue, result.changes);
    return result.report;
  };
  const idOf = async (source: string, internalId: string) =>
    (
      await server.db.query<{ apartment_id: number }>('SELECT apartment_id FROM feed_offers WHERE source = $1 AND internal_id = $2', [
        source,
        internalId,
      ])
    ).rows[0]!.apartment_id;

  it("Yandex's example feed: the developer as seller, the number, dates, description and the house as the feed gives it", async () => {
    const report = await load('yandex', YANDEX_SAMPLE);
    // The resale flat gives no coordinates, district or station (it is refused, not placed by guess); the house with a
    // plot is not a flat. The new-build flat names only its station: it is placed there.
    expect(report.counts).toMatchObject({ read: 3, created: 1, skipped: 1, rejected: 1 });
    expect(report.rejected.map((r) => `${r.internalId} ${r.element}`)).toEqual(['1245 location']);
    const id = await idOf('yandex', '15782295');
    const page = await server.request('apartment', { body: { id, cityIds: [78] } });
    expect(page.status).toBe(200);
    const listing = page.body.data.listing!;
    expect(listing).toMatchObject({
      number: '15782295',
      source: 'yandex',
      isDemo: false,
      publishedAt: '2015-04-02T16:00:06.000Z',
      place: 'COMPLEX',
      seller: {
        name: null,
        organization: 'ЗАО "Застройщик"',
        category: 'DEVELOPER',
        phone: '+7812500400',
        email: null,
        url: 'http://www.developer.ru/',
        photo: 'http://www.developer.ru/company/logo',
      },
    });
    // No last-update-date in the feed: «обновлено» is when the import last changed it.
    expect(Date.parse(listing.updatedAt!)).toBeGreaterThan(Date.parse('2026-01-01'));
    expect(listing.description).toMatch(/^Продается 2 к\. кв\., 13 этаж/);
    const facts = Object.fromEntries(listing.houseFacts.map((f) => [f.title, f.value]));
    expect(facts).toEqual({
      'Срок сдачи': 'III кв. 2018',
      Стадия: 'Строится',
      'Тип дома': null,
      Серия: null,
      'Этажей в доме': '15',
      Лифт: null,
      'Высота потолков': null,
      Парковка: null,
      Отделка: null,
      'Тип сделки': 'первичная продажа',
      Ипотека: null,
    });
    // Each fact once.
    expect(new Set(listing.houseFacts.map((f) => f.title)).size).toBe(listing.houseFacts.length);
    // No finishing claimed where the feed says none; the complex card shows no class or house type it was never given.
    expect(page.body.data.tagList).not.toContain('С отделкой');
    const properties = await server.request('complexProperties', { query: { complexId: String(page.body.data.complex.id) } });
    expect(properties.body.data.map((p) => p.title)).toEqual(['Район', 'Застройщик']);
    const adverts = await server.request('apartmentAdverts', { params: { apartId: id } });
    const developer = adverts.body.data.find((a) => a.url === 'http://www.developer.ru/search18')!;
    expect(developer).toMatchObject({ number: '15782295', seller: { organization: 'ЗАО "Застройщик"', phone: '+7812500400' } });
  });

  it('flats 48 and 52 of one building are one house named without the flat; a changed price is a second point of its own history', async () => {
    const path = join(dir, 'agency.xml');
    writeFileSync(path, agencyFeed([9_800_000, 10_100_000]));
    expect((await load('agency', path, new Date('2026-11-20T12:00:00Z'))).counts).toMatchObject({ created: 2, rejected: 0 });
    const [a48, a52] = [await idOf('agency', 'st-48'), await idOf('agency', 'st-52')];
    const memory = server.memory();
    const [flat48, flat52] = [memory.apartments.get(a48)!, memory.apartments.get(a52)!];
    expect(flat48.houseId).toBe(flat52.houseId);
    expect(flat48.complexId).toBe(flat52.complexId);
    expect(memory.complexes.get(flat48.complexId)!.name).toBe('Дом на ул. Тимура Фрунзе, д. 8/5');
    expect(memory.houses.get(flat48.houseId)!.address).toBe('ул. Тимура Фрунзе, д. 8/5');

    const first = (await server.request('apartment', { body: { id: a48, cityIds: [77] } })).body.data;
    expect(first.listing).toMatchObject({
      number: 'st-48',
      place: 'HOUSE',
      description: 'Студия у метро Парк культуры.',
      seller: {
        name: 'Ирина Соколова',
        organization: 'АН «Пример»',
        category: 'AGENCY',
        phone: '+74950000001',
        email: 'sales@agency.example.ru',
      },
    });
    const facts = Object.fromEntries(first.listing!.houseFacts.map((f) => [f.title, f.value]));
    expect(facts).toMatchObject({
      'Год постройки': '1962',
      Серия: 'II-18',
      'Тип дома': 'кирпичный',
      Лифт: 'Есть',
      'Высота потолков': '2,64 м',
      Отделка: null,
    });
    expect(facts).not.toHaveProperty('Срок сдачи');
    expect(first.offerPriceHistory).toEqual([{ date: '2026-11-20T12:00:00.000Z', priceTotal: 9_800_000 }]);

    writeFileSync(path, agencyFeed([9_500_000, 10_100_000]));
    expect((await load('agency', path, new Date('2026-11-25T12:00:00Z'))).counts).toMatchObject({
      updated: 1,
      unchanged: 1,
      priceChanges: 1,
    });
    const second = (await server.request('apartment', { body: { id: a48, cityIds: [77] } })).body.data;
    expect(second.offerPriceHistory).toEqual([
      { date: '2026-11-20T12:00:00.000Z', priceTotal: 9_800_000 },
      { date: '2026-11-25T12:00:00.000Z', priceTotal: 9_500_000 },
    ]);
    expect(server.memory().apartments.get(a48)!.houseId).toBe(flat52.houseId);
  });

  it('a generated listing is marked demo, names no made-up phone and has its own plausible history ending at its price', async () => {
    const a = [...server.memory().apartments.values()].find(
      (x) => x.id < 1_000_000_000 && x.status === 'ACTIVE' && x.realtyType === 'RESALE',
    )!;
    const detail = (await server.request('apartment', { body: { id: a.id, cityIds: [a.cityId] } })).body.data;
    expect(detail.listing).toMatchObject({ isDemo: true, number: `D-${a.id}`, place: 'HOUSE', seller: { category: 'OWNER', phone: null } });
    expect(detail.listing!.houseFacts.map((f) => f.title)).not.toContain('Срок сдачи');
    const history = detail.offerPriceHistory;
    expect(history.length).toBeGreaterThanOrEqual(1);
    expect(history.at(-1)!.priceTotal).toBe(a.priceTotal);
    expect(history[0]!.date).toBe(new Date(a.publishedAt).toISOString());
    for (let i = 1; i < history.length; i++) {
      expect(Date.parse(history[i]!.date)).toBeGreaterThan(Date.parse(history[i - 1]!.date));
      expect(Math.abs(history[i]!.priceTotal / history[i - 1]!.priceTotal - 1)).toBeLessThan(0.06);
    }
  });
});

describe('generated price histories and building addresses', () => {
  it('a history is the same on every call, has 1–4 points, and moves by at most 5 % a step', () => {
    const now = Date.parse('2026-11-27T00:00:00Z');
    const lengths = new Set<number>();
    for (let id = 1; id <= 400; id++) {
      const a = { id, priceTotal: 10_000_000 + id * 1000, publishedAt: now - (id % 120) * 86_400_000 } as Parameters<
        typeof generatedOfferHistory
      >[0];
      const h = generatedOfferHistory(a, now);
      expect(generatedOfferHistory(a, now)).toEqual(h);
      lengths.add(h.length);
      expect(h.at(-1)!.priceTotal).toBe(a.priceTotal);
      for (let i = 1; i < h.length; i++) expect(Math.abs(h[i]!.priceTotal / h[i - 1]!.priceTotal - 1)).toBeLessThan(0.06);
      expect(Date.parse(h.at(-1)!.date)).toBeLessThanOrEqual(now);
    }
    expect([...lengths].sort()).toEqual([1, 2, 3, 4]);
  });

  it('the flat number is cut from the address, the building stays', () => {
    expect(buildingAddress('ул. Тимура Фрунзе, д. 8/5, кв. 5')).toBe('ул. Тимура Фрунзе, д. 8/5');
    expect(buildingAddress('Яузская улица, 27 квартира 135')).toBe('Яузская улица, 27');
    expect(buildingAddress('пр. Мира, 12, кв.48а')).toBe('пр. Мира, 12');
    expect(buildingAddress('ул. Квартирная, 3')).toBe('ул. Квартирная, 3');
  });
});

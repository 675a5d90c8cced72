import { describe, expect, it } from 'vitest';
import { advertSchema, apartmentDetailSchema, apartmentItemSchema, presetSchema } from '@kvarta/contract/catalog';
import { formatNumber } from '@kvarta/contract/format';
import { DATABASES, useTestServer, hostile } from './helpers';

type Err = { result: 'error'; message: string; statusCode: number };

describe.each(DATABASES)('catalogue API on %s', (kind) => {
  const server = useTestServer(kind);
  const firstApartment = async (cityId = 77) => {
    const ids = [...server.memory().byCity.get(cityId)!];
    return server.memory().apartments.get(ids.find((id) => server.memory().apartments.get(id)!.status === 'ACTIVE')!)!;
  };

  describe('presets', () => {
    it.each(['FREE_TOP', 'AI_AGENT'] as const)('%s: several per city, valid, sorted by template.priority', async (type) => {
      for (const kladr of [78, 77, 161, 541, 661]) {
        const res = await server.request('presetList', { query: { type: type, cityKladr: kladr } });
        expect(res.status).toBe(200);
        expect(res.body.data.length).toBeGreaterThanOrEqual(4);
        for (const preset of res.body.data) {
          expect(presetSchema.safeParse(preset).success).toBe(true);
          expect(preset.cityKladr).toBe(kladr);
          expect(preset.filters.priceTotalMinGap).toBeGreaterThan(0);
          expect(preset.filters.priceTotalMinGte).toBeLessThan(preset.filters.priceTotalMinLte);
        }
        const priorities = res.body.data.map((p) => p.template.priority);
        expect(priorities).toEqual([...priorities].sort((a, b) => a - b));
      }
    });

    it('Rostov-on-Don has no metro preset', async () => {
      const res = await server.request('presetList', { query: { type: 'FREE_TOP', cityKladr: '161' } });
      expect(res.body.data.map((p) => p.template.code)).not.toContain('near-metro');
    });

    it.each([
      ['/api/selection/preset?type=RENT&cityKladr=78', 400],
      ['/api/selection/preset?type=FREE_TOP', 400],
      ['/api/selection/preset?type=FREE_TOP&cityKladr=-1', 400],
      ['/api/selection/preset?type=FREE_TOP&cityKladr=abc', 400],
      ['/api/selection/preset?type=FREE_TOP&cityKladr=50', 404],
    ])('%s → %i', async (url, status) => {
      const res = await server.call<Err>({ method: 'GET', url });
      expect(res.status).toBe(status);
      expect(res.body.result).toBe('error');
    });
  });

  it('wish groups cover the issue list and portraits carry prior wishes', async () => {
    const wishes = await server.request('wishGroups');
    expect(wishes.body.data.map((w) => w.code)).toEqual(
      expect.arrayContaining([
        'METRO_NEARBY',
        'SCHOOL',
        'KINDERGARTEN',
        'PARK',
        'SHOPS',
        'CLINIC',
        'BIG_KITCHEN',
        'NOT_FIRST_FLOOR',
        'HIGH_FLOOR',
        'PARKING',
        'CLOSED_YARD',
        'FINISHED',
        'HOUSE_COMPLETED',
        'CLOSE_TO_CENTRE',
        'PRICE_BELOW_MARKET',
      ]),
    );
    const portraits = await server.request('portraits');
    expect(portraits.body.data.map((p) => p.code)).toEqual(['ALONE', 'COUPLE', 'FAMILY', 'PARENTS', 'INVESTMENT']);
    expect(portraits.body.data.every((p) => p.wishes.length > 0)).toBe(true);
  });

  describe('apartment', () => {
    it('detail matches the contract and the catalogue', async () => {
      const a = await firstApartment();
      const res = await server.request('apartment', { body: { id: a.id, cityIds: [77] } });
      expect(res.status).toBe(200);
      const parsed = apartmentDetailSchema.safeParse(res.body.data);
      expect(parsed.success, JSON.stringify(parsed.error?.issues?.slice(0, 3))).toBe(true);
      expect(res.body.data).toMatchObject({ id: a.id, priceTotalMin: a.priceTotal, roomsCnt: a.roomsCnt, cityId: 77 });
      expect(res.body.data.priceHistory).toHaveLength(24);
      // Stations within a 45-minute walk are listed; a complex far from the metro lists none.
      const walkable = server
        .memory()
        .complexes.get(a.complexId)!
        .metro.filter((m) => m.minutes <= 45);
      expect(res.body.data.metro.map((m) => m.id)).toEqual(walkable.map((m) => m.stationId));
      expect(res.body.data.fairPrice.verdict).toMatch(/рынк/);
    });

    it('unknown id, wrong city and bad input', async () => {
      const a = await firstApartment();
      for (const [payload, status] of [
        [{ id: 99_999_999, cityIds: [77] }, 404],
        [{ id: a.id, cityIds: [78] }, 404],
        [{ id: 'x', cityIds: [77] }, 400],
        [{ id: -3, cityIds: [77] }, 400],
        [{ id: a.id, cityIds: [] }, 400],
        [{ id: a.id }, 400],
        [{ id: 1e20, cityIds: [77] }, 400],
      ] as const) {
        const res = await server.request('apartment', { body: hostile(payload) });
        expect(res.status, JSON.stringify(payload)).toBe(status);
        if (status === 404) expect(res.body.message).toBe('Not Found');
      }
    });

    it('extended card, adverts, analogues, same layout, price history, selection info', async () => {
      const a = await firstApartment();
      const ext = await server.request('apartmentExtendedCard', { query: { id: a.id } });
      expect(ext.status).toBe(200);
      expect(ext.body.data.properties.map((p) => p.title)).toContain('Класс');
      const dist = ext.body.data.infrastructure.map((p) => p.distanceM);
      expect(dist).toEqual([...dist].sort((x, y) => x - y));

      const adverts = await server.request('apartmentAdverts', { params: { apartId: a.id } });
      expect(adverts.body.data[0]).toMatchObject({ source: 'Кварта', url: `/msk/apart/${a.id}` });
      // Every advert carries a description written from the listing's facts (the advert modal shows it).
      for (const advert of adverts.body.data) {
        expect(advertSchema.safeParse(advert).success).toBe(true);
        expect(advert.text).toMatch(/^(Продаётся (квартира-студия|\d-комнатная квартира)|Продаются апартаменты) [\d,]+ м²/);
        expect(advert.text).toContain(` ${server.memory().complexes.get(a.complexId)!.name.startsWith('ЖК') ? 'в ЖК «' : 'в доме'}`);
        expect(advert.text).not.toMatch(/ЖК «ЖК|в ЖК «Дом/);
        expect(advert.text).toContain(formatNumber(a.priceTotal, 'rub'));
        expect(advert.text).toContain(`${a.floor} этаж из ${a.floors}`);
      }

      const analogues = await server.request('apartmentAnalogues', { params: { apartId: a.id } });
      for (const item of analogues.body.data) {
        expect(apartmentItemSchema.safeParse(item).success).toBe(true);
        expect(item.roomsCnt).toBe(a.roomsCnt);
        expect(item.complex.id).not.toBe(a.complexId);
        expect(Math.abs(item.priceTotalMin / a.priceTotal - 1)).toBeLessThanOrEqual(0.2);
      }

      const same = await server.request('apartmentSameLayout', { params: { apartId: a.id } });
      for (const item of same.body.data) {
        expect(item.complex.id).toBe(a.complexId);
        expect(item.id).not.toBe(a.id);
      }

      const history = await server.request('apartmentPriceHistory', { params: { apartId: a.id } });
      expect(history.body.data).toHaveLength(24);

      const info = await server.request('apartmentSelectionInfo', { query: { id: a.id } });
      expect(info.body.data.relevancePercent).toBeGreaterThanOrEqual(0);
      expect(info.body.data.relevancePercent).toBeLessThanOrEqual(100);
      expect(Object.keys(info.body.data.availableNoticeList)).toEqual(['Квартира', 'Расположение']);
    });

    it.each([
      '/api/apartment/99999999/advert',
      '/api/apartment/99999999/analogue',
      '/api/apartment/extended-card?id=99999999',
      '/api/apartment/on-map?houseId=99999999',
      '/api/complex-card/properties?complexId=99999999',
    ])('unknown id %s → 404', async (url) => {
      const res = await server.call<Err>({ method: 'GET', url });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ result: 'error', message: 'Not Found', statusCode: 404 });
    });

    it.each([
      '/api/apartment/abc/advert',
      '/api/apartment/-1/analogue',
      '/api/apartment/selection-info',
      '/api/apartment/on-map?houseId=1.5',
      '/api/infrastructure/complex?complexId=x',
    ])('bad input %s → 400', async (url) => {
      const res = await server.call<Err>({ method: 'GET', url });
      expect(res.status).toBe(400);
    });

    it('on-map lists the apartments of one building', async () => {
      const a = await firstApartment();
      const res = await server.request('apartmentsOnMap', { query: { houseId: a.houseId } });
      expect(res.body.data.map((i) => i.id)).toContain(a.id);
      expect(res.body.data.every((i) => i.address === res.body.data[0]!.address)).toBe(true);
    });
  });

  describe('analytics', () => {
    it('statistics honour rooms and price filters', async () => {
      const res = await server.request('statistics', {
        body: { cityIds: [78], roomsCntForFilter: [1, 2], priceTotalMinFrom: 5_000_000, priceTotalMinTo: 20_000_000 },
      });
      expect(res.status).toBe(200);
      const byRooms = res.body.data.find((s) => s.type === 'PRICE_BY_ROOMS')!.items;
      expect(byRooms.filter((r) => Number(r.count) > 0).map((r) => r.roomsCnt)).toEqual([1, 2]);
      expect(res.body.data.map((s) => s.type)).toEqual([
        'PRICE_BY_ROOMS',
        'SHARE_BY_ROOMS',
        'PRICE_PER_METER_BY_AREA',
        'PRICE_DYNAMICS',
        'SUMMARY',
      ]);
    });

    it('detailed rows are districts with cells per room count and ranges inside the filter', async () => {
      const res = await server.request('statisticsDetailed', {
        body: { cityIds: [78], priceTotalMinFrom: 5_000_000, priceTotalMinTo: 15_000_000 },
      });
      expect(res.body.data.length).toBeGreaterThanOrEqual(2);
      const names = res.body.data.map((r) => r.areaName);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'ru')));
      for (const row of res.body.data) {
        for (const cell of row.dataList) {
          expect(cell.priceTotalMinFrom).toBeGreaterThanOrEqual(5_000_000);
          expect(cell.priceTotalMinTo).toBeLessThanOrEqual(15_000_000);
          expect(cell.count).toBeGreaterThan(0);
        }
      }
    });

    it.each([
      { cityIds: [] },
      { cityIds: [78], roomsCntForFilter: [7] },
      { cityIds: [78], priceTotalMinTo: 500_000_000 },
      { cityIds: [78], areaIds: Array.from({ length: 1000 }, (_, i) => i + 1) },
    ])('bad analytics request #%# → 400', async (payload) => {
      const res = await server.request('statistics', { body: payload });
      expect(res.status).toBe(400);
    });
  });

  it('services and FAQ', async () => {
    const services = await server.request('services');
    const codes = services.body.data.services.map((s) => s.code);
    expect(codes).toEqual(expect.arrayContaining(['podbor-i-pokupka', 'bezopasnaya-sdelka']));
    const ids = new Set(services.body.data.services.map((_, i) => i + 1));
    expect(services.body.data.services.every((s) => s.crossSellServiceIds.every((id) => ids.has(id)))).toBe(true);
    const faq = await server.request('faq');
    expect(faq.body.data.length).toBeGreaterThan(3);
  });

  it('media: SVG in three scales; bad codes 400, unknown complexes 404', async () => {
    const a = await firstApartment();
    const layout = await server.call({ method: 'GET', url: `/api/media/layout/${a.layoutCode}.svg?area=${a.areaTotal}&scale=3` });
    expect(layout.status).toBe(200);
    expect(String(layout.headers['content-type'])).toContain('image/svg+xml');
    expect(layout.raw).toContain('width="1200"');
    expect((await server.call({ method: 'GET', url: `/api/media/complex/${a.complexId}/1.svg?scale=2` })).status).toBe(200);
    expect((await server.call({ method: 'GET', url: '/api/media/layout/9-9.svg' })).status).toBe(400);
    expect((await server.call({ method: 'GET', url: '/api/media/layout/2-1.svg?scale=7' })).status).toBe(400);
    expect((await server.call({ method: 'GET', url: '/api/media/complex/99999999/1.svg' })).status).toBe(404);
  });
});

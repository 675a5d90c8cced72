import { describe, expect, it } from 'vitest';
import type { Apartment } from '../../server/core/model';
import { comparableKey, marketPricePerMeter, type ComparableScope } from '../../server/catalog/market';
import { useTestServer } from './helpers';

type Stats = Array<{ type: string; items: Array<Record<string, string | number>> }>;
const block = (stats: Stats, type: string) => stats.find((s) => s.type === type)!.items;

describe('one market price behind the analytics and the fair-price verdict', () => {
  const server = useTestServer('pglite');
  const statistics = async (body: Record<string, unknown>): Promise<Stats> => {
    const res = await server.request('statistics', { body: body as never });
    expect(res.status).toBe(200);
    return res.body.data;
  };

  it.each([
    { cityIds: [78] },
    { cityIds: [77], roomsCntForFilter: [0, 1] },
    { cityIds: [661], priceTotalMinFrom: 3_000_000, priceTotalMinTo: 12_000_000 },
  ])('the card figure is the trend’s last point (%j)', async (body) => {
    const stats = await statistics(body);
    const summary = block(stats, 'SUMMARY')[0]!;
    const trend = block(stats, 'PRICE_DYNAMICS');
    expect(trend.length).toBeGreaterThanOrEqual(12);
    expect(trend.at(-1)!.pricePerMeter).toBe(summary.avgPricePerMeter);
    // The trend moves with the complexes' history, not flat and not jumping at the end.
    expect(Number(trend[0]!.pricePerMeter)).toBeLessThan(Number(summary.avgPricePerMeter));
    expect(Math.abs(Number(trend.at(-2)!.pricePerMeter) / Number(summary.avgPricePerMeter) - 1)).toBeLessThan(0.03);
  });

  it('the verdict and the comparables use the market price of the same district, room group, realty type and class', async () => {
    const memory = server.memory();
    const classOf = (a: Apartment) => memory.complexes.get(a.complexId)!.complexClass;
    const active = [...memory.apartments.values()].filter((a) => a.status === 'ACTIVE');
    const groups = new Map<string, Apartment[]>();
    for (const a of active) {
      const key = `${a.cityId}:${comparableKey(a, 'district-class', classOf(a))}`;
      groups.set(key, [...(groups.get(key) ?? []), a]);
    }
    // A district and room group whose listings are all of one type and class: there the analytics' bar is the verdict's reference.
    const pure = [...groups.values()].find((list) => {
      if (list.length < 5) return false;
      const a = list[0]!;
      return active.filter((b) => b.areaId === a.areaId && Math.min(4, b.roomsCnt) === Math.min(4, a.roomsCnt)).length === list.length;
    });
    expect(pure).toBeDefined();
    const a = pure!.find((x) => x.pricePerMeter !== marketPricePerMeter(pure!)) ?? pure![0]!;
    const market = marketPricePerMeter(pure!);

    const detail = await server.request('apartment', { body: { id: a.id, cityIds: [a.cityId] } });
    expect(detail.status).toBe(200);
    expect(detail.body.data.comparables).toEqual({ count: pure!.length, medianPricePerMeter: market });
    const delta = Math.round((a.pricePerMeter / market - 1) * 100);
    expect(detail.body.data.fairPrice.deltaPercent).toBe(delta);
    if (delta <= -2) expect(detail.body.data.fairPrice.verdict).toBe(`На ${-delta} % ниже рынка`);
    if (delta >= 2) expect(detail.body.data.fairPrice.verdict).toBe(`На ${delta} % выше рынка`);

    const rooms = Math.min(4, a.roomsCnt);
    const stats = await statistics({ cityIds: [a.cityId], areaIds: [a.areaId], roomsCntForFilter: [rooms] });
    expect(block(stats, 'PRICE_BY_ROOMS').find((r) => r.roomsCnt === rooms)!.avgPricePerMeter).toBe(market);
    expect(block(stats, 'SUMMARY')[0]!.avgPricePerMeter).toBe(market);
    expect(block(stats, 'PRICE_DYNAMICS').at(-1)!.pricePerMeter).toBe(market);

    // The feed's card says the same as the page.
    const onMap = await server.request('apartmentsOnMap', { query: { houseId: a.houseId } });
    expect(onMap.body.data.find((i) => i.id === a.id)!.fairPrice).toEqual(detail.body.data.fairPrice);
  });

  it('a group with too few comparables widens: the district without the class, then the city', async () => {
    const memory = server.memory();
    const classOf = (a: Apartment) => memory.complexes.get(a.complexId)!.complexClass;
    const active = [...memory.apartments.values()].filter((a) => a.status === 'ACTIVE');
    const peers = (a: Apartment, scope: ComparableScope) =>
      active.filter((b) => b.cityId === a.cityId && comparableKey(b, scope, classOf(b)) === comparableKey(a, scope, classOf(a)));
    const widened = active.find((a) => peers(a, 'district-class').length < 5 && peers(a, 'district').length >= 5);
    expect(widened).toBeDefined();
    const district = peers(widened!, 'district');
    const detail = await server.request('apartment', { body: { id: widened!.id, cityIds: [widened!.cityId] } });
    expect(detail.body.data.comparables).toEqual({ count: district.length, medianPricePerMeter: marketPricePerMeter(district) });
  });
});

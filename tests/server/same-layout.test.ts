import { describe, expect, it } from 'vitest';
import { apartmentItemSchema } from '@kvarta/contract/catalog';
import { useTestServer } from './helpers';

/** «Такая же планировка» lists the same plan only — the same rooms and a total area within ±1 m². */
describe('same-layout apartments', () => {
  const server = useTestServer();

  /** Active apartments of a city, a sample spread over the whole list (the first ones share one complex). */
  const sample = (cityId: number, count: number) => {
    const memory = server.memory();
    const active = [...memory.byCity.get(cityId)!].map((id) => memory.apartments.get(id)!).filter((a) => a.status === 'ACTIVE');
    const step = Math.max(1, Math.floor(active.length / count));
    return active.filter((_, index) => index % step === 0).slice(0, count);
  };

  it('has only units of the same complex with the same rooms, the same kind and |area difference| ≤ 1 m²', async () => {
    let listed = 0;
    for (const cityId of [78, 77]) {
      for (const a of sample(cityId, 40)) {
        const res = await server.request('apartmentSameLayout', { params: { apartId: a.id } });
        expect(res.status).toBe(200);
        for (const item of res.body.data) {
          expect(apartmentItemSchema.safeParse(item).success).toBe(true);
          expect(item.id).not.toBe(a.id);
          expect(item.complex.id).toBe(a.complexId);
          expect(item.roomsCnt).toBe(a.roomsCnt);
          expect(item.isApartHotel).toBe(a.isApartHotel);
          expect(Math.abs(item.areaTotal - a.areaTotal)).toBeLessThanOrEqual(1 + 1e-9);
          expect(item.active).toBe(true);
        }
        // Closest area first.
        const gaps = res.body.data.map((item) => Math.abs(item.areaTotal - a.areaTotal));
        expect(gaps).toEqual([...gaps].sort((x, y) => x - y));
        listed += res.body.data.length;
      }
    }
    // Not vacuous: new-build complexes hold dozens of units, so many apartments do have twins.
    expect(listed).toBeGreaterThan(20);
  });

  it('leaves out a unit of the same rooms whose area differs by more than 1 m²', async () => {
    const memory = server.memory();
    // A pair in one complex with equal rooms and 1,5–10 m² apart: the second must not be the first's same layout.
    const all = [...memory.apartments.values()].filter((a) => a.status === 'ACTIVE');
    const byComplex = new Map<string, typeof all>();
    for (const a of all) {
      const key = `${a.complexId}:${a.roomsCnt}:${a.isApartHotel}`;
      byComplex.set(key, [...(byComplex.get(key) ?? []), a]);
    }
    let pair: [number, number] | null = null;
    for (const group of byComplex.values()) {
      const first = group[0]!;
      const far = group.find((b) => Math.abs(b.areaTotal - first.areaTotal) > 1.5);
      if (far) {
        pair = [first.id, far.id];
        break;
      }
    }
    expect(pair).not.toBeNull();
    const res = await server.request('apartmentSameLayout', { params: { apartId: pair![0] } });
    expect(res.body.data.map((item) => item.id)).not.toContain(pair![1]);
  });
});

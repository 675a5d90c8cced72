import { describe, expect, it } from 'vitest';
import { byDistance, distanceMetres } from '@/shared/lib/geo';

describe('distances for «Рядом со мной»', () => {
  it('measures along the globe: one degree of latitude is about 111 km, the same place is 0', () => {
    expect(distanceMetres({ latitude: 55, longitude: 37 }, { latitude: 56, longitude: 37 })).toBeCloseTo(111_195, -2);
    expect(distanceMetres({ latitude: 59.9, longitude: 30.3 }, { latitude: 59.9, longitude: 30.3 })).toBe(0);
  });

  it('orders places nearest first with their distances, leaving the input as it was', () => {
    const places = [
      { id: 'far', latitude: 60.1, longitude: 30.3 },
      { id: 'near', latitude: 59.91, longitude: 30.3 },
      { id: 'middle', latitude: 60, longitude: 30.3 },
    ];
    const sorted = byDistance(places, { latitude: 59.9, longitude: 30.3 });
    expect(sorted.map((s) => s.place.id)).toEqual(['near', 'middle', 'far']);
    expect(sorted[0]!.metres).toBeCloseTo(1_112, -1);
    expect(places.map((p) => p.id)).toEqual(['far', 'near', 'middle']);
  });
});

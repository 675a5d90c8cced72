import { describe, expect, it } from 'vitest';
import { buildMetroLines, distanceKm } from '@/shared/ui/map/metro-lines';
import type { MetroStop } from '@/shared/ui/map/types';

const stop = (lineId: string, order: number, name: string, latitude: number, longitude: number, color = '#D6083B'): MetroStop => ({
  lineId,
  lineName: `Линия ${lineId}`,
  color,
  order,
  name,
  latitude,
  longitude,
});
const names = (path: MetroStop[]) => path.map((s) => s.name);

describe('metro lines of the offline map', () => {
  it('groups stations by line and draws each through its stations in order, whatever order they come in', () => {
    const lines = buildMetroLines([
      stop('15', 2, 'Невский проспект', 59.9355, 30.327, '#0078C9'),
      stop('14', 0, 'Девяткино', 60.05, 30.443),
      stop('15', 0, 'Горьковская', 59.9561, 30.3189, '#0078C9'),
      stop('14', 1, 'Гражданский проспект', 60.035, 30.418),
      stop('15', 1, 'Петроградская', 59.966, 30.3115, '#0078C9'),
    ]);
    expect(lines.map((l) => [l.id, l.color])).toEqual([
      ['15', '#0078C9'],
      ['14', '#D6083B'],
    ]);
    expect(lines[0]!.paths.map(names)).toEqual([['Горьковская', 'Петроградская', 'Невский проспект']]);
    expect(names(lines[0]!.stops)).toEqual(['Горьковская', 'Петроградская', 'Невский проспект']);
  });

  it('starts a branch where the next station is far nearer to an earlier one (Filyovskaya line, reference data)', () => {
    const [line] = buildMetroLines([
      stop('4', 0, 'Кунцевская', 55.730815, 37.446754),
      stop('4', 1, 'Пионерская', 55.736027, 37.466728),
      stop('4', 2, 'Филевский парк', 55.739665, 37.483902),
      stop('4', 3, 'Багратионовская', 55.743544, 37.497042),
      stop('4', 4, 'Фили', 55.746763, 37.514035),
      stop('4', 5, 'Кутузовская', 55.740544, 37.5341),
      stop('4', 6, 'Студенческая', 55.738761, 37.54842),
      stop('4', 7, 'Киевская', 55.743168, 37.565425),
      stop('4', 8, 'Смоленская', 55.749083, 37.582173),
      stop('4', 9, 'Арбатская', 55.752122, 37.601553),
      stop('4', 10, 'Александровский сад', 55.752255, 37.608775),
      stop('4', 11, 'Выставочная', 55.750243, 37.542641),
      stop('4', 12, 'Международная', 55.748324, 37.533282),
    ]);
    // The branch leaves from the nearest station already drawn (Kutuzovskaya, across the river), not from Aleksandrovsky
    // Sad across the centre (4 km); and the line is not taken for a circle.
    expect(line!.paths.map(names)).toEqual([
      [
        'Кунцевская',
        'Пионерская',
        'Филевский парк',
        'Багратионовская',
        'Фили',
        'Кутузовская',
        'Студенческая',
        'Киевская',
        'Смоленская',
        'Арбатская',
        'Александровский сад',
      ],
      ['Кутузовская', 'Выставочная', 'Международная'],
    ]);
  });

  it('closes a circle line, and leaves a straight one open', () => {
    const ring = Array.from({ length: 12 }, (_, i) => {
      const angle = (i / 12) * 2 * Math.PI;
      return stop('5', i, `Кольцо ${i}`, 55.75 + 0.03 * Math.sin(angle), 37.62 + 0.05 * Math.cos(angle));
    });
    const [circle] = buildMetroLines(ring);
    expect(circle!.paths).toHaveLength(1);
    expect(circle!.paths[0]).toHaveLength(13);
    expect(circle!.paths[0]![12]).toBe(circle!.paths[0]![0]);

    const straight = Array.from({ length: 8 }, (_, i) => stop('1', i, `Прямая ${i}`, 55.6 + 0.02 * i, 37.5 + 0.01 * i));
    const [line] = buildMetroLines(straight);
    expect(line!.paths).toEqual([straight]);
  });

  it('joins a station added at the end of the list to its real neighbour, not across the city (Zenit)', () => {
    const [line] = buildMetroLines([
      stop('16', 0, 'Беговая', 59.9877, 30.2026),
      stop('16', 1, 'Приморская', 59.9485, 30.2345),
      stop('16', 2, 'Василеостровская', 59.9426, 30.2783),
      stop('16', 3, 'Гостиный двор', 59.934, 30.3334),
      stop('16', 4, 'Маяковская', 59.9314, 30.3546),
      stop('16', 5, 'Площадь Александра Невского', 59.9244, 30.3855),
      stop('16', 6, 'Зенит', 59.9719, 30.2114),
    ]);
    expect(line!.paths.map(names)).toEqual([
      ['Беговая', 'Приморская', 'Василеостровская', 'Гостиный двор', 'Маяковская', 'Площадь Александра Невского'],
      ['Беговая', 'Зенит'],
    ]);
  });

  it('measures distances in kilometres', () => {
    // Nevsky Prospekt to Gostiny Dvor (the same interchange) and across the city.
    expect(distanceKm(stop('1', 0, 'a', 59.9355, 30.327), stop('1', 1, 'b', 59.934, 30.3334))).toBeCloseTo(0.39, 1);
    expect(distanceKm(stop('1', 0, 'a', 60.05, 30.443), stop('1', 1, 'b', 59.8308, 30.5012))).toBeGreaterThan(24);
  });

  it('leaves out a station whose coordinates are plainly wrong instead of drawing the line across the region', () => {
    const [line] = buildMetroLines([
      stop('97', 24, 'Деловой центр', 55.7491, 37.5395),
      stop('97', 25, 'Народное Ополчение', 55.775278, 39.484444),
      stop('97', 26, 'Мнёвники', 55.7606, 37.4805),
      stop('97', 27, 'Терехово', 55.749167, 38.460556),
      stop('97', 28, 'Кунцевская', 55.7308, 37.4468),
    ]);
    expect(names(line!.stops)).toEqual(['Деловой центр', 'Мнёвники', 'Кунцевская']);
    expect(line!.paths.map(names)).toEqual([['Деловой центр', 'Мнёвники', 'Кунцевская']]);
  });
});

import { describe, expect, it } from 'vitest';
import { buildingSvg, floorPlan, layoutSvg, planFamilies } from '../../server/catalog/media';
import { serviceHeroSvg, reviewerAvatarSvg, SERVICE_HERO_KINDS } from '../../server/catalog/media/service-svg';
import { loadPngRenderer } from '../../server/seo/preview-image';
import type { ComplexClass, HouseType } from '../../server/core/model';

const SAMPLES = [
  { rooms: 0, areaTotal: 24.5, areaKitchen: 4.6, livingSpace: 13.1 },
  { rooms: 1, areaTotal: 38.2, areaKitchen: 10.2, livingSpace: 17.4 },
  { rooms: 2, areaTotal: 58.4, areaKitchen: 14.1, livingSpace: 31.2 },
  { rooms: 3, areaTotal: 78.9, areaKitchen: 12.3, livingSpace: 45.1 },
  { rooms: 4, areaTotal: 110, areaKitchen: 18, livingSpace: 62 },
];
const SEEDS = Array.from({ length: 24 }, (_, i) => i * 7919 + 3);

/** '#rrggbb' → hue (degrees), saturation and lightness (0–1). */
function hsl(hex: string): { h: number; s: number; l: number } {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l };
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return { h: (h * 60 + 360) % 360, s, l };
}

/** The palette rule of dark pictures: no pale blue paint (hue 180–250°, saturated, light) anywhere. */
const lightBlues = (svg: string) =>
  [...svg.matchAll(/(?:fill|stop-color)="(#[0-9a-fA-F]{6})"/g)]
    .map((m) => m[1]!)
    .filter((hex) => {
      const { h, s, l } = hsl(hex);
      return h >= 180 && h <= 250 && s > 0.25 && l > 0.7;
    });

const firstFill = (svg: string) => /<rect width="\d+" height="\d+" fill="(#[0-9a-f]{6}|url\(#sky\)|url\(#bg\))"/.exec(svg)?.[1];

describe('floor plans', () => {
  it('rooms tile the outline: inside it, no overlaps, the whole area covered', () => {
    for (const sample of SAMPLES) {
      for (const seed of SEEDS) {
        const plan = floorPlan({ ...sample, seed });
        let covered = 0;
        for (const r of plan.rooms) {
          expect(r.x).toBeGreaterThanOrEqual(-1e-6);
          expect(r.y).toBeGreaterThanOrEqual(-1e-6);
          expect(r.x + r.w).toBeLessThanOrEqual(plan.width + 1e-6);
          expect(r.y + r.h).toBeLessThanOrEqual(plan.depth + 1e-6);
          covered += r.w * r.h;
        }
        for (const [i, a] of plan.rooms.entries())
          for (const b of plan.rooms.slice(i + 1)) {
            const ox = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
            const oy = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
            expect(ox > 1e-6 && oy > 1e-6).toBe(false);
          }
        expect(covered).toBeCloseTo(plan.width * plan.depth, 3);
      }
    }
  });

  it('printed areas: kitchen = areaKitchen, living rooms sum to livingSpace, all rooms to areaTotal', () => {
    for (const sample of SAMPLES) {
      for (const seed of SEEDS) {
        const plan = floorPlan({ ...sample, seed });
        const kitchen = plan.rooms.find((r) => r.kind === 'kitchen')!;
        expect(kitchen.area).toBe(sample.areaKitchen);
        const living = plan.rooms.filter((r) => r.kind === 'living');
        expect(living).toHaveLength(Math.max(1, sample.rooms));
        expect(living.reduce((s, r) => s + r.area! * 10, 0) / 10).toBeCloseTo(sample.livingSpace, 5);
        expect(plan.rooms.reduce((s, r) => s + (r.area ?? 0) * 10, 0) / 10).toBeCloseTo(sample.areaTotal, 5);
        const svg = layoutSvg({ ...sample, seed, theme: 'light' });
        expect(svg).toContain(`${sample.areaKitchen.toFixed(1).replace('.', ',')} м²`);
      }
    }
  });

  it('unknown kitchen or living area: a plausible plan that prints no invented number', () => {
    const plan = floorPlan({ rooms: 2, areaTotal: 52, areaKitchen: 0, livingSpace: 0, seed: 11 });
    expect(plan.rooms.every((r) => r.area === null)).toBe(true);
    expect(plan.rooms.filter((r) => r.kind === 'living')).toHaveLength(2);
    const svg = layoutSvg({ rooms: 2, areaTotal: 52, areaKitchen: 0, livingSpace: 0, seed: 11, theme: 'light' });
    expect(svg).toContain('>Кухня<');
    expect(svg.match(/м²</g)).toHaveLength(1); // only the total in the corner
    const livingOnly = floorPlan({ rooms: 1, areaTotal: 40, areaKitchen: 0, livingSpace: 19.5, seed: 5 });
    expect(livingOnly.rooms.find((r) => r.kind === 'kitchen')!.area).toBeNull();
    expect(livingOnly.rooms.find((r) => r.kind === 'living')!.area).toBe(19.5);
  });

  it('every room count has at least two families, and neighbours get different ones', () => {
    for (const rooms of [0, 1, 2, 3, 4]) expect(planFamilies(rooms, 10).length).toBeGreaterThanOrEqual(2);
    expect(planFamilies(2, 15)).toContain('euro');
    for (const sample of SAMPLES) {
      const seen = new Set(SEEDS.map((seed) => floorPlan({ ...sample, seed }).family));
      expect(seen.size).toBeGreaterThanOrEqual(2);
    }
  });

  it('walls, doors for every room, windows and the entrance are drawn', () => {
    for (const sample of SAMPLES) {
      for (const seed of SEEDS.slice(0, 8)) {
        const plan = floorPlan({ ...sample, seed });
        const needDoors = plan.rooms.length - 1 - (sample.rooms === 0 ? 1 : 0); // the hall; a studio's kitchen corner
        expect(plan.doors).toHaveLength(needDoors);
        expect(plan.windows.length).toBeGreaterThanOrEqual(Math.max(1, sample.rooms));
        const svg = layoutSvg({ ...sample, seed, theme: 'light' });
        expect(svg).toMatch(/stroke-width="6"/); // the outer wall
        expect(svg).toMatch(/stroke-width="3"/); // partitions
        expect(svg.match(/ A[\d.]+ [\d.]+ 0 0 [01] /g) ?? svg.match(/A[\d.]+ [\d.]+ 0 0 [01]/g)).toHaveLength(needDoors + 1);
        expect(svg.length).toBeLessThan(9000);
      }
    }
  });

  it('odd numbers (a kitchen bigger than the flat, living = total, zeros) never break the drawing', () => {
    for (let i = 0; i < 600; i++) {
      const areaTotal = 10 + ((i * 37) % 490);
      const areaKitchen = [0, 3, areaTotal * 0.2, areaTotal * 0.7, 150][i % 5]!;
      const livingSpace = [0, areaTotal * 0.5, areaTotal * 0.95, areaTotal, 5][(i >> 2) % 5]!;
      const svg = layoutSvg({ rooms: i % 5, areaTotal, areaKitchen, livingSpace, seed: i, theme: i % 2 ? 'dark' : 'light' });
      expect(svg).not.toMatch(/NaN|Infinity|undefined/);
    }
  });

  it('dark plans are drawn on a dark sheet without pale blue', () => {
    const svg = layoutSvg({ ...SAMPLES[2]!, seed: 4, theme: 'dark' });
    expect(hsl(firstFill(svg)!).l).toBeLessThan(0.2);
    expect(lightBlues(svg)).toEqual([]);
  });
});

describe('building and service pictures', () => {
  const classes: ComplexClass[] = ['ECONOMY', 'COMFORT', 'BUSINESS', 'PREMIUM'];
  const houses: HouseType[] = ['PANEL', 'BLOCK', 'BRICK', 'MONOLITH', 'MONOLITH_BRICK'];

  it('buildings differ by class and house type', () => {
    const draw = (complexClass: ComplexClass, houseType: HouseType) =>
      buildingSvg({ complexId: 7, variant: 1, floors: 17, complexClass, houseType, theme: 'light' });
    expect(new Set(classes.map((c) => draw(c, 'MONOLITH'))).size).toBe(classes.length);
    expect(new Set(houses.map((h) => draw('COMFORT', h))).size).toBe(houses.length);
    expect(buildingSvg({ complexId: 7, variant: 2, floors: 17, complexClass: 'COMFORT', houseType: 'PANEL', theme: 'light' })).toContain(
      'Двор жилого комплекса',
    );
  });

  it('dark variants exist for every picture and contain no pale blue', () => {
    for (const complexClass of classes)
      for (const houseType of houses)
        for (const variant of [1, 2]) {
          const svg = buildingSvg({ complexId: 3, variant, floors: 16, complexClass, houseType, theme: 'dark' });
          expect(lightBlues(svg)).toEqual([]);
          expect(svg).not.toBe(buildingSvg({ complexId: 3, variant, floors: 16, complexClass, houseType, theme: 'light' }));
        }
    for (const kind of SERVICE_HERO_KINDS) {
      expect(lightBlues(serviceHeroSvg(kind, 1, 'light')).length).toBeGreaterThan(0); // the check does see them
      expect(lightBlues(serviceHeroSvg(kind, 1, 'dark'))).toEqual([]);
    }
    for (const n of [1, 2, 3] as const) expect(lightBlues(reviewerAvatarSvg(n, 1, 'dark'))).toEqual([]);
  });

  it('sharp renders the plan and the buildings (the bot sends them as PNG)', async () => {
    const render = await loadPngRenderer();
    if (!render) return expect(render).toBeNull(); // no sharp binary on this platform: nothing to render with
    for (const sample of SAMPLES) {
      const png = await render(layoutSvg({ ...sample, seed: 9, theme: 'light' }, 2), { background: '#ffffff' });
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect(png.length).toBeGreaterThan(5000);
    }
    const png = await render(
      buildingSvg({ complexId: 1, variant: 2, floors: 12, complexClass: 'BUSINESS', houseType: 'BRICK', theme: 'dark' }),
    );
    expect(png.subarray(1, 4).toString()).toBe('PNG');
  });
});

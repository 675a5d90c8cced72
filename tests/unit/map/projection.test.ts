import { describe, expect, it } from 'vitest';
import {
  MAX_ZOOM,
  MIN_ZOOM,
  fitPlaces,
  framedMarkers,
  fromWorld,
  metresPerPixel,
  panBy,
  project,
  scaleBar,
  toWorld,
  unproject,
  zoomAround,
  type Viewport,
} from '@/shared/ui/map/projection';

const PALACE_SQUARE = { latitude: 59.9391, longitude: 30.3158 };
const view = (zoom = 12): Viewport => ({ center: PALACE_SQUARE, zoom, width: 800, height: 600 });

describe('Web Mercator projection of the offline map', () => {
  it('puts the null island in the middle of the world and doubles the world with each zoom', () => {
    expect(toWorld({ latitude: 0, longitude: 0 }, 0)).toEqual({ x: 128, y: 128 });
    const z10 = toWorld(PALACE_SQUARE, 10);
    const z11 = toWorld(PALACE_SQUARE, 11);
    expect(z11.x).toBeCloseTo(z10.x * 2, 6);
    expect(z11.y).toBeCloseTo(z10.y * 2, 6);
    // North is up: a place further north is higher on the screen.
    expect(toWorld({ latitude: 60.05, longitude: 30.3158 }, 10).y).toBeLessThan(z10.y);
  });

  it('fromWorld undoes toWorld, and the view centre is the middle of the screen', () => {
    const w = toWorld(PALACE_SQUARE, 13.5);
    const back = fromWorld(w.x, w.y, 13.5);
    expect(back.latitude).toBeCloseTo(PALACE_SQUARE.latitude, 9);
    expect(back.longitude).toBeCloseTo(PALACE_SQUARE.longitude, 9);
    expect(project(view(), PALACE_SQUARE)).toEqual({ x: 400, y: 300 });
    const corner = unproject(view(), 0, 0);
    const again = project(view(), corner);
    expect(again.x).toBeCloseTo(0, 6);
    expect(again.y).toBeCloseTo(0, 6);
  });

  it('a drag moves the map with the finger', () => {
    const moved = panBy(view(), 100, -50);
    const p = project(moved, PALACE_SQUARE);
    expect(p.x).toBeCloseTo(500, 6);
    expect(p.y).toBeCloseTo(250, 6);
  });

  it('zooming keeps the place under the cursor where it is, within the zoom limits', () => {
    const before = view(11);
    const under = unproject(before, 200, 150);
    const after = zoomAround(before, 1.5, 200, 150);
    expect(after.zoom).toBe(12.5);
    const p = project(after, under);
    expect(p.x).toBeCloseTo(200, 6);
    expect(p.y).toBeCloseTo(150, 6);
    expect(zoomAround(before, 40).zoom).toBe(MAX_ZOOM);
    expect(zoomAround(before, -40).zoom).toBe(MIN_ZOOM);
  });

  it('fits every place into the screen with the padding left free', () => {
    const places = [
      { latitude: 59.85, longitude: 30.2 },
      { latitude: 60.05, longitude: 30.45 },
      { latitude: 59.93, longitude: 30.31 },
    ];
    const fit = fitPlaces(places, 800, 600, 40);
    const v = { ...fit, width: 800, height: 600 };
    for (const place of places) {
      const p = project(v, place);
      expect(p.x).toBeGreaterThanOrEqual(40 - 1e-6);
      expect(p.x).toBeLessThanOrEqual(760 + 1e-6);
      expect(p.y).toBeGreaterThanOrEqual(40 - 1e-6);
      expect(p.y).toBeLessThanOrEqual(560 + 1e-6);
    }
    // Tight: one of the sides touches its padding.
    const xs = places.map((p) => project(v, p).x);
    const ys = places.map((p) => project(v, p).y);
    expect(Math.max(Math.max(...xs) - Math.min(...xs) - 720, Math.max(...ys) - Math.min(...ys) - 520)).toBeCloseTo(0, 3);
    // One place (a house) is not zoomed in past street level; no places show the fallback centre.
    expect(fitPlaces([PALACE_SQUARE], 800, 600).zoom).toBe(16);
    expect(fitPlaces([], 800, 600, 40, PALACE_SQUARE)).toEqual({ center: PALACE_SQUARE, zoom: 11 });
  });

  it('a first view takes in every marker but those drawn outside its frame (a metro station kilometres off)', () => {
    const house = { ...PALACE_SQUARE, id: 1 };
    const shop = { latitude: 59.9405, longitude: 30.318, id: 2 };
    const farStation = { latitude: 60.2, longitude: 30.3158, id: 3, unframed: true };
    expect(framedMarkers([house, shop, farStation]).map((p) => p.id)).toEqual([1, 2]);
    const near = fitPlaces(framedMarkers([house, shop, farStation]), 400, 300);
    expect(near.zoom).toBeGreaterThan(fitPlaces([house, shop, farStation], 400, 300).zoom + 3);
  });

  it('a scale bar says a round distance and is as long as that distance on the screen', () => {
    // At the equator at zoom 0 a pixel is 1/256 of the Earth's circumference; half as much at 60° north.
    expect(metresPerPixel(0, 0)).toBeCloseTo(156_543.03, 1);
    expect(metresPerPixel(60, 0)).toBeCloseTo(156_543.03 / 2, 1);
    const bar = scaleBar(view(12));
    expect(bar.label).toBe('2 км');
    // Whole pixels: off by less than one pixel's worth of ground.
    const perPx = metresPerPixel(PALACE_SQUARE.latitude, 12);
    expect(Math.abs(bar.px * perPx - 2000)).toBeLessThanOrEqual(perPx / 2);
    expect(bar.px).toBeLessThanOrEqual(110);
    expect(scaleBar(view(16)).label).toBe('100 м');
  });
});

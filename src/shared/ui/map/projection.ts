/**
 * Web Mercator, the projection of every web map: at zoom z the world is 256 × 2^z pixels square. The offline map
 * draws with it, and it picks MapGL's starting zoom, so both maps frame the same markers alike.
 */

export interface LngLat {
  latitude: number;
  longitude: number;
}

export interface Viewport {
  center: LngLat;
  zoom: number;
  width: number;
  height: number;
}

const TILE = 256;
const MAX_LATITUDE = 85.05112878;
export const MIN_ZOOM = 8;
export const MAX_ZOOM = 18;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** World pixel coordinates of a place at a zoom. */
export function toWorld(place: LngLat, zoom: number): { x: number; y: number } {
  const size = TILE * 2 ** zoom;
  const sin = Math.sin((clamp(place.latitude, -MAX_LATITUDE, MAX_LATITUDE) * Math.PI) / 180);
  return {
    x: ((place.longitude + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  };
}

/** The place at world pixel coordinates (the inverse of toWorld). */
export function fromWorld(x: number, y: number, zoom: number): LngLat {
  const size = TILE * 2 ** zoom;
  const n = Math.PI - (2 * Math.PI * y) / size;
  return { longitude: (x / size) * 360 - 180, latitude: (Math.atan(Math.sinh(n)) * 180) / Math.PI };
}

/** Where a place is on the screen of a viewport (pixels from its top-left corner). */
export function project(view: Viewport, place: LngLat): { x: number; y: number } {
  const centre = toWorld(view.center, view.zoom);
  const point = toWorld(place, view.zoom);
  return { x: point.x - centre.x + view.width / 2, y: point.y - centre.y + view.height / 2 };
}

/** The place under a screen point of a viewport. */
export function unproject(view: Viewport, x: number, y: number): LngLat {
  const centre = toWorld(view.center, view.zoom);
  return fromWorld(centre.x + x - view.width / 2, centre.y + y - view.height / 2, view.zoom);
}

/** The viewport moved by a drag of (dx, dy) pixels: the map follows the finger. */
export function panBy(view: Viewport, dx: number, dy: number): Viewport {
  return { ...view, center: unproject(view, view.width / 2 - dx, view.height / 2 - dy) };
}

/** The viewport zoomed by `delta` levels keeping the place under the screen point (x, y) where it is. */
export function zoomAround(view: Viewport, delta: number, x = view.width / 2, y = view.height / 2): Viewport {
  const zoom = clamp(view.zoom + delta, MIN_ZOOM, MAX_ZOOM);
  const anchor = unproject(view, x, y);
  const anchorWorld = toWorld(anchor, zoom);
  const center = fromWorld(anchorWorld.x - x + view.width / 2, anchorWorld.y - y + view.height / 2, zoom);
  return { ...view, zoom, center };
}

/** The markers a first view takes in: all but those drawn outside its frame (`MapPoint.unframed`). */
export function framedMarkers<P extends LngLat & { unframed?: boolean }>(points: readonly P[]): P[] {
  return points.filter((p) => !p.unframed);
}

/** The centre and zoom that show every place with `padding` pixels to spare (a city's middle when there are none). */
export function fitPlaces(
  places: readonly LngLat[],
  width: number,
  height: number,
  padding = 48,
  fallback: LngLat = { latitude: 59.9386, longitude: 30.3141 },
): { center: LngLat; zoom: number } {
  if (places.length === 0) return { center: fallback, zoom: 11 };
  const worlds = places.map((p) => toWorld(p, 0));
  const minX = Math.min(...worlds.map((w) => w.x));
  const maxX = Math.max(...worlds.map((w) => w.x));
  const minY = Math.min(...worlds.map((w) => w.y));
  const maxY = Math.max(...worlds.map((w) => w.y));
  const center = fromWorld((minX + maxX) / 2, (minY + maxY) / 2, 0);
  const fitX = Math.log2(Math.max(width - 2 * padding, 1) / Math.max(maxX - minX, 1e-9));
  const fitY = Math.log2(Math.max(height - 2 * padding, 1) / Math.max(maxY - minY, 1e-9));
  return { center, zoom: clamp(Math.min(fitX, fitY, 16), MIN_ZOOM, MAX_ZOOM) };
}

/** Ground metres one screen pixel covers at a latitude and zoom. */
export function metresPerPixel(latitude: number, zoom: number): number {
  return (40_075_016.686 * Math.cos((latitude * Math.PI) / 180)) / (TILE * 2 ** zoom);
}

const SCALE_STEPS_M = [20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000];

/** The scale bar: the longest round distance that fits in `maxPx` pixels, its length on screen and its Russian label. */
export function scaleBar(view: Viewport, maxPx = 110): { px: number; label: string } {
  const perPx = metresPerPixel(view.center.latitude, view.zoom);
  const metres = [...SCALE_STEPS_M].reverse().find((m) => m / perPx <= maxPx) ?? SCALE_STEPS_M[0]!;
  return { px: Math.round(metres / perPx), label: metres >= 1000 ? `${metres / 1000} км` : `${metres} м` };
}

import type { MetroStop } from './types';

export interface MetroLine {
  id: string;
  name: string;
  color: string;
  /** The line's stations in their order. */
  stops: MetroStop[];
  /** Polylines to draw: the main run, then one per branch (starting at the station it leaves from). */
  paths: MetroStop[][];
}

/** A station goes off on a branch when some earlier station is this many times nearer than the one before it. */
const BRANCH_RATIO = 2;
/** Ends this close (in typical hops) are joined: a circle line. */
const RING_HOPS = 2;
const RING_MIN_STOPS = 6;
/** A station this much further from every other station of its line than the line's usual hop is a typo in the data. */
const STRAY_HOPS = 4;
const STRAY_MIN_KM = 6;

/** Kilometres between two stations (flat-earth: good to a few metres within a city). */
export function distanceKm(a: MetroStop, b: MetroStop): number {
  const cos = Math.cos((((a.latitude + b.latitude) / 2) * Math.PI) / 180);
  return Math.hypot((a.longitude - b.longitude) * cos * 111.32, (a.latitude - b.latitude) * 110.57);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** One line's stations (in order) → its polylines, with branches and a closed ring where the data shows them. */
function pathsOf(stops: MetroStop[]): MetroStop[][] {
  const [first] = stops;
  if (!first) return [];
  const paths: MetroStop[][] = [];
  let current: MetroStop[] = [first];
  const hops: number[] = [];
  for (let i = 1; i < stops.length; i++) {
    const stop = stops[i]!;
    const previous = stops[i - 1]!;
    let nearest = previous;
    for (const earlier of stops.slice(0, i)) if (distanceKm(earlier, stop) < distanceKm(nearest, stop)) nearest = earlier;
    // The list is one run along the line, except where the reference data continues on a branch (Moscow's
    // Filyovskaya line after Aleksandrovsky Sad) or adds a newer station at the end (Zenit): start a new polyline there.
    if (nearest !== previous && distanceKm(nearest, stop) * BRANCH_RATIO < distanceKm(previous, stop)) {
      paths.push(current);
      current = [nearest, stop];
      hops.push(distanceKm(nearest, stop));
    } else {
      current.push(stop);
      hops.push(distanceKm(previous, stop));
    }
  }
  // A circle line is one run whose ends meet (never a line with a branch: its last station ends the branch).
  const last = stops[stops.length - 1]!;
  if (paths.length === 0 && stops.length >= RING_MIN_STOPS && distanceKm(first, last) <= RING_HOPS * median(hops)) current.push(first);
  paths.push(current);
  return paths;
}

/**
 * The stations of a line without those whose coordinates are plainly wrong: the reference dump puts a few tens of
 * kilometres away (Moscow's Narodnoe Opolchenie at 39.48° east), and one such point would pull a line across the map.
 */
function withoutStrays(stops: MetroStop[]): MetroStop[] {
  if (stops.length < 3) return stops;
  const nearest = stops.map((stop) => Math.min(...stops.filter((other) => other !== stop).map((other) => distanceKm(stop, other))));
  const usual = median(nearest);
  return stops.filter((_, i) => nearest[i]! <= Math.max(STRAY_MIN_KM, STRAY_HOPS * usual));
}

/** Stations of a city (any order) → its metro lines, each with its colour, stations in order and polylines. */
export function buildMetroLines(stations: readonly MetroStop[]): MetroLine[] {
  const byLine = new Map<string, MetroStop[]>();
  for (const station of stations) {
    const line = byLine.get(station.lineId);
    if (line) line.push(station);
    else byLine.set(station.lineId, [station]);
  }
  return [...byLine.values()].map((unordered) => {
    const stops = withoutStrays([...unordered].sort((a, b) => a.order - b.order));
    const { lineId, lineName, color } = stops[0]!;
    return { id: lineId, name: lineName, color, stops, paths: pathsOf(stops) };
  });
}

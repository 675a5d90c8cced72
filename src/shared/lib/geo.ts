/** A place on the map, as the API gives buildings and the platform gives the buyer. */
export interface Place {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_M = 6_371_000;
const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres (haversine): exact enough for «рядом» across a city. */
export function distanceMetres(a: Place, b: Place): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The places ordered by distance from `from`, nearest first, each with its distance; the input is left as it was. */
export function byDistance<T extends Place>(places: readonly T[], from: Place): Array<{ place: T; metres: number }> {
  return places.map((place) => ({ place, metres: distanceMetres(from, place) })).sort((a, b) => a.metres - b.metres);
}

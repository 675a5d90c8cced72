const EARTH_RADIUS_M = 6_371_000;

/** Great-circle distance in metres. */
export function distanceM(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const toRad = Math.PI / 180;
  const dLat = (lat2 - lat1) * toRad;
  const dLng = (lng2 - lng1) * toRad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * toRad) * Math.cos(lat2 * toRad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** A point `metres` away from (lat, lng) in direction `angle` (radians). */
export function offset(lat: number, lng: number, metres: number, angle: number): [number, number] {
  const dLat = (metres * Math.cos(angle)) / 111_320;
  const dLng = (metres * Math.sin(angle)) / (111_320 * Math.cos((lat * Math.PI) / 180));
  return [lat + dLat, lng + dLng];
}

/** Walking minutes for a straight-line distance: 5 km/h with a 1.3 detour factor. */
export function walkingMinutes(metres: number): number {
  return Math.max(1, Math.round(((metres * 1.3) / 5000) * 60));
}

import type { ComplexClass, Renovation } from '../../core/model';

/**
 * The hedonic model: price per m² = city level × location × metro × class × area × floor × finishing × noise.
 * The factors are relative; `calibrate` then scales each city and realty type to its target average.
 */
export const CLASS_FACTOR: Record<ComplexClass, number> = { ECONOMY: 0.85, COMFORT: 1, BUSINESS: 1.28, PREMIUM: 1.65 };

/** Closer to the centre is dearer; `relative` is the distance over the city's radius (0 centre … 1 edge). */
export function locationFactor(relative: number): number {
  return Math.min(1.45, Math.max(0.62, 1.4 - 0.75 * relative));
}

export function metroFactor(minutes: number | null): number {
  if (minutes === null) return 1;
  if (minutes <= 7) return 1.07;
  if (minutes <= 15) return 1.03;
  if (minutes <= 25) return 1;
  return 0.94;
}

/** Small apartments cost more per m². */
export function areaFactor(areaTotal: number): number {
  return (areaTotal / 50) ** -0.1;
}

export function floorFactor(floor: number, floors: number): number {
  if (floor === 1) return 0.92;
  if (floor === floors && floors > 5) return 0.98;
  if (floor >= 10) return 1.02;
  return 1;
}

export function finishingFactor(renovation: Renovation, isApartHotel: boolean): number {
  return (renovation === 'FULLY_RENOVATED' ? 1.06 : 1) * (isApartHotel ? 0.88 : 1);
}

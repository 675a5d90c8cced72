/** Zod-free: what is «рядом» with a house, for the server's list and the client's map alike. */

/** Schools, kindergartens, parks, shops and clinics within this distance; the nearest metro stations may be farther. */
export const NEARBY_RADIUS_M = 1500;

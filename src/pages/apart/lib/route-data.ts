import type { City } from '@/shared/api';

/**
 * What APART's loader guarantees the page: the apartment exists in this city (its detail is in the query cache under
 * that id and the city's ids), or the server did not answer at all and the page says so with «Повторить». A bad id, an
 * unknown city or apartment never reach the page: the loader sends them to /404.
 */
export type ApartRouteData = { kind: 'apartment'; id: number; city: City } | { kind: 'offline' };

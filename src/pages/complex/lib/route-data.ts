import type { City } from '@/shared/api';

/**
 * What COMPLEX's loader guarantees the page: the complex exists and belongs to this city (its page is in the query
 * cache), or the server did not answer at all. A bad id, an unknown city or complex, or a complex of another city never
 * reach the page: the loader sends them to /404.
 */
export type ComplexRouteData = { kind: 'complex'; id: number; city: City } | { kind: 'offline' };

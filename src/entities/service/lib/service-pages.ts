import { API_BASES, RAW_PATHS, buildUrl } from '@/shared/api';
import type { ImageSet, Service, ServiceHeroKind } from '@/shared/api';

/*
 * What the service pages and the service modal draw with (their images, the cross-sell): apart from service-lib.ts,
 * which the first screen uses (its loaders find a service, its cards write a srcset), because the bundler puts a module
 * whole into the entry chunk.
 */

/** Spec §2: podbor-i-pokupka has its own detailed hero, bezopasnaya-sdelka the shield, any other slug 'sell'. */
export function heroKindOf(slug: string): ServiceHeroKind {
  return slug === 'podbor-i-pokupka' || slug === 'bezopasnaya-sdelka' ? slug : 'sell';
}

function mediaBase(): string {
  const fromEnv = import.meta.env?.VITE_API_BASE;
  return fromEnv ? fromEnv.replace(/\/$/, '') : API_BASES.main;
}

const densities = (path: string, params: Record<string, string | number>): ImageSet => ({
  x1: buildUrl(mediaBase(), path, params),
  x2: buildUrl(mediaBase(), path, params, { scale: 2 }),
  x3: buildUrl(mediaBase(), path, params, { scale: 3 }),
});

/** The hero image of a service page in 1x, 2x and 3x (spec §3 Service: heroImage). */
export function heroImageOf(slug: string): ImageSet {
  return densities(RAW_PATHS.SERVICE_HERO, { kind: heroKindOf(slug) });
}

export function reviewerAvatar(n: 1 | 2 | 3): ImageSet {
  return densities(RAW_PATHS.REVIEWER_AVATAR, { n });
}

/** Spec §3 Service: crossSellContent — the services whose ids are in crossSellServiceIds, in that order. */
export function crossSellOf(service: Service, all: readonly Service[]): Service[] {
  return service.crossSellServiceIds
    .map((id) => all.find((s) => s.id === id))
    .filter((s): s is Service => s !== undefined && s.id !== service.id);
}

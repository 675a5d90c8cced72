import type { CatalogueMemory } from './memory';

/**
 * What an apartment's own page and preview card are drawn from, as it is now in this instance's memory: the listing,
 * its complex and its photos. A render made from an older stamp is out of date. JSON of a few dozen fields costs
 * microseconds, far less than any render it saves.
 */
export function listingStamp(memory: Pick<CatalogueMemory, 'apartments' | 'complexes' | 'photos'>, apartmentId: number): string {
  const apartment = memory.apartments.get(apartmentId);
  if (!apartment) return 'none';
  // Reloading a city replaces its apartment objects together with their complexes and photos (memory.ts), so a
  // stamp computed once per apartment object stays true for as long as that object is the listing.
  let stamp = stamps.get(apartment);
  if (stamp === undefined) {
    stamp = JSON.stringify([apartment, memory.complexes.get(apartment.complexId) ?? null, memory.photos.get(apartmentId) ?? null]);
    stamps.set(apartment, stamp);
  }
  return stamp;
}

const stamps = new WeakMap<object, string>();

import type { Seller } from '@kvarta/contract/catalog';
import type { Apartment, FeedDetails } from '../core/model';
import type { CatalogueMemory } from './memory';

/**
 * Who sells a listing — the one answer the apartment page, its complex page and compare all show. An imported listing:
 * the seller its lead feed names (null when it names none). A generated one: the developer of a new build, otherwise
 * the owner; «Кварта» is the operator, not a seller, and no phone is made up.
 */
export function listingSeller(memory: CatalogueMemory, a: Apartment, feed: { details: FeedDetails | null } | null): Seller | null {
  if (feed) return feed.details?.seller ?? null;
  const complex = memory.complexes.get(a.complexId);
  const developer = complex?.developerId ? (memory.developers.get(complex.developerId)?.name ?? null) : null;
  const isDeveloper = a.realtyType === 'NEW' && developer !== null;
  return {
    name: isDeveloper ? null : 'Собственник',
    organization: isDeveloper ? developer : null,
    category: isDeveloper ? 'DEVELOPER' : 'OWNER',
    phone: null,
    email: null,
    url: null,
    photo: null,
  };
}

import type { Queryable } from '../core/database';
import type { FeedListing } from '../catalog/listing-info';
import { offerRows } from '../catalog/repository/apartments';

export interface FeedAdvert extends FeedListing {
  agent: string | null;
  url: string | null;
  /** This source's own asking price (the listing's is the best of its sources'). */
  priceTotal: number;
}

/**
 * The adverts an imported apartment came from, its lead first (the earliest source still offering it, whose facts the
 * listing shows). Sources that dropped it are left out while another offers it; a listing no one offers any more keeps
 * its last lead, so its page still says where it came from.
 */
export async function feedAdvertsOf(db: Queryable, apartmentId: number): Promise<FeedAdvert[]> {
  const rows = await offerRows(db, [apartmentId]);
  const offered = rows.filter((r) => r.goneAt === null);
  return (offered.length > 0 ? offered : rows.slice(0, 1)).map((r) => ({
    source: r.source,
    internalId: r.internalId,
    agent: r.agent,
    url: r.url,
    description: r.description,
    changedAt: r.updatedAt.toISOString(),
    details: r.details,
    priceTotal: r.priceTotal,
  }));
}

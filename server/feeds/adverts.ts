import type { Queryable } from '../core/database';
import type { FeedDetails } from '../core/model';
import type { FeedListing } from '../catalog/listing-info';

export interface FeedAdvert extends FeedListing {
  agent: string | null;
  url: string | null;
  /** This source's own asking price (the listing's is the best of its sources'). */
  priceTotal: number;
}

interface AdvertRow {
  source: string;
  internal_id: string;
  agent: string | null;
  url: string | null;
  description: string | null;
  details: FeedDetails | string | null;
  updated_at: Date | string;
  price_total: number | string;
}

const toAdvert = (r: AdvertRow): FeedAdvert => ({
  source: r.source,
  internalId: r.internal_id,
  agent: r.agent,
  url: r.url,
  description: r.description,
  changedAt: new Date(r.updated_at).toISOString(),
  details: typeof r.details === 'string' ? (JSON.parse(r.details) as FeedDetails) : r.details,
  priceTotal: Number(r.price_total),
});

/**
 * The adverts an imported apartment came from, its lead first (the earliest source still offering it, whose facts the
 * listing shows). Sources that dropped it are left out while another offers it; a listing no one offers any more keeps
 * its last lead, so its page still says where it came from.
 */
export async function feedAdvertsOf(db: Queryable, apartmentId: number): Promise<FeedAdvert[]> {
  const { rows } = await db.query<AdvertRow & { gone: boolean }>(
    `SELECT source, internal_id, agent, url, description, details, updated_at, price_total, gone_at IS NOT NULL AS gone
     FROM feed_offers WHERE apartment_id = $1
     ORDER BY gone_at IS NOT NULL, gone_at DESC, joined_at, source, internal_id`,
    [apartmentId],
  );
  const offered = rows.filter((r) => !r.gone);
  return (offered.length > 0 ? offered : rows.slice(0, 1)).map(toAdvert);
}

import type { Queryable } from '../catalog/store';

export interface FeedAdvert {
  source: string;
  agent: string | null;
  url: string | null;
  description: string | null;
  publishedAt: string;
}

/** The advert an imported apartment came from: who publishes it and where, as its feed says. */
export async function feedAdvertOf(db: Queryable, apartmentId: number): Promise<FeedAdvert | null> {
  const { rows } = await db.query<{
    source: string;
    agent: string | null;
    url: string | null;
    description: string | null;
    updated_at: Date | string;
  }>('SELECT source, agent, url, description, updated_at FROM feed_offers WHERE apartment_id = $1', [apartmentId]);
  const r = rows[0];
  return r
    ? { source: r.source, agent: r.agent, url: r.url, description: r.description, publishedAt: new Date(r.updated_at).toISOString() }
    : null;
}

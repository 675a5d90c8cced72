import { scoreListing, topRankQuery } from '../ranking';
import type { Engine } from '../ranking/engine';
import type { Database } from '../db/connection';
import type { Metrics } from '../infra/metrics';
import type { CatalogueMemory } from '../catalog/memory';
import { learnedOf } from './top';
import { userSelection } from './user-selection';

interface Needs {
  db: Database;
  memory: CatalogueMemory;
  engine: Engine;
  metrics: Metrics;
}

/**
 * Before a like or dislike is stored: counts it at the AI index the listing had for this user until now (their
 * reactions so far and TOP wishes), so the operator's chart of likes per index band (metrics.ts reactionsByIndex)
 * shows whether the index means the chance of a like.
 */
export async function countReactionByIndex(
  ctx: Needs,
  userId: number,
  apartment: { id: number; cityId: number },
  action: string,
): Promise<void> {
  if (action !== 'LIKE' && action !== 'DISLIKE') return;
  const columns = ctx.engine.columns(apartment.cityId);
  const row = columns?.rowOf.get(apartment.id);
  if (!columns || row === undefined) return;
  const { profile, reactions } = await userSelection(ctx.db, userId);
  const query = topRankQuery(profile ?? {}, 1, learnedOf(ctx, userId, reactions));
  ctx.metrics.observeReaction(scoreListing(columns, row, query).relevancePercent, action);
}

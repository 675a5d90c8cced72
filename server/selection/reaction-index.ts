import type { Metrics } from '../infra/metrics';
import { buyerOf, indexExplainer, type BuyerNeeds } from './buyer-model';

interface Needs extends BuyerNeeds {
  metrics: Metrics;
}

/**
 * Before a like or dislike is stored: counts it at the AI index the listing had for this buyer until now (the one
 * index every surface shows, buyer-model.ts), so the operator's chart of likes per index band (metrics.ts
 * reactionsByIndex) shows whether the index means the chance of a like.
 */
export async function countReactionByIndex(
  ctx: Needs,
  userId: number,
  apartment: { id: number; cityId: number },
  action: string,
): Promise<void> {
  if (action !== 'LIKE' && action !== 'DISLIKE') return;
  const { relevancePercent } = indexExplainer(ctx.engine, await buyerOf(ctx, userId))(apartment);
  if (relevancePercent !== null) ctx.metrics.observeReaction(relevancePercent, action);
}

import type { Queryable } from '../core/database';
import { addPromocodeIfAbsent } from '../subscription/repository/subscriptions';

/**
 * Promocodes for trying the flow locally (README): a week free and 20 % off a paid period. The spec
 * mandates only the built-in trial (TRIAL3); these are ours. Not seeded in production, where codes
 * are created by the operators; long and random-tailed anyway, so a database copied from a demo
 * deployment does not carry a code anyone could guess (promocode checks are rate-limited too).
 */
export const DEMO_PROMOCODES = {
  week: { code: 'NEDELYA7-DEMO-5RX8KQ2MWT', kind: 'DAYS', value: 7 },
  percent: { code: 'KVARTA20-DEMO-H7W3ZP9CYB', kind: 'PERCENT', value: 20 },
} as const;

/** Idempotent: an existing code (perhaps edited or switched off by hand) is left as it is. */
export async function seedDemoPromocodes(db: Queryable): Promise<void> {
  for (const p of Object.values(DEMO_PROMOCODES)) {
    await addPromocodeIfAbsent(db, p);
  }
}

import type { SubscriptionPeriod } from '@kvarta/contract/subscription';
import { plural } from '@kvarta/contract/format';
import { badRequest } from '../core/errors';

/** Telegram's only Star subscription period (Bot API `subscription_period`): 30 days in seconds. */
export const STAR_SUBSCRIPTION_SECONDS = 2_592_000;
export const STAR_SUBSCRIPTION_DAYS = STAR_SUBSCRIPTION_SECONDS / 86_400;

/** One period we sell: its days, roubles by card and Telegram Stars. */
export interface Plan {
  days: number;
  rub: number;
  stars: number;
}

/** The one price list (SUBSCRIPTION_PRICES overrides it): days, roubles, Stars. */
export const DEFAULT_PLANS: readonly Plan[] = [
  { days: 7, rub: 490, stars: 250 },
  { days: 30, rub: 1490, stars: 750 },
  { days: 90, rub: 3490, stars: 1750 },
];

/**
 * `days:rub:stars` pairs separated by commas (`7:490:250,30:1490:750`); every period once, 1–366 days,
 * at least 1 ₽ and 1 Star. Throws a Russian message naming the bad entry.
 */
export function parsePlans(text: string): Plan[] {
  const plans = text.split(',').map((entry) => {
    const m = /^\s*(\d{1,3}):(\d{1,7}):(\d{1,6})\s*$/.exec(entry);
    const plan = m ? { days: Number(m[1]), rub: Number(m[2]), stars: Number(m[3]) } : null;
    if (!plan || plan.days < 1 || plan.days > 366 || plan.rub < 1 || plan.stars < 1)
      throw new Error(`SUBSCRIPTION_PRICES: «${entry.trim()}» — ожидается дни:рубли:звёзды, например 30:1490:750`);
    return plan;
  });
  if (new Set(plans.map((p) => p.days)).size !== plans.length) throw new Error('SUBSCRIPTION_PRICES: каждый период указывается один раз');
  return plans.sort((a, b) => a.days - b.days);
}

export const planTitle = (days: number): string => `${days} ${plural(days, ['день', 'дня', 'дней'])}`;

export class PriceList {
  constructor(readonly plans: readonly Plan[] = DEFAULT_PLANS) {}

  /** The plan of `days`, or a 400 naming the periods on offer. */
  plan(days: number): Plan {
    const plan = this.plans.find((p) => p.days === days);
    if (!plan) throw badRequest(`days: выберите период из списка (${this.plans.map((p) => p.days).join(', ')} дней)`);
    return plan;
  }

  find(days: number): Plan | undefined {
    return this.plans.find((p) => p.days === days);
  }

  /** What the recurrent payment modal shows. */
  periods(): SubscriptionPeriod[] {
    return this.plans.map((p) => ({
      days: p.days,
      title: planTitle(p.days),
      price: p.rub,
      stars: p.stars,
      starsRenew: p.days === STAR_SUBSCRIPTION_DAYS,
    }));
  }
}

import { formatExpiredAt } from '@kvarta/contract/lira-rules';
import type { Subscription } from '@kvarta/contract/subscription';

/** A subscription as the server answers it: ACTIVE for 30 more days, trial used, nothing paid; tests change what they are about. */
export const subscriptionFixture = (patch: Partial<Subscription> = {}): Subscription => ({
  status: 'ACTIVE',
  expiredAt: formatExpiredAt(new Date(Date.now() + 30 * 86_400_000)),
  serviceType: 'LIRA_4',
  autoRenewal: false,
  nextPaymentAt: null,
  nextPayment: null,
  paymentMethod: null,
  trialUsed: true,
  trial: false,
  payments: [],
  ...patch,
});

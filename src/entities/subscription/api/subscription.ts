import { queryOptions } from '@tanstack/react-query';
import { QUERY_TIME, api } from '@/shared/api';
import { LIRA_SERVICE_TYPE } from '@kvarta/contract/lira-rules';
import type { Subscription } from '../lib/derive';
import type { PaymentMethod } from '@kvarta/contract/subscription';

/** GET the subscription; any failure means "no subscription" (spec §7). */
export async function fetchSubscription(signal?: AbortSignal): Promise<Subscription | null> {
  try {
    return (await api.call('subscription', { query: { serviceType: LIRA_SERVICE_TYPE }, signal })) ?? null;
  } catch {
    return null;
  }
}

/** POST: a trial or days promocode activates at once; a paid period answers with a payment to open. */
export const createSubscription = (body: {
  promocode?: string | null;
  days: number;
  returnPath?: string;
  method?: PaymentMethod;
  receiptEmail?: string;
}) => api.call('subscribe', { body: { ...body, serviceType: LIRA_SERVICE_TYPE } });

/** DELETE: access stays until the paid period ends. */
export const cancelSubscription = () => api.call('subscriptionCancel', { query: { serviceType: LIRA_SERVICE_TYPE } });

export const checkPromocode = (promocode: string, days?: number) =>
  api.call('promocodeCheck', { body: { promocode, serviceType: LIRA_SERVICE_TYPE, days } });

export const fetchPayment = (paymentId: string) => api.call('payment', { params: { paymentId } });

/** The server's price list: roubles by card, Telegram Stars in the Mini App. */
export function periodsQuery() {
  return queryOptions({
    queryKey: ['subscription', 'periods'] as const,
    queryFn: ({ signal }) => api.call('subscriptionPeriods', { signal }),
    staleTime: QUERY_TIME.PRESETS,
  });
}

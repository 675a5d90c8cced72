import { queryOptions } from '@tanstack/react-query';
import { API_PATHS, QUERY_TIME, api } from '@/shared/api';
import type { Payment, PromocodeCheckResponse, SubscriptionPostResponse } from '@/shared/api/contract/subscription';
import type { Subscription } from '../lib/derive';

/** Spec §3: the service type of the AI search subscription. */
export const SERVICE_TYPE = 'LIRA_4';

export const subscriptionKeys = {
  all: ['subscription'] as const,
  current: (userId: number | null) => ['subscription', userId] as const,
};

/** GET the subscription; any failure means "no subscription" (spec §7). */
export async function fetchSubscription(signal?: AbortSignal): Promise<Subscription | null> {
  try {
    return (await api.get<Subscription | null>(API_PATHS.SUBSCRIPTION, { query: { serviceType: SERVICE_TYPE }, signal })) ?? null;
  } catch {
    return null;
  }
}

export function subscriptionQuery(userId: number | null) {
  return queryOptions({
    queryKey: subscriptionKeys.current(userId),
    queryFn: ({ signal }) => fetchSubscription(signal),
    enabled: userId !== null,
    staleTime: QUERY_TIME.DEFAULT_STALE,
  });
}

/** POST: a trial or days promocode activates at once; a paid period answers with a payment to open. */
export const createSubscription = (body: { promocode?: string | null; days: number; returnPath?: string }) =>
  api.post<SubscriptionPostResponse>(API_PATHS.SUBSCRIPTION, { ...body, serviceType: SERVICE_TYPE });

/** DELETE: access stays until the paid period ends. */
export const cancelSubscription = () => api.delete<unknown>(API_PATHS.SUBSCRIPTION, { query: { serviceType: SERVICE_TYPE } });

export const checkPromocode = (promocode: string, days?: number) =>
  api.post<PromocodeCheckResponse>(API_PATHS.SUBSCRIPTION_PROMOCODE_CHECK, { promocode, serviceType: SERVICE_TYPE, days });

export const fetchPayment = (paymentId: string) => api.get<Payment>(API_PATHS.PAYMENT, { params: { paymentId } });

/** The periods on offer (price in roubles). */
export function periodsQuery() {
  return queryOptions({
    queryKey: ['subscription', 'periods'] as const,
    queryFn: ({ signal }) => api.get<Array<{ days: number; price: number; title: string }>>(API_PATHS.SUBSCRIPTION_PERIODS, { signal }),
    staleTime: QUERY_TIME.PRESETS,
  });
}

import type { QueryClient } from '@tanstack/react-query';
import { findService, servicesQuery } from '@/entities/service';
import { ROUTES, isConnectionError } from '@/shared/api';
import type { ServicesResponse } from '@/shared/api';

/**
 * Spec §2 SERVICES: the data is prefetched; a failed fetch sends the user to NOT_FOUND — unless the server did not
 * answer at all ('offline'): then the page opens and says so, with «Повторить».
 */
async function loadServices(queryClient: QueryClient): Promise<ServicesResponse | 'offline' | null> {
  try {
    return await queryClient.ensureQueryData(servicesQuery());
  } catch (error) {
    return isConnectionError(error) ? 'offline' : null;
  }
}

export function servicesGuard(queryClient: QueryClient) {
  return async (): Promise<string | null> => ((await loadServices(queryClient)) ? null : ROUTES.NOT_FOUND);
}

/** SERVICES_DETAIL: as SERVICES, and an unknown slug is NOT_FOUND too (spec §8 "service not found"). */
export function serviceDetailGuard(queryClient: QueryClient) {
  return async (params: Readonly<Record<string, string>>): Promise<string | null> => {
    const data = await loadServices(queryClient);
    if (data === 'offline') return null;
    return data && params.serviceSlug && findService(data.services, params.serviceSlug) ? null : ROUTES.NOT_FOUND;
  };
}

import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { findService, servicesQuery } from '@/entities/service';
import { ROUTES } from '@/shared/api';
import type { ServicesResponse } from '@/shared/api';

/** Spec §2 SERVICES: the data is prefetched; a failed fetch sends the user to NOT_FOUND. */
async function loadServices(queryClient: QueryClient): Promise<ServicesResponse> {
  try {
    return await queryClient.ensureQueryData(servicesQuery());
  } catch {
    throw redirect(ROUTES.NOT_FOUND);
  }
}

export function servicesLoader(queryClient: QueryClient) {
  return async () => {
    await loadServices(queryClient);
    return null;
  };
}

/** SERVICES_DETAIL: as SERVICES, and an unknown slug is NOT_FOUND too (spec §8 "service not found"). */
export function serviceDetailLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    const data = await loadServices(queryClient);
    if (!params.serviceSlug || !findService(data.services, params.serviceSlug)) throw redirect(ROUTES.NOT_FOUND);
    return null;
  };
}

/** Shown in the page area while a route's loader runs on the first load. */
export function RouteLoading() {
  return (
    <div className="kv-page-loading" role="status" aria-live="polite">
      Загрузка…
    </div>
  );
}

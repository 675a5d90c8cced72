import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { ANALYTICS_FILTERS_POLL_MS, analyticsFiltersPolled } from './filters';

/** Reads the stored filters now and every second while the screen is mounted (spec §9). */
export function useAnalyticsFiltersPolling(): void {
  const poll = useUnit(analyticsFiltersPolled);
  useEffect(() => {
    poll();
    const timer = window.setInterval(poll, ANALYTICS_FILTERS_POLL_MS);
    return () => window.clearInterval(timer);
  }, [poll]);
}

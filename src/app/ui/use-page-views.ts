import { useEffect, useRef } from 'react';
import { pageViewed, startAnalytics } from '@/shared/outside';

/**
 * The analytics tag (when one is configured) loads after the first render, and every route change is reported as a page
 * view with the page's title — read a moment after the change, once the new page has set it.
 */
export function usePageViews(pathname: string): void {
  const previous = useRef<string | null>(null);
  useEffect(() => startAnalytics(), []);
  useEffect(() => {
    const timer = setTimeout(() => {
      const url = window.location.href;
      pageViewed(url, document.title, previous.current ?? (document.referrer || undefined));
      previous.current = url;
    }, 0);
    return () => clearTimeout(timer);
  }, [pathname]);
}

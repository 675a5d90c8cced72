import { useEffect, useRef } from 'react';
import { pageViewed } from '@/shared/outside';

/**
 * Every route change is reported as a page view with the page's title — read a moment after the change, once the new
 * page has set it. Nothing is sent before the analytics consent (app/outside-consent.ts starts the tag).
 */
export function usePageViews(pathname: string): void {
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => {
      const url = window.location.href;
      pageViewed(url, document.title, previous.current ?? (document.referrer || undefined));
      previous.current = url;
    }, 0);
    return () => clearTimeout(timer);
  }, [pathname]);
}

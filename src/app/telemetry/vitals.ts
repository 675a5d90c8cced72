import type { RouteName } from '@kvarta/contract/routes';
import type { VitalName, VitalPlatform, VitalSurface } from '@kvarta/contract/vitals-rules';
import type { Metric } from 'web-vitals';

export interface VitalsReportBody {
  page: RouteName;
  surface: VitalSurface;
  platform: VitalPlatform;
  metrics: { name: VitalName; value: number }[];
}

export interface VitalsOptions {
  page: RouteName;
  surface: VitalSurface;
  platform: VitalPlatform;
  /** Sends one report (navigator.sendBeacon: it leaves even while the page is being hidden or closed). */
  send(body: VitalsReportBody): void;
}

const PER_REPORT = 8;

/**
 * Real-user speed: LCP, INP, CLS and TTFB as the web-vitals library measures them in this browser, sent to
 * `POST /api/vitals` tagged with the page (the one the document was loaded for: LCP and TTFB belong to it), the
 * surface and the device family. Values are final when the page is hidden, so they are sent then, in one beacon per
 * hiding. The library comes in a small chunk of its own after the first screen; its observers read buffered entries,
 * so nothing measured before it arrived is lost.
 */
export function startVitals(options: VitalsOptions): void {
  const queued: { name: VitalName; value: number }[] = [];
  let flushScheduled = false;
  const flush = () => {
    flushScheduled = false;
    while (queued.length > 0) {
      options.send({ page: options.page, surface: options.surface, platform: options.platform, metrics: queued.splice(0, PER_REPORT) });
    }
  };
  const record = (metric: Metric) => {
    if (metric.name === 'FCP' || !Number.isFinite(metric.value) || metric.value < 0) return;
    // Milliseconds to the millisecond; CLS to four places.
    const value = metric.name === 'CLS' ? Math.round(metric.value * 10_000) / 10_000 : Math.round(metric.value);
    queued.push({ name: metric.name, value });
    // The library reports on `visibilitychange` (hidden), one listener per metric: a microtask gathers them.
    if (document.visibilityState === 'hidden' && !flushScheduled) {
      flushScheduled = true;
      queueMicrotask(flush);
    }
  };
  import('web-vitals')
    .then(({ onCLS, onINP, onLCP, onTTFB }) => {
      onTTFB(record);
      onLCP(record);
      onINP(record);
      onCLS(record);
      // What was measured before the page was hidden (TTFB) and was not sent with a hiding.
      window.addEventListener('pagehide', flush);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'hidden') queueMicrotask(flush);
      });
    })
    .catch(() => undefined);
}

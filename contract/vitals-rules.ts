/**
 * Real-user speed (web-vitals) as the browser reports it to `POST /api/vitals`: zod-free, so the client imports the
 * names at run time; the schema is in `vitals.ts`. Every label the server turns into a metric series comes from one of
 * these closed lists, so no browser can make Prometheus keep a series per visitor.
 */
export const VITAL_NAMES = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

/** Where the page ran: the website, or inside Telegram as the Mini App. */
export const VITAL_SURFACES = ['web', 'miniapp'] as const;
export type VitalSurface = (typeof VITAL_SURFACES)[number];

/** The device family: phones by OS, desktops (and Telegram's desktop clients), Telegram's web clients, the rest. */
export const VITAL_PLATFORMS = ['ios', 'android', 'desktop', 'web', 'other'] as const;
export type VitalPlatform = (typeof VITAL_PLATFORMS)[number];

/** Largest values taken: milliseconds for LCP, INP, TTFB (a minute is already a broken page), CLS is unitless. */
export const VITAL_MAX: Record<VitalName, number> = { LCP: 60_000, INP: 60_000, TTFB: 60_000, CLS: 100 };

/** One report carries at most this many values (the four of a page, twice over after a back-forward restore). */
export const VITALS_PER_REPORT = 8;

/** Telegram's `tgWebAppPlatform` → our device family. */
export function telegramVitalPlatform(platform: string | null | undefined): VitalPlatform {
  switch (platform) {
    case 'ios':
      return 'ios';
    case 'android':
    case 'android_x':
      return 'android';
    case 'tdesktop':
    case 'macos':
    case 'unigram':
      return 'desktop';
    case 'weba':
    case 'webk':
    case 'web':
      return 'web';
    default:
      return 'other';
  }
}

/** A browser's user agent → our device family (the website; the Mini App asks Telegram instead). */
export function userAgentVitalPlatform(userAgent: string): VitalPlatform {
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'ios';
  if (/Android/.test(userAgent)) return 'android';
  if (/Windows|Macintosh|Linux|CrOS/.test(userAgent)) return 'desktop';
  return 'other';
}

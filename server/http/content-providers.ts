import { MAPGL_CLUSTERER_SRC } from '@kvarta/contract/client-config';

/**
 * Third-party origins the pages may use, and only when that provider is configured.
 * The server reads the VITE_* variables at start and hands the pages their keys (client-config.ts), so a page loads
 * a provider exactly when its origins are allowed here. Nothing here is allowed by default.
 */

/** CSP source lists one provider adds, by directive. */
export interface ProviderSources {
  script?: string[];
  connect?: string[];
  img?: string[];
  style?: string[];
  font?: string[];
  frame?: string[];
  worker?: string[];
  /** Origins allowed the Payment Request API (Permissions-Policy `payment`). */
  payment?: string[];
}

export type ProviderName = 'map2gis' | 'adfox' | 'metrika' | 'gtm' | 'cloudpayments';

/** Which environment variable turns each provider on. */
export const PROVIDER_ENV: Record<ProviderName, string> = {
  // client-config.ts hands the key to the pages: MapGL only with it; otherwise the schematic map (no requests).
  map2gis: 'VITE_2GIS_KEY',
  // client-config.ts hands these to the pages at run time: ad slots and analytics load nothing without them.
  adfox: 'VITE_ADFOX_OWNER_ID',
  metrika: 'VITE_METRIKA_ID',
  gtm: 'VITE_GTM_ID',
  // The card widget (server/subscription/cloudpayments): the server hands the client its options with the public id.
  cloudpayments: 'CLOUDPAYMENTS_PUBLIC_ID',
};

export const PROVIDER_SOURCES: Record<ProviderName, ProviderSources> = {
  // @2gis/mapgl's loader injects https://mapgl.2gis.com/api/js, then the clusterer plugin (that one file only, not
  // the rest of unpkg); the map fetches styles, tiles, fonts and icons from *.2gis.com / *.2gis.ru and decodes tiles
  // in blob: workers.
  map2gis: {
    script: ['https://mapgl.2gis.com', MAPGL_CLUSTERER_SRC],
    connect: ['https://*.2gis.com', 'https://*.2gis.ru'],
    img: ['https://*.2gis.com', 'https://*.2gis.ru'],
    style: ['https://mapgl.2gis.com'],
    font: ['https://*.2gis.com'],
    worker: ['blob:'],
  },
  // Yandex Advertising Network / AdFox: context.js from yandex.ru and yastatic.net, creatives in iframes.
  adfox: {
    script: ['https://yandex.ru', 'https://an.yandex.ru', 'https://yastatic.net', 'https://*.adfox.ru'],
    connect: ['https://yandex.ru', 'https://an.yandex.ru', 'https://*.adfox.ru', 'https://mc.yandex.ru'],
    img: ['https://*.yandex.ru', 'https://yastatic.net', 'https://*.adfox.ru', 'https://avatars.mds.yandex.net'],
    style: ['https://yastatic.net'],
    frame: ['https://yandex.ru', 'https://*.yandex.ru', 'https://yastatic.net', 'https://*.adfox.ru'],
  },
  // Yandex Metrica: tag.js from mc.yandex.ru, hits to mc.yandex.ru (also as images), Webvisor in an iframe.
  metrika: {
    script: ['https://mc.yandex.ru'],
    connect: ['https://mc.yandex.ru'],
    img: ['https://mc.yandex.ru'],
    frame: ['https://mc.yandex.ru'],
  },
  // Google Tag Manager: gtm.js from googletagmanager.com; the tags it is set up with report to Google Analytics.
  gtm: {
    script: ['https://www.googletagmanager.com'],
    connect: ['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'],
    img: ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
    frame: ['https://www.googletagmanager.com'],
  },
  // CloudPayments: https://widget.cloudpayments.ru/bundles/cloudpayments.js opens its form in an iframe.
  cloudpayments: {
    script: ['https://widget.cloudpayments.ru'],
    connect: ['https://api.cloudpayments.ru'],
    img: ['https://widget.cloudpayments.ru'],
    frame: ['https://widget.cloudpayments.ru'],
    payment: ['https://widget.cloudpayments.ru'],
  },
};

/** The providers whose variable is set (non-empty) in this environment. */
export function configuredProviders(env: NodeJS.ProcessEnv = process.env): ProviderName[] {
  return (Object.keys(PROVIDER_ENV) as ProviderName[]).filter(
    // GTM only once the operator said its cross-border transfer was notified (client-config.ts).
    (name) => Boolean(env[PROVIDER_ENV[name]]?.trim()) && (name !== 'gtm' || env.GTM_CROSS_BORDER_NOTIFIED === 'yes'),
  );
}

/** API bases the client was built with (VITE_API_BASE …): an absolute one adds its origin to connect-src. */
export function apiOrigins(env: NodeJS.ProcessEnv = process.env): string[] {
  const origins = new Set<string>();
  for (const name of ['VITE_API_BASE', 'VITE_PASSPORT_BASE', 'VITE_BOT_API_BASE']) {
    const value = env[name];
    if (!value || !/^https?:\/\//.test(value)) continue;
    try {
      origins.add(new URL(value).origin);
    } catch {
      /* not a URL: the client treats it as a path, so nothing to allow */
    }
  }
  return [...origins];
}

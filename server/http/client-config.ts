import { CLIENT_CONFIG_ELEMENT_ID, type AdfoxSlot, type ClientConfig } from '@kvarta/contract/client-config';

const SLOT = /^([\w-]{1,64}):([\w-]{1,64})$/;

/** 'p1:p2,p1:p2,p1:p2' → three slots; anything else (a typo in the environment) turns the ads off rather than half on. */
function slotsOf(value: string | undefined): AdfoxSlot[] | null {
  const slots = (value ?? '').split(',').map((part) => SLOT.exec(part.trim()));
  if (slots.length !== 3 || slots.some((slot) => !slot)) return null;
  return slots.map((slot) => ({ p1: slot![1]!, p2: slot![2]! }));
}

/**
 * The pages' outside-service settings from the environment (README "Outside services"):
 * VITE_ADFOX_OWNER_ID with VITE_ADFOX_SLOTS_LIGHT and VITE_ADFOX_SLOTS_DARK ('p1:p2' three times each),
 * VITE_METRIKA_ID (digits), VITE_GTM_ID (GTM-…, only with GTM_CROSS_BORDER_NOTIFIED=yes), VITE_2GIS_KEY (the MapGL key: letters, digits, dashes).
 * Unset or malformed: that service stays off.
 */
export function clientConfigFromEnv(env: NodeJS.ProcessEnv): ClientConfig {
  const config: ClientConfig = {};
  const ownerId = env.VITE_ADFOX_OWNER_ID?.trim();
  const light = slotsOf(env.VITE_ADFOX_SLOTS_LIGHT);
  const dark = slotsOf(env.VITE_ADFOX_SLOTS_DARK);
  if (ownerId && /^\d{1,12}$/.test(ownerId) && light && dark) config.adfox = { ownerId, slots: { light, dark } };
  const metrika = env.VITE_METRIKA_ID?.trim();
  if (metrika && /^\d{1,12}$/.test(metrika)) config.metrika = { id: Number(metrika) };
  // GTM sends visitors' data to Google (abroad): a cross-border transfer the operator must first notify Roskomnadzor of
  // (152-FZ art. 12). It stays off unless the operator says so knowingly (docs/operations.md "Outside services").
  const gtm = env.VITE_GTM_ID?.trim();
  if (gtm && /^GTM-[A-Z0-9]{1,12}$/.test(gtm) && env.GTM_CROSS_BORDER_NOTIFIED === 'yes') config.gtm = { id: gtm };
  const mapKey = env.VITE_2GIS_KEY?.trim();
  if (mapKey && /^[\w-]{1,64}$/.test(mapKey)) config.map2gis = { key: mapKey };
  return config;
}

/**
 * The error tracker the pages report to (SENTRY_BROWSER_DSN, else SENTRY_DSN): the DSN, release and environment, and the
 * DSN's origin, which the Content-Security-Policy must let the pages post to. Nothing without a DSN.
 */
export function browserErrorTracking(options: { dsn: string | undefined; release: string; environment: string }): {
  config: ClientConfig;
  connectOrigins: string[];
} {
  if (!options.dsn) return { config: {}, connectOrigins: [] };
  let origin: string;
  try {
    origin = new URL(options.dsn).origin;
  } catch {
    return { config: {}, connectOrigins: [] };
  }
  return { config: { errors: { dsn: options.dsn, release: options.release, environment: options.environment } }, connectOrigins: [origin] };
}

/** The settings as a JSON script at the end of the head; nothing when every service is off. */
export function injectClientConfig(html: string, config: ClientConfig): string {
  if (Object.keys(config).length === 0) return html;
  // The values are validated above; `<` is escaped all the same, so no value can close the script element.
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return html.replace('</head>', () => `<script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}">${json}</script></head>`);
}

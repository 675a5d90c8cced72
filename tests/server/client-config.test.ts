import { describe, expect, it } from 'vitest';
import { CLIENT_CONFIG_ELEMENT_ID } from '@kvarta/contract/client-config';
import { browserErrorTracking, clientConfigFromEnv, injectClientConfig } from '../../server/http/client-config';

const SLOTS = { VITE_ADFOX_SLOTS_LIGHT: 'l1:a,l2:b,l3:c', VITE_ADFOX_SLOTS_DARK: 'd1:x,d2:y,d3:z' };

describe('the pages’ outside-service settings', () => {
  it('are empty without the variables, and a page then gets no settings element', () => {
    expect(clientConfigFromEnv({})).toEqual({});
    expect(injectClientConfig('<html><head></head></html>', {})).toBe('<html><head></head></html>');
  });

  it('read AdFox with three slot codes per theme, Metrica and GTM', () => {
    const config = clientConfigFromEnv({
      VITE_ADFOX_OWNER_ID: '123456',
      ...SLOTS,
      VITE_METRIKA_ID: '987',
      VITE_GTM_ID: 'GTM-AB12',
      GTM_CROSS_BORDER_NOTIFIED: 'yes',
    });
    expect(config.adfox).toEqual({
      ownerId: '123456',
      slots: {
        light: [
          { p1: 'l1', p2: 'a' },
          { p1: 'l2', p2: 'b' },
          { p1: 'l3', p2: 'c' },
        ],
        dark: [
          { p1: 'd1', p2: 'x' },
          { p1: 'd2', p2: 'y' },
          { p1: 'd3', p2: 'z' },
        ],
      },
    });
    expect(config.metrika).toEqual({ id: 987 });
    expect(config.gtm).toEqual({ id: 'GTM-AB12' });
  });

  it('read the 2GIS MapGL key', () => {
    expect(clientConfigFromEnv({ VITE_2GIS_KEY: ' 0a1b2c3d-4e5f-6789-abcd-ef0123456789 ' }).map2gis).toEqual({
      key: '0a1b2c3d-4e5f-6789-abcd-ef0123456789',
    });
  });

  it('leave a service off when its settings are incomplete or malformed (never half on)', () => {
    expect(clientConfigFromEnv({ VITE_ADFOX_OWNER_ID: '123456' }).adfox).toBeUndefined();
    expect(clientConfigFromEnv({ VITE_ADFOX_OWNER_ID: '123456', ...SLOTS, VITE_ADFOX_SLOTS_DARK: 'd1:x,d2:y' }).adfox).toBeUndefined();
    expect(clientConfigFromEnv({ VITE_ADFOX_OWNER_ID: 'abc', ...SLOTS }).adfox).toBeUndefined();
    expect(clientConfigFromEnv({ VITE_METRIKA_ID: '12a' }).metrika).toBeUndefined();
    expect(clientConfigFromEnv({ VITE_GTM_ID: 'UA-1' }).gtm).toBeUndefined();
    // A cross-border transfer: off until the operator says the notification was filed.
    expect(clientConfigFromEnv({ VITE_GTM_ID: 'GTM-AB12' }).gtm).toBeUndefined();
    expect(clientConfigFromEnv({ VITE_GTM_ID: 'GTM-AB12', GTM_CROSS_BORDER_NOTIFIED: 'true' }).gtm).toBeUndefined();
    expect(clientConfigFromEnv({ VITE_2GIS_KEY: 'key"><script>' }).map2gis).toBeUndefined();
  });

  it('cannot close the script element they travel in', () => {
    const html = injectClientConfig('<head></head>', { gtm: { id: '</script><script>alert(1)</script>' } });
    expect(html).toContain(`<script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}">`);
    expect(html).not.toContain('</script><script>alert(1)');
  });

  it('hand the pages the error tracker’s DSN, release and environment only with a DSN, and allow posting to its origin', () => {
    expect(browserErrorTracking({ dsn: undefined, release: 'r', environment: 'production' })).toEqual({ config: {}, connectOrigins: [] });
    const on = browserErrorTracking({ dsn: 'https://pub@o1.ingest.sentry.example/42', release: 'kvarta@1.2.3', environment: 'production' });
    expect(on.config.errors).toEqual({
      dsn: 'https://pub@o1.ingest.sentry.example/42',
      release: 'kvarta@1.2.3',
      environment: 'production',
    });
    expect(on.connectOrigins).toEqual(['https://o1.ingest.sentry.example']);
  });
});

import type { Platform } from '../index';
import { browserLocation } from './geolocation';
import { cookieTokenStorage } from './token-cookie';

/** The public website: cookie token, the user's own theme choice, links in a new tab, the browser's geolocation. */
export function createPlatform(): Platform {
  const openInNewTab = (url: string) => {
    window.open(url, '_blank', 'noopener,noreferrer');
  };
  return {
    kind: 'web',
    apiPlatformType: 'SITE',
    payments: { methods: ['card'] },
    init: async () => undefined,
    auth: { bootstrap: () => ({ kind: 'none' }) },
    tokenStorage: cookieTokenStorage(),
    theme: { external: false, current: () => null, subscribe: () => () => undefined },
    openLink: openInNewTab,
    openTelegramLink: openInNewTab,
    requestLocation: browserLocation,
  };
}

import { userAgentVitalPlatform } from '@kvarta/contract/vitals-rules';
import type { AuthBootstrap, Platform } from '../index';
import { openBinding } from './binding';
import { browserLocation } from './geolocation';
import { takeLoginCallback } from './login-widget';
import { cookieTokenStorage } from './token-cookie';

/**
 * The public website: cookie token, the user's own theme choice, links in a new tab, the browser's geolocation, the
 * Login Widget's callback and the bot's deep link with its web fallback, cards for payment.
 */
export function createPlatform(): Platform {
  const openInNewTab = (url: string) => {
    window.open(url, '_blank', 'noopener,noreferrer');
  };
  let bootstrap: AuthBootstrap | null = null;
  return {
    apiPlatformType: 'SITE',
    payments: { methods: ['card'] },
    init: async () => undefined,
    auth: {
      bootstrap: () => {
        if (bootstrap) return bootstrap;
        const fields = takeLoginCallback();
        bootstrap = fields ? { kind: 'telegram-login-widget', fields } : { kind: 'none' };
        return bootstrap;
      },
      identity: 'own',
      openBinding: (links) => openBinding(links, openInNewTab),
    },
    telemetry: { surface: 'web', vitalPlatform: () => userAgentVitalPlatform(navigator.userAgent) },
    tokenStorage: cookieTokenStorage(),
    // Rarely needed (a withdrawn consent): its code arrives then.
    forgetCookies: (names) => void import('../forget-cookies').then((m) => m.forgetCookies(names)),
    theme: { external: false, current: () => null, subscribe: () => () => undefined },
    requestLocation: browserLocation,
  };
}

import {
  backButton,
  hapticFeedback,
  init,
  miniApp,
  openLink,
  openTelegramLink,
  retrieveLaunchParams,
  themeParams,
  viewport,
} from '@tma.js/sdk-react';
import type { Platform, TokenStorage } from '../index';
import { createPlatform as createBrowserPlatform } from '../browser';
import { detectEnvironment, rawInitData } from './environment';
import { telegramThemeSource } from './theme';

/** Runs one SDK step; an old client or a missing feature must never stop the app. */
function attempt(step: () => unknown): void {
  try {
    const result = step();
    if (result instanceof Promise) result.catch(() => undefined);
  } catch {
    /* feature unavailable in this client */
  }
}

function sessionTokenStorage(): TokenStorage {
  const KEY = 'kvarta_token';
  return {
    get: () => sessionStorage.getItem(KEY),
    set: (token) => sessionStorage.setItem(KEY, token),
    clear: () => sessionStorage.removeItem(KEY),
  };
}

/** Keeps our own --safe-area-inset-* variables equal to Telegram's safe area (content + device). */
function bindSafeArea(): void {
  const apply = () => {
    const device = viewport.safeAreaInsets();
    const content = viewport.contentSafeAreaInsets();
    const root = document.documentElement.style;
    for (const side of ['top', 'right', 'bottom', 'left'] as const) {
      root.setProperty(`--safe-area-inset-${side}`, `${(device[side] ?? 0) + (content[side] ?? 0)}px`);
    }
  };
  apply();
  viewport.safeAreaInsets.sub(apply);
  viewport.contentSafeAreaInsets.sub(apply);
}

/** The Telegram Mini App: initData sign-in, native BackButton, haptics, Telegram theme and safe area. */
export function createPlatform(): Platform {
  const environment = detectEnvironment();
  if (environment === 'none') {
    // Opened at /tma/ outside Telegram: behave like the website rather than crash.
    return { ...createBrowserPlatform(), tokenStorage: sessionTokenStorage() };
  }
  return {
    kind: 'miniapp',
    apiPlatformType: 'TELEGRAM_MINI_APP',
    async init() {
      attempt(() => init());
      attempt(() => miniApp.mount());
      // Tell Telegram early that the app is alive: it hides its loader.
      attempt(() => miniApp.ready());
      attempt(() => themeParams.mount());
      attempt(() => themeParams.bindCssVars());
      attempt(() => miniApp.bindCssVars());
      attempt(() => backButton.mount());
      attempt(() =>
        viewport.mount().then(() => {
          attempt(() => viewport.bindCssVars());
          attempt(bindSafeArea);
          attempt(() => viewport.expand());
        }),
      );
    },
    auth: {
      bootstrap: () => {
        const initData = rawInitData();
        return initData ? { kind: 'telegram-init-data', initData } : { kind: 'none' };
      },
    },
    tokenStorage: sessionTokenStorage(),
    theme: telegramThemeSource(),
    openLink: (url) => attempt(() => openLink(url)),
    openTelegramLink: (url) => attempt(() => openTelegramLink(url)),
    backButton: {
      show: () => attempt(() => backButton.show()),
      hide: () => attempt(() => backButton.hide()),
      onClick(listener) {
        let off = () => undefined as void;
        attempt(() => {
          off = backButton.onClick(listener);
        });
        return off;
      },
    },
    haptics: {
      impact: (style) => attempt(() => hapticFeedback.impactOccurred(style)),
      notification: (type) => attempt(() => hapticFeedback.notificationOccurred(type)),
      selectionChanged: () => attempt(() => hapticFeedback.selectionChanged()),
    },
    startParam: () => {
      try {
        const value = retrieveLaunchParams().tgWebAppStartParam;
        return typeof value === 'string' && value ? value : null;
      } catch {
        return null;
      }
    },
    safeArea: () => {
      try {
        return viewport.safeAreaInsets();
      } catch {
        return { top: 0, right: 0, bottom: 0, left: 0 };
      }
    },
  };
}

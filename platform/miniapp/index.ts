import {
  backButton,
  closingBehavior,
  hapticFeedback,
  init as initSdk,
  invoice,
  mainButton,
  miniApp,
  openTelegramLink,
  secondaryButton,
  settingsButton,
  swipeBehavior,
  themeParams,
  viewport,
} from '@tma.js/sdk-react';
import type { InvoiceStatus, Platform, TokenStorage } from '../index';
import { createPlatform as createBrowserPlatform } from '../browser';
import { attempt, chromeColorSetter, sdkBottomButton } from './controls';
import { readLaunch, type Launch } from './launch';
import { telegramVitalPlatform, userAgentVitalPlatform } from '@kvarta/contract/vitals-rules';
import { telegramCloud, telegramLocation } from './device';
import { reach } from './reach';
import { palette, sdkThemeSource } from './theme';
import { nativeUi } from './ui';

function sessionTokenStorage(): TokenStorage {
  const KEY = 'kvarta_token';
  return {
    get: () => sessionStorage.getItem(KEY),
    set: (token) => sessionStorage.setItem(KEY, token),
    clear: () => sessionStorage.removeItem(KEY),
  };
}

const SIDES = ['top', 'right', 'bottom', 'left'] as const;

/**
 * The viewport through the SDK: `--tg-viewport-*` bound by it, and our `--safe-area-inset-*` kept equal to Telegram's
 * safe area (the device's plus the client's own controls). Mounting asks Telegram for the viewport and safe areas; the
 * app does not wait for the answer.
 */
function bindViewport(): void {
  const style = document.documentElement.style;
  const insets = () => {
    const device = viewport.safeAreaInsets();
    const content = viewport.contentSafeAreaInsets();
    return {
      top: device.top + content.top,
      right: device.right + content.right,
      bottom: device.bottom + content.bottom,
      left: device.left + content.left,
    };
  };
  const apply = () => {
    const sum = insets();
    for (const side of SIDES) style.setProperty(`--safe-area-inset-${side}`, `${sum[side]}px`);
  };
  const mounting = viewport.mount.ifAvailable();
  if (mounting.ok)
    void Promise.resolve(mounting.data)
      .then(() => {
        attempt(() => viewport.bindCssVars());
        apply();
        viewport.safeAreaInsets.sub(apply);
        viewport.contentSafeAreaInsets.sub(apply);
      })
      .catch(() => undefined);
}

const INVOICE_STATUSES: readonly InvoiceStatus[] = ['paid', 'cancelled', 'failed', 'pending'];

/** The slug of an invoice link: https://t.me/$slug or https://t.me/invoice/slug. */
export function invoiceSlug(link: string): string | null {
  try {
    const url = new URL(link);
    if (url.hostname !== 't.me') return null;
    const m = /^\/(?:invoice\/|\$)([\w-]+)$/.exec(url.pathname);
    return m ? m[1]! : null;
  } catch {
    return null;
  }
}

/** The Telegram user id in the launch's initData (the stand-in invoice page needs to know who pays). */
function launchUserId(initData: string | null): number | null {
  try {
    const user = JSON.parse(new URLSearchParams(initData ?? '').get('user') ?? 'null') as { id?: unknown } | null;
    return typeof user?.id === 'number' ? user.id : null;
  } catch {
    return null;
  }
}

function openInvoice(launch: Launch, link: string, returnPath: string): Promise<InvoiceStatus> {
  const slug = invoiceSlug(link);
  if (slug && invoice.openSlug.isAvailable()) {
    return Promise.resolve(invoice.openSlug(slug)).then(
      (status) => (INVOICE_STATUSES.includes(status as InvoiceStatus) ? (status as InvoiceStatus) : 'failed'),
      () => 'failed' as const,
    );
  }
  // Not a Telegram invoice (the offline stand-in's): its page, told who pays and where to come back.
  const user = launchUserId(launch.initData);
  window.location.assign(`${link}#${new URLSearchParams({ user: String(user ?? ''), return: returnPath })}`);
  return new Promise<InvoiceStatus>(() => undefined);
}

/**
 * The Telegram Mini App through @tma.js/sdk-react: initData sign-in, the BackButton, Main, Secondary and Settings
 * buttons, haptics, closing confirmation, swipe behaviour, Telegram's theme and chrome colours, viewport and safe area,
 * Stars invoices. Each control is there only when the client's Bot API version knows it (the SDK checks).
 */
export function createPlatform(): Platform {
  const launch = readLaunch();
  if (!launch) {
    // Opened at /tma/ outside Telegram: behave like the website rather than crash.
    return { ...createBrowserPlatform(), tokenStorage: sessionTokenStorage() };
  }
  // The SDK's globals (version, palette, the event listeners Telegram calls) before anything else is asked of it.
  attempt(() => initSdk());
  attempt(() => themeParams.mount());
  attempt(() => miniApp.mount());
  for (const component of [backButton, mainButton, secondaryButton, settingsButton, closingBehavior, swipeBehavior])
    attempt(() => component.mount.ifAvailable());
  const openTelegramUrl = (url: string) => {
    const link = new URL(url, 'https://t.me');
    if (link.hostname !== 't.me') return;
    if (openTelegramLink.isAvailable()) attempt(() => openTelegramLink(link.href));
    else window.location.href = link.href;
  };
  const settingsListeners = new Set<() => void>();
  return {
    apiPlatformType: 'TELEGRAM_MINI_APP',
    payments: { methods: ['stars'] },
    compactLayout: true,
    async init() {
      attempt(() => themeParams.bindCssVars());
      bindViewport();
      // Tell Telegram early that the app is alive: it hides its loader.
      attempt(() => miniApp.ready.ifAvailable());
      attempt(() => viewport.expand.ifAvailable());
    },
    auth: {
      bootstrap: () => (launch.initData ? { kind: 'telegram-init-data', initData: launch.initData } : { kind: 'none' }),
      identity: launch.initData ? 'platform' : 'own',
      // Telegram opens the bot itself: no web version to fall back to.
      openBinding: ({ deepLink }) => (openTelegramUrl(deepLink), () => undefined),
    },
    telemetry: {
      surface: 'miniapp',
      vitalPlatform: () => (launch.platform ? telegramVitalPlatform(launch.platform) : userAgentVitalPlatform(navigator.userAgent)),
    },
    tokenStorage: sessionTokenStorage(),
    // Rarely needed (a withdrawn consent): its code arrives then.
    forgetCookies: (names) => void import('../forget-cookies').then((m) => m.forgetCookies(names)),
    theme: sdkThemeSource(),
    backButton: backButton.isSupported()
      ? {
          show: () => attempt(() => backButton.show()),
          hide: () => attempt(() => backButton.hide()),
          onClick(listener) {
            let off = () => undefined as void;
            attempt(() => (off = backButton.onClick(listener)));
            return off;
          },
        }
      : undefined,
    haptics: hapticFeedback.isSupported()
      ? {
          impact: (style) => attempt(() => hapticFeedback.impactOccurred(style)),
          notification: (type) => attempt(() => hapticFeedback.notificationOccurred(type)),
          selectionChanged: () => attempt(() => hapticFeedback.selectionChanged()),
        }
      : undefined,
    mainButton: sdkBottomButton('main'),
    secondaryButton: secondaryButton.isSupported() ? sdkBottomButton('secondary') : undefined,
    settingsButton: settingsButton.isSupported()
      ? {
          onClick(listener) {
            settingsListeners.add(listener);
            if (settingsListeners.size === 1) attempt(() => settingsButton.show());
            let off = () => undefined as void;
            attempt(() => (off = settingsButton.onClick(listener)));
            return () => {
              off();
              settingsListeners.delete(listener);
              if (settingsListeners.size === 0) attempt(() => settingsButton.hide());
            };
          },
        }
      : undefined,
    // The SDK knows closing confirmation from the first version (clients before 6.2 ignore it).
    setClosingConfirmation: closingBehavior.isMounted()
      ? (needed) =>
          attempt(() =>
            needed !== closingBehavior.isConfirmationEnabled()
              ? needed
                ? closingBehavior.enableConfirmation()
                : closingBehavior.disableConfirmation()
              : undefined,
          )
      : undefined,
    setVerticalSwipes: swipeBehavior.isSupported()
      ? (allowed) =>
          attempt(() =>
            allowed !== swipeBehavior.isVerticalEnabled()
              ? allowed
                ? swipeBehavior.enableVertical()
                : swipeBehavior.disableVertical()
              : undefined,
          )
      : undefined,
    setChromeColors: miniApp.setHeaderColor.isAvailable() ? chromeColorSetter(palette) : undefined,
    openInvoice: (link, returnPath) => openInvoice(launch, link, returnPath),
    startParam: () => launch.startParam,
    ui: nativeUi(launch.platform),
    syncedStorage: telegramCloud(),
    requestLocation: telegramLocation(),
    ...reach(launch),
  };
}

import type { InvoiceStatus, Platform, SafeAreaInsets, TokenStorage } from '../index';
import { createPlatform as createBrowserPlatform } from '../browser';
import type { Bridge } from './bridge';
import { chromeColorSetter, sendOnChange, telegramBottomButton } from './controls';
import { detectEnvironment } from './environment';
import { versionAtLeast } from './launch-params';
import { telegramThemeSource } from './theme';

function sessionTokenStorage(): TokenStorage {
  const KEY = 'kvarta_token';
  return {
    get: () => sessionStorage.getItem(KEY),
    set: (token) => sessionStorage.setItem(KEY, token),
    clear: () => sessionStorage.removeItem(KEY),
  };
}

const NO_INSETS: SafeAreaInsets = { top: 0, right: 0, bottom: 0, left: 0 };

function insetsOf(data: unknown): SafeAreaInsets {
  const value = (data ?? {}) as Partial<Record<keyof SafeAreaInsets, unknown>>;
  const side = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n >= 0 && n < 1000 ? n : 0);
  return { top: side(value.top), right: side(value.right), bottom: side(value.bottom), left: side(value.left) };
}

/**
 * Keeps our --safe-area-inset-* equal to Telegram's safe area (device + the client's own controls) and
 * --tg-viewport-height / --tg-viewport-stable-height to the visible height.
 */
function bindViewport(bridge: Bridge, withSafeArea: boolean): () => SafeAreaInsets {
  const style = document.documentElement.style;
  let device = NO_INSETS;
  let content = NO_INSETS;
  const applyInsets = () => {
    for (const side of ['top', 'right', 'bottom', 'left'] as const)
      style.setProperty(`--safe-area-inset-${side}`, `${device[side] + content[side]}px`);
  };
  bridge.on('viewport_changed', (data) => {
    const { height, is_state_stable: stable } = (data ?? {}) as { height?: unknown; is_state_stable?: unknown };
    if (typeof height !== 'number' || !Number.isFinite(height) || height <= 0) return;
    style.setProperty('--tg-viewport-height', `${height}px`);
    if (stable === true) style.setProperty('--tg-viewport-stable-height', `${height}px`);
  });
  if (withSafeArea) {
    bridge.on('safe_area_changed', (data) => {
      device = insetsOf(data);
      applyInsets();
    });
    bridge.on('content_safe_area_changed', (data) => {
      content = insetsOf(data);
      applyInsets();
    });
  }
  return () => device;
}

const INVOICE_STATUSES: readonly InvoiceStatus[] = ['paid', 'cancelled', 'failed', 'pending'];

/** The slug of an invoice link: https://t.me/$slug or https://t.me/invoice/slug (what web_app_open_invoice takes). */
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

/**
 * The Telegram Mini App: initData sign-in, native BackButton, Main and Secondary buttons, haptics, closing confirmation,
 * swipe behaviour, Telegram theme and chrome colours, viewport and safe area.
 */
export function createPlatform(): Platform {
  const { environment, launchParams, bridge } = detectEnvironment();
  if (environment === 'none' || !launchParams || !bridge) {
    // Opened at /tma/ outside Telegram: behave like the website rather than crash.
    return { ...createBrowserPlatform(), tokenStorage: sessionTokenStorage() };
  }
  const supports = (version: string) => versionAtLeast(launchParams.version, version);
  // A method an old client does not know is never sent; a failure in one never stops the app.
  const send = (method: string, data?: Record<string, unknown>) => {
    try {
      bridge.postEvent(method, data);
    } catch {
      /* the client went away or refused: nothing to do */
    }
  };
  // Settings the app repeats (a button's state on each render, swipes on each touch) reach Telegram once per change.
  const set = sendOnChange(send);
  const theme = telegramThemeSource(launchParams.themeParams, bridge);
  let safeArea: () => SafeAreaInsets = () => NO_INSETS;
  const backListeners = new Set<() => void>();
  const openInvoice = (link: string, returnPath: string): Promise<InvoiceStatus> => {
    const slug = invoiceSlug(link);
    if (environment === 'telegram' && slug && supports('6.1')) {
      return new Promise((resolve) => {
        const off = bridge.on('invoice_closed', (data) => {
          const event = data as { slug?: unknown; status?: unknown } | undefined;
          if (event?.slug !== slug) return;
          off();
          resolve(INVOICE_STATUSES.includes(event.status as InvoiceStatus) ? (event.status as InvoiceStatus) : 'failed');
        });
        send('web_app_open_invoice', { slug });
      });
    }
    // Launched outside Telegram (the offline stand-in): its invoice page, told who pays and where to come back.
    const user = launchUserId(launchParams.initData);
    window.location.assign(`${link}#${new URLSearchParams({ user: String(user ?? ''), return: returnPath })}`);
    return new Promise<InvoiceStatus>(() => undefined);
  };
  bridge.on('back_button_pressed', () => backListeners.forEach((listener) => listener()));
  return {
    kind: 'miniapp',
    apiPlatformType: 'TELEGRAM_MINI_APP',
    compactLayout: true,
    async init() {
      theme.bind();
      safeArea = bindViewport(bridge, supports('8.0'));
      // Tell Telegram early that the app is alive: it hides its loader.
      send('web_app_ready');
      send('web_app_expand');
      send('web_app_request_theme');
      send('web_app_request_viewport');
      if (supports('8.0')) {
        send('web_app_request_safe_area');
        send('web_app_request_content_safe_area');
      }
    },
    auth: {
      bootstrap: () => (launchParams.initData ? { kind: 'telegram-init-data', initData: launchParams.initData } : { kind: 'none' }),
    },
    tokenStorage: sessionTokenStorage(),
    theme,
    openLink(url) {
      if (supports('6.1') && environment === 'telegram') send('web_app_open_link', { url });
      else window.open(url, '_blank', 'noopener');
    },
    openTelegramLink(url) {
      const link = new URL(url, 'https://t.me');
      if (link.hostname !== 't.me') return;
      if (supports('6.1') && environment === 'telegram') send('web_app_open_tg_link', { path_full: link.pathname + link.search });
      else window.location.href = link.href;
    },
    backButton: supports('6.1')
      ? {
          show: () => send('web_app_setup_back_button', { is_visible: true }),
          hide: () => send('web_app_setup_back_button', { is_visible: false }),
          onClick(listener) {
            backListeners.add(listener);
            return () => void backListeners.delete(listener);
          },
        }
      : undefined,
    haptics: supports('6.1')
      ? {
          impact: (style) => send('web_app_trigger_haptic_feedback', { type: 'impact', impact_style: style }),
          notification: (type) => send('web_app_trigger_haptic_feedback', { type: 'notification', notification_type: type }),
          selectionChanged: () => send('web_app_trigger_haptic_feedback', { type: 'selection_change' }),
        }
      : undefined,
    // Each below only from the Bot API version that knows it: an older client simply goes without.
    mainButton: supports('6.0') ? telegramBottomButton('main', bridge, set) : undefined,
    secondaryButton: supports('7.10') ? telegramBottomButton('secondary', bridge, set) : undefined,
    setClosingConfirmation: supports('6.2') ? (needed) => set('web_app_setup_closing_behavior', { need_confirmation: needed }) : undefined,
    setVerticalSwipes: supports('7.7') ? (allowed) => set('web_app_setup_swipe_behavior', { allow_vertical_swipe: allowed }) : undefined,
    setChromeColors: supports('6.1') ? chromeColorSetter(set, () => theme.current()?.params ?? {}, supports('6.9')) : undefined,
    openInvoice: (link, returnPath) => openInvoice(link, returnPath),
    startParam: () => launchParams.startParam,
    safeArea: () => safeArea(),
  };
}

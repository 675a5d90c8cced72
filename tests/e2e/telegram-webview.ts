import type { Page } from '@playwright/test';

/** One method the Mini App posted to Telegram, as the client received it. */
export type TgEvent = { type: string; data: unknown };

/**
 * Stands in for the Telegram client's webview: every method the Mini App posts is recorded (window.__tgEvents), and the
 * requests Telegram answers are answered as it does, a moment later through window.Telegram.WebView.receiveEvent: the
 * viewport, the safe areas, the theme, write access ('allowed' unless a test says otherwise), fullscreen, the
 * home-screen check, a prepared message's share sheet (sent unless the buyer declines), CloudStorage (the bot's
 * custom methods, kept in window.__tgCloud, starting from `cloud`: another device's values) and the location (none
 * until a test gives one; 'denied' is the buyer's refusal).
 */
export interface WebviewOptions {
  writeAccess?: 'allowed' | 'cancelled';
  shareMessage?: 'sent' | 'declined';
  cloud?: Record<string, string>;
  location?: { latitude: number; longitude: number } | 'denied';
}

export async function fakeTelegramWebview(page: Page, options: WebviewOptions = {}): Promise<void> {
  const settings = {
    writeAccess: options.writeAccess ?? 'allowed',
    shareMessage: options.shareMessage ?? 'sent',
    cloud: options.cloud ?? {},
    location: options.location ?? null,
  };
  await page.addInitScript(({ writeAccess, shareMessage, cloud, location: place }) => {
    const events: Array<{ type: string; data: unknown }> = [];
    const w = window as unknown as {
      __tgEvents: typeof events;
      Telegram?: { WebView?: { receiveEvent?: (type: string, data?: unknown) => void } };
    };
    w.__tgEvents = events;
    const stored: Record<string, string> = { ...cloud };
    (window as unknown as { __tgCloud: typeof stored }).__tgCloud = stored;
    // CloudStorage is the bot's custom methods (web_app_invoke_custom_method), answered by custom_method_invoked.
    const customMethods: Record<string, (params: Record<string, unknown>) => unknown> = {
      getStorageValues: (params) =>
        Object.fromEntries((params.keys as string[]).filter((key) => key in stored).map((key) => [key, stored[key]])),
      getStorageKeys: () => Object.keys(stored),
      saveStorageValue: (params) => {
        stored[params.key as string] = params.value as string;
        return true;
      },
      deleteStorageValues: (params) => {
        for (const key of params.keys as string[]) delete stored[key];
        return true;
      },
    };
    // Not a wait: the stand-in answers in a later task, as Telegram's client does, so the app never sees a synchronous
    // answer to a call it has not finished making.
    const answer = (type: string, data: unknown) => setTimeout(() => w.Telegram?.WebView?.receiveEvent?.(type, data), 10);
    const palette = () => {
      try {
        return JSON.parse(new URLSearchParams(location.hash.slice(1)).get('tgWebAppThemeParams') ?? '{}') as unknown;
      } catch {
        return {};
      }
    };
    const noInsets = { top: 0, right: 0, bottom: 0, left: 0 };
    const answers: Record<string, (data: Record<string, unknown> | null) => [string, unknown] | null> = {
      web_app_request_theme: () => ['theme_changed', { theme_params: palette() }],
      web_app_request_viewport: () => [
        'viewport_changed',
        { height: innerHeight, width: innerWidth, is_expanded: true, is_state_stable: true },
      ],
      web_app_request_safe_area: () => ['safe_area_changed', noInsets],
      web_app_request_content_safe_area: () => ['content_safe_area_changed', noInsets],
      web_app_request_write_access: () => ['write_access_requested', { status: writeAccess }],
      web_app_request_fullscreen: () => ['fullscreen_changed', { is_fullscreen: true }],
      web_app_exit_fullscreen: () => ['fullscreen_changed', { is_fullscreen: false }],
      web_app_check_home_screen: () => ['home_screen_checked', { status: 'missed' }],
      // The buyer closing the sheet without sending is prepared_message_failed with USER_DECLINED.
      web_app_send_prepared_message: () =>
        shareMessage === 'sent' ? ['prepared_message_sent', undefined] : ['prepared_message_failed', { error: 'USER_DECLINED' }],
      web_app_invoke_custom_method: (data) => {
        const method = customMethods[String(data?.method)];
        return [
          'custom_method_invoked',
          method
            ? { req_id: data?.req_id, result: method((data?.params ?? {}) as Record<string, unknown>) }
            : { req_id: data?.req_id, error: 'UNKNOWN_METHOD' },
        ];
      },
      // A refusal: Telegram has asked before and was not allowed, and a request answers «no location».
      web_app_check_location: () => [
        'location_checked',
        { available: true, access_requested: place !== null, access_granted: place !== null && place !== 'denied' },
      ],
      web_app_request_location: () => [
        'location_requested',
        place && place !== 'denied' ? { available: true, ...place } : { available: false },
      ],
    };
    (window as unknown as { TelegramWebviewProxy: unknown }).TelegramWebviewProxy = {
      postEvent(type: string, data: string | undefined) {
        const payload = data ? (JSON.parse(data) as Record<string, unknown> | null) : null;
        events.push({ type, data: payload });
        const reply = answers[type]?.(payload);
        if (reply) answer(reply[0], reply[1]);
      },
    };
  }, settings);
}

/** What the Mini App stored in Telegram's CloudStorage so far. */
export const tgCloud = (page: Page) => page.evaluate(() => ({ ...(window as unknown as { __tgCloud: Record<string, string> }).__tgCloud }));

export const tgEvents = (page: Page) => page.evaluate(() => (window as unknown as { __tgEvents: TgEvent[] }).__tgEvents);

/** The payload of the last call of a method (undefined before any). */
export async function lastTgEvent<T>(page: Page, type: string): Promise<T | undefined> {
  return (await tgEvents(page)).filter((e) => e.type === type).at(-1)?.data as T | undefined;
}

/** Telegram sends the Mini App an event (a button press, a theme change). */
export async function tgReceive(page: Page, type: string, data?: unknown): Promise<void> {
  await page.evaluate(
    ([t, d]) =>
      (window as unknown as { Telegram: { WebView: { receiveEvent(t: string, d?: unknown): void } } }).Telegram.WebView.receiveEvent(t, d),
    [type, data] as const,
  );
}

export interface BottomButtonPayload {
  is_visible: boolean;
  is_active?: boolean;
  is_progress_visible?: boolean;
  text?: string;
  position?: string;
}

export const mainButton = (page: Page) => lastTgEvent<BottomButtonPayload>(page, 'web_app_setup_main_button');
export const secondaryButton = (page: Page) => lastTgEvent<BottomButtonPayload>(page, 'web_app_setup_secondary_button');

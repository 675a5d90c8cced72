import type { Page } from '@playwright/test';

/** One method the Mini App posted to Telegram, as the client received it. */
export type TgEvent = { type: string; data: unknown };

/** Stands in for the Telegram client's webview: every method the Mini App posts is recorded (window.__tgEvents). */
export async function fakeTelegramWebview(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const events: Array<{ type: string; data: unknown }> = [];
    (window as unknown as { __tgEvents: typeof events }).__tgEvents = events;
    (window as unknown as { TelegramWebviewProxy: unknown }).TelegramWebviewProxy = {
      postEvent(type: string, data: string) {
        events.push({ type, data: data ? JSON.parse(data) : null });
      },
    };
  });
}

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

import type { Page } from '@playwright/test';

/**
 * Holds the page's requests to `url` until `release()`: what the visitor does meanwhile is done without their answer,
 * whatever the machine's speed.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Holds the entry script (website or Mini App build): until `release()` the visitor has the server's markup alone. */
export const holdEntryScript = (page: Page) => holdRequests(page, /\/assets\/index-[\w-]+\.js$/);

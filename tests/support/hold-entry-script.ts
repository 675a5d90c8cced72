import type { Page } from '@playwright/test';

/**
 * Holds the page's entry script (website or Mini App build) until `release()`: what the visitor does until then is
 * done on the server's markup alone, whatever the machine's speed.
 */
export async function holdEntryScript(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

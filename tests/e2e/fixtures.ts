import { expect, test as base, type Page } from '@playwright/test';

/**
 * Public pages arrive rendered by the server and become interactive once hydrated; a click before that would be lost,
 * as it would for a person. Every navigation here therefore waits for the app's mark that its first render is committed
 * (`<html data-ready>`, set in src/app/main.tsx) — on pages the app renders, that is; API and dev pages have no mark.
 */
async function waitForApp(page: Page): Promise<void> {
  const url = new URL(page.url());
  if (url.pathname.startsWith('/dev/') || url.pathname.startsWith('/api/')) return;
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true' || !document.getElementById('root'), null, {
    timeout: 15_000,
  });
}

export const test = base.extend({
  // A connection per API call: the server closes an idle keep-alive socket after 5 s, and a call that reused one at
  // that moment on a busy machine failed with ECONNRESET (a browser retries such a request; Node's agent does not).
  request: async ({ playwright }, use) => {
    const request = await playwright.request.newContext({ extraHTTPHeaders: { connection: 'close' } });
    await use(request);
    await request.dispose();
  },
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await waitForApp(page);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await waitForApp(page);
      return response;
    };
    await use(page);
  },
});

export { expect };

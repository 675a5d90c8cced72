import type { Page } from '@playwright/test';
import { FAKE_ADFOX_CONTEXT, FAKE_METRIKA_TAG } from './outside-scripts';

/** What the page asked of the outside hosts: the tag loads, the counter's hits, and anything else (there must be none). */
export interface OutsideRequests {
  stray: string[];
  metrikaTags: string[];
  metrikaHits: string[];
}

/** The fakes answer in place of the real scripts and the counter's hits; any other request to those hosts is counted. */
export async function fakeOutsideScripts(page: Page): Promise<OutsideRequests> {
  const seen: OutsideRequests = { stray: [], metrikaTags: [], metrikaHits: [] };
  // Playwright asks the routes added last first: the catch-all goes in before the fakes.
  await page.route(/^https:\/\/([\w-]+\.)*(yandex\.ru|yastatic\.net|adfox\.ru|googletagmanager\.com)\//, (route) => {
    seen.stray.push(route.request().url());
    return route.abort();
  });
  await page.route('https://yandex.ru/ads/system/context.js', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: FAKE_ADFOX_CONTEXT }),
  );
  await page.route('https://mc.yandex.ru/metrika/tag.js', (route) => {
    seen.metrikaTags.push(route.request().url());
    return route.fulfill({ contentType: 'application/javascript', body: FAKE_METRIKA_TAG });
  });
  await page.route(/^https:\/\/mc\.yandex\.ru\/watch\//, (route) => {
    seen.metrikaHits.push(route.request().url());
    return route.fulfill({ status: 200, body: '' });
  });
  return seen;
}

/** The visitor accepted analytics on this device before (what «Принять» keeps), so the counters and adverts load. */
export async function analyticsAccepted(page: Page): Promise<void> {
  await page.addInitScript(
    `localStorage.setItem('analyticsConsent', JSON.stringify({ given: true, version: 1, decidedAt: new Date().toISOString() }))`,
  );
}

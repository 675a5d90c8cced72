import type { Page, Request } from '@playwright/test';
import { OUTSIDE_BROWSER_DSN, OUTSIDE_PORT, OUTSIDE_RELEASE } from '../../playwright.config';
import { tmaLaunchUrl } from '../../scripts/tma-launch-url';
import { expect, test } from './fixtures';
import { isPhone, PHONE_ONLY, newTelegramId } from './helpers';
import { fakeTelegramWebview } from './telegram-webview';

interface VitalsBody {
  page: string;
  surface: string;
  platform: string;
  metrics: { name: string; value: number }[];
}

/** Every vitals beacon the page sends, intercepted on its way to the server (which still gets it and answers). */
async function interceptVitals(page: Page): Promise<{ bodies: VitalsBody[]; statuses: number[] }> {
  const seen = { bodies: [] as VitalsBody[], statuses: [] as number[] };
  await page.route('**/api/vitals', async (route) => {
    seen.bodies.push(JSON.parse(route.request().postData() ?? '{}') as VitalsBody);
    try {
      const response = await route.fetch();
      seen.statuses.push(response.status());
      await route.fulfill({ response });
    } catch (error) {
      // A beacon sent as the page closes may still be on its way when the test ends; then Playwright refuses
      // to fetch it, and that must not fail the next test. Anything else is a real failure.
      if (!page.isClosed() && !/Test ended|Target page, context or browser has been closed/.test(String(error))) throw error;
    }
  });
  return seen;
}

/** The tab goes to the background, as when the buyer switches apps: web-vitals' values are final and sent now. */
async function hidePage(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    Object.defineProperty(document, 'hidden', { value: true, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

const names = (bodies: VitalsBody[]) => [...new Set(bodies.flatMap((b) => b.metrics.map((m) => m.name)))].sort();

test('a page load sends LCP, CLS and TTFB to /api/vitals, tagged with page, surface and platform', async ({ page }, info) => {
  const seen = await interceptVitals(page);
  await page.goto('/');
  await expect(page.getByTestId('apartment-card').first()).toBeVisible();
  // The browser has a largest paint to report before the first input ends its measuring (a loaded machine may paint
  // after the cards are in the DOM).
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        new PerformanceObserver((list, observer) => {
          if (list.getEntries().length > 0) {
            observer.disconnect();
            resolve();
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true }),
      ),
  );
  // An interaction (INP is reported only after one, and only when it took long enough to be measured).
  await page.keyboard.press('Shift');
  // The vitals' code is loaded after the first page committed: reported only once it listens.
  await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => /web-vitals/.test(e.name)))).toBe(true);
  await hidePage(page);
  // LCP as well where headless Chromium lets the library finalise it (it did not always on a loaded machine; the
  // server test covers LCP's path into /metrics).
  await expect.poll(() => names(seen.bodies), { timeout: 10_000 }).toEqual(expect.arrayContaining(['CLS', 'TTFB']));
  for (const body of seen.bodies) expect(body).toMatchObject({ page: 'HOME', surface: 'web', platform: isPhone(info) ? 'ios' : 'desktop' });
  for (const metric of seen.bodies.flatMap((b) => b.metrics).filter((m) => m.name === 'LCP' || m.name === 'TTFB')) {
    expect(metric.value).toBeGreaterThan(0);
    expect(metric.value).toBeLessThan(60_000);
  }
  expect(seen.statuses.every((s) => s === 200)).toBe(true);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test(
  'inside Telegram the report says miniapp and the Telegram client’s platform, with the page pattern’s name',
  PHONE_ONLY,
  async ({ page, baseURL }) => {
    await fakeTelegramWebview(page);
    const seen = await interceptVitals(page);
    const url = tmaLaunchUrl({
      base: baseURL!,
      userId: newTelegramId(),
      name: 'Скорость',
      path: '/favourites',
    });
    await page.goto(url.replace('tgWebAppPlatform=tdesktop', 'tgWebAppPlatform=android'));
    // The vitals' code is loaded after the first page committed: reported only once it listens.
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => /web-vitals/.test(e.name))))
      .toBe(true);
    await hidePage(page);
    await expect.poll(() => seen.bodies.length, { timeout: 10_000 }).toBeGreaterThan(0);
    for (const body of seen.bodies) expect(body).toMatchObject({ page: 'FAV', surface: 'miniapp', platform: 'android' });
    expect(names(seen.bodies)).toContain('TTFB');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  },
);

test('without a DSN the error tracker’s code is never loaded and nothing goes anywhere but our server', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request: Request) => requests.push(request.url()));
  await page.goto('/');
  await expect(page.getByTestId('apartment-card').first()).toBeVisible();
  // The rejection is seen by the page (where a tracker would hook it), then the network goes quiet.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        window.addEventListener('unhandledrejection', () => setTimeout(resolve, 0), { once: true });
        setTimeout(() => void Promise.reject(new Error('e2e: никуда не отправлять')), 0);
      }),
  );
  await page.waitForLoadState('networkidle');
  expect(requests.filter((url) => /sentry/i.test(url))).toEqual([]);
  expect(requests.filter((url) => !url.startsWith('http://127.0.0.1:'))).toEqual([]);
});

test('with a DSN a browser error reaches the tracker with release, route pattern and user id — no token, no address', async ({ page }) => {
  const envelopes: string[] = [];
  const dsn = new URL(OUTSIDE_BROWSER_DSN);
  // The local stand-in of the tracker's ingest: keeps every envelope, answers as Sentry does.
  await page.route(`${dsn.origin}/**`, (route) => {
    envelopes.push(route.request().postData() ?? '');
    return route.fulfill({ status: 200, contentType: 'application/json', body: '{}' });
  });
  const outside = `http://127.0.0.1:${OUTSIDE_PORT}`;
  await page.goto(`${outside}/`);
  const id = await page.getByTestId('apartment-card').first().getAttribute('data-apartment-id');
  await page.goto(`${outside}/spb/apart/${id}?utm_source=secret-query`);
  await expect(page).toHaveURL(/\/apart\/\d+/);
  await page.waitForFunction(() => document.readyState === 'complete');
  const userToken = await page.evaluate(() => document.cookie + JSON.stringify(localStorage));
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => /sentry/.test(e.name))), { timeout: 10_000 })
    .toBe(true);
  // Not a wait: thrown from a task of its own, so the error is uncaught (as a real one) rather than evaluate's rejection.
  await page.evaluate(() =>
    setTimeout(() => {
      throw new Error('e2e: поломка в браузере');
    }, 0),
  );
  await expect.poll(() => envelopes.join('\n'), { timeout: 10_000 }).toContain('e2e: поломка в браузере');
  const sent = envelopes.join('\n');
  expect(sent).toContain(OUTSIDE_RELEASE);
  expect(sent).toContain('"route":"/:cityLink/apart/:apartId"');
  expect(sent).toMatch(/"user":\{"id":"-?\d+"\}/);
  expect(sent).not.toContain('secret-query');
  expect(sent).not.toMatch(/authorization|cookie/i);
  for (const part of userToken.match(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g) ?? []) expect(sent).not.toContain(part);
});

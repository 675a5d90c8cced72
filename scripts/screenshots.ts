/**
 * `npm run screenshots`: pictures taken from the running product, written to docs/screenshots/ (or SCREENSHOTS_OUT).
 * Sets (SCREENSHOTS_SET=readme|trust|tma|listings; all but listings by default):
 * - readme: TOP, the offline map of Saint Petersburg and an apartment page at a phone's and a desktop's size, and AI
 *   search in the Mini App;
 * - trust: TOP, an apartment (its gallery, then its floor plan), analytics and the Mini App's menu, light and dark —
 *   what a buyer judges the product by (a "before" copy of these in docs/screenshots/before/);
 * - tma: the Mini App's own surfaces in Telegram UI as Telegram for iOS and for Android draw it, light and dark: the
 *   menu and the tab bar, the AI search settings' switches, and the call-back form with its consent checkbox, wrong;
 * - listings (only when asked for): an imported and a generated listing, phone, light and dark.
 * Builds unless SCREENSHOTS_SKIP_BUILD=1 and starts the server on a temporary data folder.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { findChromium } from '../tests/support/chromium';
import { startLocalServer } from './local-server';
import { fakeTelegramWebview, tgReceive } from '../tests/e2e/telegram-webview';
import { tmaLaunchUrl } from './tma-launch-url';

const OUT = process.env.SCREENSHOTS_OUT ?? 'docs/screenshots';
const SETS = new Set((process.env.SCREENSHOTS_SET ?? 'readme,trust,tma').split(','));
type Theme = 'light' | 'dark';
const SIZES = {
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
} as const;
type Size = keyof typeof SIZES;

/**
 * The page is ready when the app marks it so and its pictures have arrived (not "network idle": the session's event
 * stream stays open), plus a moment for what hydration starts (the session, the cards' sliders).
 */
async function settled(page: Page): Promise<void> {
  await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
  await page.waitForLoadState('load');
  await page.waitForTimeout(1500);
  // Only the pictures on screen, and not forever: a lazy one off screen never loads, and its decode() never settles.
  await page.evaluate(() => {
    const onScreen = [...document.images].filter((img) => {
      const box = img.getBoundingClientRect();
      return box.top < innerHeight && box.left < innerWidth && box.bottom > 0 && box.right > 0;
    });
    const decoded = Promise.all(onScreen.map((img) => img.decode().catch(() => undefined)));
    return Promise.race([decoded, new Promise((resolve) => setTimeout(resolve, 5000))]);
  });
}

async function shot(
  browser: Browser,
  size: Size,
  name: string,
  open: (page: Page) => Promise<void>,
  theme: Theme = 'light',
  after?: (page: Page) => Promise<void>,
): Promise<void> {
  // The website follows the system's scheme until the user picks one; the Mini App takes Telegram's.
  const context = await browser.newContext({ ...SIZES[size], locale: 'ru-RU', colorScheme: theme });
  const page = await context.newPage();
  try {
    await open(page);
    await settled(page);
    if (after) {
      await after(page);
      await page.waitForTimeout(800);
    }
    const path = join(OUT, `${name}-${size}${theme === 'dark' ? '-dark' : ''}.png`);
    await page.screenshot({ path });
    console.log(`screenshot ${path}`);
  } finally {
    await context.close();
  }
}

async function readmeSet(browser: Browser, base: string, apartment: string): Promise<void> {
  for (const size of ['phone', 'desktop'] as const) {
    await shot(browser, size, 'top', (page) => page.goto(base).then(() => undefined));
    await shot(browser, size, 'map-spb', async (page) => {
      await page.goto(base);
      await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
      if (size === 'phone') await page.getByRole('navigation', { name: 'Навигация' }).getByTestId('view-mode-toggle').click();
      else await page.getByRole('radio', { name: 'На карте' }).click();
      await page.getByTestId('schematic-map').scrollIntoViewIfNeeded();
    });
    await shot(browser, size, 'apartment', (page) => page.goto(apartment).then(() => undefined));
  }
  await shot(browser, 'phone', 'ai-search-tma', (page) =>
    page.goto(tmaLaunchUrl({ base, userId: 1001, name: 'Анна', path: '/agent' })).then(() => undefined),
  );
}

async function trustSet(browser: Browser, base: string, apartment: string): Promise<void> {
  const go = (url: string) => (page: Page) => page.goto(url).then(() => undefined);
  for (const theme of ['light', 'dark'] as const) {
    for (const size of ['phone', 'desktop'] as const) {
      await shot(browser, size, 'trust-top', go(base), theme);
      await shot(browser, size, 'trust-apartment', go(apartment), theme);
      await shot(browser, size, 'trust-apartment-plan', go(apartment), theme, async (page) => {
        await page
          .getByRole('img', { name: /^Планировка/ })
          .first()
          .scrollIntoViewIfNeeded();
      });
      await shot(browser, size, 'trust-analytics', go(`${base}/analytics`), theme);
    }
    await shot(
      browser,
      'phone',
      'trust-tma-menu',
      go(tmaLaunchUrl({ base, userId: 1002, name: 'Анна', path: '/', dark: theme === 'dark' })),
      theme,
      async (page) => {
        // Inside Telegram the menu may be a tab bar with no «Меню» button: then the screen itself is the picture.
        const menu = page.getByRole('button', { name: 'Меню' }).first();
        if (await menu.isVisible()) await menu.click();
      },
    );
  }
}

/** A Mini App buyer with an AI search profile on trial (the settings open on it), as the end-to-end tests make one. */
async function buyerOnTrial(base: string, userId: number, name: string): Promise<void> {
  const initData = new URLSearchParams(new URL(tmaLaunchUrl({ base, userId, name })).hash.slice(1)).get('tgWebAppData')!;
  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<{ data: { token: string } }>);
  const token = (await post('/passport/data/login/telegram/init-data', { initData })).data.token;
  const filters = {
    cityIds: [78],
    priceTotalMinGte: 8_000_000,
    priceTotalMinLte: 25_000_000,
    roomsCntForFilter: [1, 2],
    realtyType: 'NEW',
  };
  await post('/api/selection/lira/profile', { filters, portraitId: 1, wishGroups: { METRO_NEARBY: 'VERY_IMPORTANT' } }, token);
  await post('/api/cabinet/profile/subscription', { promocode: 'TRIAL3', days: 3, serviceType: 'LIRA_4' }, token);
}

/** The Mini App as Telegram for iOS and for Android launch it: Telegram UI's two looks, light and dark. */
async function tmaSet(browser: Browser, base: string, apartment: string): Promise<void> {
  await buyerOnTrial(base, 1004, 'Анна');
  const apartPath = new URL(apartment).pathname;
  for (const platform of ['ios', 'android'] as const)
    for (const theme of ['light', 'dark'] as const) {
      const dark = theme === 'dark';
      const launch = (page: Page, options: { userId: number; path: string }) =>
        fakeTelegramWebview(page)
          .then(() => page.goto(tmaLaunchUrl({ base, name: 'Анна', dark, platform, ...options })))
          .then(() => undefined);
      await shot(
        browser,
        'phone',
        `tma-menu-${platform}`,
        (page) => launch(page, { userId: 1003, path: '/' }),
        theme,
        async (page) => {
          await page.getByRole('navigation', { name: 'Навигация' }).getByRole('button', { name: 'Меню' }).click();
          await page.getByRole('navigation', { name: 'Меню' }).waitFor();
        },
      );
      // The AI search settings: the mortgage's two settings are Telegram's switch rows.
      await shot(
        browser,
        'phone',
        `tma-settings-${platform}`,
        (page) => launch(page, { userId: 1004, path: '/agent?settings=1' }),
        theme,
        async (page) => {
          await page.getByTestId('lira-mortgage').scrollIntoViewIfNeeded();
        },
      );
      // The call-back form sent empty: its fields and the consent checkbox say what is wrong.
      await shot(
        browser,
        'phone',
        `tma-callback-${platform}`,
        (page) => launch(page, { userId: 1005, path: apartPath }),
        theme,
        async (page) => {
          await page.waitForTimeout(500);
          await tgReceive(page, 'main_button_pressed');
          const dialog = page.getByRole('dialog', { name: 'Заказать звонок' });
          await dialog.waitFor();
          await dialog.getByRole('button', { name: 'Жду звонка' }).click();
          await dialog.getByRole('alert').first().waitFor();
          await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        },
      );
    }
}

/** The first imported listing (ids from FEED_ID_BASE up) in the sitemap, once the feed's import has published it. */
async function firstImported(base: string): Promise<number> {
  for (let i = 0; i < 240; i++) {
    const xml = await fetch(`${base}/sitemap-apartments-1.xml`).then((r) => (r.ok ? r.text() : ''));
    const id = [...xml.matchAll(/\/apart\/(\d+)</g)].map((m) => Number(m[1])).find((n) => n >= 1_000_000_000);
    if (id) return id;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the feed was not imported within 2 minutes');
}

/**
 * listings: an imported listing (Yandex's example feed: its seller, number, dates, description, house
 * facts, its own price) beside a generated one («Демо»), at a phone's size, light and dark: the top of the page,
 * «Продавец и объявление» and «История цены».
 */
async function listingsSet(browser: Browser): Promise<void> {
  const server = await startLocalServer({
    CATALOGUE: 'demo,feeds',
    CATALOGUE_SIZE: '3000',
    FEED_URLS: 'tests/fixtures/feeds/yandex-sample.xml',
  });
  try {
    const imported = `${server.base}/spb/apart/${await firstImported(server.base)}`;
    const top = (await (
      await fetch(`${server.base}/api/selection/swipe/variant/guest-list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ cityIds: [78], count: 30, page: 0 }),
      })
    ).json()) as { data: { items: { id: number; isNew: boolean }[] } };
    const generated = `${server.base}/spb/apart/${top.data.items.find((i) => i.id < 1_000_000_000 && !i.isNew)!.id}`;
    const scrollTo = (testId: string) => async (page: Page) => {
      await page.getByTestId(testId).scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, -60));
    };
    for (const theme of ['light', 'dark'] as const) {
      for (const [name, url] of [
        ['listing-imported', imported],
        ['listing-generated', generated],
      ] as const) {
        const go = (page: Page) => page.goto(url).then(() => undefined);
        await shot(browser, 'phone', name, go, theme);
        await shot(browser, 'phone', `${name}-seller`, go, theme, scrollTo('apart-listing'));
        await shot(browser, 'phone', `${name}-history`, go, theme, scrollTo('apart-price-history'));
        await shot(browser, 'phone', `${name}-house`, go, theme, scrollTo('apart-parameters'));
      }
    }
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  if (process.env.SCREENSHOTS_SKIP_BUILD !== '1') execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  mkdirSync(OUT, { recursive: true });
  const found = findChromium();
  const browser = await chromium.launch({
    executablePath: found.kind === 'system' ? found.path : undefined,
    // As in the end-to-end tests (playwright.config.ts): root needs no sandbox, and nothing reaches Google.
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  if (SETS.has('listings')) await listingsSet(browser);
  if (!SETS.has('readme') && !SETS.has('trust') && !SETS.has('tma')) return void (await browser.close());
  const server = await startLocalServer();
  try {
    const top = (await (
      await fetch(`${server.base}/api/selection/swipe/variant/guest-list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ cityIds: [78], count: 1, page: 0 }),
      })
    ).json()) as { data: { items: { id: number }[] } };
    const apartment = `${server.base}/spb/apart/${top.data.items[0]!.id}`;
    if (SETS.has('readme')) await readmeSet(browser, server.base, apartment);
    if (SETS.has('trust')) await trustSet(browser, server.base, apartment);
    if (SETS.has('tma')) await tmaSet(browser, server.base, apartment);
  } finally {
    await server.stop();
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

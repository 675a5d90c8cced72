/**
 * `npm run screenshots`: pictures taken from the running product, written to docs/screenshots/ (or SCREENSHOTS_OUT).
 * Two sets (SCREENSHOTS_SET=readme|trust, both by default):
 * - readme: TOP, the offline map of Saint Petersburg and an apartment page at a phone's and a desktop's size, and AI
 *   search in the Mini App;
 * - trust: TOP, an apartment (its gallery, then its floor plan), analytics and the Mini App's menu, light and dark —
 *   what a buyer judges the product by (issue 19 keeps a "before" copy of these in docs/screenshots/before/).
 * Builds unless SCREENSHOTS_SKIP_BUILD=1 and starts the server on a temporary data folder.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { findChromium } from '../tests/support/chromium';
import { startLocalServer } from './local-server';
import { tmaLaunchUrl } from './tma-launch-url';

const OUT = process.env.SCREENSHOTS_OUT ?? 'docs/screenshots';
const SETS = new Set((process.env.SCREENSHOTS_SET ?? 'readme,trust').split(','));
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

async function main(): Promise<void> {
  if (process.env.SCREENSHOTS_SKIP_BUILD !== '1') execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  mkdirSync(OUT, { recursive: true });
  const found = findChromium();
  const browser = await chromium.launch({
    executablePath: found.kind === 'system' ? found.path : undefined,
    // As in the end-to-end tests (playwright.config.ts): root needs no sandbox, and nothing reaches Google.
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
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
  } finally {
    await server.stop();
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * `npm run screenshots`: the README's pictures, taken from the running product — TOP, the offline map of Saint
 * Petersburg and an apartment page at a phone's and a desktop's size, and AI search in the Mini App. Builds unless
 * SCREENSHOTS_SKIP_BUILD=1, starts the server on a temporary data folder, writes docs/screenshots/*.png.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { findChromium } from '../tests/support/chromium';
import { startLocalServer } from './local-server';
import { tmaLaunchUrl } from './tma-launch-url';

const OUT = 'docs/screenshots';
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

async function shot(browser: Browser, size: Size, name: string, open: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ ...SIZES[size], locale: 'ru-RU', colorScheme: 'light' });
  const page = await context.newPage();
  try {
    await open(page);
    await settled(page);
    const path = join(OUT, `${name}-${size}.png`);
    await page.screenshot({ path });
    console.log(`screenshot ${path}`);
  } finally {
    await context.close();
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
    for (const size of ['phone', 'desktop'] as const) {
      await shot(browser, size, 'top', (page) => page.goto(server.base).then(() => undefined));
      await shot(browser, size, 'map-spb', async (page) => {
        await page.goto(server.base);
        await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
        if (size === 'phone') await page.getByRole('navigation', { name: 'Навигация' }).getByTestId('view-mode-toggle').click();
        else await page.getByRole('radio', { name: 'На карте' }).click();
        await page.getByTestId('schematic-map').scrollIntoViewIfNeeded();
      });
      await shot(browser, size, 'apartment', (page) => page.goto(apartment).then(() => undefined));
    }
    await shot(browser, 'phone', 'ai-search-tma', (page) =>
      page.goto(tmaLaunchUrl({ base: server.base, userId: 1001, name: 'Анна', path: '/agent' })).then(() => undefined),
    );
  } finally {
    await server.stop();
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

import type { Page } from '@playwright/test';
import { OUTSIDE_PORT } from '../../playwright.config';
import { tmaLaunchUrl } from '../../scripts/tma-launch-url';
import { expect, test } from './fixtures';
import { fakeOutsideScripts } from './fakes/outside-routes';
import { fakeTelegramWebview } from './telegram-webview';
import { newTelegramId } from './helpers';

/** #48 in the Mini App (a stand with Metrica and AdFox): the analytics choice in Telegram's style, once per account. */
const outside = `http://127.0.0.1:${OUTSIDE_PORT}`;
const banner = (page: Page) => page.getByTestId('consent-banner');

test('inside Telegram the same choice is asked once, in Telegram’s style', async ({ page }) => {
  const seen = await fakeOutsideScripts(page);
  await fakeTelegramWebview(page);
  const userId = newTelegramId();
  await page.goto(tmaLaunchUrl({ base: outside, userId, name: 'Согласие' }));
  await expect(page.getByTestId('apartment-card').first()).toBeVisible();
  await expect(banner(page)).toBeVisible();
  // Telegram's own buttons (telegram-ui), the same size.
  const buttons = banner(page).getByRole('button');
  await expect(buttons).toHaveCount(2);
  const [a, n] = [await buttons.nth(0).boundingBox(), await buttons.nth(1).boundingBox()];
  expect(Math.round(a!.width)).toBe(Math.round(n!.width));
  expect(await buttons.nth(0).getAttribute('class')).toMatch(/tgui/);
  expect(seen.metrikaTags).toEqual([]);
  await buttons.nth(1).click();
  await expect(banner(page)).toHaveCount(0);
  // The same account opening the Mini App again (another device: an empty storage) is not asked again.
  await page.evaluate(() => localStorage.clear());
  // (The launch URL differs only in its hash: leave the page first, so it loads anew.)
  await page.goto('about:blank');
  await page.goto(tmaLaunchUrl({ base: outside, userId, name: 'Согласие' }));
  await expect(page.getByTestId('apartment-card').first()).toBeVisible();
  await expect(page.locator('html[data-session="ready"]')).toBeAttached();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('analyticsConsent'))).toContain('"given":false');
  await expect(banner(page)).toHaveCount(0);
  expect(seen.metrikaTags).toEqual([]);
});

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { OUTSIDE_ENV, OUTSIDE_PORT } from '../../playwright.config';
import { expect, test } from './fixtures';
import { fakeOutsideScripts } from './fakes/outside-routes';
import { visibleNav } from './helpers';

/**
 * #48: on a stand where Metrica and AdFox are configured, a first visit is asked once; nothing that sets an identifier
 * loads before «Принять»; the choice is kept, changeable from the footer and the profile, and a withdrawal stops the
 * counter at once, without a reload.
 */
const outside = `http://127.0.0.1:${OUTSIDE_PORT}`;
const counter = Number(OUTSIDE_ENV.VITE_METRIKA_ID);

const banner = (page: Page) => page.getByTestId('consent-banner');
const ymCookies = (page: Page) => page.evaluate(() => document.cookie.split(';').filter((c) => c.trim().startsWith('_ym_')).length);
const adfoxLoaded = (page: Page) => page.evaluate(() => Boolean((window as unknown as { __adfox?: unknown }).__adfox));

test('first visit: asked once, nothing counted or advertised before «Принять», one hit after; the buttons match; axe clean', async ({
  page,
}) => {
  const seen = await fakeOutsideScripts(page);
  await page.goto(`${outside}/`);
  await expect(page.getByTestId('apartment-card').first()).toBeVisible();
  await expect(banner(page)).toBeVisible();
  const accept = banner(page).getByRole('button', { name: 'Принять' });
  const necessary = banner(page).getByRole('button', { name: 'Только необходимые' });
  // Of equal weight: the same size and the same look.
  const [a, n] = [await accept.boundingBox(), await necessary.boundingBox()];
  expect(Math.round(a!.width)).toBe(Math.round(n!.width));
  expect(Math.round(a!.height)).toBe(Math.round(n!.height));
  expect(await accept.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
    await necessary.evaluate((el) => getComputedStyle(el).backgroundColor),
  );
  const axe = await new AxeBuilder({ page })
    .include('[data-testid="consent-banner"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
    .analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  // Scrolled to the ad slots' places: before consent there is no advert, no tag and no hit.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(page.getByTestId('apartment-card').nth(20)).toBeAttached();
  await expect(page.getByTestId('ad-slot')).toHaveCount(0);
  expect(await adfoxLoaded(page)).toBe(false);
  expect(seen.metrikaTags).toEqual([]);
  expect(seen.metrikaHits).toEqual([]);
  expect(await ymCookies(page)).toBe(0);

  await accept.click();
  await expect(banner(page)).toHaveCount(0);
  await expect.poll(() => seen.metrikaHits.length).toBe(1);
  expect(seen.metrikaTags).toHaveLength(1);
  expect(decodeURIComponent(seen.metrikaHits[0]!)).toContain(`${outside}/`);
  // The adverts may load now.
  await expect.poll(() => adfoxLoaded(page)).toBe(true);
  expect(seen.stray).toEqual([]);

  // Kept: the next visit is not asked again and counts at once.
  await page.reload();
  await expect(page.getByTestId('apartment-card').first()).toBeVisible();
  await expect.poll(() => seen.metrikaHits.length).toBe(2);
  await expect(banner(page)).toHaveCount(0);
});

test('withdrawn from the footer: the counter stops without a reload and its cookies go; «Только необходимые» is kept', async ({
  page,
}, info) => {
  const seen = await fakeOutsideScripts(page);
  await page.goto(`${outside}/`);
  await banner(page).getByRole('button', { name: 'Принять' }).click();
  await expect.poll(() => seen.metrikaHits.length).toBe(1);
  await expect.poll(() => ymCookies(page)).toBeGreaterThan(0);

  const settings = page.getByTestId('consent-settings');
  // By keyboard: below an endless feed the footer moves as cards arrive, and a click by position can land on a card.
  await settings.press('Enter');
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByTestId('consent-now')).toHaveText('Сейчас: приняты.');
  await banner(page).getByRole('button', { name: 'Только необходимые' }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await page.evaluate((id) => (window as unknown as Record<string, unknown>)[`disableYaCounter${id}`], counter)).toBe(true);
  // The clean-up's code arrives when first needed: its cookies go a moment later.
  await expect.poll(() => ymCookies(page)).toBe(0);

  // Route changes after the withdrawal: no hit, no goal.
  const calls = await page.evaluate(() => (window as unknown as { __ym: unknown[][] }).__ym.length);
  await visibleNav(page, info).getByRole('link', { name: 'Избранное' }).click();
  await expect(page).toHaveURL(/\/favourites/);
  await visibleNav(page, info).getByRole('link', { name: 'ТОП' }).click();
  await expect(page.getByTestId('apartment-card').first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __ym: unknown[][] }).__ym.length)).toBe(calls);
  expect(seen.metrikaHits).toHaveLength(1);

  // «Только необходимые» is kept: the next visit is not asked and loads nothing.
  await page.reload();
  await expect(page.getByTestId('apartment-card').first()).toBeVisible();
  await expect(page.locator('html[data-session="ready"]')).toBeAttached();
  await expect(banner(page)).toHaveCount(0);
  expect(seen.metrikaTags).toHaveLength(1);
  expect(seen.metrikaHits).toHaveLength(1);
});

test('the profile lists each consent apart, withdraws analytics there, and the server keeps the decision', async ({ page }, info) => {
  const seen = await fakeOutsideScripts(page);
  await page.goto(`${outside}/`);
  await banner(page).getByRole('button', { name: 'Принять' }).click();
  await expect.poll(() => seen.metrikaHits.length).toBe(1);
  // The server recorded it for this session's person.
  const token = await page.evaluate(() => /kvarta_token=([^;]+)/.exec(document.cookie)?.[1] ?? '');
  const consents = async () =>
    (
      (await (await page.request.get(`${outside}/api/cabinet/consents`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
        data: Array<{ purpose: string; decision: { given: boolean } | null }>;
      }
    ).data;
  await expect.poll(async () => (await consents()).find((c) => c.purpose === 'analytics')?.decision?.given).toBe(true);

  await visibleNav(page, info).getByRole('button', { name: 'Меню' }).click();
  await page.getByRole('navigation', { name: 'Меню' }).getByRole('button', { name: 'Ваши данные' }).click();
  const analytics = page.getByTestId('consent-analytics');
  await expect(analytics).toContainText('Аналитика и реклама');
  await expect(analytics).toContainText(/Дано .*редакция 1/);
  await expect(page.getByTestId('consent-callback')).toContainText('Не спрашивали');
  await analytics.getByRole('button', { name: 'Отозвать' }).click();
  await expect(analytics).toContainText('cookie на этом устройстве удалятся');
  await analytics.getByRole('button', { name: 'Отозвать согласие' }).click();
  await expect(analytics).toContainText(/Не дано/);
  await expect(analytics.getByRole('button', { name: 'Дать согласие' })).toBeVisible();
  await expect.poll(async () => (await consents()).find((c) => c.purpose === 'analytics')?.decision?.given).toBe(false);
  await expect.poll(() => ymCookies(page)).toBe(0);
});

test('the consent has its own page, with its version', async ({ page }) => {
  await page.goto(`${outside}/consent/analytics`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Согласие на обработку данных сервисами аналитики и рекламы');
  await expect(page.getByTestId('consent-version')).toContainText('Редакция 1');
  await page.goto(`${outside}/consent/analytics?version=9`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Такой версии согласия нет');
  await page.goto(`${outside}/consent/marketing`);
  await expect(page).toHaveURL(/\/404$/);
});

import type { Page } from '@playwright/test';
import { OUTSIDE_ENV, OUTSIDE_PORT } from '../../playwright.config';
import { expect, test } from './fixtures';
import { analyticsAccepted, fakeOutsideScripts } from './fakes/outside-routes';
import { themeToggle, visibleNav } from './helpers';

const outside = `http://127.0.0.1:${OUTSIDE_PORT}`;

interface AdfoxCalls {
  created: Array<{ ownerId: string; containerId: string; p1: string; p2: string }>;
  destroyed: string[];
}

const adfoxCalls = (page: Page) => page.evaluate(() => (window as unknown as { __adfox?: AdfoxCalls }).__adfox ?? null);
const metrikaCalls = (page: Page) => page.evaluate(() => (window as unknown as { __ym?: unknown[][] }).__ym ?? []);

test('without the services configured, a page asks nothing of them and has no ad boxes', async ({ page }) => {
  const { stray } = await fakeOutsideScripts(page);
  const asked: string[] = [];
  page.on('request', (request) => /yandex|adfox|googletagmanager/.test(request.url()) && asked.push(request.url()));
  await page.goto('/');
  await expect(page.getByTestId('apartment-card').nth(6)).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(page.getByTestId('apartment-card').nth(20)).toBeAttached();
  await expect(page.getByTestId('ad-slot')).toHaveCount(0);
  expect(asked).toEqual([]);
  expect(stray).toEqual([]);
});

test('AdFox: each feed slot is a block with the owner id and the slot codes of its position and theme; an empty one collapses', async ({
  page,
}, info) => {
  const { stray } = await fakeOutsideScripts(page);
  await analyticsAccepted(page);
  await page.goto(`${outside}/`);
  await expect(page.getByTestId('apartment-card').first()).toBeVisible();
  // The first slot follows the sixth card (spec §9: first 6, then every 10), with the first light code.
  await expect.poll(async () => (await adfoxCalls(page))?.created.length ?? 0).toBe(1);
  const [first] = (await adfoxCalls(page))!.created;
  expect(first).toMatchObject({ ownerId: OUTSIDE_ENV.VITE_ADFOX_OWNER_ID, p1: 'light1', p2: 'a1' });
  const slot = page.getByTestId('ad-slot').filter({ has: page.locator(`[id="${first!.containerId}"]`) });
  await expect(slot.locator(`[id="${first!.containerId}"]`)).toContainText('Объявление AdFox light1');
  await expect(slot).toHaveAttribute('aria-label', 'Реклама');
  // 38-FZ: «Реклама», the advertiser and the erid AdFox supplied with the creative, beside the ad.
  await expect(slot.getByTestId('ad-marking')).toHaveText(/^Реклама\s*ООО «Застройщик light1»\s*erid: Kra23adlight1$/);
  await expect(slot).toHaveAttribute('data-erid', 'Kra23adlight1');

  // The rest of the feed: slots after the 16th and 26th cards rotate to the second and third codes; the second is empty,
  // and the third's creative came without an erid: an unmarked ad is never shown, its slot stays empty.
  // The unmarked one is counted on the server, by what it lacked.
  const unmarked = page.waitForRequest((request) => request.url().endsWith('/api/ads/unmarked') && request.method() === 'POST');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  // (Blocks are made column by column on a wide screen: the order of the calls is not the feed's.)
  await expect.poll(async () => (await adfoxCalls(page))?.created.map((c) => c.p1).sort()).toEqual(['light1', 'light2', 'light3']);
  await expect(page.getByTestId('ad-slot')).toHaveCount(1);
  await expect(page.locator('[data-testid="ad-slot"][data-ad-p1="light2"]')).toHaveCount(0);
  await expect(page.locator('[data-testid="ad-slot"][data-ad-p1="light3"]')).toHaveCount(0);
  // Every ad on the page carries its marking.
  await expect(page.getByTestId('ad-marking')).toHaveCount(1);
  expect(JSON.parse((await unmarked).postData() ?? '{}')).toEqual({ missing: ['erid', 'advertiser'] });

  // Another theme: the blocks are taken down and made again with the dark codes.
  await page.evaluate(() => window.scrollTo(0, 0));
  await (await themeToggle(page, info)).click();
  await expect
    .poll(async () =>
      (await adfoxCalls(page))?.created
        .slice(3)
        .map((c) => `${c.p1}:${c.p2}`)
        .sort(),
    )
    .toEqual(['dark1:b1', 'dark2:b2', 'dark3:b3']);
  expect((await adfoxCalls(page))!.destroyed.length).toBeGreaterThanOrEqual(2);
  expect(stray).toEqual([]);
});

test('Metrica: initialised with defer, a hit with the title on every route change, goals for a like', async ({ page }, info) => {
  const { stray } = await fakeOutsideScripts(page);
  await analyticsAccepted(page);
  await page.goto(`${outside}/`);
  await expect(page.getByTestId('apartment-card').first()).toBeVisible();
  const id = Number(OUTSIDE_ENV.VITE_METRIKA_ID);
  await expect.poll(() => metrikaCalls(page)).toContainEqual([id, 'init', expect.objectContaining({ defer: true })]);
  await expect
    .poll(() => metrikaCalls(page))
    .toContainEqual([id, 'hit', `${outside}/`, expect.objectContaining({ title: 'ТОП | Кварта' })]);

  await visibleNav(page, info).getByRole('link', { name: 'Избранное' }).click();
  await expect(page).toHaveURL(/\/favourites/);
  await expect
    .poll(() => metrikaCalls(page))
    .toContainEqual([
      id,
      'hit',
      `${outside}/favourites`,
      expect.objectContaining({ title: expect.stringMatching(/Избранное/), referer: `${outside}/` }),
    ]);

  await visibleNav(page, info).getByRole('link', { name: 'ТОП' }).click();
  await page.getByTestId('apartment-card').first().getByRole('button', { name: '♡ Нравится' }).click();
  await expect.poll(() => metrikaCalls(page)).toContainEqual([id, 'reachGoal', 'like']);
  expect(stray).toEqual([]);
});

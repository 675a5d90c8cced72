import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { FEEDS_PORT } from '../../playwright.config';
import { expect, test } from './fixtures';
import { isPhone } from './helpers';

const nbsp = (s: string) => s.replace(/\u00a0|\u202f/g, ' ').trim();
const feedsBase = `http://127.0.0.1:${FEEDS_PORT}`;

/** The first St Petersburg listing a newcomer's TOP shows on the server at `base`, at or above `minId`. */
async function firstListing(request: APIRequestContext, base: string, minId = 0): Promise<number> {
  let id = 0;
  await expect
    .poll(
      async () => {
        const res = await request.post(`${base}/api/selection/swipe/variant/guest-list`, { data: { cityIds: [78], count: 30, page: 0 } });
        const items = ((await res.json()) as { data: { items: Array<{ id: number }> } }).data.items;
        id = items.find((i) => i.id >= minId)?.id ?? 0;
        return id;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(minId === 0 ? 0 : minId - 1);
  return id;
}

/** APART's adverts section: it is asked for only as it comes near the screen, so the page is scrolled to it first. */
async function advertsOf(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('apart-page')).toBeVisible();
  const adverts = page.getByTestId('apart-adverts');
  await adverts.scrollIntoViewIfNeeded();
  await expect(adverts.getByRole('button').first()).toBeVisible();
  return adverts;
}

/** A bottom sheet on a phone (full width, flush with the screen's bottom edge), a centred card on a desktop. */
async function expectLayout(page: Page, info: TestInfo) {
  const dialog = page.getByRole('dialog');
  const viewport = page.viewportSize()!;
  // The sheet rises for 250 ms: measure where it settles.
  await expect
    .poll(async () => {
      const box = (await dialog.boundingBox())!;
      return isPhone(info)
        ? Math.abs(box.y + box.height - viewport.height) <= 1 && box.x === 0 && box.width === viewport.width
        : Math.abs(box.y + box.height / 2 - viewport.height / 2) <= 1 &&
            Math.abs(box.x + box.width / 2 - viewport.width / 2) <= 1 &&
            box.width <= 560;
    })
    .toBe(true);
}

test('our own advert: source, price, date and text; it leads to the apartment page; Escape closes and focus returns', async ({
  page,
  request,
}, info) => {
  const id = await firstListing(request, '');
  const path = `/spb/apart/${id}`;
  const adverts = await advertsOf(page, path);
  const row = adverts.getByRole('button', { name: /^Кварта/ });
  // The demo catalogue's own advert says what it is, as the flat's badge and seller card do.
  await expect(row.getByText('Демо', { exact: true })).toBeVisible();
  await expect(row).toContainText('Демонстрационное объявление «Кварты»');
  const price = nbsp(await page.getByTestId('apart-price').innerText()).match(/\d[\d ]* ₽/)![0];
  await row.click();

  const dialog = page.getByRole('dialog', { name: 'Объявление — Кварта' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('advert-source')).toHaveText('Кварта');
  expect(nbsp(await dialog.locator('.kv-advert__price').innerText())).toBe(price);
  await expect(dialog.locator('time')).toHaveText(/^\d{1,2} [а-я]+ \d{4}$/);
  await expect(dialog.getByTestId('advert-text')).toContainText(
    /^(Продаётся (квартира-студия|\d-комнатная квартира)|Продаются апартаменты) /,
  );
  await expect(dialog.getByRole('link', { name: 'Открыть страницу квартиры' })).toHaveAttribute('href', path);
  await expectLayout(page, info);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(row).toBeFocused();
  // Opened again from the keyboard, the same way back.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  // Three Tabs over two controls (close, the link) stay inside the dialog.
  await expect(dialog.getByRole('button', { name: 'Закрыть' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(row).toBeFocused();
});

test.describe('an agency advert from a feed', () => {
  test.use({ baseURL: feedsBase });

  test('its own text, and its site only through the external-link page', async ({ page, request }, info) => {
    // Nothing leaves the machine: the agency's site, should the countdown run out, is answered here.
    await page.route('https://agency.example.ru/**', (route) => route.fulfill({ contentType: 'text/html', body: '<p>agency</p>' }));
    // The external-link page's countdown runs on the page's clock, which the test moves on.
    await page.clock.install();
    const id = await firstListing(request, feedsBase, 1_000_000_000);
    const adverts = await advertsOf(page, `/spb/apart/${id}`);
    const row = adverts
      .getByRole('button')
      .filter({ hasNotText: /^Кварта/ })
      .first();
    await row.click();

    const dialog = page.getByRole('dialog', { name: /^Объявление — / });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('advert-source')).toHaveText(/СтройДом|Агентство «Ключ»/);
    await expect(dialog.locator('.kv-advert__price')).toContainText('₽');
    await expect(dialog.locator('time')).toHaveText(/^\d{1,2} [а-я]+ \d{4}$/);
    await expect(dialog.getByTestId('advert-text')).toHaveText('Светлая квартира, окна во двор. Рядом школа & парк.');
    await expectLayout(page, info);

    const link = dialog.getByRole('link', { name: 'Перейти к объявлению' });
    await expect(link).toHaveAttribute('href', /^\/external-link#https%3A%2F%2Fagency\.example\.ru%2Foffer%2F/);
    await link.click();
    await expect(page).toHaveURL(/\/external-link#https%3A%2F%2Fagency\.example\.ru%2Foffer%2F/);
    await expect(page.getByRole('heading', { name: 'Переход по внешней ссылке' })).toBeVisible();
    await expect(page.getByText(/^https:\/\/agency\.example\.ru\/offer\//)).toBeVisible();
    await expect(page.getByTestId('countdown')).toHaveText('5 сек');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // Our own link: the countdown runs out and the page goes on by itself.
    await page.clock.runFor(4_000);
    await expect(page.getByTestId('countdown')).toHaveText('1 сек');
    await page.clock.runFor(1_000);
    await page.waitForURL(/^https:\/\/agency\.example\.ru\/offer\//);
  });
});

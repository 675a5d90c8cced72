import type { Page, TestInfo } from '@playwright/test';
import { tmaLaunchUrl } from '../../scripts/tma-launch-url';
import { expect, test } from './fixtures';
import { visibleNav } from './helpers';
import { fakeTelegramWebview } from './telegram-webview';

/** 149-FZ art. 10.2-2: the recommendation rules are published and linked; «Персональные рекомендации» can be turned off. */

const RULES = 'Правила применения рекомендательных технологий';

/** The card in rank place `place` (the masonry deals ranks along the rows). */
const cardAt = (page: Page, place: number) => page.locator(`.kv-masonry__cell[data-order="${place}"]`).getByTestId('apartment-card');

/** The first places of the TOP as shown: each card's apartment and its AI index. */
async function topShown(page: Page, places = 8): Promise<string[]> {
  const shown: string[] = [];
  for (let place = 0; place < places; place++) {
    const card = cardAt(page, place);
    shown.push(`${await card.getAttribute('data-apartment-id')} ${await card.locator('.kv-ai-index__badge').textContent()}`);
  }
  return shown;
}

/** The TOP of a visitor whose session has started (their own list, the first preset theirs). */
async function ownTop(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('radio', { name: 'Первая квартира' })).toHaveAttribute('aria-checked', 'true');
  await expect(cardAt(page, 7).locator('.kv-ai-index__badge')).toBeVisible();
}

async function openMenu(page: Page, info: TestInfo) {
  await visibleNav(page, info).getByRole('button', { name: 'Меню' }).click();
  return page.getByRole('navigation', { name: 'Меню' });
}

test('the rules page is server-rendered and linked from the footer and the AI index’s explanation', async ({ page, request }) => {
  const html = await (await request.get('/recommendation-rules')).text();
  expect(html).toContain(`<h1 class="kv-page-title">${RULES}</h1>`);

  await page.goto('/services');
  await page.getByTestId('site-footer').getByRole('link', { name: 'Правила рекомендательных технологий' }).click();
  await expect(page).toHaveURL(/\/recommendation-rules$/);
  const rules = page.getByTestId('recommendation-rules');
  await expect(rules.getByRole('heading', { level: 1 })).toHaveText(RULES);
  await expect(rules).toContainText('Какие сведения используются');
  await expect(rules.getByTestId('operator-contacts').or(rules.getByTestId('no-operator'))).toBeVisible();
  await expect(page).toHaveTitle(`${RULES} | Кварта`);

  await ownTop(page);
  const badge = cardAt(page, 0).locator('.kv-ai-index__badge');
  await badge.click();
  await cardAt(page, 0).getByRole('note').getByRole('link', { name: 'Как работают рекомендации' }).click();
  await expect(page).toHaveURL(/\/recommendation-rules$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(RULES);
});

test('turned off, the TOP is the anonymous ranking; AI search says it waits, with the button to turn them on again', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(90_000);
  // A fresh visitor with the same TOP settings: the ranking anyone without ratings gets.
  const stranger = await browser.newPage();
  await ownTop(stranger);
  const anonymous = await topShown(stranger);
  await stranger.close();

  await ownTop(page);
  const token = (await page.context().cookies()).find((c) => c.name === 'kvarta_token')!.value;
  const rate = async (place: number, action: 'LIKE' | 'DISLIKE') => {
    const apartmentId = Number(await cardAt(page, place).getAttribute('data-apartment-id'));
    const notices = action === 'DISLIKE' ? ['METRO'] : [];
    const res = await page.request.post('/api/selection/swipe/evaluate-variant', {
      headers: { authorization: `Bearer ${token}` },
      data: { apartmentId, action, notices },
    });
    expect(res.status()).toBe(200);
  };
  for (const place of [0, 1, 2, 3]) await rate(place, 'DISLIKE');
  for (const place of [4, 5, 6, 7]) await rate(place, 'LIKE');
  await ownTop(page);
  const personal = await topShown(page);
  expect(personal).not.toEqual(anonymous);

  const menu = await openMenu(page, info);
  const toggle = menu.getByRole('switch', { name: 'Персональные рекомендации' });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect(menu).toContainText('ИИ Поиск на паузе');
  await page.keyboard.press('Escape');
  // The TOP is read again: the same flats in the same order with the same indexes as for the fresh visitor.
  await expect.poll(() => topShown(page), { timeout: 15_000 }).toEqual(anonymous);

  await page.goto('/agent');
  const notice = page.getByTestId('personalisation-off');
  await expect(notice).toContainText('Персональные рекомендации выключены.');
  await notice.getByRole('button', { name: 'Включить персональные рекомендации' }).click();
  await expect(notice).toHaveCount(0);
  await ownTop(page);
  expect(await topShown(page)).toEqual(personal);
});

test('in the Mini App the switch is Telegram’s own row in the menu, with the rules under it', async ({ page, baseURL }) => {
  await fakeTelegramWebview(page);
  const userId = 700_000 + Math.floor(Math.random() * 90_000);
  await page.goto(tmaLaunchUrl({ base: baseURL!, userId, name: 'Правила', path: '/' }));
  await page.getByRole('navigation', { name: 'Навигация' }).getByRole('button', { name: 'Меню' }).click();
  const menu = page.getByRole('navigation', { name: 'Меню' });
  const toggle = menu.getByTestId('personalisation-toggle');
  await expect(toggle).toBeChecked();
  await menu.getByRole('link', { name: 'Правила рекомендаций' }).click();
  await expect(page).toHaveURL(/\/tma\/recommendation-rules$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(RULES);
});

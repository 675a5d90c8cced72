import type { Page, Response, TestInfo } from '@playwright/test';
import { tmaLaunchUrl } from '../../scripts/tma-launch-url';
import { expect, test } from './fixtures';
import { visibleNav, PHONE_ONLY, newTelegramId } from './helpers';
import { fakeTelegramWebview } from './telegram-webview';

/** 149-FZ art. 10.2-2: the recommendation rules are published and linked; «Персональные рекомендации» can be turned off. */

const RULES = 'Правила применения рекомендательных технологий';

/** The card in rank place `place` (the masonry deals ranks along the rows). */
const cardAt = (page: Page, place: number) => page.locator(`.kv-masonry__cell[data-order="${place}"]`).getByTestId('apartment-card');

/** The first flats of the TOP in rank order (a place may hold something else than a card): apartment and AI index. */
async function topShown(page: Page, count = 8): Promise<string[]> {
  const cards = await page.getByTestId('apartment-card').evaluateAll((nodes) =>
    nodes.map((card) => ({
      place: Number(card.closest('.kv-masonry__cell')?.getAttribute('data-order')),
      shown: `${card.getAttribute('data-apartment-id')} ${card.querySelector('.kv-ai-index__badge')?.textContent ?? ''}`,
    })),
  );
  return cards
    .sort((a, b) => a.place - b.place)
    .slice(0, count)
    .map((card) => card.shown);
}

const isList = (response: Response) => response.url().includes('/selection/swipe/variant/list') && response.ok();

/** The visitor's own TOP on screen: the first-visit TOP the server rendered stands until their own list comes. */
async function ownTop(page: Page) {
  const list = page.waitForResponse(isList);
  await page.goto('/');
  const [first] = ((await (await list).json()) as { data: { items: Array<{ id: number; relevancePercent: number }> } }).data.items;
  await expect.poll(() => topShown(page, 1)).toEqual([`${first!.id} AI ${first!.relevancePercent} %`]);
  await expect(page.getByTestId('apartment-card').nth(7).locator('.kv-ai-index__badge')).toBeVisible();
}

async function openMenu(page: Page, info: TestInfo) {
  await visibleNav(page, info).getByRole('button', { name: 'Меню' }).click();
  return page.getByRole('navigation', { name: 'Меню' });
}

test('the rules page is server-rendered and linked from the footer and the AI index’s explanation', async ({ page, request }) => {
  const html = await (await request.get('/recommendation-rules')).text();
  expect(html).toContain(`<h1 class="kv-page-title">${RULES}</h1>`);

  await page.goto('/services');
  await page.getByTestId('site-footer').getByRole('link', { name: RULES }).click();
  await expect(page).toHaveURL(/\/recommendation-rules$/);
  const rules = page.getByTestId('recommendation-rules');
  await expect(rules.getByRole('heading', { level: 1 })).toHaveText(RULES);
  await expect(rules).toContainText('Какие сведения используются');
  await expect(rules.getByTestId('operator-contacts').or(rules.getByTestId('no-operator'))).toBeVisible();
  await expect(page).toHaveTitle(`${RULES} | Кварта`);

  await ownTop(page);
  const badge = cardAt(page, 0).locator('.kv-ai-index__badge');
  await badge.click();
  await cardAt(page, 0).getByRole('note').getByRole('link', { name: RULES }).click();
  await expect(page).toHaveURL(/\/recommendation-rules$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(RULES);
});

test('turned off, the TOP is the anonymous ranking with its indexes; on again, the personal one', async ({ page, browser }, info) => {
  test.setTimeout(90_000);
  // A fresh visitor with the same TOP settings: the ranking anyone without ratings gets.
  const stranger = await browser.newPage({ viewport: page.viewportSize()! });
  await ownTop(stranger);
  const anonymous = await topShown(stranger);
  await stranger.close();

  await ownTop(page);
  const cookie = async () => (await page.context().cookies()).find((c) => c.name === 'kvarta_token')?.value ?? '';
  await expect.poll(cookie).not.toBe('');
  const token = decodeURIComponent(await cookie());
  const ranked = (await topShown(page)).map((shown) => Number(shown.split(' ')[0]));
  const rate = async (place: number, action: 'LIKE' | 'DISLIKE') => {
    const apartmentId = ranked[place]!;
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

  // On again: the ratings, kept meanwhile, rank the TOP as before.
  const again = await openMenu(page, info);
  await again.getByRole('switch', { name: 'Персональные рекомендации' }).click();
  await expect(again.getByRole('switch', { name: 'Персональные рекомендации' })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect.poll(() => topShown(page), { timeout: 15_000 }).toEqual(personal);
});

test(
  'in the Mini App the switch is Telegram’s own row; off, AI search says it waits, with the button to turn them on again',
  PHONE_ONLY,
  async ({ page, baseURL }) => {
    await fakeTelegramWebview(page);
    const userId = newTelegramId();
    await page.goto(tmaLaunchUrl({ base: baseURL!, userId, name: 'Правила', path: '/' }));
    const openMenu = async () => {
      await page.getByRole('navigation', { name: 'Навигация' }).getByRole('button', { name: 'Меню' }).click();
      return page.getByRole('navigation', { name: 'Меню' });
    };
    let menu = await openMenu();
    const toggle = () => menu.getByTestId('personalisation-toggle');
    await expect(toggle()).toBeChecked();
    await menu.locator('.kv-native-toggle', { hasText: 'Персональные рекомендации' }).click();
    await expect(toggle()).not.toBeChecked();
    await menu.getByRole('link', { name: 'ИИ Поиск' }).click();

    await expect(page).toHaveURL(/\/tma\/agent$/);
    const notice = page.getByTestId('personalisation-off');
    await expect(notice).toContainText('Персональные рекомендации выключены.');
    await notice.getByRole('button', { name: 'Включить персональные рекомендации' }).click();
    await expect(notice).toHaveCount(0);
    menu = await openMenu();
    await expect(toggle()).toBeChecked();
    await menu.getByRole('link', { name: 'Правила рекомендаций' }).click();
    await expect(page).toHaveURL(/\/tma\/recommendation-rules$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(RULES);
  },
);

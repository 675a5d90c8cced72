import { expect, test } from './fixtures';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { tmaLaunchUrl } from '../../scripts/tma-launch-url';
import { miniAppUserOnTrial, openSubscriptionModal, newTelegramId } from './helpers';
import { fakeTelegramWebview, mainButton, tgReceive } from './telegram-webview';

/**
 * Inside Telegram the app is a Mini App, not the website in a frame, and the AI-search screen says
 * one thing once (item 8). Runs at both sizes (the `phone` and `desktop` projects), launched with Telegram's parameters.
 */
test.beforeEach(async ({ page }) => fakeTelegramWebview(page));

const tabBar = (page: Page) => page.getByRole('navigation', { name: 'Навигация' });
const menu = (page: Page) => page.getByRole('navigation', { name: 'Меню' });

/** A tab tapped as a finger would on a touch screen, clicked with the pointer then moved off it elsewhere. */
async function press(page: Page, target: Locator, force = false): Promise<void> {
  if (test.info().project.use.hasTouch) await target.tap({ force });
  else {
    await target.click({ force });
    await page.mouse.move(1, 1);
  }
}

test('the tab bar has at most five tabs; the menu has no «Выйти», no locked entries; a modal never opens over it', async ({
  page,
  baseURL,
}) => {
  await page.goto(tmaLaunchUrl({ base: baseURL!, userId: newTelegramId(), name: 'Тест Оболочкин' }));
  const bar = tabBar(page);
  await expect(bar).toBeVisible();
  const tabs = bar.locator(':scope > *');
  const visible = (await tabs.evaluateAll((nodes) => nodes.map((n) => (n as HTMLElement).offsetParent !== null))).filter(Boolean);
  expect(visible.length).toBeGreaterThan(0);
  expect(visible.length).toBeLessThanOrEqual(5);
  for (const label of ['Меню', 'ТОП', 'ИИ Поиск', 'Избранное', 'Ассистент'])
    await expect(bar.getByText(label, { exact: true })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Настройки' })).toBeHidden();
  await expect(bar.getByTestId('view-mode-toggle')).toBeHidden();

  await bar.getByRole('button', { name: 'Меню' }).click();
  const opened = menu(page);
  await expect(opened.getByTestId('signed-in-as')).toHaveText('Вы вошли как Тест Оболочкин');
  // The Telegram account is the identity: no way to sign out of it here, nor to sign in again.
  await expect(opened.getByRole('button', { name: 'Выйти' })).toHaveCount(0);
  await expect(opened.getByRole('button', { name: 'Вход / Регистрация' })).toHaveCount(0);
  // Only what works: no «Аренда», no coming-soon analyses, nothing greyed out.
  await expect(opened.getByRole('heading', { name: 'Аренда' })).toHaveCount(0);
  await expect(opened.getByText('Анализ квартиры')).toHaveCount(0);
  await expect(opened.getByText('Найти похожие квартиры')).toHaveCount(0);
  await expect(opened.locator('[aria-disabled="true"]')).toHaveCount(0);
  await expect(opened.getByRole('link', { name: 'Анализ возможностей' })).toBeVisible();
  // What the five tabs leave out is here: this screen's settings and the Map/List switch.
  await expect(opened.getByRole('button', { name: 'Настройки' })).toBeVisible();
  await expect(opened.getByTestId('view-mode-toggle')).toBeVisible();

  // The city picker from the menu: the menu steps aside, the picker is the only layer.
  await opened.getByTestId('city-button').click();
  await expect(page.getByRole('dialog', { name: 'Выберите город' })).toBeVisible();
  await expect(menu(page)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Выберите город' })).toHaveCount(0);

  // The menu's Map/List switch works and closes the menu.
  await bar.getByRole('button', { name: 'Меню' }).click();
  await menu(page).getByTestId('view-mode-toggle').click();
  await expect(menu(page)).toHaveCount(0);
  await expect(page.getByTestId('schematic-map')).toBeVisible();
});

test('a tapped tab keeps no highlight: neither hover nor focus styles stick after the tap', async ({ page, baseURL }) => {
  await page.goto(tmaLaunchUrl({ base: baseURL!, userId: newTelegramId(), name: 'Тест' }));
  const bar = tabBar(page);
  const menuTab = bar.getByRole('button', { name: 'Меню' });
  const idle = await menuTab.evaluate((el) => getComputedStyle(el).backgroundColor);
  await press(page, menuTab);
  await expect(menu(page)).toBeVisible();
  // Tapped again where it is (the menu's backdrop lies over the bar and takes the tap): the menu closes.
  await press(page, menuTab, true);
  await expect(menu(page)).toHaveCount(0);
  const style = () =>
    menuTab.evaluate((el) => ({ background: getComputedStyle(el).backgroundColor, outline: getComputedStyle(el).outlineStyle }));
  expect(await style()).toEqual({ background: idle, outline: 'none' });
  expect(idle).toBe('rgba(0, 0, 0, 0)');
  // A route tab: only the active mark, the same as any active tab, nothing left from the tap itself.
  const favourites = bar.getByRole('link', { name: 'Избранное' });
  await press(page, favourites);
  await expect(page).toHaveURL(/\/tma\/favourites$/);
  const top = bar.getByRole('link', { name: 'ТОП' });
  await press(page, top);
  await expect(page).toHaveURL(/\/tma\/$/);
  expect(await favourites.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
});

test('no breadcrumbs inside Telegram: its back button is the way back', async ({ page, baseURL }) => {
  await page.goto(tmaLaunchUrl({ base: baseURL!, userId: newTelegramId(), name: 'Тест', path: '/services/bezopasnaya-sdelka' }));
  await expect(page.getByTestId('service-detail')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Навигационная цепочка' })).toBeHidden();
  // The website keeps them.
  await page.goto('/services/bezopasnaya-sdelka');
  await expect(page.getByRole('navigation', { name: 'Навигационная цепочка' })).toBeVisible();
});

test('AI search before setup: one call to action (Telegram’s MainButton), the status a label, not a button', async ({ page, baseURL }) => {
  await page.goto(tmaLaunchUrl({ base: baseURL!, userId: newTelegramId(), name: 'Новичок', path: '/agent' }));
  const status = page.getByTestId('agent-status');
  await expect(status).toContainText('Не создан');
  await expect.poll(async () => (await mainButton(page))?.text).toBe('Настроить и запустить');
  // The page itself repeats none of it: no «Настроить…» button anywhere in it.
  await expect(page.getByTestId('agent-shell')).toBeVisible();
  await expect(page.locator('main').getByRole('button', { name: /Настроить|Запустить/ })).toHaveCount(0);
  const label = status.locator('.kv-agent-status__label');
  const look = await label.evaluate((el) => {
    const s = getComputedStyle(el);
    return { cursor: s.cursor, border: s.borderTopStyle, background: s.backgroundColor, tag: el.tagName };
  });
  expect(look).toEqual({ cursor: 'default', border: 'none', background: 'rgba(0, 0, 0, 0)', tag: 'SPAN' });
});

/** «Уже подобрано 13 квартир» with its Russian plural. */
const alreadyFound = (n: number) => {
  const [one, few, many] = [n % 10 === 1 && n % 100 !== 11, [2, 3, 4].includes(n % 10) && ![12, 13, 14].includes(n % 100), true];
  const form = one ? ['подобрана', 'квартира'] : few ? ['подобраны', 'квартиры'] : many ? ['подобрано', 'квартир'] : [];
  return `Уже ${form[0]} ${n} ${form[1]}`;
};

async function foundCount(request: APIRequestContext, headers: Record<string, string>): Promise<number> {
  const list = await request.get('/api/selection/lira/variant?size=1&page=0&sort=SUGGESTION_DATE_DESC&showSold=false', { headers });
  return ((await list.json()) as { data: { meta: { totalItems: number } } }).data.meta.totalItems;
}

test('after subscribing, the success modal says what is already there, and the dialog has no ring around it', async ({
  page,
  request,
  baseURL,
}) => {
  const userId = newTelegramId();
  const headers = await miniAppUserOnTrial(request, baseURL!, userId, 'Подписчик');
  expect((await request.put('/api/selection/lira/profile/status', { headers, data: { status: 'START' } })).status()).toBe(200);
  await expect.poll(() => foundCount(request, headers), { timeout: 20_000 }).toBeGreaterThan(0);

  await page.goto(tmaLaunchUrl({ base: baseURL!, userId, name: 'Подписчик', path: '/agent' }));
  const payment = await openSubscriptionModal(page);
  await payment.getByLabel('Промокод').fill('NEDELYA7-DEMO-5RX8KQ2MWT');
  await payment.getByRole('button', { name: 'Проверить' }).click();
  await expect.poll(async () => (await mainButton(page))?.text).toBe('Оформить по промокоду');
  await tgReceive(page, 'main_button_pressed');

  const success = page.getByRole('dialog', { name: 'Подписка оформлена' });
  await expect(success).toBeVisible({ timeout: 15_000 });
  const found = await foundCount(request, headers);
  await expect(success.getByTestId('payment-success')).toContainText(`${alreadyFound(found)} — новые ИИ Поиск будет присылать в Telegram.`);
  // Focus is inside the dialog, yet no outline rings the whole card.
  await expect(success).toBeFocused();
  expect(await success.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('none');
  await success.getByRole('button', { name: 'Отлично' }).click();
  await expect(success).toHaveCount(0);
});

import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { tmaLaunchUrl } from '../../scripts/tma-launch-url';
import { miniAppUserOnTrial, openSubscriptionInfo, visibleNav, newTelegramId } from './helpers';
import { fakeTelegramWebview, mainButton, tgEvents as events, tgReceive } from './telegram-webview';

test.beforeEach(async ({ page }) => fakeTelegramWebview(page));

/** Inside Telegram the bottom bar is the navigation at every width (the website's side bar is never shown). */
const miniAppNav = (page: Page) => page.getByRole('navigation', { name: 'Навигация' });
const backButtonVisible = async (page: Page) =>
  (await events(page))
    .filter((e) => e.type === 'web_app_setup_back_button')
    .map((e) => (e.data as { is_visible: boolean }).is_visible)
    .at(-1);

test('/tma/ with signed launch params renders the shell in Telegram colours, calls ready and drives the BackButton', async ({
  page,
  baseURL,
}) => {
  await page.goto(tmaLaunchUrl({ base: baseURL!, userId: newTelegramId(), name: 'Тест', dark: true }));
  await expect(page).toHaveTitle('ТОП | Кварта');
  const nav = miniAppNav(page);
  for (const label of ['ТОП', 'ИИ Поиск', 'Избранное']) await expect(nav.getByText(label, { exact: true })).toBeVisible();
  // Telegram's dark palette: bg_color #17212b on surfaces, the scheme dark.
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(nav).toHaveCSS('background-color', 'rgb(23, 33, 43)');
  // The theme is Telegram's: no toggle in the Mini App.
  await expect(page.getByTestId('theme-toggle')).toHaveCount(0);
  expect((await events(page)).some((e) => e.type === 'web_app_ready')).toBe(true);
  expect(await backButtonVisible(page)).not.toBe(true);

  await nav.getByRole('link', { name: 'Избранное' }).click();
  await expect(page).toHaveURL(/\/tma\/favourites$/);
  await expect.poll(() => backButtonVisible(page)).toBe(true);

  await tgReceive(page, 'back_button_pressed');
  await expect.poll(() => new URL(page.url()).pathname).toBe('/tma/');
  await expect.poll(() => backButtonVisible(page)).toBe(false);
});

test('the Mini App follows a live Telegram theme change', async ({ page, baseURL }) => {
  await page.goto(tmaLaunchUrl({ base: baseURL!, userId: newTelegramId(), name: 'Тест', dark: true }));
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await tgReceive(page, 'theme_changed', {
    theme_params: {
      bg_color: '#ffffff',
      text_color: '#000000',
      secondary_bg_color: '#efeff3',
      button_color: '#2481cc',
      hint_color: '#999999',
    },
  });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(miniAppNav(page)).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  // Telegram's header and background follow: the page's new background.
  await expect
    .poll(async () => (await events(page)).filter((e) => e.type === 'web_app_set_header_color').at(-1)?.data)
    .toEqual({ color: '#efeff3' });
});

test('/tma/ opened without launch params still renders (browser-like fallback)', async ({ page }, info) => {
  await page.goto('/tma/');
  await expect(page).toHaveTitle('ТОП | Кварта');
  await expect(visibleNav(page, info).getByText('ТОП', { exact: true })).toBeVisible();
});

test('inside Telegram the user is signed in by initData and never sees the login modal', async ({ page, baseURL }) => {
  await page.goto(tmaLaunchUrl({ base: baseURL!, userId: newTelegramId(), name: 'Тест Телеграмов' }));
  const nav = miniAppNav(page);
  await nav.getByRole('button', { name: 'Меню' }).click();
  const menu = page.getByRole('navigation', { name: 'Меню' });
  await expect(menu.getByTestId('signed-in-as')).toHaveText('Вы вошли как Тест Телеграмов');
  // The Telegram account is the identity: no «Выйти», and nothing that would open the login modal.
  await expect(menu.getByRole('button', { name: 'Выйти' })).toHaveCount(0);
  await expect(menu.getByRole('button', { name: 'Вход / Регистрация' })).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Войти в профиль' })).toHaveCount(0);
});

test("the bot's «Открыть» (startapp=apart_<id>) opens that apartment's page in the Mini App", async ({ page, request, baseURL }) => {
  const token = (await (await request.post('/passport/data/token', { data: {} })).json()).data.token as string;
  const list = await request.post('/api/selection/swipe/variant/list', {
    headers: { authorization: `Bearer ${token}` },
    data: { cityIds: [77], priceTotalMinGte: 10_000_000, priceTotalMinLte: 30_000_000 },
  });
  const apartment = (await list.json()).data.items[0] as { id: number };
  await page.goto(tmaLaunchUrl({ base: baseURL!, userId: newTelegramId(), name: 'Бот', startParam: `apart_${apartment.id}` }));
  await expect(page).toHaveURL(new RegExp(`/tma/msk/apart/${apartment.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('в Москве');
});

test('in the Mini App a month is paid with Telegram Stars through the stand-in invoice: «Запущен» with the new date', async ({
  page,
  request,
  baseURL,
}) => {
  const userId = newTelegramId();
  // A profile on its trial, made through the API as the same Telegram user.
  const headers = await miniAppUserOnTrial(request, baseURL!, userId, 'Звёздный');
  expect((await request.put('/api/selection/lira/profile/status', { headers, data: { status: 'START' } })).status()).toBe(200);

  await page.goto(tmaLaunchUrl({ base: baseURL!, userId, name: 'Звёздный', path: '/agent' }));
  const info = await openSubscriptionInfo(page);
  await expect(info).toContainText('Пробный период');
  await info.getByRole('button', { name: 'Оформить подписку' }).click();
  const modal = page.getByRole('dialog', { name: 'Подписка на ИИ Поиск' });
  // Telegram Stars only in the Mini App (no card to choose); the 30-day period renews as a Star subscription.
  await expect(modal.getByTestId('payment-method')).toHaveText('Оплата в Telegram — звёздами Telegram Stars.');
  await expect(modal.getByRole('radio', { name: 'Картой' })).toHaveCount(0);
  await modal.getByRole('radio', { name: /30 дней/ }).click();
  await expect(modal.getByTestId('payment-terms')).toContainText('Автопродление: 750 ⭐ каждые 30 дн.');
  // The one primary action is Telegram's MainButton inside the Mini App.
  await expect.poll(async () => (await mainButton(page))?.text).toBe('Оплатить · 750 ⭐');
  await expect(modal.getByRole('button', { name: 'Оплатить · 750 ⭐' })).toHaveCount(0);
  await tgReceive(page, 'main_button_pressed');
  await expect(page).toHaveURL(/\/dev\/telegram\/invoice\//);
  await page.getByRole('button', { name: 'Оплатить ⭐ 750' }).click();
  await expect(page.getByRole('dialog', { name: 'Подписка оформлена' })).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/tma\/agent/);
  await page.getByRole('dialog', { name: 'Подписка оформлена' }).getByRole('button', { name: 'Отлично' }).click();
  await expect(page.getByTestId('agent-status')).toContainText('Запущен');
  const panel = page.getByTestId('subscription-panel');
  const expected = new Date(Date.now() + 33 * 86_400_000).toLocaleDateString('ru-RU', {
    timeZone: 'Europe/Moscow',
    day: '2-digit',
    month: '2-digit',
  });
  await expect(panel.getByRole('button', { name: `Активен до ${expected}` })).toBeVisible();
  await panel.getByRole('button', { name: /Активен до/ }).click();
  await expect(info).toContainText('Telegram Stars');
  await expect(info).toContainText('включено');

  // Cancel: the Star subscription is stopped (the stand-in's chat records editUserStarSubscription).
  await info.getByRole('button', { name: 'Отменить подписку' }).click();
  await page.getByRole('dialog', { name: 'Отменить подписку?' }).getByRole('button', { name: 'Отменить подписку' }).click();
  await expect(panel.getByRole('button', { name: `Активен до ${expected}` })).toBeVisible();
  await expect
    .poll(async () => {
      const chat = (await (await request.get(`/dev/telegram/messages?chatId=${userId}`)).json()) as { data: Array<{ text: string }> };
      return chat.data.some((m) => m.text.startsWith('Подписка за Telegram Stars отменена'));
    })
    .toBe(true);
});

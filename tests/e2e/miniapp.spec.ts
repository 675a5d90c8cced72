import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { tmaLaunchUrl } from '../../scripts/tma-launch-url';
import { visibleNav } from './helpers';

type TgEvent = { type: string; data: unknown };

test.beforeEach(async ({ page }) => {
  // Stand in for the Telegram client: record every event the Mini App posts.
  await page.addInitScript(() => {
    const events: Array<{ type: string; data: unknown }> = [];
    (window as unknown as { __tgEvents: typeof events }).__tgEvents = events;
    (window as unknown as { TelegramWebviewProxy: unknown }).TelegramWebviewProxy = {
      postEvent(type: string, data: string) {
        events.push({ type, data: data ? JSON.parse(data) : null });
      },
    };
  });
});

const events = (page: Page) => page.evaluate(() => (window as unknown as { __tgEvents: TgEvent[] }).__tgEvents);
const backButtonVisible = async (page: Page) =>
  (await events(page))
    .filter((e) => e.type === 'web_app_setup_back_button')
    .map((e) => (e.data as { is_visible: boolean }).is_visible)
    .at(-1);

test('/tma/ with signed launch params renders the shell in Telegram colours, calls ready and drives the BackButton', async ({
  page,
  baseURL,
}, info) => {
  await page.goto(tmaLaunchUrl({ base: baseURL!, userId: 4242, name: 'Тест', dark: true }));
  await expect(page).toHaveTitle('ТОП | Кварта');
  const nav = visibleNav(page, info);
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

  await page.evaluate(() =>
    (window as unknown as { Telegram: { WebView: { receiveEvent(t: string, d?: unknown): void } } }).Telegram.WebView.receiveEvent(
      'back_button_pressed',
    ),
  );
  await expect.poll(() => new URL(page.url()).pathname).toBe('/tma/');
  await expect.poll(() => backButtonVisible(page)).toBe(false);
});

test('the Mini App follows a live Telegram theme change', async ({ page, baseURL }, info) => {
  await page.goto(tmaLaunchUrl({ base: baseURL!, userId: 4243, name: 'Тест', dark: true }));
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.evaluate(() =>
    (window as unknown as { Telegram: { WebView: { receiveEvent(t: string, d?: unknown): void } } }).Telegram.WebView.receiveEvent(
      'theme_changed',
      {
        theme_params: {
          bg_color: '#ffffff',
          text_color: '#000000',
          secondary_bg_color: '#efeff3',
          button_color: '#2481cc',
          hint_color: '#999999',
        },
      },
    ),
  );
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(visibleNav(page, info)).toHaveCSS('background-color', 'rgb(255, 255, 255)');
});

test('/tma/ opened without launch params still renders (browser-like fallback)', async ({ page }, info) => {
  await page.goto('/tma/');
  await expect(page).toHaveTitle('ТОП | Кварта');
  await expect(visibleNav(page, info).getByText('ТОП', { exact: true })).toBeVisible();
});

test('inside Telegram the user is signed in by initData and never sees the login modal', async ({ page, baseURL }, info) => {
  await page.goto(tmaLaunchUrl({ base: baseURL!, userId: 4244, name: 'Тест Телеграмов' }));
  const nav = visibleNav(page, info);
  await nav.getByRole('button', { name: 'Меню' }).click();
  const menu = page.getByRole('navigation', { name: 'Меню' });
  await expect(menu.getByTestId('signed-in-as')).toHaveText('Вы вошли как Тест Телеграмов');
  await menu.getByRole('button', { name: 'Выйти' }).click();
  await nav.getByRole('button', { name: 'Меню' }).click();
  await menu.getByRole('button', { name: 'Вход / Регистрация' }).click();
  await expect(page.getByRole('dialog', { name: 'Войти в профиль' })).toHaveCount(0);
  await nav.getByRole('button', { name: 'Меню' }).click();
  await expect(menu.getByRole('button', { name: 'Выйти' })).toBeVisible();
});

test("the bot's «Открыть» (startapp=apart_<id>) opens that apartment's page in the Mini App", async ({ page, request, baseURL }) => {
  const token = (await (await request.post('/passport/data/token', { data: {} })).json()).data.token as string;
  const list = await request.post('/api/selection/swipe/variant/list', {
    headers: { authorization: `Bearer ${token}` },
    data: { cityIds: [77], priceTotalMinGte: 10_000_000, priceTotalMinLte: 30_000_000 },
  });
  const apartment = (await list.json()).data.items[0] as { id: number };
  await page.goto(tmaLaunchUrl({ base: baseURL!, userId: 4343, name: 'Бот', startParam: `apart_${apartment.id}` }));
  await expect(page).toHaveURL(new RegExp(`/tma/msk/apart/${apartment.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('в Москве');
});

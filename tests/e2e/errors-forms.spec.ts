import type { APIRequestContext, Page } from '@playwright/test';
import { tmaLaunchUrl } from '../../scripts/tma-launch-url';
import { expect, test } from './fixtures';
import { assistantDrawer, clientNavigate, isPhone, miniAppUserOnTrial, visibleNav, PHONE_ONLY, newTelegramId } from './helpers';
import { fakeTelegramWebview } from './telegram-webview';

const OFFLINE_TEXT = 'Не удалось загрузить данные. Проверьте подключение к интернету.';
/** Every API of the app: the main one, sign-in (passport) and the bot's. */
const API = /\/(api|passport|bot-api)\//;

const apiDown = (page: Page) => page.route(API, (route) => route.abort('internetdisconnected'));
const apiUp = (page: Page) => page.unroute(API);
/** The screen's message about the lost connection; the spec asks for it within 10 s (retries included). */
const offline = (page: Page) => page.getByRole('alert').filter({ hasText: OFFLINE_TEXT }).first();

/** Leaves a loaded page for `path` the way the app's links do, with the API unreachable from then on. */
async function openWithApiDown(page: Page, from: string, path: string): Promise<void> {
  await page.goto(from);
  await apiDown(page);
  await clientNavigate(page, path);
  await expect(offline(page)).toBeVisible({ timeout: 10_000 });
  await expect(offline(page).getByRole('button', { name: 'Повторить' })).toBeVisible();
}

/** The API back, «Повторить» pressed: the message goes away. */
async function retryWithApiUp(page: Page): Promise<void> {
  await apiUp(page);
  await offline(page).getByRole('button', { name: 'Повторить' }).click();
  await expect(page.getByText(OFFLINE_TEXT)).toHaveCount(0);
}

async function someApartmentPath(request: APIRequestContext): Promise<string> {
  const token = (await (await request.post('/passport/data/token', { data: {} })).json()).data.token as string;
  const list = await request.post('/api/selection/swipe/variant/list', {
    headers: { authorization: `Bearer ${token}` },
    data: { cityIds: [78], priceTotalMinGte: 5_000_000, priceTotalMinLte: 30_000_000 },
  });
  const apartment = (await list.json()).data.items[0] as { id: number };
  return `/spb/apart/${apartment.id}`;
}

test.describe('the API unreachable: every screen says so and «Повторить» works', () => {
  test('TOP', async ({ page }) => {
    await openWithApiDown(page, '/404', '/');
    await expect(page.getByTestId('card-skeleton')).toHaveCount(0);
    await retryWithApiUp(page);
    await expect(page.getByTestId('apartment-card').first()).toBeVisible();
  });

  test('TOP opened with the API down from the start', async ({ page }) => {
    await apiDown(page);
    await page.goto('/favourites');
    await expect(offline(page)).toBeVisible({ timeout: 10_000 });
    await clientNavigate(page, '/');
    await expect(offline(page)).toBeVisible({ timeout: 10_000 });
    await retryWithApiUp(page);
    await expect(page.getByTestId('apartment-card').first()).toBeVisible();
  });

  test('favourites', async ({ page }) => {
    await openWithApiDown(page, '/404', '/favourites');
    await retryWithApiUp(page);
    await expect(page.getByText('Вы еще не добавили ни одной квартиры в этот список')).toBeVisible();
  });

  test('apartment page: not «page not found», but the lost connection', async ({ page, request }) => {
    const path = await someApartmentPath(request);
    await openWithApiDown(page, '/404', path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await retryWithApiUp(page);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('в Санкт-Петербурге');
  });

  test('analytics and services', async ({ page }) => {
    await openWithApiDown(page, '/404', '/analytics');
    await retryWithApiUp(page);
    await expect(page.getByTestId('analytics-summary')).toBeVisible();
    await apiDown(page);
    await clientNavigate(page, '/services');
    await expect(offline(page)).toBeVisible({ timeout: 10_000 });
    await expect(page).toHaveURL(/\/services$/);
    await retryWithApiUp(page);
    await expect(page.getByTestId('services-page')).toBeVisible();
  });

  test('the assistant drawer (FAQ)', async ({ page }, info) => {
    await page.goto('/404');
    await apiDown(page);
    await visibleNav(page, info).getByRole('button', { name: 'Ассистент' }).click();
    const drawer = assistantDrawer(page);
    await expect(drawer.getByText(OFFLINE_TEXT)).toBeVisible({ timeout: 10_000 });
    await apiUp(page);
    await drawer.getByRole('button', { name: 'Повторить' }).click();
    await expect(drawer.getByRole('list', { name: 'Частые вопросы' })).toBeVisible();
  });

  test('AI search in the Mini App', PHONE_ONLY, async ({ page, request, baseURL }) => {
    await fakeTelegramWebview(page);
    const userId = newTelegramId();
    await miniAppUserOnTrial(request, baseURL!, userId, 'Офлайн');
    await page.goto(tmaLaunchUrl({ base: baseURL!, userId, name: 'Офлайн' }));
    await apiDown(page);
    await clientNavigate(page, '/tma/agent');
    await expect(offline(page)).toBeVisible({ timeout: 10_000 });
    // Not «Не создан» with a setup button: the agent this user has is unknown, not missing.
    await expect(page.getByText('Не создан')).toHaveCount(0);
    await retryWithApiUp(page);
    await expect(page.getByTestId('agent-status')).toBeVisible();
    await expect(page.getByTestId('agent-status')).not.toContainText('Не создан');
  });
});

test('an unknown address is titled «Страница не найдена | Кварта», from the server and in the app', async ({ page, request }) => {
  const html = await (await request.get('/no/such/page')).text();
  expect(html).toContain('<title>Страница не найдена | Кварта</title>');
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
  await expect(page).toHaveTitle('Страница не найдена | Кварта');
  await clientNavigate(page, '/favourites');
  await expect(page).toHaveTitle('Избранное | Кварта');
  await clientNavigate(page, '/agent/whatever/else');
  await expect(page).toHaveTitle('Страница не найдена | Кварта');
});

/** TOP settings in the drawer, as the user opens them. */
async function openTopSettings(page: Page, info: Parameters<Parameters<typeof test>[2]>[1]) {
  await page.goto('/');
  await expect(page.getByRole('radio', { name: 'Первая квартира' })).toHaveAttribute('aria-checked', 'true');
  await visibleNav(page, info).getByRole('button', { name: 'Настройки' }).click();
  const drawer = page.getByRole('dialog', { name: 'Настройки ТОП' });
  await expect(drawer.getByText('Город: Санкт-Петербург')).toBeVisible();
  return drawer;
}

test('TOP settings: every metro station of Saint Petersburg is reachable by scrolling the full-height picker', async ({
  page,
  request,
}, info) => {
  const drawer = await openTopSettings(page, info);
  const cities = (await (await request.get('/api/init/city-list')).json()).data as Array<{ kladr: number; cityIds: number[] }>;
  const spb = cities.find((c) => c.kladr === 78)!;
  const stations = (await (await request.post('/api/init/metro-list', { data: { cityIds: spb.cityIds } })).json()).data as Array<{
    name: string;
  }>;
  expect(stations.length).toBeGreaterThan(40);

  await drawer.getByRole('button', { name: 'Выбрать метро' }).click();
  const picker = page.getByRole('dialog', { name: 'Метро' });
  await expect(picker).toBeVisible();
  // The layer takes the whole height (the whole screen on a phone); its list is the one thing that scrolls.
  const box = (await picker.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.height).toBeGreaterThanOrEqual(viewport.height - 1);
  if (isPhone(info)) expect(box.width).toBeGreaterThanOrEqual(viewport.width - 1);
  const list = picker.getByRole('group', { name: 'Метро' });
  await expect(list.getByRole('checkbox')).toHaveCount(stations.length);
  for (const name of ['Маяковская', 'Приморская', 'Ладожская', 'Международная']) {
    const option = list.getByRole('checkbox', { name, exact: true });
    await option.scrollIntoViewIfNeeded();
    await expect(option).toBeInViewport();
  }
  await list.getByRole('checkbox', { name: 'Приморская', exact: true }).check();
  await list.getByRole('checkbox', { name: 'Ладожская', exact: true }).check();
  // Chosen stations are chips that take themselves away.
  await picker.getByRole('button', { name: 'Убрать Приморская' }).click();
  await expect(list.getByRole('checkbox', { name: 'Приморская', exact: true })).not.toBeChecked();
  // Escape closes the picker only, not the drawer around it.
  await page.keyboard.press('Escape');
  await expect(picker).toHaveCount(0);
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Убрать Ладожская' })).toBeVisible();
});

test('TOP settings: districts start with the centre; the price is grouped by thousands as typed; errors are ours', async ({
  page,
}, info) => {
  const drawer = await openTopSettings(page, info);
  await drawer.getByRole('button', { name: 'Выбрать районы' }).click();
  const picker = page.getByRole('dialog', { name: 'Районы' });
  await expect(picker.locator('.kv-picker__group').first()).toHaveText('Центр');
  await picker.getByRole('button', { name: 'Готово' }).click();

  const form = drawer.locator('form');
  expect(await form.evaluate((f: HTMLFormElement) => f.noValidate)).toBe(true);
  const price = drawer.getByRole('textbox', { name: 'Цена, ₽' });
  // The stored price shows grouped from the start, never as «9900000».
  await expect(price).toHaveValue(/^\d{1,3}(\u00a0\d{3})+$/);
  await price.fill('');
  await price.pressSequentially('9900000');
  await expect(price).toHaveValue('9\u00a0900\u00a0000');
  await price.fill('100');
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  const hint = drawer.locator(`#${await price.getAttribute('aria-describedby')}`);
  await expect(hint).toHaveText('Укажите цену от 2 000 000 до 200 000 000 ₽');
  expect(await price.evaluate((input: HTMLInputElement) => input.validationMessage)).toBe('');
  await price.fill('12 500 000');
  await expect(price).toHaveValue('12\u00a0500\u00a0000');
  await expect(price).toHaveAttribute('aria-invalid', 'false');
});

test('each drawer view has its own title', async ({ page }, info) => {
  await page.goto('/');
  await visibleNav(page, info).getByRole('button', { name: 'Ассистент' }).click();
  await expect(page.getByRole('dialog', { name: 'Ассистент' })).toBeVisible();
  await page.keyboard.press('Escape');
  await visibleNav(page, info).getByRole('button', { name: 'Настройки' }).click();
  await expect(page.getByRole('dialog', { name: 'Настройки ТОП' }).locator('.kv-drawer__title')).toHaveText('Настройки ТОП');
  await page.keyboard.press('Escape');
  await expect(assistantDrawer(page)).toHaveCount(0);
  // The dislike reasons of a card.
  await page.getByTestId('apartment-card').first().getByRole('button', { name: 'Не нравится' }).click();
  await expect(page.getByRole('dialog', { name: 'Что не понравилось' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/analytics');
  await visibleNav(page, info).getByRole('button', { name: 'Настройки' }).click();
  await expect(page.getByRole('dialog', { name: 'Настройки аналитики' })).toBeVisible();
});

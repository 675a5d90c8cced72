import { expect, test } from './fixtures';
import type { Page, Request } from '@playwright/test';
import { clientNavigate, visibleNav, assistantDrawer } from './helpers';

const isStatistics = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/selection/statistics';
const body = (request: Request) => request.postDataJSON() as Record<string, unknown>;
const count = (page: Page) => page.getByTestId('analytics-count');
const FORMS = ['предложение', 'предложения', 'предложений'];
const pluralOf = (n: number) =>
  n % 100 >= 11 && n % 100 <= 14 ? FORMS[2] : n % 10 === 1 ? FORMS[0] : n % 10 >= 2 && n % 10 <= 4 ? FORMS[1] : FORMS[2];

test('analytics: the settings view filters the charts by rooms and district, stored under analylicsFilters', async ({ page }, info) => {
  const first = page.waitForRequest(isStatistics);
  await page.goto('/analytics');
  await expect(page).toHaveTitle('ИИ Анализ возможностей | Кварта');
  await expect(page.getByRole('heading', { name: 'ИИ Анализ возможностей' })).toBeVisible();
  // Default filters: only the city; the 0 / 200 000 000 bounds and empty lists are left out (spec §5).
  expect(body(await first)).toEqual({ cityIds: [78] });
  await expect(count(page)).toContainText(/\d/);
  const before = await count(page).innerText();
  await expect(page.getByRole('img', { name: /Круговая диаграмма/ })).toBeVisible();

  await visibleNav(page, info).getByRole('button', { name: 'Настройки' }).click();
  const drawer = assistantDrawer(page);
  await expect(drawer.getByText('Измените параметры поиска')).toBeVisible();
  await expect(drawer.getByText('Город: Санкт-Петербург')).toBeVisible();
  await expect(drawer.getByRole('navigation', { name: 'Меню ассистента' }).getByRole('button', { name: 'Частые вопросы' })).toBeVisible();
  await drawer.getByRole('button', { name: '2', exact: true }).click();
  await expect(drawer.getByRole('button', { name: '2', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await drawer.getByRole('textbox', { name: 'Цена от, ₽' }).fill('5000000');
  const filtered = page.waitForRequest(isStatistics);
  await drawer.getByRole('button', { name: 'Показать аналитику' }).click();
  await expect(drawer).toHaveCount(0);
  expect(body(await filtered)).toEqual({ cityIds: [78], roomsCntForFilter: [2], priceTotalMinFrom: 5_000_000 });
  await expect(count(page)).not.toHaveText(before);
  await expect(page.getByTestId('analytics-filters')).toContainText('комнаты: 2');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('analylicsFilters') ?? 'null'));
  expect(stored).toMatchObject({ currentCity: 78, roomsCntForFilter: ['r2'], priceRange: [5_000_000, 200_000_000] });
  const afterRooms = await count(page).innerText();

  await visibleNav(page, info).getByRole('button', { name: 'Настройки' }).click();
  await drawer.getByRole('button', { name: 'Выбрать районы' }).click();
  await drawer.getByRole('searchbox', { name: 'Поиск: Районы' }).fill('Невск');
  await drawer.getByRole('group', { name: 'Районы' }).getByRole('checkbox', { name: 'Невский', exact: true }).check();
  await drawer.getByRole('dialog', { name: 'Районы' }).getByRole('button', { name: 'Готово' }).click();
  const byDistrict = page.waitForRequest(isStatistics);
  await drawer.getByRole('button', { name: 'Показать аналитику' }).click();
  const sent = body(await byDistrict);
  expect(sent.areaIds).toHaveLength(1);
  expect(sent.roomsCntForFilter).toEqual([2]);
  await expect(count(page)).not.toHaveText(afterRooms);
  await expect(page.getByTestId('analytics-filters')).toContainText('районов: 1');
});

test('analytics: filters changed in another tab are picked up within a second', async ({ page, context }) => {
  await page.goto('/analytics');
  await expect(count(page)).toContainText(/\d/);
  const other = await context.newPage();
  await other.goto('/analytics');
  const next = page.waitForRequest(isStatistics);
  await other.evaluate(() => {
    const filters = JSON.parse(localStorage.getItem('analylicsFilters') ?? '{}');
    localStorage.setItem('analylicsFilters', JSON.stringify({ ...filters, roomsCntForFilter: ['studio'] }));
  });
  expect(body(await next)).toMatchObject({ roomsCntForFilter: [0] });
  await expect(page.getByTestId('analytics-filters')).toContainText('комнаты: Студия');
});

test('analytics details: own layout, districts × rooms, plurals and — for no data', async ({ page }) => {
  await page.goto('/analytics');
  await page.evaluate(() =>
    localStorage.setItem(
      'analylicsFilters',
      JSON.stringify({
        currentCity: 78,
        areaIds: [],
        metroIds: [],
        priceRange: [0, 200000000],
        roomsCntForFilter: ['studio'],
        hasMetro: true,
      }),
    ),
  );
  await page.getByRole('link', { name: 'Детализация по районам' }).click();
  await expect(page).toHaveURL(/\/analytics-details$/);
  await expect(page).toHaveTitle('ИИ Анализ возможностей | Подробнее | Кварта');
  await expect(page.getByRole('heading', { name: 'Детализация' })).toBeVisible();
  // Its own layout: no navigation bars.
  await expect(page.getByRole('navigation')).toHaveCount(0);
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Район', 'Студии', '1 ком.', '2 ком.', '3 ком.', '4+ ком.']);
  const rows = table.locator('tbody tr');
  expect(await rows.count()).toBeGreaterThan(3);
  const row = rows.first();
  await expect(row.locator('td').nth(0)).toContainText(/млн ₽/);
  await expect(row.locator('td').nth(0)).toContainText(/₽\/м²/);
  for (let i = 1; i <= 4; i++) await expect(row.locator('td').nth(i)).toHaveText('—');
  // Every count carries the right plural.
  const counts = await table.locator('.kv-details__count').allInnerTexts();
  expect(counts.length).toBeGreaterThan(3);
  for (const text of counts) {
    const match = /^([\d\s\u00a0]+) (предложени[еяй])$/.exec(text);
    expect(match, text).not.toBeNull();
    expect(match![2]).toBe(pluralOf(Number(match![1]!.replace(/\D/g, ''))));
  }
  await page.getByRole('link', { name: '← Назад к анализу' }).click();
  await expect(page).toHaveURL(/\/analytics$/);
});

test('analytics details: a failed load says Ошибка загрузки данных', async ({ page }) => {
  await page.route('**/api/selection/statistics/detailed', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ result: 'error', message: 'Сбой', statusCode: 500, detail: null }),
    }),
  );
  await page.goto('/analytics-details');
  await expect(page.getByRole('alert')).toHaveText('Ошибка загрузки данных');
});

test('analytics without the city list shows the error screen', async ({ page }) => {
  await page.route('**/api/init/city-list', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"result":"error","message":"down","statusCode":500}' }),
  );
  // The server renders /analytics with its city list: the browser fetches the list itself when it navigates there.
  await page.goto('/favourites');
  await clientNavigate(page, '/analytics');
  await expect(page.getByRole('heading', { name: 'Ошибка: Список городов недоступен' })).toBeVisible({ timeout: 10_000 });
});

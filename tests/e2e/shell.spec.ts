import { expect, test } from './fixtures';
import { cityButton, isPhone, themeToggle, visibleNav, assistantDrawer } from './helpers';

test('home has the title ТОП | Кварта and the navigation of the spec', async ({ page }, info) => {
  await page.goto('/');
  await expect(page).toHaveTitle('ТОП | Кварта');
  const nav = visibleNav(page, info);
  for (const label of ['Меню', 'ТОП', 'ИИ Поиск', 'Избранное', 'Ассистент', 'Настройки'])
    await expect(nav.getByText(label, { exact: true })).toBeVisible();
  if (isPhone(info)) {
    await expect(nav.getByTestId('view-mode-toggle')).toBeEnabled();
    await expect(nav.getByText('Услуги')).toHaveCount(0);
  } else {
    await expect(nav.getByText('Услуги', { exact: true })).toBeVisible();
  }
  await nav.getByRole('button', { name: 'Меню' }).click();
  const menu = page.getByRole('navigation', { name: 'Меню' });
  for (const group of ['Покупка', 'Аренда', 'AI анализ', 'Услуги']) await expect(menu.getByRole('heading', { name: group })).toBeVisible();
  await expect(menu.getByText('Вход / Регистрация')).toBeVisible();
  await expect(menu.getByText('Анализ квартиры')).toHaveAttribute('aria-disabled', 'true');
});

test('every route renders something and sets its title', async ({ page }) => {
  for (const [path, title, text] of [
    ['/services', 'Услуги | Кварта', 'Услуги «Кварты»'],
    ['/analytics', 'ИИ Анализ возможностей | Кварта', 'Детализация по районам'],
    ['/analytics-details', 'ИИ Анализ возможностей | Подробнее | Кварта', 'Детализация'],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
    await expect(page.getByText(text).first()).toBeVisible();
  }
  await page.goto('/favourites');
  await expect(page).toHaveTitle('Избранное | Кварта');
  await expect(page.getByRole('heading', { name: 'Избранное' })).toBeVisible();
});

test('the theme toggle persists across a reload', async ({ page }, info) => {
  await page.goto('/');
  const before = await page.locator('html').getAttribute('data-theme');
  await (await themeToggle(page, info)).click();
  const after = before === 'dark' ? 'light' : 'dark';
  await expect(page.locator('html')).toHaveAttribute('data-theme', after);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', after);
  expect(await page.evaluate(() => localStorage.getItem('appTheme'))).toBe(after);
});

test('an unknown path shows the not-found page with HTTP 404', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
  await expect(page).toHaveTitle('Страница не найдена | Кварта');
  await page.getByRole('link', { name: 'Вернуться на Главную' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle('ТОП | Кварта');
});

test('an address no page of ours linked to waits for a click: shown, with no countdown', async ({ page }) => {
  await page.route('https://example.org/**', (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<h1>Внешний сайт</h1>' }),
  );
  // Typed, or linked to from another site: an open redirect on our domain unless the buyer chooses to go.
  await page.goto('/external-link#https://example.org/now');
  await expect(page.getByText('https://example.org/now')).toBeVisible();
  await expect(page.getByTestId('countdown')).toHaveCount(0);
  await page.getByRole('button', { name: 'Перейти на сайт' }).click();
  await page.waitForURL('https://example.org/now', { timeout: 3000 });
  await expect(page.getByRole('heading', { name: 'Внешний сайт' })).toBeVisible();
});

test('external link with javascript: never navigates and says why', async ({ page }) => {
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs++;
    void dialog.dismiss();
  });
  await page.clock.install();
  await page.goto('/external-link#javascript:alert(1)');
  await expect(page.getByText('Ссылка небезопасна, переход отменён.')).toBeVisible();
  // Past the countdown of a link we sent (5 s) on the page's own clock: still nothing.
  await page.clock.runFor(6_000);
  expect(page.url()).toContain('/external-link#javascript:alert(1)');
  expect(dialogs).toBe(0);
  await expect(page.getByRole('button', { name: 'Перейти сейчас' })).toHaveCount(0);
});

test('the city picker changes the city and it survives a reload', async ({ page }, info) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'ТОП в Санкт-Петербурге' })).toBeVisible();
  await (await cityButton(page, info)).click();
  const dialog = page.getByRole('dialog', { name: 'Выберите город' });
  await expect(dialog.getByRole('radio')).toHaveCount(5);
  await dialog.getByRole('radio', { name: 'Москва' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'ТОП в Москве' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'ТОП в Москве' })).toBeVisible();
});

test('the assistant opens with the greeting from the server and closes with Escape', async ({ page }, info) => {
  await page.goto('/');
  await visibleNav(page, info).getByRole('button', { name: 'Ассистент' }).click();
  const drawer = assistantDrawer(page);
  await expect(drawer.getByText('Привет, я цифровой риелтор «Кварты»! Здесь собраны популярные вопросы.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
});

test('an anonymous click on ИИ Поиск opens the binding modal instead of navigating', async ({ page }, info) => {
  await page.goto('/');
  await visibleNav(page, info).getByRole('link', { name: 'ИИ Поиск' }).click();
  await expect(page.getByRole('dialog', { name: 'Запустить бота в Telegram' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

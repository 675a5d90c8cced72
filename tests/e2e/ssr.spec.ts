import { expect, test } from './fixtures';
import { PHONE_ONLY, newTelegramId } from './helpers';
import type { APIRequestContext, Page } from '@playwright/test';
import { tmaLaunchUrl } from '../../scripts/tma-launch-url';
import { fakeTelegramWebview, mainButton } from './telegram-webview';

const nbsp = (s: string) => s.replace(/\u00a0|\u202f/g, ' ');

/** An apartment a first visitor sees on TOP, with what its page must show. */
async function firstTopApartment(request: APIRequestContext) {
  const list = await request.post('/api/selection/swipe/variant/guest-list', { data: { cityIds: [78], count: 1, page: 0 } });
  const id = ((await list.json()) as { data: { items: { id: number }[] } }).data.items[0]!.id;
  const detail = await request.post('/api/apartment', { data: { id, cityIds: [78] } });
  const apartment = ((await detail.json()) as { data: { priceTotalMin: number; address: string } }).data;
  return {
    id,
    path: `/spb/apart/${id}`,
    price: nbsp(new Intl.NumberFormat('ru-RU').format(apartment.priceTotalMin)),
    address: apartment.address,
  };
}

/**
 * Every card of the list has hydrated and the session has started: the app marks the document (`data-hydrated`) once
 * the page's islands have hydrated (src/shared/ui/hydration-island.tsx), then starts the session, and the last card's
 * like then knows its session. A card whose markup did not match is reported while it hydrates, so the problems are
 * complete by then.
 */
async function everyCardHydrated(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 });
  await expect(page.getByTestId('apartment-card').last().getByRole('button', { name: '♡ Нравится' })).toHaveAttribute(
    'aria-disabled',
    'false',
  );
}

/** Console errors and warnings, and uncaught errors, from the moment the page starts loading. */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

test('TOP arrives rendered and hydrates without a console error or warning; then it answers clicks', async ({ page, request }) => {
  const html = (await (await request.get('/')).text()).replaceAll('<!-- -->', '');
  expect(html).toContain('ТОП в Санкт-Петербурге');
  expect(html).toContain('data-testid="apartment-card"');
  // The cards' payment lines are in the server's markup: a card's island that hydrates after the programmes arrive
  // renders the same line.
  expect(html).toContain('data-testid="card-mortgage"');

  const problems = collectProblems(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ТОП в Санкт-Петербурге');
  await expect(page.getByTestId('apartment-card').first()).toBeVisible();
  // The server's and the client's trees are the same shape, so ids made by useId agree: the summary's button controls
  // the popover it opens (React does not patch a mismatched attribute after hydration).
  const about = page.getByRole('button', { name: /^О подборке/ });
  await about.click();
  const controlled = await about.getAttribute('aria-controls');
  await expect(page.locator(`[id="${controlled}"]`).getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  // Interactive after hydration: another preset becomes the chosen one.
  const family = page.getByRole('radio', { name: 'Для семьи' });
  await family.click();
  await expect(family).toHaveAttribute('aria-checked', 'true');
  await everyCardHydrated(page);
  expect(problems).toEqual([]);
});

test('APART arrives rendered with title, price and address, and hydrates without a console error or warning', async ({ page, request }) => {
  const apartment = await firstTopApartment(request);
  const response = await request.get(apartment.path);
  expect(response.status()).toBe(200);
  const html = nbsp(await response.text()).replaceAll('<!-- -->', '');
  // A flat or, for an «Апартаменты» unit, apartments.
  expect(html).toMatch(/<h1[^>]*>[^<]*(квартира|Студия|апартаменты|Апартаменты)[^<]*в Санкт-Петербурге/);
  expect(html).toContain(apartment.price);
  expect(html).toContain(apartment.address);

  const problems = collectProblems(page);
  await page.goto(apartment.path);
  await expect(page.getByTestId('apart-price')).toContainText('₽');
  // Interactive after hydration: the call-back form opens.
  await page.getByRole('button', { name: 'Заказать звонок' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(problems).toEqual([]);
});

test('with JavaScript off, an apartment page still shows its title, price and address', async ({ browser, request }) => {
  const apartment = await firstTopApartment(request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(apartment.path);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('в Санкт-Петербурге');
  await expect(page.getByTestId('apart-price')).toContainText(apartment.price.split(' ')[0]!);
  await expect(page.getByText(apartment.address).first()).toBeVisible();
  await context.close();
});

test('services arrive rendered: the list is in the HTML before any script runs', async ({ request }) => {
  const html = await (await request.get('/services')).text();
  expect(html).toContain('kv-ssr-state');
  expect(html).toMatch(/Ипотек|Подбор/);
});

test(
  'the Mini App’s TOP arrives rendered in Telegram’s colours before any module runs',
  PHONE_ONLY,
  async ({ browser, request, baseURL }) => {
    const html = (await (await request.get('/tma/')).text()).replaceAll('<!-- -->', '');
    expect(html).toContain('data-testid="apartment-card"');
    // The scheme is Telegram's: the server leaves the website's theme toggle out.
    expect(html).not.toContain('data-testid="theme-toggle"');

    const context = await browser.newContext();
    const page = await context.newPage();
    // No module ever runs: what shows is the server's markup and the inline script's palette.
    await page.route('**/tma/assets/*.js', (route) => route.abort());
    await page.goto(tmaLaunchUrl({ base: baseURL!, userId: newTelegramId(), name: 'Гость', dark: true }));
    await expect(page.getByTestId('apartment-card').first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('html')).not.toHaveAttribute('data-ready', 'true');
    // Telegram's dark bg_color (#17212b) on the surfaces.
    await expect(page.getByTestId('apartment-card').first()).toHaveCSS('background-color', 'rgb(23, 33, 43)');
    await context.close();
  },
);

test('the Mini App’s TOP hydrates without a console error or warning and answers clicks', PHONE_ONLY, async ({ page, baseURL }) => {
  await page.addInitScript(() => {
    (window as unknown as { TelegramWebviewProxy: unknown }).TelegramWebviewProxy = { postEvent: () => undefined };
  });
  const problems = collectProblems(page);
  await page.goto(tmaLaunchUrl({ base: baseURL!, userId: newTelegramId(), name: 'Гость', dark: true }));
  await expect(page.getByTestId('apartment-card').first()).toBeVisible();
  const family = page.getByRole('radio', { name: 'Для семьи' });
  // The server rendered the links under the Mini App's base, as its router does (a differing href is never corrected
  // by hydration, and production React does not report it).
  await expect(family).toHaveAttribute('href', '/tma/?code=family');
  // The router's links (react-router marks them `data-discover`), not the files the site serves (the legal PDFs).
  const appLinks = await page.locator('#root a[data-discover]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(appLinks.length).toBeGreaterThan(5);
  expect(appLinks.filter((href) => !href!.startsWith('/tma/'))).toEqual([]);
  await everyCardHydrated(page);
  await family.click();
  await expect(family).toHaveAttribute('aria-checked', 'true');
  await everyCardHydrated(page);
  expect(problems).toEqual([]);
});

test(
  'the Mini App’s apartment page hydrates without a console error or warning; then its actions move to Telegram’s buttons',
  PHONE_ONLY,
  async ({ page, request, baseURL }) => {
    await fakeTelegramWebview(page);
    const apartment = await firstTopApartment(request);
    const problems = collectProblems(page);
    await page.goto(tmaLaunchUrl({ base: baseURL!, userId: newTelegramId(), name: 'Гость', path: apartment.path }));
    const panel = page.getByRole('complementary', { name: 'Цена и действия' });
    // The server cannot know the Telegram client's buttons: it renders the page's own, and hydration starts from them.
    await expect.poll(async () => (await mainButton(page))?.text).toBe('Заказать звонок');
    await expect(panel.getByRole('button', { name: 'Заказать звонок' })).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Связаться с менеджером' })).toBeVisible();
    expect(problems).toEqual([]);
  },
);

import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { tmaLaunchUrl } from '../../scripts/tma-launch-url';

export const isPhone = (info: TestInfo) => info.project.name === 'phone';
/**
 * A test of what exists at phone width only — the Mini App (Telegram opens it at phone width, Telegram Desktop too) and
 * the phone's own bars: the desktop project leaves it out (playwright.config.ts), as it leaves out the Mini App's files.
 */
export const PHONE_ONLY = { tag: '@phone-only' };

let telegramIdsGiven = 0;
/**
 * A Telegram account of this test alone. The servers live for one run and each worker has its own index, so two tests,
 * at once or one after the other (a repeat too), never share one. Random ids from overlapping ranges could collide,
 * and a fixed one did on a repeat: the test's own like was already there.
 */
export function newTelegramId(): number {
  telegramIdsGiven += 1;
  return 10_000_000 + test.info().workerIndex * 100_000 + telegramIdsGiven;
}

/** The navigation surface the user sees at this size: side bar on desktop, bottom bar on phones. */
export function visibleNav(page: Page, info: TestInfo) {
  return page.getByRole('navigation', { name: isPhone(info) ? 'Навигация' : 'Основная навигация' });
}

/** The theme toggle: in the side bar on desktop, in the menu on phones. */
export async function themeToggle(page: Page, info: TestInfo) {
  if (isPhone(info)) {
    await visibleNav(page, info).getByRole('button', { name: 'Меню' }).click();
    return page.getByRole('navigation', { name: 'Меню' }).getByTestId('theme-toggle');
  }
  return visibleNav(page, info).getByTestId('theme-toggle');
}

export async function cityButton(page: Page, info: TestInfo) {
  if (isPhone(info)) {
    await visibleNav(page, info).getByRole('button', { name: 'Меню' }).click();
    return page.getByRole('navigation', { name: 'Меню' }).getByTestId('city-button');
  }
  return visibleNav(page, info).getByTestId('city-button');
}

/**
 * Moves the app to another path the way its own links do (no document load), so the page's data is fetched by the
 * browser rather than handed over by the server's render: for tests of what a failed fetch shows.
 */
export async function clientNavigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * A Telegram user with an AI-search profile (Moscow, 1–2 rooms) on its trial, made through the API as the Mini App would
 * sign in. Answers the user's authorisation header.
 */
export async function miniAppUserOnTrial(
  request: APIRequestContext,
  baseURL: string,
  userId: number,
  name: string,
): Promise<{ authorization: string }> {
  const initData = new URLSearchParams(new URL(tmaLaunchUrl({ base: baseURL, userId, name })).hash.slice(1)).get('tgWebAppData')!;
  const login = await request.post('/passport/data/login/telegram/init-data', { data: { initData } });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const headers = { authorization: `Bearer ${token}` };
  const profile = {
    filters: { cityIds: [77], priceTotalMinGte: 10_000_000, priceTotalMinLte: 25_000_000, roomsCntForFilter: [1, 2], realtyType: 'ALL' },
    portraitId: 1,
    wishGroups: { METRO_NEARBY: 'VERY_IMPORTANT' },
  };
  expect((await request.post('/api/selection/lira/profile', { headers, data: profile })).status()).toBe(200);
  const trial = { promocode: 'TRIAL3', days: 3, serviceType: 'LIRA_4' };
  expect((await request.post('/api/cabinet/profile/subscription', { headers, data: trial })).status()).toBe(200);
  return headers;
}

/** The assistant drawer whatever view it shows (each view has its own title, which names the dialog). */
export function assistantDrawer(page: Page) {
  return page.locator('[role="dialog"].kv-drawer');
}

/**
 * Presses the sign-in modal's «Запустить бота», then «Запустить» as the given Telegram user on the stand-in page, and
 * «Войти» on the bot's question (it asks where the request came from first). The stand-in page is returned open, to
 * read the bot's messages.
 */
export async function signInOnStandIn(page: Page, telegramId: number, name?: string): Promise<Page> {
  const button = page.getByTestId('auth-button');
  await expect(button).toBeEnabled();
  const [standIn] = await Promise.all([page.waitForEvent('popup'), button.click()]);
  await expect(standIn).toHaveURL(/\/dev\/telegram\?start=[A-Za-z0-9_-]+$/);
  await standIn.getByLabel('ID пользователя Telegram').fill(String(telegramId));
  if (name) await standIn.getByLabel('Имя').fill(name);
  await standIn.getByRole('button', { name: 'Запустить' }).click();
  await expect(standIn.getByText(/^Запрос на (вход|подключение)/).last()).toBeVisible();
  await standIn.getByRole('button', { name: 'Войти', exact: true }).last().click();
  await expect(standIn.getByText(/^Готово!/)).toBeVisible();
  return standIn;
}

/** A Moscow apartment from the first-visit TOP, as an anonymous visitor gets it. */
export async function moscowApartment(request: APIRequestContext): Promise<{ id: number }> {
  const token = (await (await request.post('/passport/data/token', { data: {} })).json()).data.token as string;
  const list = await request.post('/api/selection/swipe/variant/list', {
    headers: { authorization: `Bearer ${token}` },
    data: { cityIds: [77], priceTotalMinGte: 10_000_000, priceTotalMinLte: 30_000_000 },
  });
  return (await list.json()).data.items[0] as { id: number };
}

/** On the AI search screen of a subscriber: «Активен до …» opens what the subscription is (returned). */
export async function openSubscriptionInfo(page: Page) {
  await page
    .getByTestId('subscription-panel')
    .getByRole('button', { name: /Активен до/ })
    .click();
  return page.getByTestId('subscription-info');
}

/** …then «Оформить подписку»: the payment dialog. */
export async function openSubscriptionModal(page: Page) {
  await (await openSubscriptionInfo(page)).getByRole('button', { name: 'Оформить подписку' }).click();
  return page.getByRole('dialog', { name: 'Подписка на ИИ Поиск' });
}

/** The id of the first card of a newcomer's TOP. */
export async function firstApartmentId(page: Page): Promise<string> {
  await page.goto('/');
  return (await page.getByTestId('apartment-card').first().getAttribute('data-apartment-id'))!;
}

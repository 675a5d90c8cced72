import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import type { PersonalData } from '@kvarta/contract/cabinet';
import { tmaLaunchUrl } from '../../scripts/tma-launch-url';
import { expect, test } from './fixtures';
import { miniAppUserOnTrial, openSubscriptionInfo, openSubscriptionModal, visibleNav, PHONE_ONLY, newTelegramId } from './helpers';
import { fakeTelegramWebview, mainButton, tgReceive } from './telegram-webview';

/** Stars inside Telegram and cards on the website for one subscription; see, print, download and delete my data. */

/** Presses the auth modal's button, then «Запустить» and «Войти» in the stand-in Telegram. */
async function signInThroughStandIn(page: Page, telegramId: number, name: string) {
  const [standIn] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('auth-button').click()]);
  await standIn.getByLabel('ID пользователя Telegram').fill(String(telegramId));
  await standIn.getByLabel('Имя').fill(name);
  await standIn.getByRole('button', { name: 'Запустить' }).click();
  await standIn.getByRole('button', { name: 'Войти', exact: true }).last().click();
  await expect(standIn.getByText(/^Готово!/)).toBeVisible();
  await standIn.close();
}

/** The website's own session token (its cookie). */
const websiteToken = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'kvarta_token')!.value;

/** The website signed in as this Telegram user, on the AI-search page. */
async function websiteSignedIn(page: Page, info: TestInfo, telegramId: number, name: string) {
  await page.goto('/');
  await visibleNav(page, info).getByRole('link', { name: 'ИИ Поиск' }).click();
  await signInThroughStandIn(page, telegramId, name);
  await expect(page).toHaveURL(/\/agent$/);
}

const moscowDay = (daysFromNow: number) =>
  new Date(Date.now() + daysFromNow * 86_400_000).toLocaleDateString('ru-RU', {
    timeZone: 'Europe/Moscow',
    day: '2-digit',
    month: '2-digit',
  });

const subscriptionOf = async (request: APIRequestContext, authorization: string) =>
  (await (await request.get('/api/cabinet/profile/subscription', { headers: { authorization } })).json()) as {
    data: { status: string; payments: Array<{ method: string; status: string }> };
  };

test(
  'in the Mini App every period is sold for Stars only, no card checkout is reachable; the Stars subscription is active on the website',
  PHONE_ONLY,
  async ({ page, request, baseURL }, info) => {
    test.setTimeout(120_000);
    await fakeTelegramWebview(page);
    const userId = newTelegramId();
    const headers = await miniAppUserOnTrial(request, baseURL!, userId, 'Звёздная');
    expect((await request.put('/api/selection/lira/profile/status', { headers, data: { status: 'START' } })).status()).toBe(200);

    // A hostile client inside Telegram asks the API for a card checkout directly: refused, whatever it claims to be.
    for (const data of [{ method: 'card', receiptEmail: 'a@b.ru' }, {}]) {
      const refused = await request.post('/api/cabinet/payments', {
        headers: { ...headers, 'x-platform-type': 'SITE' },
        data: { serviceType: 'LIRA_4', days: 30, ...data },
      });
      expect(refused.status()).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toBe(
        'В Telegram подписка оплачивается только звёздами Telegram Stars',
      );
    }

    await page.goto(tmaLaunchUrl({ base: baseURL!, userId, name: 'Звёздная', path: '/agent' }));
    const subInfo = await openSubscriptionInfo(page);
    await subInfo.getByRole('button', { name: 'Оформить подписку' }).click();
    // (On a wide screen the drawer behind it has the same name: the modal is its body.)
    const modal = page.getByTestId('recurrent-payment');
    await expect(modal.getByTestId('payment-method')).toHaveText('Оплата в Telegram — звёздами Telegram Stars.');
    // No card form, no choice of a card, no e-mail for a card's receipt, no price in roubles.
    await expect(modal.getByRole('radio', { name: 'Картой' })).toHaveCount(0);
    await expect(modal.getByRole('radiogroup', { name: 'Способ оплаты' })).toHaveCount(0);
    await expect(modal.getByLabel('E-mail для чека')).toHaveCount(0);
    await expect(modal).not.toContainText('₽');
    await expect(modal).not.toContainText(/карт/i);
    // Every period of the price list, each in Stars.
    const periods = (await (await request.get('/api/cabinet/profile/subscription/periods')).json()) as {
      data: Array<{ days: number; title: string; stars: number }>;
    };
    const radios = modal.getByRole('radiogroup', { name: 'Период подписки' }).getByRole('radio');
    await expect(radios).toHaveCount(periods.data.length);
    for (const [i, period] of periods.data.entries())
      expect((await radios.nth(i).textContent())!.replace(/\s/g, '')).toContain(`${period.stars}⭐`);

    // A one-time 7-day period for Stars, through Telegram's invoice (the stand-in's sheet).
    await modal.getByRole('radio', { name: /7 дней/ }).click();
    await expect(modal.getByTestId('payment-terms')).toContainText('Разовый платёж');
    const seven = periods.data.find((p) => p.days === 7)!;
    await expect.poll(async () => (await mainButton(page))?.text).toBe(`Оплатить · ${seven.stars} ⭐`);
    await tgReceive(page, 'main_button_pressed');
    await expect(page).toHaveURL(/\/dev\/telegram\/invoice\//);
    await page.getByRole('button', { name: `Оплатить ⭐ ${seven.stars}` }).click();
    await expect(page.getByRole('dialog', { name: 'Подписка оформлена' })).toBeVisible({ timeout: 15_000 });
    const until = `Активен до ${moscowDay(10)}`;
    await page.getByRole('dialog', { name: 'Подписка оформлена' }).getByRole('button', { name: 'Отлично' }).click();
    await expect(page.getByTestId('subscription-panel').getByRole('button', { name: until })).toBeVisible();

    // The Mini App's profile menu has «Ваши данные» too: download and delete, as on the website.
    await page.getByRole('navigation', { name: 'Навигация' }).getByRole('button', { name: 'Меню' }).click();
    await page.getByRole('navigation', { name: 'Меню' }).getByRole('button', { name: 'Ваши данные' }).click();
    const data = page.getByRole('dialog', { name: 'Ваши данные' });
    await expect(data.getByRole('button', { name: 'Скачать мои данные' })).toBeVisible();
    await expect(data.getByRole('button', { name: 'Удалить аккаунт и данные' })).toBeVisible();
    // «Посмотреть мои данные»: the readable page, under the Mini App's base, with the Stars payment in it.
    await data.getByRole('link', { name: 'Посмотреть мои данные' }).click();
    await expect(page).toHaveURL(/\/tma\/my-data$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Мои данные' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Платежи', exact: true })).toContainText(`${seven.stars} ⭐`);
    await expect(page.getByRole('button', { name: 'Печать' })).toBeVisible();

    // The website, the same Telegram account: the same subscription, paid with Stars.
    const site = await page.context().browser()!.newContext({ baseURL });
    const web = await site.newPage();
    await websiteSignedIn(web, info, userId, 'Звёздная');
    await expect(web.getByTestId('subscription-panel').getByRole('button', { name: until })).toBeVisible();
    // (A one-time period has no next charge: its Stars payment is in the history.)
    expect((await subscriptionOf(request, `Bearer ${await websiteToken(web)}`)).data).toMatchObject({
      status: 'ACTIVE',
      payments: [expect.objectContaining({ method: 'stars', status: 'SUCCEEDED' })],
    });
    await site.close();
  },
);

test('on the website the card checkout works, and the card subscription is active in the Mini App', async ({
  page,
  request,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const telegramId = newTelegramId();
  await websiteSignedIn(page, info, telegramId, 'Карточная');
  // The AI-search profile and its trial through the API, as the website's session.
  const authorization = `Bearer ${await websiteToken(page)}`;
  const profile = {
    filters: { cityIds: [77], priceTotalMinGte: 10_000_000, priceTotalMinLte: 25_000_000, roomsCntForFilter: [1, 2], realtyType: 'ALL' },
    portraitId: 1,
    wishGroups: { METRO_NEARBY: 'VERY_IMPORTANT' },
  };
  expect((await request.post('/api/selection/lira/profile', { headers: { authorization }, data: profile })).status()).toBe(200);
  const trial = { promocode: 'TRIAL3', days: 3, serviceType: 'LIRA_4' };
  expect((await request.post('/api/cabinet/profile/subscription', { headers: { authorization }, data: trial })).status()).toBe(200);
  const start = await request.put('/api/selection/lira/profile/status', { headers: { authorization }, data: { status: 'START' } });
  expect(start.status()).toBe(200);
  await page.reload();

  const modal = await openSubscriptionModal(page);
  await modal.getByRole('radio', { name: /7 дней/ }).click();
  await modal.getByLabel('E-mail для чека').fill('buyer@example.ru');
  await modal.getByRole('button', { name: /Оплатить · 490\s₽/ }).click();
  await page
    .getByRole('dialog', { name: 'Оплата картой' })
    .getByRole('button', { name: /^Оплатить/ })
    .click();
  const paid = page.getByRole('dialog', { name: 'Подписка оформлена' });
  await expect(paid).toBeVisible({ timeout: 15_000 });
  await paid.getByRole('button', { name: 'Отлично' }).click();
  const until = `Активен до ${moscowDay(10)}`;
  await expect(page.getByTestId('subscription-panel').getByRole('button', { name: until })).toBeVisible();

  // The Mini App of the same Telegram user: the same subscription, paid by card on the website.
  const tma = await page.context().browser()!.newPage();
  await fakeTelegramWebview(tma);
  await tma.goto(tmaLaunchUrl({ base: baseURL!, userId: telegramId, name: 'Карточная', path: '/agent' }));
  await expect(tma.getByTestId('subscription-panel').getByRole('button', { name: until })).toBeVisible();
  await tma.close();
});

test('«Посмотреть мои данные» shows every section, printable; «Скачать мои данные» saves the same; «Удалить аккаунт и данные» deletes them and ends every session', async ({
  page,
  request,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const telegramId = newTelegramId();
  // The same person in the Mini App first (its own session), with an AI-search profile and its trial.
  const miniApp = await miniAppUserOnTrial(request, baseURL!, telegramId, 'Удаляемая');
  await websiteSignedIn(page, info, telegramId, 'Удаляемая');
  const authorization = `Bearer ${await websiteToken(page)}`;

  const openAccountData = async () => {
    await visibleNav(page, info).getByRole('button', { name: 'Меню' }).click();
    await page.getByRole('navigation', { name: 'Меню' }).getByRole('button', { name: 'Ваши данные' }).click();
    return page.getByRole('dialog', { name: 'Ваши данные' });
  };

  // The readable page: every section under its heading, the person's own data in words, «Печать» prints it.
  let dialog = await openAccountData();
  await dialog.getByRole('link', { name: 'Посмотреть мои данные' }).click();
  await expect(page).toHaveURL(/\/my-data$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Мои данные' })).toBeVisible();
  for (const heading of [
    'Профиль',
    'Вход через Telegram',
    'Избранное',
    'Оценки квартир',
    'ИИ Поиск',
    'Подписки',
    'Промокоды',
    'Платежи',
    'Согласия',
    'Заявки на обратный звонок',
  ])
    await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
  const profile = page.getByRole('region', { name: 'Профиль', exact: true });
  await expect(profile.getByRole('definition').first()).toHaveText('Удаляемая');
  await expect(page.getByRole('region', { name: 'Вход через Telegram', exact: true })).toContainText(String(telegramId));
  await expect(page.getByRole('region', { name: 'Избранное', exact: true })).toContainText('Нет данных');
  await expect(page.getByRole('region', { name: 'Промокоды', exact: true }).getByRole('table')).toBeVisible();
  // No internal name reaches the page.
  await expect(page.getByTestId('my-data')).not.toContainText(/token|anonymous|hash|client_ip/i);
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
  await page.getByRole('button', { name: 'Печать' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  // Printed, the navigation is left out.
  await page.emulateMedia({ media: 'print' });
  await expect(visibleNav(page, info)).toBeHidden();
  await expect(page.getByRole('button', { name: 'Печать' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  dialog = await openAccountData();
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Скачать мои данные' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^kvarta-data-\d{4}-\d{2}-\d{2}\.json$/);
  const saved = JSON.parse(await readFile(await download.path(), 'utf8')) as PersonalData;
  expect(saved.profile).toMatchObject({ name: 'Удаляемая', signedInThroughTelegram: true });
  expect(saved.signIn.telegramId).toBe(String(telegramId));
  expect(saved.aiSearch).not.toBeNull();
  for (const section of ['subscriptions', 'promocodes'] as const) expect(saved[section].length, section).toBeGreaterThan(0);
  expect(saved.signIn.requests.length).toBeGreaterThan(0);
  // The file is the server's export, every section of it.
  const fromApi = (await (await request.get('/api/cabinet/profile/data', { headers: { authorization } })).json()) as { data: PersonalData };
  expect(Object.keys(saved).sort()).toEqual(Object.keys(fromApi.data).sort());
  expect({ ...saved, exportedAt: null }).toEqual({ ...fromApi.data, exportedAt: null });

  await dialog.getByRole('button', { name: 'Удалить аккаунт и данные' }).click();
  const confirm = page.getByRole('dialog', { name: 'Удалить аккаунт и данные?' });
  await expect(confirm).toContainText('Это нельзя отменить.');
  await confirm.getByRole('button', { name: 'Удалить навсегда' }).click();
  dialog = page.getByRole('dialog', { name: 'Аккаунт удалён' });
  await expect(dialog).toContainText('Аккаунт и данные удалены, все сеансы завершены.');
  await dialog.getByTestId('account-deleted').getByRole('button', { name: 'Закрыть' }).click();

  // Every session ended: the website's and the Mini App's tokens are refused.
  for (const auth of [authorization, miniApp.authorization]) {
    const after = await request.get('/api/cabinet/profile/data', { headers: { authorization: auth } });
    expect(after.status()).toBe(401);
  }
  // This tab is a new visitor now, with nothing stored (the AI-search page asks it to sign in: the home page does not).
  await page.goto('/');
  await visibleNav(page, info).getByRole('button', { name: 'Меню' }).click();
  await expect(page.getByRole('navigation', { name: 'Меню' }).getByRole('button', { name: 'Вход / Регистрация' })).toBeVisible();
  // A new visitor may see what is stored about them too (their consents, ratings): the same entry, for a new session.
  await expect(page.getByRole('navigation', { name: 'Меню' }).getByRole('button', { name: 'Ваши данные' })).toBeVisible();
  await expect.poll(async () => `Bearer ${await websiteToken(page)}`).not.toBe(authorization);
  const fresh = `Bearer ${await websiteToken(page)}`;
  const empty = (await (await request.get('/api/cabinet/profile/data', { headers: { authorization: fresh } })).json()) as {
    data: PersonalData;
  };
  expect(empty.data.signIn.telegramId).toBeNull();
  expect(empty.data.profile?.name ?? null).not.toBe('Удаляемая');
});

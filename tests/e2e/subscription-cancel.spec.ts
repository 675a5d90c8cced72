import type { Page } from '@playwright/test';
import { tmaLaunchUrl } from '../../scripts/tma-launch-url';
import { expect, test } from './fixtures';
import { assistantDrawer, visibleNav } from './helpers';

/** Presses the auth modal's button, then «Запустить» and «Войти» in the stand-in Telegram. */
async function signInThroughStandIn(page: Page, telegramId: number) {
  const [standIn] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('auth-button').click()]);
  await standIn.getByLabel('ID пользователя Telegram').fill(String(telegramId));
  await standIn.getByLabel('Имя').fill('Вера');
  await standIn.getByRole('button', { name: 'Запустить' }).click();
  await standIn.getByRole('button', { name: 'Войти', exact: true }).last().click();
  await expect(standIn.getByText(/^Готово!/)).toBeVisible();
  await standIn.close();
}

/** What the server stores, read with the website's own session. */
async function storedStatuses(page: Page): Promise<{ profile: string; subscription: string }> {
  const token = (await page.context().cookies()).find((c) => c.name === 'kvarta_token')!.value;
  const headers = { authorization: `Bearer ${token}` };
  const read = async (url: string) =>
    ((await (await page.request.get(url, { headers })).json()) as { data: { status: string } }).data.status;
  return {
    profile: await read('/api/selection/lira/profile'),
    subscription: await read('/api/cabinet/profile/subscription?serviceType=LIRA_4'),
  };
}

test('cancelling auto-renewal of a paid search keeps it searching until the paid period ends, on the website and in the Mini App', async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const telegramId = 700_000 + Math.floor(Math.random() * 200_000);
  await page.goto('/');
  await visibleNav(page, info).getByRole('link', { name: 'ИИ Поиск' }).click();
  await signInThroughStandIn(page, telegramId);
  await expect(page).toHaveURL(/\/agent$/);

  // Set up AI search (five steps) and take the trial.
  const status = page.getByTestId('agent-status');
  await status.getByRole('button', { name: 'Настроить и запустить' }).click();
  const flow = page.getByTestId('lira-creation');
  await flow.getByRole('radio', { name: /Семья с детьми/ }).click();
  await expect(flow.getByText('Шаг 2 из 5')).toBeVisible();
  for (const step of ['Шаг 3 из 5', 'Шаг 4 из 5', 'Шаг 5 из 5']) {
    await flow.getByRole('button', { name: 'Далее' }).click();
    await expect(flow.getByText(step)).toBeVisible();
  }
  const trial = flow.getByRole('button', { name: 'Бесплатно на три дня' });
  const force = flow.getByRole('button', { name: 'Всё равно продолжить' });
  await expect(trial.or(force)).toBeVisible();
  if (await force.isVisible()) await force.click();
  await trial.click();

  // The first batch.
  await expect(page.getByRole('feed', { name: 'Квартиры' }).getByTestId('apartment-card').first()).toBeVisible({ timeout: 30_000 });
  await expect(status).toContainText('Запущен');

  // Pay 7 days by card through the stand-in CloudPayments widget.
  const panel = page.getByTestId('subscription-panel');
  await panel.getByRole('button', { name: /Активен до/ }).click();
  const drawer = assistantDrawer(page);
  const subInfo = drawer.getByTestId('subscription-info');
  await subInfo.getByRole('button', { name: 'Оформить подписку' }).click();
  const payment = page.getByRole('dialog', { name: 'Подписка на ИИ Поиск' });
  await payment.getByRole('radio', { name: /7 дней/ }).click();
  await payment.getByLabel('E-mail для чека').fill('buyer@example.ru');
  await payment.getByRole('button', { name: /Оплатить · 490\s₽/ }).click();
  await page
    .getByRole('dialog', { name: 'Оплата картой' })
    .getByRole('button', { name: /^Оплатить/ })
    .click();
  const paid = page.getByRole('dialog', { name: 'Подписка оформлена' });
  await expect(paid).toBeVisible({ timeout: 15_000 });
  await paid.getByRole('button', { name: 'Отлично' }).click();
  await expect(subInfo).toContainText('включено');
  // Three trial days and seven paid ones: the search is paid until this date.
  const until = new Date(Date.now() + 10 * 86_400_000).toLocaleDateString('ru-RU', {
    timeZone: 'Europe/Moscow',
    day: '2-digit',
    month: '2-digit',
  });

  // «Отменить подписку» → confirm; the provider's own confirmation (its Recurrent notification) arrives too.
  await drawer.getByRole('button', { name: 'Отменить подписку' }).click();
  await page.getByRole('dialog', { name: 'Отменить подписку?' }).getByRole('button', { name: 'Отменить подписку' }).click();
  await expect(page.getByRole('dialog', { name: 'Отменить подписку?' })).toHaveCount(0);
  await expect
    .poll(async () => {
      const state = (await (await page.request.get('/dev/cloudpayments/state')).json()) as {
        data: { subscriptions: Array<{ accountId: string; status: string }> };
      };
      return state.data.subscriptions.filter((s) => s.status === 'Cancelled').length;
    })
    .toBeGreaterThan(0);

  // Reload: still launched and searching until the date; the stored profile is CANCELLED, not REJECTED.
  await page.reload();
  await expect(status.locator('[data-status]')).toHaveAttribute('data-status', 'CANCELLED');
  await expect(status).toContainText('Запущен');
  await expect(panel.getByRole('button', { name: `Активен до ${until}` })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Продлить' })).toBeVisible();
  await expect(page.getByTestId('agent-info-block')).toHaveAttribute('data-kind', 'work');
  expect(await storedStatuses(page)).toEqual({ profile: 'CANCELLED', subscription: 'CANCELLED' });

  // The Mini App, the same Telegram user: the same launched search.
  const miniApp = await page.context().browser()!.newPage();
  await miniApp.goto(tmaLaunchUrl({ base: baseURL!, userId: telegramId, name: 'Вера', path: '/agent' }));
  const tmaStatus = miniApp.getByTestId('agent-status');
  await expect(tmaStatus.locator('[data-status]')).toHaveAttribute('data-status', 'CANCELLED', { timeout: 15_000 });
  await expect(tmaStatus).toContainText('Запущен');
  await expect(miniApp.getByTestId('subscription-panel').getByRole('button', { name: `Активен до ${until}` })).toBeVisible();
  await miniApp.close();
});

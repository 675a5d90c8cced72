import type { Page, TestInfo } from '@playwright/test';
import { TELEGRAM_THEMES, tmaLaunchUrl } from '../../scripts/tma-launch-url';
import { expectClean } from './axe';
import { expect, test } from './fixtures';
import { firstApartmentId, miniAppUserOnTrial, newTelegramId } from './helpers';
import { fakeTelegramWebview, mainButton, tgReceive } from './telegram-webview';

/**
 * axe in the Mini App, under Telegram's default light and dark palettes (our accents on Telegram's colours included):
 * on the phone only, as every Mini App spec (it opens at phone width in every Telegram client).
 */

/**
 * A screen under both palettes on one launch: the light one it opened with, then the dark one, sent as Telegram sends a
 * palette the user switches to (`theme_changed`), which the Mini App follows live. The next launch opens light again.
 */
async function expectCleanUnderBothPalettes(page: Page, where: string, info: TestInfo): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expectClean(page, `${where} light`, info);
  await tgReceive(page, 'theme_changed', { theme_params: TELEGRAM_THEMES.dark });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectClean(page, `${where} dark`, info);
}

test('the Mini App under Telegram’s default palettes', async ({ page, baseURL }, info) => {
  test.setTimeout(90_000);
  await fakeTelegramWebview(page);
  const userId = newTelegramId();
  await page.goto(tmaLaunchUrl({ base: baseURL!, userId, name: 'Аудитор' }));
  await expect(page.getByTestId('apartment-card').first()).toBeVisible();
  await expectCleanUnderBothPalettes(page, 'Mini App TOP', info);
  await page.goto(tmaLaunchUrl({ base: baseURL!, userId, name: 'Аудитор', path: '/agent' }));
  await expectCleanUnderBothPalettes(page, 'Mini App AI search', info);
  await page.goto(tmaLaunchUrl({ base: baseURL!, userId, name: 'Аудитор', path: '/favourites' }));
  await expectCleanUnderBothPalettes(page, 'Mini App favourites', info);
});

test('the Mini App’s own forms in Telegram UI, iOS and Android look: settings’ switches, the call-back form wrong', async ({
  page,
  request,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  await fakeTelegramWebview(page);
  const id = await firstApartmentId(page);
  const userId = newTelegramId();
  await miniAppUserOnTrial(request, baseURL!, userId, 'Аудитор');
  for (const platform of ['ios', 'android']) {
    const launch = { base: baseURL!, userId, name: 'Аудитор', platform };
    await page.goto(tmaLaunchUrl({ ...launch, path: '/agent?settings=1' }));
    await expect(page.getByRole('checkbox', { name: 'Есть дети' })).toBeVisible();
    await expectCleanUnderBothPalettes(page, `Mini App settings ${platform}`, info);
    await page.goto(tmaLaunchUrl({ ...launch, startParam: `apart_${id}` }));
    await expect.poll(async () => (await mainButton(page))?.text).toBe('Заказать звонок');
    await tgReceive(page, 'main_button_pressed');
    const dialog = page.getByRole('dialog', { name: 'Заказать звонок' });
    await dialog.getByRole('button', { name: 'Жду звонка' }).click();
    await expect(dialog.getByText('Нужно согласие на обработку персональных данных')).toBeVisible();
    await expectCleanUnderBothPalettes(page, `Mini App call-back form ${platform}`, info);
  }
});

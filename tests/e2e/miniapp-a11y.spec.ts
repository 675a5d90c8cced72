import { tmaLaunchUrl } from '../../scripts/tma-launch-url';
import { expectClean } from './axe';
import { expect, test } from './fixtures';
import { firstApartmentId, miniAppUserOnTrial } from './helpers';
import { fakeTelegramWebview, mainButton, tgReceive } from './telegram-webview';

/**
 * axe in the Mini App, under Telegram's default light and dark palettes (our accents on Telegram's colours included):
 * on the phone only, as every Mini App spec (it opens at phone width in every Telegram client).
 */
for (const theme of ['light', 'dark'] as const) {
  test.describe(`axe in the Mini App, ${theme} palette`, () => {
    test('the Mini App under Telegram’s default palette', async ({ page, baseURL }, info) => {
      test.setTimeout(90_000);
      await fakeTelegramWebview(page);
      const userId = 7_500_000 + Math.floor(Math.random() * 100_000);
      await page.goto(tmaLaunchUrl({ base: baseURL!, userId, name: 'Аудитор', dark: theme === 'dark' }));
      await expect(page.getByTestId('apartment-card').first()).toBeVisible();
      await expectClean(page, `Mini App TOP ${theme}`, info);
      await page.goto(tmaLaunchUrl({ base: baseURL!, userId, name: 'Аудитор', dark: theme === 'dark', path: '/agent' }));
      await expectClean(page, `Mini App AI search ${theme}`, info);
      await page.goto(tmaLaunchUrl({ base: baseURL!, userId, name: 'Аудитор', dark: theme === 'dark', path: '/favourites' }));
      await expectClean(page, `Mini App favourites ${theme}`, info);
    });

    test('the Mini App’s own forms in Telegram UI, iOS and Android look: settings’ switches, the call-back form wrong', async ({
      page,
      request,
      baseURL,
    }, info) => {
      test.setTimeout(90_000);
      await fakeTelegramWebview(page);
      const id = await firstApartmentId(page);
      const userId = 7_600_000 + Math.floor(Math.random() * 100_000);
      await miniAppUserOnTrial(request, baseURL!, userId, 'Аудитор');
      for (const platform of ['ios', 'android']) {
        const launch = { base: baseURL!, userId, name: 'Аудитор', dark: theme === 'dark', platform };
        await page.goto(tmaLaunchUrl({ ...launch, path: '/agent?settings=1' }));
        await expect(page.getByRole('checkbox', { name: 'Есть дети' })).toBeVisible();
        await expectClean(page, `Mini App settings ${platform} ${theme}`, info);
        await page.goto(tmaLaunchUrl({ ...launch, startParam: `apart_${id}` }));
        await expect.poll(async () => (await mainButton(page))?.text).toBe('Заказать звонок');
        await tgReceive(page, 'main_button_pressed');
        const dialog = page.getByRole('dialog', { name: 'Заказать звонок' });
        await dialog.getByRole('button', { name: 'Жду звонка' }).click();
        await expect(dialog.getByText('Нужно согласие на обработку персональных данных')).toBeVisible();
        await expectClean(page, `Mini App call-back form ${platform} ${theme}`, info);
      }
    });
  });
}

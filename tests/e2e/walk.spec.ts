import type { Page } from '@playwright/test';
import { tmaLaunchUrl } from '../../scripts/tma-launch-url';
import { expect, test } from './fixtures';
import { holdRequests } from '../support/hold-requests';
import { miniAppUserOnTrial, openSubscriptionModal, PHONE_ONLY, newTelegramId } from './helpers';
import { fakeTelegramWebview, tgEvents, type BottomButtonPayload } from './telegram-webview';

/** What a buyer's walk found on a phone and a desktop, on the website and in the Mini App (issue #45, item 6). */

// Each test signs a new visitor in and waits for the feed's first cards: on a busy shared machine that alone has taken
// most of the default 30 s.
test.beforeEach(() => test.setTimeout(90_000));

/** Each tab of the phone's bar against the bar's visible box: whole, off screen, or cut (the defect). */
const tabsSeen = (page: Page) =>
  page.getByRole('navigation', { name: 'Навигация' }).evaluate((bar) => {
    const box = bar.getBoundingClientRect();
    return [...bar.children].map((tab) => {
      const r = tab.getBoundingClientRect();
      const label = tab.querySelector('span')?.textContent ?? '';
      if (r.right <= box.left + 1 || r.left >= box.right - 1) return `${label}: off`;
      return r.left >= box.left - 1 && r.right <= box.right + 1 ? `${label}: whole` : `${label}: cut`;
    });
  });

test('the phone’s tab bar shows whole tabs only, at rest and scrolled to its end', PHONE_ONLY, async ({ page }) => {
  await page.goto('/');
  const bar = page.getByRole('navigation', { name: 'Навигация' });
  await expect(bar).toBeVisible();
  const atRest = await tabsSeen(page);
  expect(
    atRest.filter((t) => t.endsWith('cut')),
    atRest.join(', '),
  ).toEqual([]);
  expect(atRest).toContain('Меню: whole');
  await bar.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect.poll(async () => (await tabsSeen(page)).filter((t) => t.endsWith('cut'))).toEqual([]);
  expect(await tabsSeen(page)).toContain('На карте: whole');
  expect(await tabsSeen(page)).toContain('Настройки: whole');
});

test('an error toast sits above the phone’s tab bar, not over it nor over the chips at the top', PHONE_ONLY, async ({ page, context }) => {
  // The buyer's own TOP first: going offline while the session starts would fail the list itself (an inline error
  // with «Повторить», no card to like), and this test is about where a failed like's toast sits.
  const ownList = page.waitForResponse((r) => r.url().endsWith('/selection/swipe/variant/list') && r.ok(), { timeout: 30_000 });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-session', 'ready', { timeout: 20_000 });
  await ownList;
  const like = page.getByTestId('apartment-card').first().getByRole('button', { name: '♡ Нравится' });
  await expect(like).toHaveAttribute('aria-disabled', 'false');
  await context.setOffline(true);
  await like.click();
  const toast = page.locator('.kv-toast--error');
  await expect(toast).toBeVisible();
  await context.setOffline(false);
  const toastBox = (await toast.boundingBox())!;
  const barBox = (await page.getByRole('navigation', { name: 'Навигация' }).boundingBox())!;
  expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(barBox.y);
  // The presets stay tappable under it.
  const chips = (await page.getByRole('radiogroup', { name: 'Подборки' }).boundingBox())!;
  expect(toastBox.y).toBeGreaterThanOrEqual(chips.y + chips.height);
});

test('the photo viewer fits each picture whole (contain), inside the slider', async ({ page }) => {
  await page.goto('/');
  const id = await page.getByTestId('apartment-card').first().getAttribute('data-apartment-id');
  await page.goto(`/spb/apart/${id}`);
  await page
    .getByTestId('apart-gallery')
    .getByRole('button', { name: /^Открыть фото 1 из \d+/ })
    .click();
  const slider = page.getByRole('dialog', { name: 'Фотографии' }).getByTestId('lightbox-slider');
  const picture = slider.locator('img').first();
  await expect(picture).toBeVisible();
  const fit = await picture.evaluate((img) => {
    const frame = img.closest('.kv-lightbox__slider')!.getBoundingClientRect();
    const box = img.getBoundingClientRect();
    return { objectFit: getComputedStyle(img).objectFit, inside: box.top >= frame.top - 1 && box.bottom <= frame.bottom + 1 };
  });
  expect(fit).toEqual({ objectFit: 'contain', inside: true });
});

test(
  'the Mini App’s menu is rows only: the city and the Map/List switch are rows, «Вы вошли как …» a row of its own',
  PHONE_ONLY,
  async ({ page, baseURL }) => {
    await fakeTelegramWebview(page);
    await page.goto(tmaLaunchUrl({ base: baseURL!, userId: newTelegramId(), name: 'Тест Прогулкин' }));
    await page.getByRole('navigation', { name: 'Навигация' }).getByRole('button', { name: 'Меню' }).click();
    const menu = page.getByRole('navigation', { name: 'Меню' });
    await expect(menu.getByTestId('signed-in-as')).toHaveText('Вы вошли как Тест Прогулкин');
    // No website tile among Telegram's rows.
    await expect(menu.locator('.kv-nav-item')).toHaveCount(0);
    for (const testId of ['signed-in-as', 'city-button', 'view-mode-toggle'])
      await expect(menu.getByTestId(testId)).toHaveClass(/kv-native-cell/);
    await expect(menu.getByTestId('city-button')).toContainText('Город');
    await expect(menu.getByTestId('view-mode-toggle')).toHaveText('На карте');
  },
);

test(
  'the Mini App’s MainButton never says «Оплатить · 0 ⭐» and keeps one spinner until the price comes',
  PHONE_ONLY,
  async ({ page, request, baseURL }) => {
    await fakeTelegramWebview(page);
    const userId = newTelegramId();
    const headers = await miniAppUserOnTrial(request, baseURL!, userId, 'Звёздный');
    expect((await request.put('/api/selection/lira/profile/status', { headers, data: { status: 'START' } })).status()).toBe(200);
    // The periods answer only when let go: the modal's first state, before any price, is what is checked.
    const release = await holdRequests(page, '**/subscription/periods*');
    await page.goto(tmaLaunchUrl({ base: baseURL!, userId, name: 'Звёздный', path: '/agent' }));
    const modal = await openSubscriptionModal(page);
    await expect(modal.getByText('Загружаем тарифы…')).toBeVisible();
    const buttons = async () =>
      (await tgEvents(page)).filter((e) => e.type === 'web_app_setup_main_button').map((e) => e.data as BottomButtonPayload);
    await expect.poll(async () => (await buttons()).at(-1)).toMatchObject({ text: 'Оплатить', is_progress_visible: true });
    release();
    await expect.poll(async () => (await buttons()).at(-1)?.text).toBe('Оплатить · 750 ⭐');
    const shown = await buttons();
    expect(shown.filter((b) => /\b0 ⭐/.test(b.text ?? ''))).toEqual([]);
    // From the modal's first state to the price: the spinner never goes off and on again.
    const first = shown.findIndex((b) => b.text === 'Оплатить');
    const progress = shown.slice(first).map((b) => b.is_progress_visible === true);
    expect(progress.indexOf(false)).toBe(progress.length - 1);
  },
);

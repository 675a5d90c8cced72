import { expect, test } from './fixtures';
import { isPhone, assistantDrawer } from './helpers';

test('the feed is a masonry grid with the spec’s columns: 4 at 1280 px, 1 at 390 px', async ({ page }, info) => {
  await page.goto('/');
  const grid = page.getByRole('feed', { name: 'Квартиры' });
  await expect(grid).toHaveAttribute('data-columns', isPhone(info) ? '1' : '4');
  // Rank order reads along the first row: the second card sits to the right of the first on desktop.
  const cards = page.getByTestId('apartment-card');
  await expect(cards.first()).toBeVisible();
  if (!isPhone(info)) {
    const first = await grid.locator('.kv-masonry__column').nth(0).getByTestId('apartment-card').first().boundingBox();
    const second = await grid.locator('.kv-masonry__column').nth(1).getByTestId('apartment-card').first().boundingBox();
    expect(second!.x).toBeGreaterThan(first!.x);
    expect(Math.abs(second!.y - first!.y)).toBeLessThan(2);
  }
});

test('the summary block: the preset picture opens a popover and the image modal; «Настроить» opens the TOP settings', async ({ page }) => {
  await page.goto('/');
  const block = page.getByTestId('search-summary-block');
  await expect(block.getByTestId('search-summary')).toContainText('Первая квартира');
  await block.getByRole('button', { name: 'О подборке «Первая квартира»' }).click();
  const popover = page.getByTestId('preset-popover');
  await expect(popover).toContainText('Студии и однокомнатные по доступной цене');
  await expect(popover).toContainText(/Цена подборки: [\d\s]+ ₽ – [\d\s]+ ₽/);
  await page.keyboard.press('Escape');
  await expect(popover).toHaveCount(0);
  await block.getByRole('button', { name: 'О подборке «Первая квартира»' }).click();
  await page.getByRole('button', { name: 'Открыть изображение' }).click();
  const modal = page.getByRole('dialog', { name: 'Первая квартира' });
  await expect(modal.getByTestId('image-modal-picture')).toBeVisible();
  await expect
    .poll(() => modal.getByTestId('image-modal-picture').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await page.keyboard.press('Escape');
  await block.getByRole('button', { name: 'Настроить' }).click();
  await expect(assistantDrawer(page).getByText('Настройте свои параметры')).toBeVisible();
});

test('the promo block plays its video and leads an anonymous user to binding for AI search', async ({ page }) => {
  await page.goto('/');
  const promo = page.getByTestId('promo-block');
  await promo.getByRole('button', { name: 'Смотреть видео о ИИ Поиске' }).click();
  const video = page.getByTestId('promo-video');
  await expect(video).toBeVisible();
  // The recorded explainer really plays: time moves and frames have a size.
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.3);
  expect(await video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(640);
  await page.getByRole('button', { name: 'Закрыть' }).click();
  await expect(video).toHaveCount(0);
  await promo.getByRole('button', { name: 'Перейти в ИИ Поиск' }).click();
  await expect(page.getByRole('dialog', { name: /Запустить бота в/ })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

import { expect, test } from './fixtures';
import type { Page, Response } from '@playwright/test';
import { assistantDrawer } from './helpers';

/**
 * One buyer, one AI index (issue #45): a rating with reasons is said on the TOP («Учли: …») and taken back with the
 * rating; then one flat's index reads the same on its card, its modal, its page and compare.
 */

/** The card in rank place `place` (the masonry deals ranks along the rows). */
const cardAt = (page: Page, place: number) => page.locator(`.kv-masonry__cell[data-order="${place}"]`).getByTestId('apartment-card');
const percentOf = (text: string | null) => Number(/(\d+) %/.exec(text ?? '')?.[1]);

test('the TOP says what a rating with reasons taught; the same index on the card, the modal, the page and compare', async ({ page }) => {
  await page.goto('/');
  // The visitor's own TOP (the ratings are theirs): the first preset is theirs once the session has started.
  await expect(page.getByRole('radio', { name: 'Первая квартира' })).toHaveAttribute('aria-checked', 'true');
  const learned = page.getByTestId('top-learned');
  const rated = cardAt(page, 0);
  const ratedId = (await rated.getAttribute('data-apartment-id'))!;
  await rated.getByRole('button', { name: 'Не нравится' }).click();
  const drawer = assistantDrawer(page);
  await drawer.getByRole('button', { name: 'Далеко от метро' }).click();
  await drawer.getByRole('button', { name: 'Готово' }).click();
  await expect(learned).toHaveText('Учли: дальше от метро — ниже в списке');
  // The rated card was seen: it keeps its place while the list below follows what was learned.
  await expect(cardAt(page, 0)).toHaveAttribute('data-apartment-id', ratedId);

  // Undoing the rating takes back what it taught.
  await page.locator(`[data-apartment-id="${ratedId}"]`).getByRole('button', { name: 'Не нравится ✕' }).click();
  await expect(learned).toHaveCount(0);
  await expect(page.locator(`[data-apartment-id="${ratedId}"]`)).toHaveAttribute('data-reaction', 'NOT_VIEWED');

  // Rated again (the TOP is read again at once), then a fresh load: every surface reads the buyer's one model.
  const isList = (response: Response) => response.url().includes('/selection/swipe/variant/list') && response.ok();
  await page.locator(`[data-apartment-id="${ratedId}"]`).getByRole('button', { name: 'Не нравится' }).click();
  await drawer.getByRole('button', { name: 'Далеко от метро' }).click();
  const readAgain = page.waitForResponse(isList);
  await drawer.getByRole('button', { name: 'Готово' }).click();
  await expect(learned).toBeVisible();
  await readAgain;
  // The first-visit TOP the server rendered stands until the buyer's own list comes: wait for that list.
  const ownList = page.waitForResponse(isList);
  await page.reload();
  const second = ((await (await ownList).json()) as { data: { items: Array<{ id: number; relevancePercent: number }> } }).data.items[1]!;
  const card = cardAt(page, 1);
  await expect(card).toHaveAttribute('data-apartment-id', String(second.id));
  await expect(card.locator('.kv-ai-index__badge')).toHaveText(`AI ${second.relevancePercent} %`);
  const id = String(second.id);
  const percent = percentOf(await card.locator('.kv-ai-index__badge').textContent());

  // The popover says what raised and lowered it.
  await card.locator('.kv-ai-index__badge').click();
  await expect(card.getByRole('note')).toContainText(/Повышает|Понижает/);
  await card.locator('.kv-ai-index__badge').click();

  await card.getByTestId('compare-toggle').click();
  await card.locator('.kv-card__open').click();
  const modal = page.getByTestId('apartment-modal');
  await expect(modal).toContainText(`индекс AI ${percent} %`);
  await modal.getByRole('link', { name: 'Открыть страницу квартиры' }).click();
  await expect(page.getByTestId('apart-ai-index').locator('.kv-ai-index__badge')).toHaveText(`AI ${percent} %`);

  await page.getByTestId('compare-bar').click();
  await expect(page).toHaveURL(new RegExp(`/compare\\?ids=${id}$`));
  await expect(page.locator('tr[data-row="ai"] td').first()).toHaveText(`${percent} %`);
});

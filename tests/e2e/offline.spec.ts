import { expect, test } from './fixtures';
import { clientNavigate } from './helpers';

/**
 * Everything a buyer does offline says what failed and offers «Повторить». The wait is generous for a loaded CI
 * machine: how fast it says so is a figure for benchmarks, not a bound for this test.
 */
const WITHIN = { timeout: 15_000 };

test('offline: a like is taken back and says so, a preset says why, a section offers «Повторить»; back online each retry works', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(page.getByRole('radio', { name: 'Первая квартира' })).toHaveAttribute('aria-checked', 'true');
  const card = page.getByTestId('apartment-card').first();
  const id = await card.getAttribute('data-apartment-id');
  const like = card.getByRole('button', { name: '♡ Нравится' });
  await expect(like).toBeEnabled();
  // The session first: a like pressed before it waits for it (and would wait out the offline spell).
  await expect(page.locator('html')).toHaveAttribute('data-session', 'ready');
  const liked = page.locator(`[data-apartment-id="${id}"]`);

  // A like offline: rolled back and said so, with «Повторить», which saves it once back online.
  await context.setOffline(true);
  await like.click();
  const likeToast = page.locator('.kv-toast').filter({ hasText: 'Оценка не сохранена — вернули как было.' });
  await expect(likeToast).toBeVisible(WITHIN);
  await expect(likeToast).toHaveAttribute('role', 'alert');
  await expect(liked).toHaveAttribute('data-reaction', 'NOT_VIEWED');
  await context.setOffline(false);
  await likeToast.getByRole('button', { name: 'Повторить' }).click();
  await expect(likeToast).toHaveCount(0);
  await expect(liked).toHaveAttribute('data-reaction', 'LIKED');

  // A preset tapped offline says why; the chosen one stays chosen until «Повторить» saves the new one.
  await context.setOffline(true);
  await page.getByRole('radio', { name: 'Для семьи' }).click();
  const presetToast = page.locator('.kv-toast').filter({ hasText: 'Не удалось выбрать подборку' });
  await expect(presetToast).toBeVisible(WITHIN);
  await expect(page.getByRole('radio', { name: 'Первая квартира' })).toHaveAttribute('aria-checked', 'true');
  await context.setOffline(false);
  await presetToast.getByRole('button', { name: 'Повторить' }).click();
  await expect(page.getByRole('radio', { name: 'Для семьи' })).toHaveAttribute('aria-checked', 'true');

  // A section opened offline says what failed, with «Повторить», instead of skeletons or a dead end.
  await context.setOffline(true);
  await clientNavigate(page, '/favourites');
  const retrySection = page.locator('.kv-inline-error').getByRole('button', { name: 'Повторить' });
  await expect(retrySection).toBeVisible(WITHIN);
  await context.setOffline(false);
  await retrySection.click();
  await expect(page.getByRole('heading', { name: /^Избранное/ })).toBeVisible();
  await expect(liked).toHaveAttribute('data-reaction', 'LIKED');
});

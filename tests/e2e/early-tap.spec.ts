import { expect, test } from '@playwright/test';
import { holdEntryScript } from '../support/hold-requests';

/**
 * A buyer on a slow phone sees the server's TOP seconds before its script has run. A preset chip tapped in that time
 * must not be lost: the chip is a real link (`/?code=…`), so the tap is a plain navigation, and the page that opens
 * applies the code once it is interactive. The entry script is held here until after the tap.
 */
test('a preset chip tapped before the page is interactive is the chosen one once it is', async ({ page }) => {
  const release = await holdEntryScript(page);
  await page.goto('/', { waitUntil: 'commit' });
  const chip = page.getByRole('radio', { name: 'Для семьи' });
  await expect(chip).toBeVisible();
  await expect(chip).toHaveAttribute('aria-checked', 'false');
  // The server's markup only: no script has run yet.
  expect(await page.evaluate(() => document.documentElement.dataset.ready ?? null)).toBeNull();
  // A tap as it comes, without waiting for the chip to be interactive (a disabled control would swallow it).
  await chip.click({ force: true });
  // The tap is a plain navigation: wait until the next document has committed before the held script may run, or the
  // old page could hydrate first and the wait below would be satisfied by it (then the new page's whole load and save
  // had to fit in one assertion's timeout, which a loaded CI machine did not always give).
  await page.waitForURL(/\/\?code=family$/, { waitUntil: 'commit' });
  release();
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, { timeout: 20_000 });
  await expect(chip).toHaveAttribute('aria-checked', 'true', { timeout: 15_000 });
  await expect(page.getByRole('radio', { name: 'Первая квартира' })).toHaveAttribute('aria-checked', 'false');
  // Saved as the visitor's TOP: the code has left the URL and a reload keeps the choice.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('search-summary')).toContainText(/^Для семьи/);
  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, { timeout: 20_000 });
  await expect(chip).toHaveAttribute('aria-checked', 'true');
});

/**
 * A like tapped on a slow phone before the page is interactive lands (#47): on a CPU slowed 4× (as Lighthouse's
 * mobile run), the entry script held until after the tap, the first card's like is pressed on the server's markup. It
 * shows itself pressed at once; once the page has hydrated the card says it is liked, and the like is saved: the
 * favourites list has the flat.
 */
test('a like tapped on a 4× slower CPU before hydration shows its new state and is saved', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const release = await holdEntryScript(page);
  await page.goto('/', { waitUntil: 'commit' });
  const card = page.getByTestId('apartment-card').first();
  const like = card.getByRole('button', { name: '♡ Нравится' });
  await expect(like).toBeVisible();
  const title = (await card.getByRole('heading').first().textContent())?.trim() ?? '';
  expect(title).not.toBe('');
  expect(await page.evaluate(() => document.documentElement.dataset.ready ?? null)).toBeNull();
  await like.click({ force: true });
  // Pressed at once, still on the server's markup (index.html's first script draws it): no script of the app has run.
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => document.documentElement.dataset.ready ?? null)).toBeNull();
  // Saved, not only shown: leaving the page while the like is still on its way would test the navigation instead.
  const saved = page.waitForResponse((r) => r.url().endsWith('/selection/swipe/evaluate-variant') && r.ok(), { timeout: 30_000 });
  release();
  await expect(card.getByRole('button', { name: '♥ В избранном' })).toHaveAttribute('aria-pressed', 'true', { timeout: 20_000 });
  await saved;
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await page.goto('/favourites');
  await expect(page.getByTestId('apartment-card').filter({ hasText: title })).toBeVisible();
});

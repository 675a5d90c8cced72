import { expect, test } from '@playwright/test';

/**
 * A buyer on a slow phone sees the server's TOP seconds before its script has run. A preset chip tapped in that time
 * must not be lost: the chip is a real link (`/?code=…`), so the tap is a plain navigation, and the page that opens
 * applies the code once it is interactive. The entry script is held here until after the tap.
 */
test('a preset chip tapped before the page is interactive is the chosen one once it is', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
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

import { expect, test } from './fixtures';

test.use({ viewport: { width: 360, height: 740 } });

test('at 360 px the bar keeps all seven tabs legible (whole labels, 44 px targets) and scrolls; «AI NN %» and locked entries explain themselves', async ({
  page,
}) => {
  await page.goto('/');
  const bar = page.getByRole('navigation', { name: 'Навигация' });
  await expect(bar).toBeVisible();
  const tabs = await bar.locator(':scope > *').evaluateAll((items) =>
    items.map((item) => {
      const label = item.querySelector('span');
      const r = item.getBoundingClientRect();
      return {
        text: label?.textContent ?? item.textContent,
        width: r.width,
        height: r.height,
        font: parseFloat(getComputedStyle(item).fontSize),
        cut: label ? label.scrollWidth > label.clientWidth : false,
      };
    }),
  );
  expect(tabs).toHaveLength(7);
  for (const tab of tabs) {
    expect(tab.width, tab.text ?? '').toBeGreaterThanOrEqual(44);
    expect(tab.height, tab.text ?? '').toBeGreaterThanOrEqual(44);
    expect(tab.font, tab.text ?? '').toBeGreaterThanOrEqual(12);
    expect(tab.cut, tab.text ?? '').toBe(false);
  }
  // The bar scrolls within itself; the page does not.
  expect(await bar.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const settings = bar.getByRole('button', { name: 'Настройки' });
  await settings.scrollIntoViewIfNeeded();
  await expect(settings).toBeInViewport();

  // The AI index says what it means, by keyboard too.
  const badge = page
    .getByTestId('apartment-card')
    .first()
    .getByRole('button', { name: /^Индекс AI \d+ %: что это значит$/ });
  await badge.focus();
  await page.keyboard.press('Enter');
  await expect(badge).toHaveAttribute('aria-expanded', 'true');
  const note = page.locator(`#${await badge.getAttribute('aria-controls')}`);
  await expect(note).toHaveText(/^Индекс AI \d+ % — наша оценка того, насколько эта квартира вам подойдёт/);
  await page.keyboard.press('Escape');
  await expect(note).toBeHidden();

  // A locked menu entry says why when tapped.
  await bar.getByRole('button', { name: 'Меню' }).click();
  const menu = page.getByRole('navigation', { name: 'Меню' });
  // aria-disabled: Playwright waits for an enabled element; a finger does not.
  await menu.getByRole('button', { name: 'Анализ квартиры' }).click({ force: true });
  await expect(menu.getByRole('status').filter({ hasText: 'Анализ квартиры пока недоступен' })).toBeVisible();
});

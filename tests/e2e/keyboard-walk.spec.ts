import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** The focused element's accessible handle: its text or label, and whether it is pressed. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? 'none',
      name: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim(),
      pressed: el?.getAttribute('aria-pressed') ?? null,
      inDialog: Boolean(el?.closest('[role="dialog"]')),
    };
  });

async function tabTo(page: Page, wanted: (f: Awaited<ReturnType<typeof focused>>) => boolean, key = 'Tab', limit = 60) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(key);
    if (wanted(await focused(page))) return;
  }
  throw new Error(`never reached by ${key}`);
}

test('the core loop by keyboard alone: TOP → like → the apartment → a call-back request', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('radio', { name: 'Первая квартира' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('apartment-card').first().getByRole('button', { name: '♡ Нравится' })).toHaveAttribute(
    'aria-disabled',
    'false',
  );

  // Like: the focus stays on the button while the like is saved, and it says it is pressed.
  await tabTo(page, (f) => f.name === '♡ Нравится');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await focused(page)).name).toBe('♥ В избранном');
  expect((await focused(page)).pressed).toBe('true');
  await expect(page.getByTestId('apartment-card').first()).toHaveAttribute('data-reaction', 'LIKED');

  // Back to the card's title: it opens the apartment in a dialog that takes the focus.
  const title = (await page.getByTestId('apartment-card').first().locator('.kv-card__open').textContent())!;
  await tabTo(page, (f) => f.tag === 'button' && f.name === title, 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
  await tabTo(page, (f) => f.name === 'Открыть страницу квартиры', 'Tab', 10);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/apart\/\d+/);

  // The apartment's page: «Заказать звонок» opens the form; every field is reached and named; a wrong send says why.
  await tabTo(page, (f) => f.name === 'Заказать звонок', 'Tab', 120);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Заказать звонок' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Имя' })).toBeVisible();
  await tabTo(page, (f) => f.name === 'Жду звонка', 'Tab', 15);
  await page.keyboard.press('Enter');
  // The first wrong field takes the focus and its message is tied to it.
  await expect(dialog.getByRole('textbox', { name: 'Имя' })).toBeFocused();
  const described = await dialog.getByRole('textbox', { name: 'Имя' }).getAttribute('aria-describedby');
  expect(described).toBeTruthy();
  await page.keyboard.type('Анна');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('textbox', { name: 'Телефон' })).toBeFocused();
  await page.keyboard.type('9991234567');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('checkbox')).toBeChecked();
  await tabTo(page, (f) => f.name === 'Жду звонка', 'Tab', 6);
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('status')).toBeVisible();
});

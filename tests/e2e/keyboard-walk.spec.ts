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

/** Which feed card holds the focus (-1: none), and how the focused element is called. */
const cardFocus = (page: Page) =>
  page.evaluate(() => {
    const cards = [...document.querySelectorAll('[data-testid="apartment-card"]')];
    const el = document.activeElement as HTMLElement | null;
    return { card: cards.findIndex((c) => c.contains(el)), name: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim() };
  });

test('a skip link is the first Tab stop and leads past the navigation; a card costs a few Tab stops', async ({ page }) => {
  // Some twenty key presses, each followed by a look at the focus.
  test.setTimeout(90_000);
  await page.goto('/');
  await expect(page.getByTestId('apartment-card').nth(1).getByRole('button', { name: '♡ Нравится' })).toHaveAttribute(
    'aria-disabled',
    'false',
  );
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Перейти к содержимому' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
  await expect(page).not.toHaveURL(/#main/);

  // From the page's start: the presets are one stop (a radio group), then the summary, and the first card.
  let presses = 0;
  while ((await cardFocus(page)).card !== 0 && presses < 30) {
    await page.keyboard.press('Tab');
    presses += 1;
  }
  const toFirstCard = presses + 2; // the skip link and its Enter
  // Each card: the photos (arrows move them), the AI index, the card's one link (its title), like, dislike, compare.
  const stops: string[] = [];
  while ((await cardFocus(page)).card === 0) {
    stops.push((await cardFocus(page)).name);
    await page.keyboard.press('Tab');
  }
  expect((await cardFocus(page)).card).toBe(1);
  await test
    .info()
    .attach('tab stops', { body: JSON.stringify({ toFirstCard, perCard: stops.length, stops }), contentType: 'application/json' });
  expect(toFirstCard).toBeLessThanOrEqual(10);
  expect(stops.length).toBeLessThanOrEqual(6);
  expect(stops.filter((name) => /^Фото \d+$/.test(name) || /^(Страница ЖК|Всё о доме) →$/.test(name))).toEqual([]);
});

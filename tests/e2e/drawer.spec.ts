import { expect, test } from './fixtures';
import { isPhone, visibleNav, assistantDrawer } from './helpers';

const GREETING = 'Привет, я цифровой риелтор «Кварты»! Здесь собраны популярные вопросы.';

test('FAQ: the greeting types itself in full, a question gets its answer, Escape closes and focus returns', async ({ page }, info) => {
  await page.goto('/');
  const assistant = visibleNav(page, info).getByRole('button', { name: 'Ассистент' });
  await assistant.click();
  const drawer = assistantDrawer(page);
  const typed = drawer.getByTestId('bot-message-text');
  // The whole text is in the DOM at once (screen readers); the typing ends with it fully shown.
  await expect(typed).toHaveText(GREETING);
  await expect(typed).toHaveAttribute('data-typing', 'done');
  await expect(typed.locator('.kv-typed__rest')).toHaveCount(0);
  // FAQ has no footer menu (spec §2).
  await expect(drawer.getByRole('navigation', { name: 'Меню ассистента' })).toHaveCount(0);

  await drawer.getByRole('button', { name: 'Что означает индекс AI?' }).click();
  await expect(drawer.getByRole('button', { name: 'Что означает индекс AI?' })).toHaveAttribute('aria-pressed', 'true');
  await expect(typed).toContainText('Это процент соответствия квартиры вашему запросу');
  await expect(typed).toHaveAttribute('data-typing', 'done');

  // Focus stays inside the drawer.
  for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
  expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(assistant).toBeFocused();
});

test('the footer menu shows for settings views and leads to the FAQ', async ({ page }, info) => {
  await page.goto('/');
  await visibleNav(page, info).getByRole('button', { name: 'Настройки' }).click();
  const drawer = assistantDrawer(page);
  await expect(drawer.getByText('Настройте свои параметры')).toBeVisible();
  const footer = drawer.getByRole('navigation', { name: 'Меню ассистента' });
  await footer.getByRole('button', { name: 'Частые вопросы' }).click();
  await expect(drawer.getByTestId('bot-message-text')).toHaveText(GREETING);
  await expect(drawer.getByRole('button', { name: 'Что такое ТОП?' })).toBeVisible();
  await expect(footer).toHaveCount(0);
});

test('the close button closes the drawer after its animation', async ({ page }, info) => {
  await page.goto('/');
  await visibleNav(page, info).getByRole('button', { name: 'Ассистент' }).click();
  const drawer = assistantDrawer(page);
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: 'Закрыть ассистента' }).click();
  await expect(drawer).toHaveCount(0);
});

test('phone: the bottom sheet closes when dragged down more than 128 px, and stays when dragged less; the desktop panel does not drag', async ({
  page,
}, info) => {
  await page.goto('/');
  await visibleNav(page, info).getByRole('button', { name: 'Ассистент' }).click();
  const drawer = assistantDrawer(page);
  await expect(drawer.getByTestId('bot-message-text')).toHaveAttribute('data-typing', 'done');
  // The sheet grows once the questions load: measure it after that.
  await expect(drawer.getByText('Загружаем вопросы…')).toHaveCount(0);
  const handle = drawer.getByTestId('drawer-handle');
  // On the phone the sheet slides up from the bottom edge: measure the handle once it has arrived there (on a busy
  // machine the entrance is still running when the questions are in).
  const bottomEdge = page.viewportSize()!.height;
  const sheetBottomNow = async () => Math.round(sheetBottom(await drawer.boundingBox()));
  if (isPhone(info)) await expect.poll(sheetBottomNow).toBe(bottomEdge);
  const box = (await handle.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;

  if (!isPhone(info)) {
    // On desktop the drawer is a side panel: a drag of its header moves and closes nothing.
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x, y + 200, { steps: 8 });
    await page.mouse.up();
    // Whatever the drag might have started has finished: no animation left on the drawer.
    await expect
      .poll(() =>
        drawer.evaluate((el) => el.getAnimations({ subtree: true }).filter((a) => a.effect?.getTiming().iterations !== Infinity).length),
      )
      .toBe(0);
    await expect(drawer).toBeVisible();
    expect((await handle.boundingBox())!.y).toBeCloseTo(box.y, 0);
    return;
  }

  // A short drag springs back.
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 40, { steps: 4 });
  await page.mouse.move(x, y + 80, { steps: 4 });
  await page.mouse.up();
  await expect(drawer).toBeVisible();
  // It springs back: no offset left, and the sheet sits on the bottom edge again. (The sheet's height may still
  // change as its content settles, so the bottom edge is the stable measure, not the handle's top.)
  await expect.poll(() => drawer.evaluate((el) => (el as HTMLElement).style.transform)).toBe('');
  await expect.poll(sheetBottomNow).toBe(bottomEdge);

  // Past 128 px it closes.
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 100, { steps: 5 });
  await page.mouse.move(x, y + 200, { steps: 5 });
  expect((await handle.boundingBox())!.y).toBeGreaterThan(box.y + 150);
  await page.mouse.up();
  await expect(drawer).toHaveCount(0);
});

function sheetBottom(box: { y: number; height: number } | null): number {
  if (!box) throw new Error('the sheet is not on screen');
  return box.y + box.height;
}

import { expect, test } from './fixtures';
import type { APIRequestContext, Page } from '@playwright/test';
import { miniAppUserOnTrial, assistantDrawer, moscowApartment, newTelegramId } from './helpers';
import { tmaLaunchUrl } from '../../scripts/tma-launch-url';
import { fakeTelegramWebview, lastTgEvent, mainButton, secondaryButton, tgEvents, tgReceive } from './telegram-webview';

test.beforeEach(async ({ page }) => fakeTelegramWebview(page));

/** Opens a Moscow apartment in the Mini App (the bot's «Открыть», startapp=apart_<id>) as a new user. */
async function openApartment(
  page: Page,
  request: APIRequestContext,
  launch: { base: string; name: string; platform?: 'android'; version?: string },
): Promise<{ id: number }> {
  const apartment = await moscowApartment(request);
  await page.goto(tmaLaunchUrl({ ...launch, userId: newTelegramId(), startParam: `apart_${apartment.id}` }));
  return apartment;
}

/** The first of an anonymous visitor's Moscow TOP (10–30 mln ₽), to open by `startapp=apart_<id>`. */
const closingConfirmation = async (page: Parameters<typeof tgEvents>[0]) =>
  (await lastTgEvent<{ need_confirmation: boolean }>(page, 'web_app_setup_closing_behavior'))?.need_confirmation;

test('AGENT: «Настроить и запустить» is Telegram’s MainButton; its press opens the setup; no side bar at any width', async ({
  page,
  baseURL,
}) => {
  await page.goto(tmaLaunchUrl({ base: baseURL!, userId: newTelegramId(), name: 'Новичок', path: '/agent' }));
  const status = page.getByTestId('agent-status');
  await expect(status).toContainText('Не создан');
  await expect
    .poll(() => mainButton(page))
    .toMatchObject({ is_visible: true, is_active: true, is_progress_visible: false, text: 'Настроить и запустить' });
  // The page's own button gives way to Telegram's.
  await expect(status.getByRole('button')).toHaveCount(0);
  // The website's side bar is never there inside Telegram: the bottom bar is the navigation.
  await expect(page.getByRole('navigation', { name: 'Основная навигация' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Навигация' })).toBeVisible();

  await tgReceive(page, 'main_button_pressed');
  await expect(assistantDrawer(page)).toHaveAttribute('data-view', 'LIRA_CREATION');
  // The sheet covers the page: the page's MainButton is hidden while it is open.
  await expect.poll(async () => (await mainButton(page))?.is_visible).toBe(false);
  await page.getByRole('button', { name: 'Закрыть ассистента' }).click();
  await expect.poll(async () => (await mainButton(page))?.text).toBe('Настроить и запустить');
});

test('startapp=settings opens the AI-search settings: «Сохранить»/«Отмена» on Telegram’s buttons, closing confirmation while edited', async ({
  page,
  request,
  baseURL,
}) => {
  const userId = newTelegramId();
  await miniAppUserOnTrial(request, baseURL!, userId, 'Нативный');
  await page.goto(tmaLaunchUrl({ base: baseURL!, userId, name: 'Нативный', startParam: 'settings' }));
  await expect(page).toHaveURL(/\/tma\/agent$/);
  const drawer = assistantDrawer(page);
  const form = drawer.getByTestId('lira-main');
  await expect(form).toBeVisible();
  await expect
    .poll(() => mainButton(page))
    .toMatchObject({ is_visible: true, is_active: true, is_progress_visible: false, text: 'Сохранить' });
  expect(await secondaryButton(page)).toMatchObject({
    is_visible: true,
    is_active: true,
    is_progress_visible: false,
    text: 'Отмена',
    position: 'left',
  });
  await expect(form.getByRole('button', { name: 'Сохранить' })).toHaveCount(0);
  expect(await closingConfirmation(page)).not.toBe(true);

  // An edit: Telegram asks before closing; a tab switch is a selection change felt as such.
  await form.getByLabel('Кухня от, м²').fill('9');
  await expect.poll(() => closingConfirmation(page)).toBe(true);
  await form.getByRole('tab', { name: 'Пожелания' }).click();
  expect(await lastTgEvent(page, 'web_app_trigger_haptic_feedback')).toEqual({ type: 'selection_change' });
  await form.getByRole('tab', { name: 'Фильтры' }).click();

  // «Отмена» closes without saving: AGENT's own action is back on the MainButton, nothing left to confirm.
  await tgReceive(page, 'secondary_button_pressed');
  await expect(drawer).toHaveCount(0);
  await expect.poll(() => closingConfirmation(page)).toBe(false);
  // (A trial not yet started: the status's action is to subscribe.)
  await expect.poll(async () => (await mainButton(page))?.text).toBe('Оформить подписку');
  await expect.poll(async () => (await secondaryButton(page))?.is_visible).toBe(false);

  // Again, and saved through the MainButton this time.
  await page.goto(tmaLaunchUrl({ base: baseURL!, userId, name: 'Нативный', path: '/agent?settings=1' }));
  await expect(form).toBeVisible();
  await form.getByLabel('Кухня от, м²').fill('9');
  await expect.poll(() => closingConfirmation(page)).toBe(true);
  await expect.poll(async () => (await mainButton(page))?.text).toBe('Сохранить');
  await tgReceive(page, 'main_button_pressed');
  // Too few apartments for these filters: the bot asks, and the MainButton offers to save anyway.
  await expect.poll(async () => (await drawer.count()) === 0 || (await mainButton(page))?.text === 'Всё равно сохранить').toBe(true);
  if ((await drawer.count()) > 0) await tgReceive(page, 'main_button_pressed');
  await expect(drawer).toHaveCount(0);
  await expect.poll(() => closingConfirmation(page)).toBe(false);
});

test('APART: «Заказать звонок» and «Забронировать» are Telegram’s buttons; a press opens the call-back form', async ({
  page,
  request,
  baseURL,
}) => {
  const apartment = await openApartment(page, request, { base: baseURL!, name: 'Покупатель' });
  await expect(page).toHaveURL(new RegExp(`/tma/msk/apart/${apartment.id}$`));
  await expect.poll(async () => (await mainButton(page))?.text).toBe('Заказать звонок');
  expect((await secondaryButton(page))?.text).toBe('Забронировать');
  const panel = page.getByRole('complementary', { name: 'Цена и действия' });
  await expect(panel.getByRole('button', { name: 'Заказать звонок' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Связаться с менеджером' })).toBeVisible();

  // A drag through the photos: Telegram's vertical swipes are off from the touch until it ends.
  const swipes = async () =>
    (await lastTgEvent<{ allow_vertical_swipe: boolean }>(page, 'web_app_setup_swipe_behavior'))?.allow_vertical_swipe;
  await page.locator('[data-testid="apart-gallery"] .kv-snap__strip').dispatchEvent('pointerdown');
  await expect.poll(swipes).toBe(false);
  await page.evaluate(() => window.dispatchEvent(new Event('pointerup')));
  await expect.poll(swipes).toBe(true);

  await tgReceive(page, 'main_button_pressed');
  const dialog = page.getByRole('dialog', { name: 'Заказать звонок' });
  await expect(dialog).toBeVisible();
  // The dialog is over the page: Telegram's buttons are hidden meanwhile.
  await expect.poll(async () => (await mainButton(page))?.is_visible).toBe(false);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect.poll(async () => (await mainButton(page))?.text).toBe('Заказать звонок');
  await tgReceive(page, 'secondary_button_pressed');
  // A booking dialog names what is booked: a flat, or apartments.
  await expect(page.getByRole('dialog', { name: /^Забронировать (квартиру|апартаменты)$/ })).toBeVisible();
});

test('an old client (Bot API 6.0) goes without what it does not know: the page keeps its own buttons there', async ({
  page,
  request,
  baseURL,
}) => {
  const apartment = await openApartment(page, request, { base: baseURL!, name: 'Старый клиент', version: '6.0' });
  await expect(page).toHaveURL(new RegExp(`/tma/msk/apart/${apartment.id}$`));
  await expect.poll(async () => (await mainButton(page))?.text).toBe('Заказать звонок');
  // No SecondaryButton before 7.10: «Забронировать» stays the page's own; nothing newer than 6.0 was sent.
  await expect(page.getByRole('complementary', { name: 'Цена и действия' }).getByRole('button', { name: 'Забронировать' })).toBeVisible();
  const sent = new Set((await tgEvents(page)).map((e) => e.type));
  for (const method of [
    'web_app_setup_secondary_button',
    'web_app_setup_closing_behavior',
    'web_app_setup_swipe_behavior',
    'web_app_set_header_color',
    'web_app_setup_back_button',
  ])
    expect(sent.has(method)).toBe(false);
});

test('deep links: startapp=fav opens favourites, startapp=preset_<code> TOP with that preset; the header takes the page colour', async ({
  page,
  baseURL,
}) => {
  await page.goto(tmaLaunchUrl({ base: baseURL!, userId: newTelegramId(), name: 'Ссылка', startParam: 'fav', dark: true }));
  await expect(page).toHaveURL(/\/tma\/favourites$/);
  // Telegram's dark palette: the page's background is its secondary_bg_color, and so are the header and background.
  await expect.poll(() => lastTgEvent(page, 'web_app_set_header_color')).toEqual({ color: '#232e3c' });
  expect(await lastTgEvent(page, 'web_app_set_background_color')).toEqual({ color: '#232e3c' });

  // The bot's Web App buttons (/settings) carry it as the URL's own ?startapp=.
  await page.goto(tmaLaunchUrl({ base: baseURL!, userId: newTelegramId(), name: 'Кнопка бота', path: '/?startapp=settings' }));
  await expect(page).toHaveURL(/\/tma\/agent$/);
  await expect(assistantDrawer(page)).toBeVisible();

  await page.goto(tmaLaunchUrl({ base: baseURL!, userId: newTelegramId(), name: 'Ссылка', startParam: 'preset_family' }));
  const presets = page.getByRole('radiogroup', { name: 'Подборки' });
  await expect(presets.getByRole('radio', { name: 'Для семьи' })).toHaveAttribute('aria-checked', 'true');
  await expect(page).toHaveURL(/\/tma\/$/);
});

test('an empty list in Telegram is Telegram UI’s placeholder with the spec’s words, not the website’s block', async ({ page, baseURL }) => {
  await page.goto(tmaLaunchUrl({ base: baseURL!, userId: newTelegramId(), name: 'Пустое избранное', path: '/favourites' }));
  const placeholder = page
    .locator('.kv-native-root [class*="tgui-"]')
    .filter({ hasText: 'Вы еще не добавили ни одной квартиры в этот список' });
  await expect(placeholder.first()).toBeVisible();
  await expect(placeholder.first().getByRole('img', { name: 'Мало вариантов для подбора' })).toBeVisible();
  await expect(page.locator('.kv-empty')).toHaveCount(0);
  await placeholder.first().getByRole('link', { name: 'Перейти в ТОП' }).click();
  await expect(page.getByTestId('apartment-card').first()).toBeVisible();
});

test('AI search settings in Telegram: the on/off settings are Telegram UI’s switch rows, named as on the website', async ({
  page,
  request,
  baseURL,
}) => {
  const userId = newTelegramId();
  await miniAppUserOnTrial(request, baseURL!, userId, 'Переключатели');
  await page.goto(tmaLaunchUrl({ base: baseURL!, userId, name: 'Переключатели', path: '/agent?settings=1', platform: 'android' }));
  const mortgage = assistantDrawer(page).getByTestId('lira-mortgage');
  const children = mortgage.getByRole('checkbox', { name: 'Есть дети' });
  await expect(children).toBeVisible();
  // Telegram's switch row, not the website's checkbox; the row's label is the switch's name.
  await expect(mortgage.locator('.kv-native-toggle .kv-native-switch input')).toHaveCount(2);
  await expect(mortgage.locator('.kv-lira-check')).toHaveCount(0);
  // Its words are no heading (telegram-ui's Android look writes a cell's title as an h6).
  await expect(mortgage.getByRole('heading')).toHaveCount(0);
  await expect(children).not.toBeChecked();
  // A tap on the row and the keyboard's Space both turn it, as on the website.
  await mortgage.locator('.kv-native-toggle', { hasText: 'Есть дети' }).click();
  await expect(children).toBeChecked();
  await expect.poll(() => closingConfirmation(page)).toBe(true);
  const it = mortgage.getByRole('checkbox', { name: 'Работаю в IT-компании' });
  await it.focus();
  await page.keyboard.press('Space');
  await expect(it).toBeChecked();
});

test('the call-back form in Telegram: the consent is Telegram UI’s checkbox row; a missing one is said and focused', async ({
  page,
  request,
  baseURL,
}) => {
  await openApartment(page, request, { base: baseURL!, name: 'Согласие', platform: 'android' });
  await expect.poll(async () => (await mainButton(page))?.text).toBe('Заказать звонок');
  await tgReceive(page, 'main_button_pressed');
  const dialog = page.getByRole('dialog', { name: 'Заказать звонок' });
  const consent = dialog.getByRole('checkbox', { name: /^Я согласен на обработку персональных данных/ });
  await expect(consent).toBeVisible();
  await expect(dialog.locator('.kv-native-toggle .kv-native-checkbox input')).toHaveCount(1);
  await expect(dialog.locator('.kv-callback__consent')).toHaveCount(0);
  await expect(dialog.getByRole('link', { name: 'обработку персональных данных' })).toBeVisible();

  await dialog.getByLabel('Имя').fill('Ольга');
  await dialog.getByLabel('Телефон').pressSequentially('89123456789');
  await dialog.getByRole('button', { name: 'Жду звонка' }).click();
  await expect(consent).toBeFocused();
  await expect(consent).toHaveAttribute('aria-invalid', 'true');
  await expect(consent).toHaveAccessibleDescription('Нужно согласие на обработку персональных данных');
  // The message starts under the checkbox, and each field's under its field (Telegram's Android look).
  const left = async (selector: string) => (await dialog.locator(selector).first().boundingBox())!.x;
  expect(Math.abs((await left('.kv-native-checkbox')) - (await left('.kv-native-toggle + .kv-callback__field-error')))).toBeLessThan(3);

  await consent.check();
  await expect(consent).not.toHaveAttribute('aria-invalid');
  await dialog.getByRole('button', { name: 'Жду звонка' }).click();
  await expect(dialog.getByRole('status')).toBeVisible();
});

test('Android look at 390 px: all five tab labels whole; the call-back form’s messages start where their fields do', async ({
  page,
  request,
  baseURL,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openApartment(page, request, { base: baseURL!, name: 'Андроид', platform: 'android' });
  const bar = page.getByRole('navigation', { name: 'Навигация' });
  for (const label of ['Меню', 'ТОП', 'ИИ Поиск', 'Избранное', 'Ассистент']) {
    const text = bar.locator('.kv-native-tab > :last-child', { hasText: label });
    await expect(text).toBeVisible();
    expect(await text.evaluate((el) => el.scrollWidth <= el.clientWidth), `${label} is cut`).toBe(true);
  }

  await expect.poll(async () => (await mainButton(page))?.text).toBe('Заказать звонок');
  await tgReceive(page, 'main_button_pressed');
  const dialog = page.getByRole('dialog', { name: 'Заказать звонок' });
  await dialog.getByRole('button', { name: 'Жду звонка' }).click();
  await expect(dialog.getByText('Укажите имя')).toBeVisible();
  const field = (await dialog.locator('.kv-native-input').first().boundingBox())!;
  const message = (await dialog.getByText('Укажите имя').boundingBox())!;
  expect(Math.abs(field.x - message.x)).toBeLessThan(3);
});

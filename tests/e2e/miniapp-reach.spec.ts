import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { assistantDrawer, moscowApartment, newTelegramId } from './helpers';
import { tmaLaunchUrl } from '../../scripts/tma-launch-url';
import { fakeTelegramWebview, mainButton, tgCloud, tgEvents, tgReceive } from './telegram-webview';

/**
 * What a Mini App does that a website cannot: Telegram's BackButton closes the top layer before it
 * navigates, the bot asks once for leave to write first, a listing goes to a chat through Telegram's share sheet.
 * Run against the stand-in Telegram (tests/e2e/telegram-webview.ts), which answers as Telegram's protocol does.
 */

const sent = async (page: Page, type: string) => (await tgEvents(page)).filter((e) => e.type === type);
const backVisible = async (page: Page) =>
  ((await sent(page, 'web_app_setup_back_button')).at(-1)?.data as { is_visible?: boolean } | undefined)?.is_visible;

test('the BackButton closes the call-back modal first, and only then leaves the page; on TOP it closes the menu', async ({
  page,
  request,
  baseURL,
}) => {
  await fakeTelegramWebview(page);
  const apartment = await moscowApartment(request);
  await page.goto(tmaLaunchUrl({ base: baseURL!, userId: newTelegramId(), name: 'Назад', startParam: `apart_${apartment.id}` }));
  await expect(page).toHaveURL(new RegExp(`/tma/msk/apart/${apartment.id}$`));
  await expect.poll(async () => (await mainButton(page))?.text).toBe('Заказать звонок');
  await tgReceive(page, 'main_button_pressed');
  const dialog = page.getByRole('dialog', { name: 'Заказать звонок' });
  await expect(dialog).toBeVisible();

  // First press: the modal closes, the apartment stays.
  await tgReceive(page, 'back_button_pressed');
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/tma/msk/apart/${apartment.id}$`));
  // Second press: now the page goes back (opened from a link, so to TOP), with no modal left over it.
  await tgReceive(page, 'back_button_pressed');
  await expect.poll(() => new URL(page.url()).pathname).toBe('/tma/');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect.poll(() => backVisible(page)).toBe(false);

  // On TOP the menu is a layer too: the BackButton shows while it is open and closes it.
  const nav = page.getByRole('navigation', { name: 'Навигация' });
  await nav.getByRole('button', { name: 'Меню' }).click();
  await expect(page.getByRole('navigation', { name: 'Меню' })).toBeVisible();
  await expect.poll(() => backVisible(page)).toBe(true);
  await tgReceive(page, 'back_button_pressed');
  await expect(page.getByRole('navigation', { name: 'Меню' })).toHaveCount(0);
  await expect.poll(() => backVisible(page)).toBe(false);
  expect(new URL(page.url()).pathname).toBe('/tma/');
});

test('starting AI search asks Telegram once for leave to write first; a refusal is told, and never asked again', async ({
  page,
  baseURL,
}) => {
  await fakeTelegramWebview(page, { writeAccess: 'cancelled' });
  const userId = newTelegramId();
  await page.goto(tmaLaunchUrl({ base: baseURL!, userId, name: 'Разрешение', path: '/agent' }));
  await expect.poll(async () => (await mainButton(page))?.text).toBe('Настроить и запустить');
  await tgReceive(page, 'main_button_pressed');
  await expect(assistantDrawer(page)).toHaveAttribute('data-view', 'LIRA_CREATION');
  await expect.poll(async () => (await sent(page, 'web_app_request_write_access')).length).toBe(1);
  // Refused: the buyer reads what that means and where the finds will be.
  await expect(page.getByText(/Без разрешения бот не сможет присылать вам новые квартиры в Telegram/)).toBeVisible();

  // Through the setup on Telegram's buttons to the trial: starting it asks nothing again.
  const flow = page.getByTestId('lira-creation');
  await flow.getByRole('button', { name: 'Пропустить' }).click();
  for (const step of [2, 3, 4]) {
    await expect(flow.getByText(`Шаг ${step} из 5`)).toBeVisible();
    await expect.poll(async () => (await mainButton(page))?.text).toBe('Далее');
    await tgReceive(page, 'main_button_pressed');
  }
  await expect(flow.getByText('Шаг 5 из 5')).toBeVisible();
  await expect.poll(async () => (await mainButton(page))?.text).toMatch(/Бесплатно на три дня|Всё равно продолжить/);
  if ((await mainButton(page))?.text === 'Всё равно продолжить') await tgReceive(page, 'main_button_pressed');
  await expect.poll(async () => (await mainButton(page))?.text).toBe('Бесплатно на три дня');
  await tgReceive(page, 'main_button_pressed');
  await expect(page.getByTestId('agent-status')).not.toContainText('Не создан', { timeout: 15_000 });

  // A new launch of the same user: the answer is remembered, Telegram is not asked again.
  await page.goto('about:blank');
  await page.goto(tmaLaunchUrl({ base: baseURL!, userId, name: 'Разрешение', path: '/agent' }));
  await expect(page.getByTestId('agent-status')).toBeVisible();
  expect((await sent(page, 'web_app_ready')).length).toBe(1);
  expect((await sent(page, 'web_app_request_write_access')).length).toBe(0);
});

test('on a client before 8.0 «Поделиться» sends the listing’s page through Telegram’s share sheet for links, with its text', async ({
  page,
  request,
  baseURL,
}) => {
  await fakeTelegramWebview(page);
  const apartment = await moscowApartment(request);
  await page.goto(
    tmaLaunchUrl({ base: baseURL!, userId: newTelegramId(), name: 'Делюсь', startParam: `apart_${apartment.id}`, version: '7.10' }),
  );
  await expect(page).toHaveURL(new RegExp(`/tma/msk/apart/${apartment.id}$`));
  await page.getByTestId('apart-share').click();
  await expect.poll(async () => (await sent(page, 'web_app_open_tg_link')).length).toBe(1);
  // That client has no prepared messages: the app never asked it for one.
  expect(await sent(page, 'web_app_send_prepared_message')).toHaveLength(0);
  const { path_full: path } = (await sent(page, 'web_app_open_tg_link'))[0]!.data as { path_full: string };
  const share = new URL(path, 'https://t.me');
  expect(share.pathname).toBe('/share/url');
  // The website's page of the listing (its Open Graph card is the chat's preview), not the Mini App's.
  expect(share.searchParams.get('url')).toBe(`${baseURL}/msk/apart/${apartment.id}`);
  expect(share.searchParams.get('text')).toMatch(/м².* — .*₽/);
  // The preview Telegram draws comes from the page's Open Graph tags: its own picture and price.
  const html = await (await request.get(`/msk/apart/${apartment.id}`)).text();
  expect(html).toContain(`/api/media/apart/${apartment.id}/preview.png`);
});

interface PreparedArticle {
  userId: number;
  result: {
    type: string;
    title: string;
    url: string;
    input_message_content: { message_text: string; link_preview_options: { url: string } };
    reply_markup: { inline_keyboard: Array<Array<{ text: string; url: string }>> };
  };
}

test('«Поделиться» sends the listing as the bot’s prepared message: the chat gets its card with the page’s preview and «Открыть в Кварте»', async ({
  page,
  request,
  baseURL,
}) => {
  await fakeTelegramWebview(page);
  const apartment = await moscowApartment(request);
  const userId = newTelegramId();
  await page.goto(tmaLaunchUrl({ base: baseURL!, userId, name: 'Делюсь', startParam: `apart_${apartment.id}` }));
  await expect(page).toHaveURL(new RegExp(`/tma/msk/apart/${apartment.id}$`));
  await page.getByTestId('apart-share').click();
  // Telegram's share sheet opens with the id the server got from savePreparedInlineMessage…
  await expect.poll(async () => (await sent(page, 'web_app_send_prepared_message')).length).toBe(1);
  const { id } = (await sent(page, 'web_app_send_prepared_message'))[0]!.data as { id: string };
  // …and, sent, that is all: no link goes after it.
  await expect(page.getByTestId('apart-share')).toBeEnabled();
  expect(await sent(page, 'web_app_open_tg_link')).toHaveLength(0);

  // What the chat receives: prepared for this Telegram user, the website's page of the listing with its preview.
  const answer = await request.get(`/dev/telegram/prepared/${id}`);
  expect(answer.status()).toBe(200);
  const prepared = (await answer.json()).data as PreparedArticle;
  expect(prepared.userId).toBe(userId);
  const url = `${baseURL}/msk/apart/${apartment.id}`;
  expect(prepared.result.type).toBe('article');
  expect(prepared.result.url).toBe(url);
  expect(prepared.result.title).toMatch(/(Студия|\d-к квартира|апартаменты).* м²/);
  // Its text: the title, the price, the address, the page (whose Open Graph card the chat shows as the preview).
  const lines = prepared.result.input_message_content.message_text.split('\n');
  expect(lines).toHaveLength(4);
  expect(lines[0]).toBe(prepared.result.title);
  expect(lines[1]).toMatch(/₽$/);
  expect(lines[3]).toBe(url);
  expect(prepared.result.input_message_content.link_preview_options.url).toBe(url);
  expect(prepared.result.reply_markup.inline_keyboard).toEqual([[{ text: 'Открыть в Кварте', url }]]);
});

test('a buyer who closes Telegram’s share sheet without sending is not sent a link instead', async ({ page, request, baseURL }) => {
  await fakeTelegramWebview(page, { shareMessage: 'declined' });
  const apartment = await moscowApartment(request);
  await page.goto(tmaLaunchUrl({ base: baseURL!, userId: newTelegramId(), name: 'Передумал', startParam: `apart_${apartment.id}` }));
  await expect(page).toHaveURL(new RegExp(`/tma/msk/apart/${apartment.id}$`));
  await page.getByTestId('apart-share').click();
  await expect.poll(async () => (await sent(page, 'web_app_send_prepared_message')).length).toBe(1);
  await expect(page.getByTestId('apart-share')).toBeEnabled();
  expect(await sent(page, 'web_app_open_tg_link')).toHaveLength(0);
});

const tabBar = (page: Page) => page.getByRole('navigation', { name: 'Навигация' });
const menu = (page: Page) => page.getByRole('navigation', { name: 'Меню' });

async function showTopOnMap(page: Page): Promise<void> {
  await tabBar(page).getByRole('button', { name: 'Меню' }).click();
  await menu(page).getByTestId('view-mode-toggle').click();
  await expect(page.getByTestId('schematic-map')).toBeVisible();
}

test('the city and the map view chosen in one launch come back on the buyer’s other device, from Telegram’s CloudStorage', async ({
  page,
  baseURL,
}) => {
  await fakeTelegramWebview(page);
  const userId = newTelegramId();
  await page.goto(tmaLaunchUrl({ base: baseURL!, userId, name: 'Облако' }));
  await expect(page.getByRole('heading', { name: 'ТОП в Санкт-Петербурге' })).toBeVisible();
  await tabBar(page).getByRole('button', { name: 'Меню' }).click();
  await menu(page).getByTestId('city-button').click();
  await page.getByRole('dialog', { name: 'Выберите город' }).getByRole('radio', { name: 'Москва' }).click();
  await expect(page.getByRole('heading', { name: 'ТОП в Москве' })).toBeVisible();
  await showTopOnMap(page);
  const saved = await tgCloud(page);
  expect(saved).toEqual({ currentCity: '77', selectionViewMode: JSON.stringify({ home: 'map', agent: 'list', favourites: 'list' }) });

  // Another device of the same account: nothing in its own storage, only what Telegram keeps for the account.
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto('about:blank');
  await fakeTelegramWebview(page, { cloud: saved });
  await page.goto(tmaLaunchUrl({ base: baseURL!, userId, name: 'Облако' }));
  await expect(page.getByRole('heading', { name: 'ТОП в Москве' })).toBeVisible();
  await expect(page.getByTestId('schematic-map')).toBeVisible();
});

test('«Рядом со мной» on TOP’s map asks Telegram for the location and centres the map on the buyer and the nearest building', async ({
  page,
  baseURL,
}) => {
  await fakeTelegramWebview(page, { location: { latitude: 59.9386, longitude: 30.3141 } });
  await page.goto(tmaLaunchUrl({ base: baseURL!, userId: newTelegramId(), name: 'Рядом' }));
  await showTopOnMap(page);
  // Nothing is asked before the buyer presses the button.
  expect(await sent(page, 'web_app_request_location')).toHaveLength(0);
  await page.getByTestId('near-me').click();
  await expect(page.getByText(/^Ближайший дом — в [\d\s,]+ (м|км) от вас$/)).toBeVisible();
  const here = page.getByTestId('map-pin').filter({ hasText: 'Вы здесь' });
  await expect(here).toBeVisible();
  // Centred: the buyer's marker is inside the map's box, not somewhere off it.
  const [pin, map] = [await here.boundingBox(), await page.getByTestId('schematic-map').boundingBox()];
  const [x, y] = [pin!.x + pin!.width / 2, pin!.y + pin!.height / 2];
  expect(x > map!.x && x < map!.x + map!.width && y > map!.y && y < map!.y + map!.height).toBe(true);
  expect(await sent(page, 'web_app_request_location')).toHaveLength(1);
});

test('a buyer who refuses the location is told so in Russian, and the map stays as it was', async ({ page, baseURL }) => {
  await fakeTelegramWebview(page, { location: 'denied' });
  await page.goto(tmaLaunchUrl({ base: baseURL!, userId: newTelegramId(), name: 'Нельзя' }));
  await showTopOnMap(page);
  await page.getByTestId('near-me').click();
  await expect(page.getByText('Нет доступа к геопозиции. Разрешите его, чтобы увидеть квартиры рядом с вами')).toBeVisible();
  await expect(page.getByTestId('map-pin').filter({ hasText: 'Вы здесь' })).toHaveCount(0);
  await expect(page.getByTestId('schematic-map')).toBeVisible();
  await expect(page.getByTestId('near-me')).toBeEnabled();
});

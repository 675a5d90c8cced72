import { expect, test } from './fixtures';
import type { Locator, Page } from '@playwright/test';

/**
 * The apartment page and cards, at 390×844 and 1280×800: a card that opens wherever it is tapped, a modal that fits, a denser phone feed, same-layout and similar
 * rows that scroll sideways, favourite and share, a booking that says it is one, and a call-back form that checks itself.
 */

const nbsp = (s: string) => s.replace(/\u00a0|\u202f/g, ' ').trim();
const area = (text: string) => Number(/([\d,]+) м²/.exec(nbsp(text))![1]!.replace(',', '.'));

async function firstCard(page: Page): Promise<Locator> {
  await page.goto('/');
  const card = page.getByTestId('apartment-card').first();
  await expect(card).toBeVisible();
  return card;
}

/** The apartment page of the feed's first card; its id. */
async function openApartPage(page: Page): Promise<string> {
  const card = await firstCard(page);
  const id = (await card.getAttribute('data-apartment-id'))!;
  await page.goto(`/spb/apart/${id}`);
  await expect(page.getByTestId('apart-page')).toBeVisible();
  return id;
}

async function closeModal(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('apartment-modal')).toHaveCount(0);
}

test('the whole card opens the apartment: its photo, price and title; Enter on the card; reactions stay their own', async ({ page }) => {
  const card = await firstCard(page);
  const modal = page.getByTestId('apartment-modal');
  // The price and the facts lie under the card's stretched button: a real click there lands on it (force skips only
  // Playwright's own check that the price itself is the topmost element).
  await card.locator('.kv-card__price').click({ force: true });
  await expect(modal).toBeVisible();
  await closeModal(page);
  await card.locator('.kv-card__rooms').click({ force: true });
  await expect(modal).toBeVisible();
  await closeModal(page);
  await card.locator('.kv-slider__photo').first().click();
  await expect(modal).toBeVisible();
  await closeModal(page);
  await card.locator('.kv-card__open').click();
  await expect(modal).toBeVisible();
  await closeModal(page);

  // Keyboard: the card is one tab stop (its title's button, with no controls nested in it), Enter opens it.
  const open = card.locator('.kv-card__open');
  await expect(open.locator('button, a')).toHaveCount(0);
  await open.focus();
  await page.keyboard.press('Enter');
  await expect(modal).toBeVisible();
  await closeModal(page);

  // The like button is above the card's layer: it reacts and opens nothing.
  const like = card.locator('.kv-react--like');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(modal).toHaveCount(0);
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  // A bullet of the photo slider switches the photo and opens nothing either.
  const bullets = card.locator('.kv-snap__bullet');
  if ((await bullets.count()) > 1) {
    await bullets.nth(1).click();
    await expect(bullets.nth(1)).toHaveAttribute('aria-current', 'true');
    await expect(modal).toHaveCount(0);
  }
});

test('the apartment modal fits the screen with «Открыть страницу квартиры» in view, and the link leads to the page', async ({ page }) => {
  const card = await firstCard(page);
  const id = await card.getAttribute('data-apartment-id');
  await card.locator('.kv-card__price').click({ force: true });
  const link = page.getByTestId('apartment-modal').getByRole('link', { name: 'Открыть страницу квартиры' });
  await expect(link).toBeInViewport({ ratio: 1 });
  // Nothing of the page behind scrolled to show it.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/spb/apart/${id}$`));
});

test('the first screen shows more than one apartment with its price', async ({ page }) => {
  await firstCard(page);
  const viewport = page.viewportSize()!;
  // Cards are dealt into columns, so the DOM order is not the screen's: count the prices wholly on the first screen.
  const pricesOnScreen = await page
    .getByTestId('apartment-card')
    .locator('.kv-card__price')
    .evaluateAll(
      (prices, height) =>
        prices.filter((p) => {
          const box = p.getBoundingClientRect();
          return box.height > 0 && box.top >= 0 && box.bottom <= height;
        }).length,
      viewport.height,
    );
  expect(pricesOnScreen).toBeGreaterThan(1);
  if (viewport.width < 414) {
    // One column (spec §9: 300→1): the photo beside the facts keeps a card short.
    const box = (await page.getByTestId('apartment-card').first().boundingBox())!;
    expect(box.height).toBeLessThan(viewport.height / 3);
  }
});

test('same layout lists only the same layout; both rows scroll sideways and the page stays short', async ({ page }) => {
  await openApartPage(page);
  const pageRooms = nbsp(await page.getByRole('heading', { level: 1 }).innerText());
  const pageArea = area(pageRooms);
  const same = page.getByTestId('apart-same-layout');
  await same.scrollIntoViewIfNeeded();
  await expect(same.getByTestId('apartment-card').first().or(same.getByText('Других квартир с такой планировкой'))).toBeVisible();
  for (const rooms of await same.locator('.kv-card__rooms').allInnerTexts()) {
    expect(Math.abs(area(rooms) - pageArea)).toBeLessThanOrEqual(1.0001);
    const kind = nbsp(rooms).split(',')[0]!;
    expect(pageRooms.toLowerCase()).toContain(kind.toLowerCase());
  }

  const analogues = page.getByTestId('apart-analogues');
  await analogues.scrollIntoViewIfNeeded();
  const row = analogues.getByTestId('related-row');
  await expect(row.getByTestId('apartment-card').nth(2)).toBeAttached();
  const cards = row.getByTestId('apartment-card');
  // One row: every card at the same height on the page, more of them than fit across, scrolled inside the row.
  const tops = await cards.evaluateAll((all) => all.map((c) => Math.round(c.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  expect(await row.evaluate((r) => r.scrollWidth > r.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  // The keyboard scrolls it: it is a tab stop, and the arrow keys move it along.
  await row.focus();
  await expect(row).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => row.evaluate((r) => r.scrollLeft)).toBeGreaterThan(0);
  if (page.viewportSize()!.width > 768) {
    // The desktop's arrows move it by most of its width.
    const before = await row.evaluate((r) => r.scrollLeft);
    await analogues.getByRole('button', { name: 'Следующие квартиры' }).click();
    await expect.poll(() => row.evaluate((r) => r.scrollLeft)).toBeGreaterThan(before + 200);
  }
  // Twelve similar flats no longer stack into a 14 000-px page.
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(8000);
  // A card of the row opens the modal like any card.
  await cards.first().locator('.kv-card__price').click({ force: true });
  await expect(page.getByTestId('apartment-modal')).toBeVisible();
});

test('the demo’s «Иллюстрация» caption sits under the photos it speaks of; the layout beside them wider than a phone', async ({ page }) => {
  await openApartPage(page);
  const photos = (await page.getByTestId('apart-gallery').boundingBox())!;
  const caption = page.getByTestId('apart-illustration');
  await expect(caption).toHaveText('Иллюстрация: рисунок, а не фото дома');
  const under = (await caption.boundingBox())!;
  expect(under.y).toBeGreaterThanOrEqual(photos.y + photos.height - 1);
  expect(under.y).toBeLessThan(photos.y + photos.height + 40);
  expect(under.x).toBeGreaterThanOrEqual(photos.x - 1);
  expect(under.x + under.width).toBeLessThanOrEqual(photos.x + photos.width + 1);
  const layout = (await page.getByRole('figure', { name: 'Планировка' }).boundingBox())!;
  if ((page.viewportSize()?.width ?? 0) > 600) expect(layout.x).toBeGreaterThanOrEqual(photos.x + photos.width);
  else expect(layout.y).toBeGreaterThan(under.y + under.height);
});

test('the apartment page adds to favourites and shares its link: the share sheet where there is one', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: ShareData) => {
        (window as unknown as { shared: ShareData }).shared = data;
      },
    });
  });
  const id = await openApartPage(page);
  const favourite = page.getByTestId('apart-favourite');
  await expect(favourite).toHaveText('♡ В избранное');
  await favourite.click();
  await expect(favourite).toHaveAttribute('aria-pressed', 'true');
  await expect(favourite).toHaveText('♥ В избранном');
  // The three actions share one row at every width: on a phone «Сравнить» is short and «Поделиться» an icon.
  const share = page.getByRole('button', { name: 'Поделиться' });
  const compare = page.getByTestId('apart-page').getByTestId('compare-toggle');
  const tops = await Promise.all([favourite, compare, share].map(async (button) => (await button.boundingBox())!.y));
  expect(new Set(tops).size).toBe(1);
  const phone = (page.viewportSize()?.width ?? 0) <= 600;
  await expect(compare).toHaveAccessibleName(phone ? /^⇄\s*Сравнить$/ : /^⇄\s*Добавить к сравнению$/);

  await share.click();
  const shared = await page.waitForFunction(() => (window as unknown as { shared?: ShareData }).shared);
  const data = (await shared.jsonValue()) as ShareData;
  expect(data.url).toBe(new URL(`/spb/apart/${id}`, page.url()).toString());
  expect(nbsp(data.title!)).toBe(nbsp(await page.getByRole('heading', { level: 1 }).innerText()));
  await expect(page.getByText('Ссылка скопирована')).toHaveCount(0);

  // The favourite was saved: it is on the favourites page.
  await page.goto('/favourites');
  await expect(page.locator(`[data-testid="apartment-card"][data-apartment-id="${id}"]`)).toBeVisible();
});

test('without a share sheet the link is copied, with «Ссылка скопирована»', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', { configurable: true, value: undefined });
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: async (text: string) => {
          (window as unknown as { copied: string }).copied = text;
        },
      },
    });
  });
  const id = await openApartPage(page);
  await page.getByTestId('apart-share').click();
  await expect(page.locator('.kv-toast', { hasText: 'Ссылка скопирована' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { copied?: string }).copied)).toBe(
    new URL(`/spb/apart/${id}`, page.url()).toString(),
  );
});

/** The page's own «Забронировать» (inside Telegram it is the native button; here the website's). */
const bookButton = (page: Page) =>
  page.getByRole('complementary', { name: 'Цена и действия' }).getByRole('button', { name: 'Забронировать' });

test('«Забронировать» is a booking request: its own title, text and extraField, a masked phone', async ({ page }) => {
  const id = await openApartPage(page);
  await bookButton(page).click();
  const modal = page.getByRole('dialog', { name: /^Забронировать (квартиру|апартаменты)$/ });
  await expect(modal).toContainText('закрепить');
  await expect(modal).not.toContainText('ответит на вопросы');
  await modal.getByLabel('Имя').fill('Ольга');
  const phone = modal.getByLabel('Телефон');
  await phone.pressSequentially('89123456789');
  await expect(phone).toHaveValue('+7 (912) 345-67-89');
  await modal.getByLabel(/Я согласен на/).check();
  const request = page.waitForRequest((r) => r.url().endsWith('/bot-api/callback/sale') && r.method() === 'POST');
  await modal.getByRole('button', { name: 'Отправить заявку на бронь' }).click();
  const body = (await request).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ userName: 'Ольга', phone: '+7 (912) 345-67-89', agreed: true });
  expect(body.extraField).toMatch(new RegExp(`^Бронирование: .+, квартира ${id}$`));
  expect(nbsp(String(body.extraField))).toContain(nbsp(await page.getByTestId('apart-price').innerText()));
  await expect(modal.getByRole('status')).toHaveText('Заявка принята. Менеджер перезвонит вам в ближайшее время.');
  await modal.getByRole('button', { name: 'Готово' }).click();

  // «Заказать звонок» stays a call-back, with its own words.
  await page.getByTestId('apart-callback').click();
  const callback = page.getByRole('dialog', { name: 'Заказать звонок' });
  await expect(callback).toContainText('ответит на вопросы');
  await expect(callback.getByRole('button', { name: 'Жду звонка' })).toBeVisible();
});

test('the call-back form checks itself in Russian before sending; a pasted number is masked', async ({ page }) => {
  await openApartPage(page);
  let sent = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/callback/sale')) sent += 1;
  });
  await page.getByTestId('apart-callback').click();
  const modal = page.getByRole('dialog', { name: 'Заказать звонок' });
  await modal.getByRole('button', { name: 'Жду звонка' }).click();
  await expect(modal.getByRole('alert')).toHaveText(['Укажите имя', 'Укажите телефон', 'Нужно согласие на обработку персональных данных']);
  await expect(modal.getByLabel('Имя')).toBeFocused();
  await expect(modal.getByLabel('Имя')).toHaveAttribute('aria-invalid', 'true');
  // No browser bubble: the form is not left to the browser's own checks.
  expect(await modal.locator('form').evaluate((f: HTMLFormElement) => f.noValidate)).toBe(true);
  expect(sent).toBe(0);

  await modal.getByLabel('Имя').fill('Пётр');
  await expect(modal.getByText('Укажите имя')).toHaveCount(0);
  const phone = modal.getByLabel('Телефон');
  // A number pasted whole, the way people copy it from a contact card.
  await phone.fill('8 (921) 000-11-22');
  await expect(phone).toHaveValue('+7 (921) 000-11-22');
  await expect(phone).not.toHaveAttribute('aria-invalid', 'true');
  await phone.fill('8 921 000');
  await expect(phone).toHaveValue('+7 (921) 000');
  await modal.getByLabel(/Я согласен на/).check();
  await modal.getByRole('button', { name: 'Жду звонка' }).click();
  await expect(modal.getByRole('alert')).toHaveText('Введите российский номер телефона: +7 XXX XXX-XX-XX или 8 XXX XXX-XX-XX');
  await expect(phone).toBeFocused();
  expect(sent).toBe(0);
});

test('a 429 on the call-back form says when to try again, once, and marks no valid field', async ({ page }) => {
  await page.route('**/bot-api/callback/sale', (route) =>
    route.fulfill({
      status: 429,
      headers: { 'Retry-After': '125', 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({
        result: 'error',
        message: 'Слишком много заявок. Попробуйте ещё раз через 3 мин.',
        statusCode: 429,
        detail: { retryAfterSeconds: 125 },
      }),
    }),
  );
  await openApartPage(page);
  await page.getByTestId('apart-callback').click();
  const modal = page.getByRole('dialog', { name: 'Заказать звонок' });
  await modal.getByLabel('Имя').fill('Анна');
  await modal.getByLabel('Телефон').fill('+7 912 345-67-89');
  await modal.getByLabel(/Я согласен на/).check();
  await modal.getByRole('button', { name: 'Жду звонка' }).click();
  const said = page.getByText('Слишком много заявок. Попробуйте ещё раз через 3 мин.');
  await expect(said).toHaveCount(1);
  await expect(said).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Повторить' })).toBeVisible();
  // The fields were right: none is marked, and the form keeps them.
  await expect(modal.locator('[aria-invalid="true"]')).toHaveCount(0);
  await expect(modal.getByRole('alert')).toHaveCount(0);
  await expect(modal.getByLabel('Телефон')).toHaveValue('+7 (912) 345-67-89');
});

import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';

const nbsp = (s: string) => s.replace(/\u00a0|\u202f/g, ' ').trim();

/** From the TOP feed: the first card → the apartment modal → the apartment page. Returns the card's rooms/area text. */
async function openFromTop(page: Page): Promise<{ id: string; roomsText: string }> {
  await page.goto('/');
  const card = page.getByTestId('apartment-card').first();
  await expect(card).toBeVisible();
  const id = (await card.getAttribute('data-apartment-id'))!;
  const roomsText = nbsp(await card.locator('.kv-card__rooms').innerText());
  await card.locator('.kv-card__open').click();
  const modal = page.getByTestId('apartment-modal');
  await expect(modal).toBeVisible();
  await modal.getByRole('link', { name: 'Открыть страницу квартиры' }).click();
  await expect(page).toHaveURL(new RegExp(`/spb/apart/${id}$`));
  await expect(page.getByTestId('apart-page')).toBeVisible();
  return { id, roomsText };
}

test('APART from the TOP feed: title per the rules, price chart, lightbox, callback to the managers chat', async ({ page }, info) => {
  const { roomsText } = await openFromTop(page);
  // The feed card says '1-к квартира, 32,4 м², 5/14 эт.' or 'студия, …'; the page title follows spec §9.
  const [rooms, area] = roomsText.split(', ');
  const expected = `${rooms === 'студия' ? 'Студия' : rooms} ${area} в Санкт-Петербурге`;
  expect(expected).toMatch(/^(\d-к квартира|Студия) [\d,]+ м² в Санкт-Петербурге$/);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(expected, { useInnerText: true });
  await expect.poll(async () => nbsp(await page.title())).toBe(`${expected} | Кварта`);
  await expect(page.getByTestId('apart-price')).toContainText('₽');

  // chart.js arrives lazily and draws on a real canvas.
  const chart = page.getByTestId('price-chart');
  await chart.scrollIntoViewIfNeeded();
  await expect(chart).toHaveAttribute('data-state', 'ready');
  const box = await chart.boundingBox();
  expect(box!.width).toBeGreaterThan(100);
  expect(box!.height).toBeGreaterThan(100);
  expect(await chart.evaluate((c: HTMLCanvasElement) => c.width * c.height)).toBeGreaterThan(0);

  // Sections with data from their endpoints.
  await expect(page.getByTestId('apart-fair-price')).toContainText(/ниже рынка|выше рынка|по рынку|сравнить не с чем/);
  await expect(page.getByTestId('apart-market')).toContainText('Средняя цена м²');
  await expect(page.getByTestId('apart-parameters')).toContainText('Класс');
  // A resale house's facts and its card's rows (class, yard, district) are one list: every value in one column.
  const houseFacts = page.getByTestId('house-facts');
  if ((await page.getByTestId('apart-parameters').getByRole('heading', { name: 'Дом', exact: true }).count()) > 0)
    await expect(houseFacts).toContainText('Класс');
  const valueLefts = await houseFacts
    .locator('dd')
    .evaluateAll((values) => values.map((dd) => Math.round(dd.getBoundingClientRect().left)));
  expect(new Set(valueLefts).size).toBe(1);
  // Asked for as it comes near the screen.
  const adverts = page.getByTestId('apart-adverts');
  await adverts.scrollIntoViewIfNeeded();
  await expect(adverts).toContainText('Кварта');
  const analogues = page.getByTestId('apart-analogues');
  await analogues.scrollIntoViewIfNeeded();
  await expect(analogues.getByTestId('apartment-card').first().or(analogues.getByText('Похожих квартир в других'))).toBeVisible();
  await expect(page.getByTestId('apart-ai-cta').getByRole('link', { name: 'ИИ Поиск' })).toHaveAttribute('href', '/agent');
  const infra = page.getByTestId('apart-infrastructure');
  await infra.scrollIntoViewIfNeeded();
  await expect(infra.getByTestId('schematic-map')).toBeVisible();
  await expect(infra.getByRole('checkbox', { name: /^Метро/ })).toBeVisible();
  // The house is always its own marker; the legend filters kinds off the map.
  await expect(infra.getByTestId('map-pin')).toHaveText('Дом');
  const onMap = async () => {
    const clusters = await infra.getByTestId('map-cluster').allInnerTexts();
    return (await infra.getByTestId('map-marker').count()) + clusters.reduce((sum, n) => sum + Number(n), 0);
  };
  const shops = infra.getByRole('checkbox', { name: /^Магазины/ });
  const shopCount = Number((await infra.locator('label', { hasText: 'Магазины' }).innerText()).replace(/\D/g, ''));
  expect(shopCount).toBeGreaterThan(0);
  const before = await onMap();
  await shops.uncheck();
  await expect.poll(onMap).toBe(before - shopCount);
  await shops.check();
  await expect.poll(onMap).toBe(before);

  // Lightbox: opens at the photo clicked, moves by keyboard and by swipe, Escape closes it.
  await page
    .getByTestId('apart-gallery')
    .getByRole('button', { name: /^Открыть фото 1 из \d+/ })
    .click();
  const lightbox = page.getByRole('dialog', { name: 'Фотографии' });
  await expect(lightbox).toBeVisible();
  const counter = lightbox.getByTestId('lightbox-counter');
  await expect(counter).toHaveAttribute('data-index', '0');
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveAttribute('data-index', '1');
  // Swiper ignores a drag while a slide transition runs: wait for it to settle.
  const settled = () =>
    lightbox
      .getByTestId('lightbox-slider')
      .evaluate((el) => (el as HTMLElement & { swiper?: { animating: boolean } }).swiper?.animating === false);
  await expect.poll(settled).toBe(true);
  const slider = await lightbox.getByTestId('lightbox-slider').boundingBox();
  const y = slider!.y + slider!.height / 2;
  // A right-to-left drag at finger speed (one move per frame): Swiper reads pointer events from mouse and touch alike.
  await page.mouse.move(slider!.x + slider!.width * 0.8, y);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) {
    await page.mouse.move(slider!.x + slider!.width * (0.8 - 0.07 * step), y);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  }
  await page.mouse.up();
  await expect(counter).toHaveAttribute('data-index', '2');
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveAttribute('data-index', '1');
  await page.keyboard.press('Escape');
  await expect(lightbox).toHaveCount(0);

  // A call-back request about this apartment reaches the managers' chat of the stand-in.
  const apartmentId = page.url().split('/').pop()!;
  const name = `Покупатель квартиры ${info.project.name} ${Date.now()}`;
  await page.getByTestId('apart-callback').click();
  const modal = page.getByRole('dialog', { name: 'Заказать звонок' });
  await modal.getByLabel('Имя').fill(name);
  await modal.getByLabel('Телефон').fill('+7 912 345-67-89');
  await modal.getByLabel(/Я согласен на/).check();
  await modal.getByRole('button', { name: 'Жду звонка' }).click();
  await expect(modal.getByRole('status')).toHaveText('Заявка принята. Менеджер перезвонит вам в ближайшее время.');
  await modal.getByRole('button', { name: 'Готово' }).click();
  await page.goto('/dev/telegram');
  const message = page.getByTestId('managers-chat').locator('.msg', { hasText: name });
  await expect(message).toContainText('Телефон: +79123456789');
  await expect(message).toContainText(`Подробности: Обратный звонок, квартира ${apartmentId}`);
});

test('an unknown apartment is «Страница не найдена» with HTTP 404, from the server and in the app', async ({ page }) => {
  for (const url of ['/spb/apart/99999999', '/spb/apart/abc', '/atlantis/apart/1']) {
    const response = await page.goto(url);
    expect(response!.status(), url).toBe(404);
    await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
  }
  // Navigating inside the app to a missing apartment lands on /404 too.
  await page.goto('/');
  await page.evaluate(() => {
    window.history.pushState({}, '', '/msk/apart/99999998');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
});

test('the server sends the apartment title and description in the HTML, and the legal PDFs', async ({ page, request }) => {
  const { id } = await openFromTop(page);
  const title = nbsp(await page.title());
  const html = await (await request.get(`/spb/apart/${id}`)).text();
  expect(nbsp(/<title>(.*?)<\/title>/.exec(html)![1]!)).toBe(title);
  expect(nbsp(/<meta name="description" content="([^"]*)"/.exec(html)![1]!)).toMatch(/за [\d ]+ ₽/);
  for (const doc of ['/docs/personal-data-policy.pdf', '/docs/confidentiality-policy.pdf', '/docs/public-offer.pdf']) {
    const res = await request.get(doc);
    expect(res.status(), doc).toBe(200);
    expect(res.headers()['content-type']).toBe('application/pdf');
    expect((await res.body()).subarray(0, 4).toString()).toBe('%PDF');
  }
  await expect(
    page
      .getByTestId('site-footer')
      .getByRole('navigation', { name: 'Правовая информация' })
      .getByRole('link', { name: 'Публичная оферта' }),
  ).toHaveAttribute('href', '/docs/public-offer.pdf');
});

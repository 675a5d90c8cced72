import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { clientNavigate } from './helpers';

const ACCEPTED = 'Заявка принята. Менеджер перезвонит вам в ближайшее время.';

async function imagesLoaded(page: Page, selector: string): Promise<number[]> {
  return page.locator(selector).evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth));
}

test('services index → detail → cross-sell link to another detail', async ({ page }) => {
  await page.goto('/services');
  await expect(page).toHaveTitle('Услуги | Кварта');
  await expect(page.getByRole('heading', { level: 1, name: 'Услуги «Кварты»' })).toBeVisible();
  await expect(page.getByTestId('service-card')).toHaveCount(4);
  for (const section of ['Ипотека', 'Гайды от экспертов', 'Отзывы клиентов'])
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
  // The three reviewers' avatars are real images.
  await expect(page.getByTestId('review')).toHaveCount(3);
  await page.getByTestId('review').last().scrollIntoViewIfNeeded();
  await expect.poll(() => imagesLoaded(page, '.kv-review__avatar')).toEqual([120, 120, 120]);
  await expect(page.getByTestId('site-footer').getByRole('link', { name: 'Политика обработки персональных данных' })).toHaveAttribute(
    'href',
    '/docs/personal-data-policy.pdf',
  );

  await page.getByRole('link', { name: 'Подбор и покупка квартиры' }).click();
  await expect(page).toHaveURL(/\/services\/podbor-i-pokupka$/);
  await expect(page).toHaveTitle('Подбор и покупка квартиры под ключ | Кварта');
  await expect(page.getByRole('heading', { level: 1, name: 'Подбор и покупка квартиры под ключ' })).toBeVisible();
  await expect(page.locator('[data-hero]')).toHaveAttribute('src', /\/api\/media\/service\/podbor-i-pokupka\.svg$/);
  await expect.poll(() => imagesLoaded(page, '[data-hero]')).toEqual([560]);

  const crossSell = page.getByTestId('cross-sell');
  await expect(crossSell.getByTestId('service-card')).toHaveCount(2);
  await crossSell.getByRole('link', { name: 'Безопасная сделка' }).click();
  await expect(page).toHaveURL(/\/services\/bezopasnaya-sdelka$/);
  await expect(page).toHaveTitle('Безопасная сделка | Кварта');
  await expect(page.getByRole('heading', { level: 1, name: 'Безопасная сделка' })).toBeVisible();
  await expect(page.locator('[data-hero]')).toHaveAttribute('src', /\/service\/bezopasnaya-sdelka\.svg$/);

  // Any other slug has the 'sell' hero; the breadcrumb leads back to the index.
  await page.getByTestId('cross-sell').getByRole('link', { name: 'Ипотека' }).click();
  await expect(page.locator('[data-hero]')).toHaveAttribute('src', /\/service\/sell\.svg$/);
  await page.getByRole('link', { name: '← Все услуги' }).click();
  await expect(page).toHaveTitle('Услуги | Кварта');
});

test('an unknown service slug goes to the not-found page', async ({ page }) => {
  await page.goto('/services/no-such-service');
  await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
  await expect(page).toHaveURL(/\/404$/);
});

test('a failed services fetch goes to the not-found page from both routes', async ({ page }) => {
  await page.route('**/api/service/extended', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"result":"error","message":"Внутренняя ошибка сервера","statusCode":500}',
    }),
  );
  // The server renders these pages with their data: the browser fetches it itself when it navigates there.
  for (const path of ['/services', '/services/podbor-i-pokupka']) {
    await page.goto('/favourites');
    await clientNavigate(page, path);
    await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
    await expect(page).toHaveURL(/\/404$/);
  }
});

test('the services modal summarises a service and leads to its page', async ({ page }) => {
  await page.goto('/services');
  await page.getByRole('button', { name: 'Коротко об услуге «Ипотека»' }).click();
  const modal = page.getByTestId('service-modal');
  await expect(modal).toContainText('Бесплатно');
  await modal.getByRole('link', { name: 'Подробнее об услуге' }).click();
  await expect(page).toHaveURL(/\/services\/ipoteka$/);
  await expect(page).toHaveTitle('Ипотека с «Квартой» | Кварта');
  await expect(modal).toHaveCount(0);
});

test('a call-back request from the services page reaches the managers chat of the stand-in', async ({ page }, info) => {
  const name = `Покупатель ${info.project.name} ${Date.now()}`;
  await page.goto('/services');
  await page.getByRole('button', { name: 'Заказать звонок' }).first().click();
  const modal = page.getByRole('dialog', { name: 'Заказать звонок' });
  await modal.getByLabel('Имя').fill(name);
  await modal.getByLabel('Телефон').fill('8 (912) 345-67-89');
  await modal.getByLabel(/Я согласен на/).check();
  // The call-back consent is a text of its own (152-FZ as amended: not a clause of the policy).
  await expect(modal.getByRole('link', { name: 'обработку персональных данных' })).toHaveAttribute('href', '/consent/callback');
  await modal.getByRole('button', { name: 'Жду звонка' }).click();
  await expect(modal.getByRole('status')).toHaveText(ACCEPTED);
  await modal.getByRole('button', { name: 'Готово' }).click();
  await expect(modal).toHaveCount(0);

  await page.goto('/dev/telegram');
  const chat = page.getByTestId('managers-chat');
  const message = chat.locator('.msg', { hasText: name });
  await expect(message).toBeVisible();
  await expect(message).toContainText('Телефон: +79123456789');
  await expect(message).toContainText('Город: Санкт-Петербург');
  await expect(message).toContainText('Подробности: Страница «Услуги»');
});

test('an incomplete phone is said under the field before anything is sent; the values stay and the fixed form goes', async ({ page }) => {
  await page.goto('/services/bezopasnaya-sdelka');
  await page.getByRole('button', { name: 'Оставить заявку' }).click();
  const serviceModal = page.getByTestId('service-modal');
  await expect(serviceModal).toContainText('35 000 ₽');
  await serviceModal.getByRole('button', { name: 'Заказать звонок' }).click();
  const modal = page.getByRole('dialog', { name: 'Заказать звонок' });
  let sent = 0;
  page.on('request', (request) => {
    if (request.url().includes('/callback/sale')) sent += 1;
  });
  await modal.getByLabel('Имя').fill('Мария');
  await modal.getByLabel('Телефон').fill('12-34-5');
  await modal.getByLabel(/Я согласен на/).check();
  await modal.getByRole('button', { name: 'Жду звонка' }).click();
  // The form's own message under the field, not the browser's bubble and not a round trip.
  const phone = modal.getByLabel('Телефон');
  await expect(modal.getByRole('alert')).toHaveText('Введите российский номер телефона: +7 XXX XXX-XX-XX или 8 XXX XXX-XX-XX');
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toBeFocused();
  expect(sent).toBe(0);
  await expect(modal.getByLabel('Имя')).toHaveValue('Мария');
  await expect(phone).toHaveValue('+7 (123) 45');
  await expect(modal.getByLabel(/Я согласен на/)).toBeChecked();

  await phone.fill('+7 999 111-22-33');
  await expect(phone).toHaveValue('+7 (999) 111-22-33');
  await expect(modal.getByRole('alert')).toHaveCount(0);
  await modal.getByRole('button', { name: 'Жду звонка' }).click();
  await expect(modal.getByRole('status')).toHaveText(ACCEPTED);
});

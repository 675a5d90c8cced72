import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { visibleNav, assistantDrawer, signInOnStandIn, newTelegramId } from './helpers';

const firstCard = (page: Page) => page.getByTestId('apartment-card').first();

test('TOP: pick a preset, like, dislike with a reason, reset; reload keeps it; likes appear in Избранное', async ({ page }, info) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'ТОП в Санкт-Петербурге' })).toBeVisible();
  // A new profile starts from the first preset; picking another reloads the list.
  await expect(page.getByRole('radio', { name: 'Первая квартира' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('radio', { name: 'Для семьи' }).click();
  await expect(page.getByRole('radio', { name: 'Для семьи' })).toHaveAttribute('aria-checked', 'true');
  await expect(firstCard(page)).toContainText(/[23]-к квартира|[23]-комнатные апартаменты/);
  await expect(page.getByTestId('search-summary')).toContainText(/^Для семьи, 2-к, 3-к, ~ [\d,]+ млн ₽\. Все районы и метро/);

  const liked = firstCard(page);
  const likedId = await liked.getAttribute('data-apartment-id');
  await liked.getByRole('button', { name: '♡ Нравится' }).click();
  const likedCard = page.locator(`[data-apartment-id="${likedId}"]`);
  await expect(likedCard).toHaveAttribute('data-reaction', 'LIKED');
  await expect(likedCard).toHaveCSS('border-top-color', 'rgb(42, 95, 230)');

  // The second card in rank order (the masonry deals ranks along the first row).
  const disliked = page.locator('.kv-masonry__cell[data-order="1"]').getByTestId('apartment-card');
  const dislikedId = await disliked.getAttribute('data-apartment-id');
  await disliked.getByRole('button', { name: 'Не нравится' }).click();
  const drawer = assistantDrawer(page);
  await expect(drawer.getByText('Уточните, что не понравилось?')).toBeVisible();
  await drawer.getByRole('button', { name: 'Цена' }).click();
  await drawer.getByRole('button', { name: 'Готово' }).click();
  const dislikedCard = page.locator(`[data-apartment-id="${dislikedId}"]`);
  await expect(dislikedCard).toHaveAttribute('data-reaction', 'DISLIKED');
  await expect(dislikedCard.getByText('Цена', { exact: true })).toBeVisible();

  await page.reload();
  await expect(page.locator(`[data-apartment-id="${likedId}"]`)).toHaveAttribute('data-reaction', 'LIKED');
  // The engine learned from «Цена»: the disliked listing may have left the first page, but it never comes back unmarked.
  await expect(page.getByTestId('apartment-card').first()).toBeVisible();
  await expect(page.locator(`[data-apartment-id="${dislikedId}"]:not([data-reaction="DISLIKED"])`)).toHaveCount(0);

  await visibleNav(page, info).getByRole('link', { name: 'Избранное' }).click();
  await expect(page.getByTestId('apartment-card')).toHaveCount(1);
  const favourite = page.locator(`[data-apartment-id="${likedId}"]`);
  await expect(favourite).toBeVisible();
  // Favourites open without dislike and without the AI index.
  await expect(favourite.getByRole('button', { name: 'Не нравится' })).toHaveCount(0);
  await favourite.locator('.kv-card__open').click();
  const modal = page.getByTestId('apartment-modal');
  await expect(modal).toBeVisible();
  await expect(modal).not.toContainText('индекс AI');
  await expect(modal.getByRole('link', { name: 'Открыть страницу квартиры' })).toHaveAttribute('href', `/spb/apart/${likedId}`);
  await page.keyboard.press('Escape');
  // Reset from favourites empties the list.
  await page.locator(`[data-apartment-id="${likedId}"]`).getByRole('button', { name: '♥ В избранном' }).click();
  await expect(page.getByText('Вы еще не добавили ни одной квартиры в этот список')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Мало вариантов для подбора' })).toBeVisible();
  // An empty list is no dead end: it leads back to TOP.
  await page.getByRole('link', { name: 'Перейти в ТОП' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('apartment-card').first()).toBeVisible();
});

test("an anonymous user's like survives signing in through the bot", async ({ page }, info) => {
  await page.goto('/');
  await expect(page.getByRole('radio', { name: 'Первая квартира' })).toHaveAttribute('aria-checked', 'true');
  const card = firstCard(page);
  const id = await card.getAttribute('data-apartment-id');
  await card.getByRole('button', { name: '♡ Нравится' }).click();
  await expect(page.locator(`[data-apartment-id="${id}"]`)).toHaveAttribute('data-reaction', 'LIKED');

  await visibleNav(page, info).getByRole('button', { name: 'Меню' }).click();
  await page.getByRole('navigation', { name: 'Меню' }).getByRole('button', { name: 'Вход / Регистрация' }).click();
  await (await signInOnStandIn(page, newTelegramId())).close();
  await expect(page.getByRole('dialog', { name: 'Войти в профиль' })).toHaveCount(0);

  await visibleNav(page, info).getByRole('link', { name: 'Избранное' }).click();
  await expect(page.locator(`[data-apartment-id="${id}"]`)).toHaveAttribute('data-reaction', 'LIKED');
});

test('TOP settings: metro and a target price narrow the list; the summary follows', async ({ page }, info) => {
  await page.goto('/');
  await expect(page.getByRole('radio', { name: 'Первая квартира' })).toHaveAttribute('aria-checked', 'true');
  await visibleNav(page, info).getByRole('button', { name: 'Настройки' }).click();
  const drawer = assistantDrawer(page);
  await expect(drawer.getByText('Настройте свои параметры')).toBeVisible();
  await expect(drawer.getByText('Город: Санкт-Петербург')).toBeVisible();
  await drawer.getByRole('button', { name: 'Выбрать метро' }).click();
  await drawer.getByRole('searchbox', { name: 'Поиск: Метро' }).fill('Ладож');
  await drawer.getByRole('checkbox', { name: 'Ладожская' }).check();
  await drawer.getByRole('dialog', { name: 'Метро' }).getByRole('button', { name: 'Готово' }).click();
  const price = drawer.getByRole('textbox', { name: 'Цена, ₽' });
  await price.fill('100');
  await expect(drawer.getByText('Укажите цену от 2 000 000 до 200 000 000 ₽')).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Показать квартиры' })).toBeDisabled();
  await price.fill('9000000');
  await drawer.getByRole('button', { name: 'Показать квартиры' }).click();
  await expect(drawer).toHaveCount(0);
  await expect(page.getByTestId('search-summary')).toContainText('Метро Ладожская, все районы');
  expect(await page.evaluate(() => localStorage.getItem('userModifiedPrice'))).toBe('true');
  // Preset gap 20 %: 9 000 000 ± 1 800 000.
  await expect(page.getByTestId('apartment-card').first()).toBeVisible();
  expect(await page.getByTestId('apartment-card').count()).toBeGreaterThan(0);
  for (const text of await page.getByTestId('apartment-card').locator('.kv-card__price').allTextContents()) {
    const value = Number(text.replace(/\D/g, ''));
    expect(value).toBeGreaterThanOrEqual(7_200_000);
    expect(value).toBeLessThanOrEqual(10_800_000);
  }
});

test('map view: markers with prices, clusters zoom in, a building opens its apartments; the mode survives reload', async ({
  page,
}, info) => {
  await page.goto('/');
  await expect(page.getByRole('radio', { name: 'Первая квартира' })).toHaveAttribute('aria-checked', 'true');
  if (info.project.name === 'phone') await visibleNav(page, info).getByTestId('view-mode-toggle').click();
  else await page.getByRole('radio', { name: 'На карте' }).click();
  const map = page.getByTestId('schematic-map');
  await expect(map).toBeVisible();
  // Zoom into clusters until a single building shows.
  for (let i = 0; i < 8 && (await page.getByTestId('map-marker').count()) === 0; i++) await page.getByTestId('map-cluster').first().click();
  const marker = page.getByTestId('map-marker').first();
  await expect(marker).toHaveText(/^[\d,]+ млн ₽$/);
  await marker.click();
  const sidebar = page.getByTestId('building-sidebar');
  await expect(sidebar).toBeVisible();
  await expect(sidebar.getByTestId('apartment-card').first()).toBeVisible();
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(page.getByTestId('schematic-map')).toBeVisible();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('selectionViewMode'))) ?? '{}')).toMatchObject({ home: 'map' });
  // Other routes keep their own mode.
  await visibleNav(page, info).getByRole('link', { name: 'Избранное' }).click();
  await expect(page.getByTestId('schematic-map')).toHaveCount(0);
});

test('?code= picks that preset on load and leaves the URL', async ({ page }) => {
  await page.goto('/?code=investment&utm=x');
  await expect(page.getByRole('radio', { name: 'Для инвестиций' })).toHaveAttribute('aria-checked', 'true');
  await expect(page).toHaveURL(/\/\?utm=x$/);
  await expect(page.getByTestId('search-summary')).toContainText(/^Для инвестиций, Студия, 1-к/);
});

test('each card has a photo slider: bullets switch photos', async ({ page }) => {
  await page.goto('/');
  const card = page.getByTestId('apartment-card').first();
  await expect(card).toBeVisible();
  const slider = card.getByTestId('photo-slider');
  const bullets = slider.getByRole('button', { name: /^Фото \d$/ });
  await expect(bullets.nth(2)).toBeAttached();
  await expect(bullets.first()).toHaveAttribute('aria-current', 'true');
  await expect(slider.getByRole('img', { name: /фото 1 из \d$/ })).toBeInViewport({ ratio: 0.9 });
  await bullets.nth(1).click();
  await expect(bullets.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(bullets.first()).not.toHaveAttribute('aria-current', 'true');
  await expect(slider.getByRole('img', { name: /фото 2 из \d$/ })).toBeInViewport({ ratio: 0.9 });
  // A swipe is a native scroll: scrolling the strip to the third photo moves the bullet with it.
  await slider.locator('.kv-snap__strip').evaluate((strip) => strip.scrollTo({ left: strip.clientWidth * 2 }));
  await expect(bullets.nth(2)).toHaveAttribute('aria-current', 'true');
});

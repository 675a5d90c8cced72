import { expect, test } from './fixtures';
import type { Locator, Page } from '@playwright/test';
import { themeToggle } from './helpers';

// A dark system scheme: the page starts dark (no saved choice), as a buyer's phone at night would.
test.use({ colorScheme: 'dark' });

/** The picture really arrived and was drawn (not a broken image). */
async function expectLoaded(img: Locator) {
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
}

/** The first TOP card drawn by us (an imported listing's photos are photos, not drawings). */
async function drawnCard(page: Page): Promise<{ card: Locator; id: string }> {
  await page.goto('/');
  const card = page
    .getByTestId('apartment-card')
    .filter({ has: page.locator('img.kv-card__layout[src*="/media/layout/"]') })
    .first();
  await expect(card).toBeVisible();
  return { card, id: (await card.getAttribute('data-apartment-id'))! };
}

test('dark theme: the complex pictures are the dark variants; the plan stays a light sheet on its white card', async ({
  page,
  request,
}) => {
  const { card, id } = await drawnCard(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const cardPhoto = card.locator('img.kv-slider__photo').first();
  await expect(cardPhoto).toHaveAttribute('src', /\/media\/complex\/\d+\/1\.svg\?theme=dark&scale=1$/);
  await expectLoaded(cardPhoto);
  // The plan is drawn from the apartment's own numbers and shown as developers do: black on a white sheet.
  const cardPlan = card.locator('img.kv-card__layout');
  await expect(cardPlan).toHaveAttribute(
    'src',
    /\/media\/layout\/\d-\d\.svg\?area=[\d.]+&kitchen=[\d.]+&living=[\d.]+&id=\d+&v=\d+&scale=1$/,
  );
  // The one-column phone card is short: its plan waits for the apartment's own page.
  if (page.viewportSize()!.width < 414) await expect(cardPlan).toBeHidden();
  else {
    await expect(cardPlan).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    await expectLoaded(cardPlan);
  }

  await page.goto(`/spb/apart/${id}`);
  await expect(page.getByTestId('apart-page')).toBeVisible();
  const photo = page.getByTestId('apart-gallery').locator('img').first();
  await expect(photo).toHaveAttribute('src', /\/media\/complex\/\d+\/1\.svg\?theme=dark&scale=2$/);
  await expectLoaded(photo);
  const sheet = page.locator('.kv-apart-layout');
  await expect(sheet).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await expect(sheet).toHaveCSS('border-top-style', 'solid');
  const plan = sheet.locator('img');
  await expectLoaded(plan);

  // What was served: a plan with walls, doors and labelled rooms, cached for ever (its URL is all its input).
  const response = await request.get((await plan.getAttribute('src'))!);
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const svg = await response.text();
  expect(svg).toContain('>Прихожая');
  expect(svg).toMatch(/>(Кухня|Кухня-гостиная|Кухня-)</);
  expect(svg).toMatch(/ A[\d.]+ [\d.]+ 0 0 [01] |A[\d.]+ [\d.]+ 0 0 [01]/); // door swings
  // The dark variant of the same plan exists for whoever wants it: a dark sheet.
  expect(await (await request.get(`${(await plan.getAttribute('src'))!}&theme=dark`)).text()).toContain('fill="#1b1f26"');
  const building = await (await request.get((await photo.getAttribute('src'))!)).text();
  expect(building).toContain('stop-color="#0d1320"'); // the night sky, not the day's pale blue
});

test('switching the theme swaps the pictures to the light variant without a reload', async ({ page }, info) => {
  const { card } = await drawnCard(page);
  const photo = card.locator('img.kv-slider__photo').first();
  await expect(photo).toHaveAttribute('src', /theme=dark/);
  // The preset's thumbnail at the head of TOP is the night picture too.
  const preset = page.getByRole('button', { name: 'О подборке «Первая квартира»' }).locator('img');
  await expect(preset).toHaveAttribute('src', /\/media\/preset\/[a-z-]+\.svg\?theme=dark$/);
  await expectLoaded(preset);
  await (await themeToggle(page, info)).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(photo).toHaveAttribute('src', /\/media\/complex\/\d+\/1\.svg\?scale=1$/);
  await expectLoaded(photo);
  await expect(preset).toHaveAttribute('src', /\/media\/preset\/[a-z-]+\.svg$/);
});

test('dark theme: service heroes and reviewers are the dark variants; the empty-state picture is neutral', async ({ page, request }) => {
  await page.goto('/services');
  const hero = page.locator('img.kv-services-hero__img');
  await expect(hero).toHaveAttribute('src', /\/media\/service\/[a-z-]+\.svg\?theme=dark$/);
  await expectLoaded(hero);
  const svg = await (await request.get((await hero.getAttribute('src'))!)).text();
  expect(svg).not.toContain('#e8efff');
  expect(svg).toContain('#1c2333');
  const avatar = page.locator('img.kv-review__avatar').first();
  await expect(avatar).toHaveAttribute('src', /theme=dark/);
  await expectLoaded(avatar);
  const empty = await (await request.get('/images/empty-feed.svg')).text();
  expect(empty).not.toContain('#e6ecf7');
});

import { FEEDS_ADMIN_TOKEN, FEEDS_PORT } from '../../playwright.config';
import { expect, test } from './fixtures';

const base = `http://127.0.0.1:${FEEDS_PORT}`;
test.use({ baseURL: base });

/**
 * The second e2e server runs with CATALOGUE=feeds and imports tests/fixtures/feeds/sample.xml at start (its photos
 * served by itself): what a buyer sees of a real listing.
 */
test('an imported listing: in TOP, and its page with the feed photos, its own price history and the agency advert', async ({
  page,
  request,
}) => {
  await expect
    .poll(async () => {
      const res = await request.get(`${base}/api/admin/feeds`, { headers: { authorization: `Bearer ${FEEDS_ADMIN_TOKEN}` } });
      const reports = ((await res.json()) as { data: Array<{ status: string; counts: { created: number } }> }).data;
      return reports.find((r) => r.status === 'done')?.counts.created ?? 0;
    })
    .toBeGreaterThan(0);
  // The photos come by a job of their own, a moment after the listings.
  let apartmentId = 0;
  await expect
    .poll(async () => {
      const res = await request.post(`${base}/api/selection/swipe/variant/guest-list`, { data: { cityIds: [78], count: 30, page: 0 } });
      const items = ((await res.json()) as { data: { items: Array<{ id: number; images: Array<{ x1: string }> }> } }).data.items;
      apartmentId = items.find((i) => i.images.some((image) => image.x1.startsWith('/api/media/photo/')))?.id ?? 0;
      return apartmentId;
    })
    .toBeGreaterThan(1_000_000_000);

  await page.goto('/');
  const card = page.getByTestId('apartment-card').first();
  await expect(card).toBeVisible();
  expect(Number(await card.getAttribute('data-apartment-id'))).toBeGreaterThanOrEqual(1_000_000_000);

  await page.goto(`/spb/apart/${apartmentId}`);
  await expect(page.getByTestId('apart-page')).toBeVisible();
  const photo = page.getByTestId('apart-gallery').locator('img').first();
  await expect(photo).toHaveAttribute('src', /\/api\/media\/photo\/[a-f0-9]{64}\/\d\.webp/);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const history = page.getByTestId('apart-price-history');
  await history.scrollIntoViewIfNeeded();
  await expect(history).toContainText('Цена не менялась с');
  await expect(history.getByTestId('offer-prices')).toContainText('публикация');
  // The seller as the feed names them, with a call button and the listing's own number.
  const listing = page.getByTestId('apart-listing');
  await listing.scrollIntoViewIfNeeded();
  await expect(listing.getByTestId('seller-name')).toHaveText(/СтройДом|Агентство «Ключ»/);
  await expect(listing.getByTestId('seller-call')).toHaveAttribute('href', /^tel:\+7\d{10}$/);
  await expect(listing.getByTestId('listing-number')).toHaveText(/^\d{2,3}-/);
  await expect(page.getByTestId('apart-demo')).toHaveCount(0);
  const adverts = page.getByTestId('apart-adverts');
  await adverts.scrollIntoViewIfNeeded();
  await expect(adverts).toContainText(/СтройДом|Агентство «Ключ»/);
  await expect(adverts).toContainText('Объявление «Кварты»');
  await expect(adverts.getByText('Демо', { exact: true })).toHaveCount(0);
});

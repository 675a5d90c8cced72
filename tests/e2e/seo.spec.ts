import { expect, test } from '@playwright/test';

const attr = (html: string, property: string) =>
  new RegExp(`<meta property="${property.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&') ?? null;

test('a shared apartment URL (found through the sitemap) has Open Graph tags with an absolute picture that answers', async ({
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain(`Sitemap: ${origin}/sitemap.xml`);

  const index = await (await request.get('/sitemap.xml')).text();
  const firstFile = /<loc>([^<]*sitemap-apartments-1\.xml)<\/loc>/.exec(index)?.[1];
  expect(firstFile).toBeTruthy();
  const urls = await (await request.get(firstFile!)).text();
  const apartment = /<loc>([^<]*\/apart\/\d+)<\/loc>/.exec(urls)?.[1];
  expect(apartment?.startsWith(`${origin}/`)).toBe(true);

  // What a messenger's link-preview robot does: one GET, no scripts.
  const page = await request.get(apartment!, { headers: { 'User-Agent': 'TelegramBot (like TwitterBot)' } });
  expect(page.status()).toBe(200);
  const html = await page.text();
  expect(attr(html, 'og:url')).toBe(apartment);
  expect(attr(html, 'og:title')).toMatch(/(квартира|Студия|апартаменты|Апартаменты-студия) .+ м² в .+ — [\d\s\u00a0\u202f]+ ₽$/);
  expect(attr(html, 'og:description')).toBeTruthy();
  const image = attr(html, 'og:image');
  expect(image).toMatch(/^https?:\/\//);
  expect(attr(html, 'og:image:width')).toBe('1200');
  expect(html).toContain('<script type="application/ld+json">');

  const picture = await request.get(image!);
  expect(picture.status()).toBe(200);
  expect(picture.headers()['content-type']).toMatch(/^image\/(png|jpeg)/);
  const bytes = await picture.body();
  // A real PNG of the declared size: the IHDR chunk holds width and height.
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
});

import { expect, test } from './fixtures';

test("the API reference at /api/docs renders the contract from our own origin only, under a script-src 'self' policy", async ({
  page,
  baseURL,
}) => {
  const origins = new Set<string>();
  page.on('request', (request) => origins.add(new URL(request.url()).origin));
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // A policy violation is reported on the console; failed loads are checked by URL below.
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(new URL(response.url()).pathname);
  });
  await page.goto('/api/docs');
  // Swagger UI draws the header first and each operation after it has parsed the whole contract: on a busy machine the
  // list came a moment after the usual 5 s (the header was there, the operations followed).
  await expect(page.getByText('/api/init/city-list', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('/passport/data/token', { exact: true })).toBeVisible();
  expect(errors).toEqual([]);
  // The browser asks for /favicon.ico by itself; everything the page loads is there.
  expect(failed.filter((path) => path !== '/favicon.ico')).toEqual([]);
  expect([...origins]).toEqual([new URL(baseURL!).origin]);
});

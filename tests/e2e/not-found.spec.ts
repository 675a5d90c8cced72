import { expect, test } from './fixtures';
import { clientNavigate } from './helpers';

/** Bad and unknown ids of the two pages whose loaders guard them: the server and the browser both answer «not found». */
const MISSING = [
  '/spb/apart/abc',
  '/spb/apart/1999999999',
  '/atlantis/apart/1',
  '/spb/complex/abc',
  '/spb/complex/1999999999',
  '/atlantis/complex/1',
];

test('a bad or unknown apartment or complex id is a 404 from the server, with the not-found page', async ({ page }) => {
  for (const url of MISSING) {
    const response = await page.goto(url);
    expect(response!.status(), url).toBe(404);
    await expect(page.getByRole('heading', { name: 'Страница не найдена' }), url).toBeVisible();
  }
});

test('in the browser, the loader sends a bad or unknown apartment or complex id to /404 before the page is drawn', async ({ page }) => {
  for (const url of MISSING) {
    await page.goto('/');
    await clientNavigate(page, url);
    await expect(page, url).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: 'Страница не найдена' }), url).toBeVisible();
    // The page itself never drew: no skeleton or offline message of the apartment or complex on the way.
    await expect(page.getByTestId('apart-skeleton')).toHaveCount(0);
    await expect(page.getByTestId('complex-skeleton')).toHaveCount(0);
  }
});

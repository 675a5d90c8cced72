import type { Page } from '@playwright/test';
import { tmaLaunchUrl } from '../../scripts/tma-launch-url';
import { expect, test } from './fixtures';
import { expectClean } from './axe';
import { firstApartmentId, PHONE_ONLY, newTelegramId } from './helpers';

/**
 * WCAG 2.1 A/AA with axe on the pages a buyer walks on the website, in both of our themes: no serious or critical
 * violation (the Mini App's own pages: miniapp-a11y.spec.ts); and labels that never wrap on narrow phones.
 */

async function withTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.addInitScript((t) => window.localStorage.setItem('appTheme', t), theme);
}

/** A Telegram user signed in on the website: the token from the Mini App's sign-in, in the website's cookie. */
async function signIn(page: Page, baseURL: string): Promise<void> {
  const userId = newTelegramId();
  const initData = new URLSearchParams(new URL(tmaLaunchUrl({ base: baseURL, userId, name: 'Аудитор' })).hash.slice(1)).get(
    'tgWebAppData',
  )!;
  const login = await page.request.post('/passport/data/login/telegram/init-data', { data: { initData } });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  await page.context().addCookies([{ name: 'kvarta_token', value: token, url: baseURL }]);
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`axe, ${theme} theme`, () => {
    test('TOP, an apartment, Favourites and analytics', async ({ page }, info) => {
      test.setTimeout(120_000);
      await withTheme(page, theme);
      const id = await firstApartmentId(page);
      await expect(page.getByTestId('apartment-card').first()).toBeVisible();
      await expectClean(page, `TOP ${theme}`, info);
      await page.goto(`/spb/apart/${id}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectClean(page, `apartment ${theme}`, info);
      await page.goto('/favourites');
      await expectClean(page, `favourites ${theme}`, info);
      await page.goto('/analytics');
      await expectClean(page, `analytics ${theme}`, info);
    });

    test('the services pages, their sideways lists reachable by keyboard', async ({ page }, info) => {
      test.setTimeout(90_000);
      await withTheme(page, theme);
      for (const path of ['/services', '/services/podbor-i-pokupka']) {
        await page.goto(path);
        await expect(page.getByTestId('review').first()).toBeVisible();
        await expectClean(page, `services ${path} ${theme}`, info);
        // On a phone the guides and the reviews scroll sideways: each list is a Tab stop named by its heading.
        for (const name of info.project.name === 'phone' ? ['Гайды от экспертов', 'Отзывы клиентов'] : []) {
          const list = page.getByRole('list', { name });
          expect(await list.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
          await list.focus();
          await expect(list).toBeFocused();
          await page.keyboard.press('ArrowRight');
          await expect.poll(() => list.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
        }
      }
    });

    test('AI search, anonymous and signed in', async ({ page, baseURL }, info) => {
      test.setTimeout(90_000);
      await withTheme(page, theme);
      await page.goto('/agent');
      await expectClean(page, `AI search anonymous ${theme}`, info);
      await signIn(page, baseURL!);
      await page.goto('/agent');
      await expect(page.getByTestId('agent-status')).toBeVisible();
      await expectClean(page, `AI search signed in ${theme}`, info);
    });
  });
}

/** Buttons, chips and reaction buttons whose label breaks over two lines or spills out of them. */
async function wrappedLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('.kv-button, .kv-chip, .kv-react')) {
      if (!element.checkVisibility() || element.getBoundingClientRect().width === 0) continue;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const rects: DOMRect[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        rects.push(...[...range.getClientRects()].filter((r) => r.width > 0));
      }
      if (rects.length === 0) continue;
      const tops = rects.map((r) => r.top);
      const lineHeight = Math.min(...rects.map((r) => r.height));
      if (Math.max(...tops) - Math.min(...tops) > lineHeight / 2 || element.scrollWidth > element.clientWidth + 1)
        broken.push(element.textContent?.trim() ?? '');
    }
    return broken;
  });
}

test('buttons and chips never wrap at 320–390 px: TOP with its reactions, an apartment, AI search', PHONE_ONLY, async ({ page }) => {
  test.setTimeout(90_000);
  const id = await firstApartmentId(page);
  // A card liked and another disliked: «♥ В избранном» and «Не нравится ✕» are the longest labels.
  await page
    .getByTestId('apartment-card')
    .first()
    .getByRole('button', { name: /Нравится/ })
    .click();
  for (const width of [320, 360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    await expect(page.getByTestId('apartment-card').first()).toBeVisible();
    expect.soft(await wrappedLabels(page), `TOP at ${width}px`).toEqual([]);
    await page.goto(`/spb/apart/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect.soft(await wrappedLabels(page), `apartment at ${width}px`).toEqual([]);
    await page.goto('/agent');
    expect.soft(await wrappedLabels(page), `AI search at ${width}px`).toEqual([]);
  }
});

import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * #47: a TOP card far below the fold stays the server's markup until it comes near the screen or is touched
 * (src/shared/ui/hydration-gate.ts). React marks every DOM node it has hydrated (or rendered) with its fiber; the
 * server's markup not yet hydrated has no such mark.
 */
const hydrated = (card: Locator) => card.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')));

/** The apartment ids of the two cards lowest on the page (in either layout: one column, or four). */
const lowestCards = (page: Page) =>
  page.getByTestId('apartment-card').evaluateAll((cards) =>
    cards
      .map((card) => ({ id: card.getAttribute('data-apartment-id')!, top: card.getBoundingClientRect().top }))
      .sort((a, b) => b.top - a.top)
      .slice(0, 2)
      .map(({ id }) => id),
  );

const cardOf = (page: Page, id: string) => page.locator(`[data-testid="apartment-card"][data-apartment-id="${id}"]`);

/** The session has started and the buyer's own TOP has come (the list every card then shows). */
async function ownTopShown(page: Page, load: () => Promise<unknown>): Promise<void> {
  const ownList = page.waitForResponse((r) => r.url().endsWith('/selection/swipe/variant/list') && r.ok(), { timeout: 30_000 });
  await load();
  await expect(page.locator('html')).toHaveAttribute('data-session', 'ready', { timeout: 20_000 });
  await ownList;
}

test('a card below the fold hydrates when it comes near; a tap on it before lands; its like is the buyer’s own after a reload', async ({
  page,
}) => {
  await ownTopShown(page, () => page.goto('/'));
  const [lowest, nextLowest] = await lowestCards(page);
  const far = cardOf(page, lowest!);
  const near = cardOf(page, nextLowest!);
  await expect(far.getByRole('button', { name: '♡ Нравится' })).toBeVisible();
  // The buyer's own TOP has come, and the cards far below are still the server's markup.
  expect(await hydrated(far)).toBe(false);
  expect(await hydrated(near)).toBe(false);

  // A tap without scrolling to the card first (scrolling would bring it near and hydrate it): React hydrates the card
  // on the tap and the like lands, saved.
  const saved = page.waitForResponse((r) => r.url().endsWith('/selection/swipe/evaluate-variant') && r.ok(), { timeout: 30_000 });
  await far.getByRole('button', { name: '♡ Нравится' }).dispatchEvent('click');
  await expect(far.getByRole('button', { name: '♥ В избранном' })).toHaveAttribute('aria-pressed', 'true');
  await saved;

  // The other one hydrates as it comes near the screen: the very node the server drew, now React's (not drawn again).
  await near.evaluate((element) => ((window as unknown as { serverCard: Element }).serverCard = element));
  await near.scrollIntoViewIfNeeded();
  await expect.poll(() => hydrated(near)).toBe(true);
  expect(await near.evaluate((element) => element === (window as unknown as { serverCard: Element }).serverCard)).toBe(true);

  // Back on the page: the server draws the first visit's TOP («♡ Нравится»); once the session has brought the buyer's
  // own, the card shows their like, attributes included (React never corrects an attribute hydration got wrong).
  await ownTopShown(page, () => page.reload());
  const liked = cardOf(page, lowest!);
  await expect(liked.getByRole('button', { name: '♥ В избранном' })).toHaveAttribute('aria-pressed', 'true');
  await expect(liked).toHaveAttribute('data-reaction', 'LIKED');
  await expect(liked).toHaveClass(/is-liked/);
});

test('the apartment page: sections far below the price wait, hydrate on the server’s markup as they come near, and work', async ({
  page,
}) => {
  await page.goto('/');
  const id = await page.getByTestId('apartment-card').first().getAttribute('data-apartment-id');
  await page.goto(`/spb/apart/${id}`);
  await expect(page.locator('html')).toHaveAttribute('data-session', 'ready', { timeout: 20_000 });
  // The price panel at the top is interactive; «Параметры», far below it, is still the server's markup.
  await expect.poll(() => hydrated(page.getByTestId('apart-price'))).toBe(true);
  const parameters = page.getByTestId('apart-parameters');
  expect(await hydrated(parameters)).toBe(false);

  await parameters.evaluate((element) => ((window as unknown as { serverSection: Element }).serverSection = element));
  await parameters.scrollIntoViewIfNeeded();
  await expect.poll(() => hydrated(parameters)).toBe(true);
  expect(await parameters.evaluate((element) => element === (window as unknown as { serverSection: Element }).serverSection)).toBe(true);

  // A deferred section answers once near: the similar flats' row asks for its list and shows cards.
  const analogues = page.getByTestId('apart-analogues');
  await analogues.scrollIntoViewIfNeeded();
  await expect(analogues.getByTestId('apartment-card').first()).toBeVisible({ timeout: 20_000 });
});

test('an apartment page the server kept for minutes hydrates as drawn: nothing below the fold is fetched until it comes near', async ({
  page,
}) => {
  const top = await page.request.post('/api/selection/swipe/variant/guest-list', { data: { cityIds: [78], count: 1, page: 0 } });
  const id = ((await top.json()) as { data: { items: { id: number }[] } }).data.items[0]!.id;
  // The browser's clock five minutes past the server's: the page's data reads as fetched that long ago, as it does when
  // the server hands out a render it has kept (up to 10 minutes).
  await page.clock.setFixedTime(new Date(Date.now() + 5 * 60_000));
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  // The AI index asks once the session has started: by then a page re-rendered around its islands had asked for theirs.
  const indexAsked = page.waitForResponse((r) => r.url().includes('/api/apartment/selection-info') && r.ok(), { timeout: 30_000 });
  await page.goto(`/spb/apart/${id}`);
  await expect(page.locator('html')).toHaveAttribute('data-session', 'ready', { timeout: 20_000 });
  await indexAsked;
  expect(asked.filter((path) => path === '/api/apartment' || path.startsWith('/api/infrastructure/'))).toEqual([]);

  // Still the server's markup, and React's as it comes near: the very section the server drew, with its data.
  const infrastructure = page.getByTestId('apart-infrastructure');
  expect(await hydrated(infrastructure)).toBe(false);
  await infrastructure.scrollIntoViewIfNeeded();
  await expect.poll(() => hydrated(infrastructure)).toBe(true);
  expect(asked.filter((path) => path === '/api/apartment')).toEqual([]);
});

import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { tmaLaunchUrl } from '../../scripts/tma-launch-url';
import { expect, test } from './fixtures';
import { assistantDrawer, isPhone, miniAppUserOnTrial, themeToggle, visibleNav, PHONE_ONLY, newTelegramId } from './helpers';

const nbsp = (s: string) => s.replace(/\u00a0|\u202f/g, ' ');
const digits = (s: string) => Number(s.replace(/\D/g, ''));

/**
 * Screenshots: SCREENSHOTS=1 writes them to docs/screenshots/ (light, then dark after the theme toggle on the
 * website; the Mini App's dark comes from Telegram's launch parameters).
 */
async function shot(page: Page, info: TestInfo, name: string, target?: Locator): Promise<void> {
  if (!process.env.SCREENSHOTS) return;
  mkdirSync('docs/screenshots', { recursive: true });
  const path = `docs/screenshots/${name}-${info.project.name}.png`;
  await (target ? target.screenshot({ path, animations: 'disabled' }) : page.screenshot({ path, animations: 'disabled' }));
}

async function spbApartment(request: APIRequestContext): Promise<{ id: number; priceTotalMin: number; realtyType: string }> {
  const token = (await (await request.post('/passport/data/token', { data: {} })).json()).data.token as string;
  const list = await request.post('/api/selection/swipe/variant/list', {
    headers: { authorization: `Bearer ${token}` },
    data: { cityIds: [78], priceTotalMinGte: 8_000_000, priceTotalMinLte: 14_000_000, realtyType: 'NEW' },
  });
  return (await list.json()).data.items[0];
}

test('mortgage: cards show a payment only with its programme; the apartment page calculates and refuses what the programme does not allow', async ({
  page,
  request,
}, info) => {
  await page.goto('/');
  const offer = page.getByTestId('apartment-card').first().getByTestId('card-mortgage');
  if ((page.viewportSize()?.width ?? 0) < 414) {
    // A phone's one-column card has no room for the payment with all its terms: none there, the page has it.
    await expect(page.getByTestId('apartment-card').first()).toBeVisible();
    await expect(offer).toBeHidden();
  } else {
    await expect(offer).toBeVisible();
    await shot(page, info, 'mortgage-card-light', page.getByTestId('apartment-card').first());
    // Never a bare figure: the programme, the lender, the rate with its full cost (ПСК), the term and the down payment.
    const line = nbsp(await offer.innerText());
    expect(line).toMatch(
      /В ипотеку [\d ]+ ₽\/мес — Пример: .+, Демо-банк \(пример\): ставка \d+ % годовых, ПСК [\d,]+–[\d,]+ % годовых, срок \d+ (год|года|лет), первоначальный взнос [\d ]+ ₽ \(пример программы, не предложение банка\)/,
    );
  }

  const apartment = await spbApartment(request);
  await page.goto(`/spb/apart/${apartment.id}`);
  // The section hydrates (and asks for the programmes) as it comes near the screen (#47).
  await page.getByTestId('apart-mortgage').scrollIntoViewIfNeeded();
  const calc = page.getByTestId('mortgage-calculator');
  await calc.scrollIntoViewIfNeeded();
  await expect(calc.getByTestId('mortgage-payment')).toContainText('₽');
  const down = calc.getByTestId('mortgage-down');
  // The base example: 20 % down, 20 % a year, 30 years.
  expect(digits(await down.inputValue())).toBe(Math.ceil(apartment.priceTotalMin * 0.2));
  const loan = apartment.priceTotalMin - Math.ceil(apartment.priceTotalMin * 0.2);
  expect(digits(await calc.getByTestId('mortgage-loan').innerText())).toBe(loan);
  const r = 0.2 / 12;
  const expected = Math.round((loan * r) / (1 - Math.pow(1 + r, -360)));
  expect(digits(await calc.getByTestId('mortgage-payment').innerText())).toBe(expected);
  expect(digits(await calc.getByTestId('mortgage-income').innerText())).toBe(expected * 2);
  await expect(calc.getByTestId('mortgage-terms')).toContainText('ставка 20 % годовых, ПСК 20,4–23,8 % годовых, срок 30 лет');
  await shot(page, info, 'mortgage-calculator-light', page.getByTestId('apart-mortgage'));

  // A bigger down payment lowers the payment; too small a one is refused, and what was typed stays.
  await down.fill(String(Math.ceil(apartment.priceTotalMin * 0.5)));
  await expect.poll(async () => digits(await calc.getByTestId('mortgage-payment').innerText())).toBeLessThan(expected);
  await down.fill('1000');
  await expect(calc.getByTestId('mortgage-errors')).toContainText('Взнос по этой программе — не меньше');
  await expect(down).toHaveValue('1000');
  await expect(calc.getByTestId('mortgage-payment')).toHaveCount(0);
  await calc.getByTestId('mortgage-term').fill('45');
  await expect(calc.getByTestId('mortgage-errors')).toContainText('Срок по этой программе — до 30 лет');
  await calc.getByTestId('mortgage-term').fill('20');
  await down.fill(String(Math.ceil(apartment.priceTotalMin * 0.3)));
  await expect(calc.getByTestId('mortgage-terms')).toContainText('срок 20 лет');

  // The family example applies to new builds: choosing it recalculates at its rate.
  const family = calc.getByTestId('mortgage-program');
  await family.selectOption({ label: await family.locator('option', { hasText: 'семейная' }).innerText() });
  await expect(calc.getByTestId('mortgage-terms')).toContainText('ставка 6 % годовых, ПСК 6,4–9,8 % годовых');

  const toggle = await themeToggle(page, info);
  await toggle.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  if (isPhone(info)) await page.keyboard.press('Escape');
  await page.getByTestId('apart-mortgage').scrollIntoViewIfNeeded();
  await shot(page, info, 'mortgage-calculator-dark', page.getByTestId('apart-mortgage'));
  if (process.env.SCREENSHOTS && !isPhone(info)) {
    // The card's payment in the dark theme too (a phone's card has none).
    await page.goto('/');
    const card = page.getByTestId('apartment-card').first();
    await expect(card.getByTestId('card-mortgage')).toBeVisible();
    await shot(page, info, 'mortgage-card-dark', card);
  }
});

test('sentence search in TOP settings: chips, a chip removed, only TOP’s settings applied', async ({ page }, info) => {
  await page.goto('/');
  const drawer = assistantDrawer(page);
  const search = drawer.getByTestId('sentence-search');
  const chips = search.getByTestId('sentence-chip');
  const parse = async () => {
    await visibleNav(page, info).getByRole('button', { name: 'Настройки' }).click();
    await search.getByTestId('sentence-input').fill('двушка у метро до 15 млн с отделкой в Приморском районе и с камином');
    await search.getByTestId('sentence-parse').click();
    await expect(chips.filter({ hasText: 'Приморский' })).toBeVisible();
  };
  if (process.env.SCREENSHOTS) {
    // The dark picture first: the theme is switched with the drawer closed.
    await (await themeToggle(page, info)).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    if (isPhone(info)) await page.keyboard.press('Escape');
    await parse();
    await shot(page, info, 'sentence-top-dark');
    await drawer.getByRole('button', { name: 'Закрыть ассистента' }).click();
    await expect(drawer).toHaveCount(0);
    await (await themeToggle(page, info)).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    if (isPhone(info)) await page.keyboard.press('Escape');
  }
  await parse();
  await expect(chips.filter({ hasText: 'до 15 млн ₽' })).toBeVisible();
  // Rooms, finishing and the walk to the metro are AI search’s filters: shown, marked, not applied here.
  await expect(chips.filter({ hasText: '2-к' })).toContainText('в ИИ Поиске');
  await expect(chips.filter({ hasText: 'С отделкой' })).toContainText('в ИИ Поиске');
  await expect(chips.filter({ hasText: 'Метро рядом' })).toBeVisible();
  await expect(search.getByTestId('sentence-unknown')).toHaveText('Не поняли: камином');
  await shot(page, info, 'sentence-top-light');
  await chips.filter({ hasText: 'С отделкой' }).getByRole('button').click();
  await expect(chips.filter({ hasText: 'С отделкой' })).toHaveCount(0);
  await search.getByTestId('sentence-apply').click();
  await expect(drawer.getByRole('group', { name: /Выбрано/ }).getByRole('button', { name: 'Убрать Приморский' })).toBeVisible();
  await expect(drawer.getByRole('textbox', { name: 'Цена, ₽' })).toHaveValue(/15\s000\s000/);
});

test('sentence search in TOP: a named city switches the city; «Показать квартиры» applies the parse without «Применить условия»', async ({
  page,
}, info) => {
  await page.goto('/');
  await expect(page.getByTestId('apartment-card').first()).toBeVisible();
  const drawer = assistantDrawer(page);
  const search = drawer.getByTestId('sentence-search');
  const chips = search.getByTestId('sentence-chip');
  await visibleNav(page, info).getByRole('button', { name: 'Настройки' }).click();
  await expect(drawer.getByText('Город: Санкт-Петербург')).toBeVisible();
  await search.getByTestId('sentence-input').fill('однушка в Москве до 12 млн рядом с метро');
  await search.getByTestId('sentence-parse').click();
  // The city is a condition TOP applies; rooms and the walk to the metro are AI search's, and it is said so.
  await expect(chips.filter({ hasText: 'Город: Москва' })).not.toContainText('в ИИ Поиске');
  await expect(chips.filter({ hasText: 'до 12 млн ₽' })).not.toContainText('в ИИ Поиске');
  await expect(chips.filter({ hasText: '1-к' })).toContainText('в ИИ Поиске');
  await expect(search.getByTestId('sentence-elsewhere')).toContainText('задайте их в ИИ Поиске');
  // «Показать квартиры» straight away: what was parsed is applied, not thrown away.
  await drawer.getByRole('button', { name: 'Показать квартиры' }).click();
  await expect(drawer).toHaveCount(0);
  await visibleNav(page, info).getByRole('button', { name: 'Настройки' }).click();
  await expect(drawer.getByText('Город: Москва')).toBeVisible();
  await expect(drawer.getByRole('textbox', { name: 'Цена, ₽' })).toHaveValue(/12\s000\s000/);
});

test(
  'sentence search in the AI-search setup of the Mini App: every filter applies, the chips can be removed',
  PHONE_ONLY,
  async ({ page, request, baseURL }, info) => {
    const userId = newTelegramId();
    await miniAppUserOnTrial(request, baseURL!, userId, 'Фраза');
    const form = assistantDrawer(page).getByTestId('lira-main');
    const search = form.getByTestId('sentence-search');
    const chips = search.getByTestId('sentence-chip');
    const parse = async (dark: boolean) => {
      await page.goto(tmaLaunchUrl({ base: baseURL!, userId, name: 'Фраза', path: '/agent?settings=1', dark }));
      await expect(form).toBeVisible();
      await search.getByTestId('sentence-input').fill('трешка у Войковской от 20 до 30 млн в новостройке, обязательно рядом школа');
      await search.getByTestId('sentence-parse').click();
      await expect(chips).toHaveCount(5);
    };
    if (process.env.SCREENSHOTS) {
      // Telegram's light palette first; the test goes on in the dark one.
      await parse(false);
      await shot(page, info, 'sentence-ai-search-tma-light');
    }
    await parse(true);
    await expect(chips.filter({ hasText: 'м. Войковская' })).toBeVisible();
    await expect(chips.filter({ hasText: '20 млн – 30 млн ₽' })).toBeVisible();
    await expect(chips.filter({ hasText: 'Школа рядом (очень важно)' })).toBeVisible();
    await expect(chips.filter({ hasText: 'в ИИ Поиске' })).toHaveCount(0);
    await shot(page, info, 'sentence-ai-search-tma-dark');
    await chips.filter({ hasText: 'Новостройка' }).getByRole('button').click();
    await search.getByTestId('sentence-apply').click();
    await expect(form.getByRole('group', { name: /Выбрано/ }).getByRole('button', { name: 'Убрать Войковская' })).toBeVisible();
    await expect(form.getByRole('checkbox', { name: '3' }).or(form.getByRole('button', { name: '3', pressed: true }))).toBeVisible();
  },
);

test('mortgage on the map: a building’s pin keeps its price; the payment comes with its programme', async ({ page }, info) => {
  await page.goto('/');
  if (isPhone(info)) await visibleNav(page, info).getByTestId('view-mode-toggle').click();
  else await page.getByRole('radio', { name: 'На карте' }).click();
  const map = page.getByTestId('schematic-map');
  await expect(map).toBeVisible();
  for (let i = 0; i < 8 && (await page.getByTestId('map-marker').count()) === 0; i++) await page.getByTestId('map-cluster').first().click();
  const marker = page.getByTestId('map-marker').first();
  await expect(marker).toHaveText(/^[\d,]+ млн ₽$/);
  const note = nbsp((await marker.getAttribute('title')) ?? '');
  expect(note).toMatch(
    /^В ипотеку [\d ]+ ₽\/мес — Пример: .+, Демо-банк \(пример\): ставка \d+ % годовых, ПСК [\d,]+–[\d,]+ % годовых, срок \d+ (год|года|лет), первоначальный взнос [\d ]+ ₽ \(пример программы\)$/,
  );
  await expect(marker).toHaveAttribute('aria-label', /млн ₽\. В ипотеку/);
});

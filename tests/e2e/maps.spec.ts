import type { Locator, Page } from '@playwright/test';
import { OUTSIDE_ENV, OUTSIDE_PORT } from '../../playwright.config';
import { expect, test } from './fixtures';
import { FAKE_MAPGL, FAKE_MAPGL_CLUSTERER } from './fakes/outside-scripts';
import { isPhone } from './helpers';

const outside = `http://127.0.0.1:${OUTSIDE_PORT}`;
const MAPGL_SRC = 'https://mapgl.2gis.com/api/js';
const CLUSTERER_SRC = /^https:\/\/unpkg\.com\/@2gis\/mapgl-clusterer@[\d.]+\/dist\/clustering\.js$/;

interface MapglCalls {
  maps: Array<{ key: string; center: number[]; zoom: number; lang: string; zooms: number[]; centers: number[][]; destroyed: boolean }>;
  htmlMarkers: Array<{ coordinates: number[]; text: string; destroyed: boolean }>;
  clusterers: Array<{
    radius: number;
    loads: Array<Array<{ type: string; coordinates: number[]; text: string; userData: number }>>;
    expansions: number[];
  }>;
}

const mapglCalls = (page: Page) => page.evaluate(() => (window as unknown as { __mapgl?: MapglCalls }).__mapgl ?? null);
const lastLoad = async (page: Page) => (await mapglCalls(page))?.clusterers.at(-1)?.loads.at(-1) ?? null;

/** The fakes answer in place of MapGL and its clusterer (with CORS: the 2GIS loader asks for the script anonymously). */
async function fakeMapgl(page: Page): Promise<string[]> {
  const stray: string[] = [];
  await page.route(/^https:\/\/([\w-]+\.)*(2gis\.com|2gis\.ru|unpkg\.com)\//, (route) => {
    stray.push(route.request().url());
    return route.abort();
  });
  const script = (body: string) => ({ contentType: 'application/javascript', headers: { 'access-control-allow-origin': '*' }, body });
  await page.route(MAPGL_SRC, (route) => route.fulfill(script(FAKE_MAPGL)));
  await page.route(CLUSTERER_SRC, (route) => route.fulfill(script(FAKE_MAPGL_CLUSTERER)));
  return stray;
}

/** TOP opens in its map view (the mode a visitor chose earlier, kept in local storage). */
async function openTopMap(page: Page, origin = ''): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('selectionViewMode', JSON.stringify({ home: 'map' })));
  await page.goto(`${origin}/`);
}

test.describe('2GIS MapGL (the key configured, MapGL and its clusterer faked)', () => {
  test('TOP: the buildings go to the clusterer as price pins; a pin opens the buildings sidebar, a cluster zooms in', async ({ page }) => {
    const stray = await fakeMapgl(page);
    await openTopMap(page, outside);
    await expect(page.getByTestId('dgis-map')).toBeVisible();
    await expect.poll(async () => (await mapglCalls(page))?.maps.length ?? 0).toBe(1);
    const [map] = (await mapglCalls(page))!.maps;
    expect(map).toMatchObject({ key: OUTSIDE_ENV.VITE_2GIS_KEY, lang: 'ru' });
    // Framed on Saint Petersburg.
    expect(map!.center[0]).toBeGreaterThan(29.5);
    expect(map!.center[0]).toBeLessThan(31);
    expect(map!.center[1]).toBeGreaterThan(59.6);
    expect(map!.center[1]).toBeLessThan(60.3);

    await expect.poll(async () => (await lastLoad(page))?.length ?? 0).toBeGreaterThan(1);
    const { clusterers } = (await mapglCalls(page))!;
    expect(clusterers).toHaveLength(1);
    expect(clusterers[0]!.radius).toBeGreaterThan(0);
    const markers = (await lastLoad(page))!;
    for (const marker of markers) {
      expect(marker.type).toBe('html');
      expect(marker.text).toMatch(/^[\d,]+ млн ₽$/);
      expect(typeof marker.userData).toBe('number');
    }
    // One pin per building: no building twice.
    expect(new Set(markers.map((m) => m.userData)).size).toBe(markers.length);
    await expect(page.getByTestId('schematic-map')).toHaveCount(0);

    // The clusterer reports a click on a pin: the building's apartments open in the sidebar.
    const pin = page.getByTestId('fake-clusterer-marker').first();
    await expect(pin).toHaveText(/^[\d,]+ млн ₽$/);
    await pin.click();
    const sidebar = page.getByTestId('building-sidebar');
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByTestId('apartment-card').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sidebar).toHaveCount(0);

    // A cluster: the map goes to it and zooms to where it parts (getClusterExpansionZoom).
    const cluster = page.getByTestId('fake-clusterer-cluster').first();
    await cluster.click();
    await expect.poll(async () => (await mapglCalls(page))!.maps[0]!.zooms.length).toBe(1);
    const after = (await mapglCalls(page))!;
    expect(after.clusterers[0]!.expansions).toHaveLength(1);
    expect(after.maps[0]!.zooms[0]).toBe(map!.zoom + 2);
    expect(after.maps[0]!.centers).toHaveLength(1);
    expect(stray).toEqual([]);
  });

  test('APART: the house is its own HTML marker, the infrastructure goes to the clusterer and the legend filters it', async ({ page }) => {
    const stray = await fakeMapgl(page);
    await page.goto(`${outside}/`);
    const id = await page.getByTestId('apartment-card').first().getAttribute('data-apartment-id');
    await page.goto(`${outside}/spb/apart/${id}`);
    const infra = page.getByTestId('apart-infrastructure');
    await infra.scrollIntoViewIfNeeded();
    await expect(infra.getByTestId('dgis-map')).toBeVisible();
    await expect.poll(async () => (await mapglCalls(page))?.htmlMarkers.filter((m) => !m.destroyed).map((m) => m.text)).toEqual(['Дом']);
    await expect.poll(async () => (await lastLoad(page))?.length ?? 0).toBeGreaterThan(0);
    const before = (await lastLoad(page))!.length;
    const shopCount = Number((await infra.locator('label', { hasText: 'Магазины' }).innerText()).replace(/\D/g, ''));
    expect(shopCount).toBeGreaterThan(0);

    await infra.getByRole('checkbox', { name: /^Магазины/ }).uncheck();
    await expect.poll(async () => (await lastLoad(page))!.length).toBe(before - shopCount);
    await infra.getByRole('checkbox', { name: /^Магазины/ }).check();
    await expect.poll(async () => (await lastLoad(page))!.length).toBe(before);
    // Filtering reloads the clusterer on the same map; the house stays one marker.
    const calls = (await mapglCalls(page))!;
    expect(calls.maps).toHaveLength(1);
    expect(calls.htmlMarkers.filter((m) => !m.destroyed)).toHaveLength(1);

    // A click on a point says what it is and how far.
    await infra.getByTestId('fake-clusterer-marker').first().click();
    await expect(infra.getByText(/ — \d/)).toBeVisible();
    expect(stray).toEqual([]);
  });

  test('when MapGL never arrives, the schematic map takes over after 8 seconds', async ({ page }) => {
    await page.clock.install();
    const asked: string[] = [];
    // The script request hangs: no answer, no error (a blocked or dead network).
    await page.route(MAPGL_SRC, (route) => {
      asked.push(route.request().url());
    });
    await openTopMap(page, outside);
    await expect(page.getByTestId('dgis-map')).toBeVisible();
    await expect.poll(() => asked.length).toBe(1);
    await page.clock.runFor(7_000);
    await expect(page.getByTestId('schematic-map')).toHaveCount(0);
    await page.clock.runFor(1_500);
    const map = page.getByTestId('schematic-map');
    await expect(map).toBeVisible();
    await expect(map.getByTestId('map-metro-line').first()).toBeAttached();
    await expect(map.getByTestId('map-cluster').or(map.getByTestId('map-marker')).first()).toBeVisible();
  });
});

/** The schematic's current zoom (it writes it on itself) and where a named district label is on the screen. */
const zoomOf = async (map: Locator) => Number(await map.getAttribute('data-zoom'));
const districtBox = async (map: Locator, name: string) => (await map.getByTestId('map-district').filter({ hasText: name }).boundingBox())!;
/** District and station names whose box meets a price pin's or a cluster's on the screen. */
const namesUnderPins = (map: Locator) =>
  map.evaluate((root) => {
    const rects = (selector: string) => [...root.querySelectorAll(selector)].map((el) => ({ el, r: el.getBoundingClientRect() }));
    const pins = rects('[data-testid="map-marker"], [data-testid="map-cluster"], [data-testid="map-pin"]');
    return rects('[data-testid="map-district"], [data-testid="map-station"]')
      .filter(({ r }) => pins.some(({ r: p }) => r.left < p.right && p.left < r.right && r.top < p.bottom && p.top < r.bottom))
      .map(({ el }) => el.textContent);
  });

test.describe('the offline schematic map', () => {
  test('TOP in Saint Petersburg: metro lines in their colours, district names, stations named when zoomed in', async ({ page }) => {
    await openTopMap(page);
    const map = page.getByTestId('schematic-map');
    await expect(map).toBeVisible();
    await expect(map.getByTestId('map-metro-line')).toHaveCount(5);
    const lines = await map
      .getByTestId('map-metro-line')
      .evaluateAll((groups) => groups.map((g) => [g.getAttribute('data-line'), g.querySelector('polyline')?.getAttribute('stroke')]));
    expect(lines).toContainEqual(['Кировско-Выборгская', '#D6083B']);
    expect(lines).toContainEqual(['Московско-Петроградская', '#0078C9']);
    await expect(map.getByTestId('map-district').first()).toBeVisible();
    // Which names fit depends on the frame (the TOP's buildings), the screen and the pins; several always do.
    expect(await map.getByTestId('map-district').count()).toBeGreaterThan(4);
    // No name is written under a price pin or a cluster: one that cannot fit is left out.
    expect(await namesUnderPins(map)).toEqual([]);

    // Station names appear once zoomed in enough (the buttons, with their Russian names).
    await expect(map.getByTestId('map-station')).toHaveCount(0);
    const zoomIn = map.getByRole('button', { name: 'Приблизить', exact: true });
    while ((await zoomOf(map)) < 12.5) await zoomIn.click();
    // (Where names would cover each other one of them is left out: of the Nevsky Prospekt / Gostiny Dvor interchange at
    // most one is named — none where a price pin stands over the centre.)
    await expect(map.getByTestId('map-station').first()).toBeVisible();
    expect(
      await map
        .getByTestId('map-station')
        .filter({ hasText: /^(Невский проспект|Гостиный двор)$/ })
        .count(),
    ).toBeLessThanOrEqual(1);
    expect(await map.getByTestId('map-station').count()).toBeGreaterThan(20);
    expect(await namesUnderPins(map)).toEqual([]);
    await map.getByRole('button', { name: 'Показать все', exact: true }).click();
    await expect(map.getByTestId('map-station')).toHaveCount(0);
  });

  test('a complex page’s map frames the house and its infrastructure inside the box it is shown in', async ({ page }) => {
    await page.goto('/');
    const link = page.getByTestId('apartment-card').first().getByTestId('complex-link');
    await page.goto((await link.getAttribute('href'))!);
    const frame = page.locator('.kv-complex-map');
    await frame.scrollIntoViewIfNeeded();
    const map = frame.getByTestId('schematic-map');
    const house = map.getByTestId('map-pin').filter({ hasText: /^(Дом|ЖК)$/ });
    await expect(house).toBeVisible();
    const box = (await frame.boundingBox())!;
    expect((await map.boundingBox())!.height).toBeLessThanOrEqual(box.height + 1);
    const pin = (await house.boundingBox())!;
    expect(pin.y).toBeGreaterThanOrEqual(box.y);
    expect(pin.y + pin.height).toBeLessThanOrEqual(box.y + box.height);
    expect(pin.x).toBeGreaterThanOrEqual(box.x);
    expect(pin.x + pin.width).toBeLessThanOrEqual(box.x + box.width);
  });

  test('an apartment’s map frames what is near the house; a metro station far beyond that walk stays outside the first view', async ({
    page,
  }) => {
    // The demo's nearest metro is often kilometres away (5–30 km): framed with it, the house and everything within
    // 1.5 km of it shrank into one dot. One station 30 km north is added to the real answer.
    const near: number[] = [];
    await page.route(/\/api\/infrastructure\/complex\?/, async (route) => {
      const answer = (await (await route.fetch()).json()) as {
        data: Array<{ kind: string; latitude: number; longitude: number; distanceM: number }>;
      };
      const nearest = answer.data[0]!;
      near.push(answer.data.filter((p) => p.distanceM <= 1500).length);
      answer.data.push({ ...nearest, kind: 'METRO', latitude: nearest.latitude + 0.27, distanceM: 30_000 });
      await route.fulfill({ json: answer });
    });
    // Opened from TOP in the app, so the page asks the API (a document would carry the answer in its markup).
    await page.goto('/');
    await page.getByTestId('apartment-card').first().locator('.kv-card__price').click({ force: true });
    await page.getByTestId('apartment-modal').getByRole('link', { name: 'Открыть страницу квартиры' }).click();
    const infra = page.getByTestId('apart-infrastructure');
    await infra.scrollIntoViewIfNeeded();
    const map = infra.getByTestId('schematic-map');
    await expect(map.getByTestId('map-pin')).toHaveText('Дом');
    expect(near[0]).toBeGreaterThan(0);
    // Every point near the house is on screen, as a marker or in a cluster; the far station is not drawn.
    const onMap = async () => {
      const clusters = await map.getByTestId('map-cluster').allInnerTexts();
      return (await map.getByTestId('map-marker').count()) + clusters.reduce((sum, n) => sum + Number(n), 0);
    };
    await expect.poll(onMap).toBe(near[0]);
    expect(await zoomOf(map)).toBeGreaterThanOrEqual(12);
    // Zoomed out far enough, it is there.
    while ((await onMap()) <= near[0]! && (await zoomOf(map)) > 8) await map.getByRole('button', { name: 'Отдалить', exact: true }).click();
    expect(await onMap()).toBe(near[0]! + 1);
  });

  test('pan and zoom: wheel, drag, keyboard and buttons move the view; price pins open the building', async ({ page }, info) => {
    await openTopMap(page);
    const map = page.getByTestId('schematic-map');
    await expect(map.getByTestId('map-district').first()).toBeVisible();
    const box = (await map.boundingBox())!;
    const start = await zoomOf(map);

    // Wheel up over the map zooms in around the cursor, and the page itself does not scroll.
    const scrollBefore = await page.evaluate(() => window.scrollY);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -300);
    await expect.poll(() => zoomOf(map)).toBeGreaterThan(start);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
    const zoomed = await zoomOf(map);
    await page.mouse.wheel(0, 300);
    await expect.poll(() => zoomOf(map)).toBeLessThan(zoomed);

    // A drag moves everything with it (a name the pins leave room for at this zoom, followed through the moves).
    const anchor = (await map.getByTestId('map-district').first().textContent())!;
    const before = await districtBox(map, anchor);
    const from = { x: box.x + 30, y: box.y + 30 };
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 60, from.y + 40, { steps: 4 });
    await page.mouse.up();
    const after = await districtBox(map, anchor);
    expect(after.x - before.x).toBeCloseTo(60, 0);
    expect(after.y - before.y).toBeCloseTo(40, 0);

    // Keyboard: + zooms in one level, arrows move the map.
    await map.focus();
    const level = await zoomOf(map);
    await page.keyboard.press('+');
    await expect.poll(() => zoomOf(map)).toBeCloseTo(level + 1, 2);
    await page.keyboard.press('-');
    await expect.poll(() => zoomOf(map)).toBeCloseTo(level, 2);
    const beforeKey = await districtBox(map, anchor);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await districtBox(map, anchor)).x - beforeKey.x).toBeCloseTo(80, 0);

    // A pinch with two fingers zooms (real touch points through the browser's input, on the phone).
    if (isPhone(info)) {
      const cdp = await page.context().newCDPSession(page);
      const cx = box.x + box.width / 2;
      const cy = box.y + box.height / 2;
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', spread: number) =>
        cdp.send('Input.dispatchTouchEvent', {
          type,
          touchPoints:
            type === 'touchEnd'
              ? []
              : [
                  { x: cx - spread, y: cy, id: 1 },
                  { x: cx + spread, y: cy, id: 2 },
                ],
        });
      const pinchFrom = await zoomOf(map);
      await touch('touchStart', 40);
      for (const spread of [60, 80, 100, 120, 160]) await touch('touchMove', spread);
      await touch('touchEnd', 0);
      await expect.poll(() => zoomOf(map)).toBeGreaterThan(pinchFrom + 1);
    }

    // Price pins: clusters open up, a pin opens the building's apartments.
    await map.getByRole('button', { name: 'Показать все', exact: true }).click();
    for (let i = 0; i < 8 && (await map.getByTestId('map-marker').count()) === 0; i++) await map.getByTestId('map-cluster').first().click();
    const pin = map.getByTestId('map-marker').first();
    await expect(pin).toHaveText(/^[\d,]+ млн ₽$/);
    await pin.click();
    await expect(page.getByTestId('building-sidebar').getByTestId('apartment-card').first()).toBeVisible();
  });
});

test('the website’s «Рядом со мной» takes the browser’s location and centres the map on the buyer', async ({ page, context }) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 59.9386, longitude: 30.3141 });
  await openTopMap(page);
  const map = page.getByTestId('schematic-map');
  await expect(map).toBeVisible();
  await page.getByTestId('near-me').click();
  await expect(page.getByText(/^Ближайший дом — в [\d\s,]+ (м|км) от вас$/)).toBeVisible();
  const here = map.getByTestId('map-pin').filter({ hasText: 'Вы здесь' });
  await expect(here).toBeVisible();
  const [pin, box] = [(await here.boundingBox())!, (await map.boundingBox())!];
  expect(pin.x > box.x && pin.x + pin.width < box.x + box.width && pin.y > box.y && pin.y + pin.height < box.y + box.height).toBe(true);
});

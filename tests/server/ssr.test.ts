import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { injectPage, viewportOf } from '../../server/http/ssr';
import { followCatalogueChange } from '../../server/catalog/jobs';
import { PAGE_DOCUMENT_LIMITS, scaledRenderLimits } from '../../server/http/render-gate';
import { useTestServer } from './helpers';

/** Apartment pages' renders, while a test holds them: how many have begun, and when they may go on. */
interface HeldRenders {
  entered: number;
  released: Promise<void>;
}
/** Where the fake render (a file of its own, in this process) finds the hold. */
const HELD = 'kvartaHeldApartmentRenders';
const heldSlot = globalThis as { [HELD]?: HeldRenders };

/** Holds every apartment page's render until `release`: a render is under way for as long as the test needs. */
function holdApartmentRenders(): { held: HeldRenders; release: () => void } {
  let letGo: () => void = () => undefined;
  const held: HeldRenders = { entered: 0, released: new Promise<void>((resolve) => (letGo = resolve)) };
  heldSlot[HELD] = held;
  return {
    held,
    release: () => {
      delete heldSlot[HELD];
      letGo();
    },
  };
}

/**
 * Built front ends plus a server entry that stands in for dist/server/entry-server.js: it asks the API in-process
 * like the real one, and misbehaves on purpose on some paths.
 */
function fakeBuilds(): { web: string; miniapp: string; server: string } {
  const root = mkdtempSync(join(tmpdir(), 'kvarta-ssr-'));
  const shell = '<!doctype html><html><head><title>Кварта</title></head><body><div id="root"></div></body></html>';
  for (const name of ['web', 'miniapp', 'server']) mkdirSync(join(root, name), { recursive: true });
  writeFileSync(join(root, 'web', 'index.html'), shell);
  mkdirSync(join(root, 'web', '.vite'));
  writeFileSync(
    join(root, 'web', '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-1.js'], css: ['assets/index-1.css'] },
      '_shared-1.js': { file: 'assets/shared-1.js' },
      'src/pages/services/index.ts': {
        file: 'assets/services-1.js',
        css: ['assets/services-1.css'],
        imports: ['_shared-1.js', '_slider-1.js'],
      },
      '_slider-1.js': { file: 'assets/slider-1.js', css: ['assets/slider-1.css'] },
    }),
  );
  writeFileSync(join(root, 'miniapp', 'index.html'), shell);
  writeFileSync(
    join(root, 'server', 'entry-server.js'),
    `let renders = 0;
export const entry = {
  async render({ url, fetch, viewport, output }) {
    renders += 1;
    if (url.startsWith('/analytics')) throw new Error('broken page');
    if (url === '/services/ipoteka') return { kind: 'redirect', status: 302, location: '/404' };
    const held = globalThis.${HELD};
    if (url.includes('/apart/') && held) {
      held.entered += 1;
      await held.released;
    }
    const cities = JSON.parse((await fetch('/api/init/city-list', { method: 'GET', headers: {} })).body).data;
    const modules = url.startsWith('/services') ? ['src/pages/services/index.ts'] : [];
    if (output === 'miniapp') return { kind: 'page', status: 200, html: '<main data-shell="miniapp"></main>', state: JSON.stringify({ cities: cities.length }), modules };
    return {
      kind: 'page',
      status: 200,
      html: '<h1>' + cities[0].name + '</h1><p data-viewport="' + viewport + '" data-renders="' + renders + '"></p>',
      state: JSON.stringify({ trap: '</script><script>alert(1)</script>' }),
      modules,
    };
  },
};`,
  );
  return { web: join(root, 'web'), miniapp: join(root, 'miniapp'), server: join(root, 'server') };
}

describe('server rendering of public pages', () => {
  const server = useTestServer('pglite', { app: { frontEnds: fakeBuilds() } });

  it('TOP arrives with the rendered page inside #root and the state after it, the API answered in-process', async () => {
    const res = await server.call({ method: 'GET', url: '/' });
    expect(res.status).toBe(200);
    expect(res.raw).toContain('<div id="root"><h1>Санкт-Петербург</h1>');
    expect(res.raw).toContain('<script type="application/json" id="kv-ssr-state">');
    expect(res.headers.vary).toMatch(/Sec-CH-UA-Mobile/);
  });

  it('data in the state cannot close its script element', async () => {
    const res = await server.call({ method: 'GET', url: '/?trap=1' });
    expect(res.raw).not.toContain('</script><script>alert(1)');
    expect(res.raw).toContain('\\u003c/script>\\u003cscript>alert(1)');
    // The trap stayed text inside the state's element: no script element of its own.
    expect(res.raw).not.toMatch(/<script>alert/);
    expect(res.raw.match(/<script type="application\/json"/g)).toHaveLength(1);
  });

  it('a phone gets the phone layout: by the client hint, else by the User-Agent', async () => {
    const phone = await server.call({ method: 'GET', url: '/?v=1', headers: { 'sec-ch-ua-mobile': '?1' } });
    expect(phone.raw).toContain('data-viewport="phone"');
    const iphone = await server.call({ method: 'GET', url: '/?v=1', headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Mobile/15E148' } });
    expect(iphone.raw).toContain('data-viewport="phone"');
    const desktop = await server.call({ method: 'GET', url: '/?v=1' });
    expect(desktop.raw).toContain('data-viewport="desktop"');
  });

  it('a render is reused for a minute instead of being made again for every visitor', async () => {
    const first = await server.call({ method: 'GET', url: '/?cache=1' });
    const second = await server.call({ method: 'GET', url: '/?cache=1' });
    const renderCount = (raw: string) => /data-renders="(\d+)"/.exec(raw)?.[1];
    expect(renderCount(second.raw)).toBe(renderCount(first.raw));
  });

  it('the page’s own chunk and stylesheets are linked in the head; what the entry already loads is not', async () => {
    const res = await server.call({ method: 'GET', url: '/services' });
    const head = res.raw.slice(0, res.raw.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/services-1.css">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/slider-1.css">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/services-1.js">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/slider-1.js">');
    expect(head).not.toContain('shared-1.js');
    expect(head).not.toContain('index-1.css');
  });

  it('a query string does not make another render', async () => {
    const renderCount = (raw: string) => /data-renders="(\d+)"/.exec(raw)?.[1];
    const first = await server.call({ method: 'GET', url: '/?utm_source=a' });
    const second = await server.call({ method: 'GET', url: '/?utm_source=b' });
    expect(renderCount(second.raw)).toBe(renderCount(first.raw));
  });

  it('one client renders one page at a time: its other pages go out as the shell, while another client is still rendered', async () => {
    const spb = [...server.memory().apartments.values()].filter((a) => a.cityId === 78).slice(0, 9);
    const { held, release } = holdApartmentRenders();
    let answered = 0;
    const page = (id: number, remoteAddress: string) =>
      server.call({ method: 'GET', url: `/spb/apart/${id}`, remoteAddress }).finally(() => (answered += 1));
    const flood = spb.slice(0, 8).map((a) => page(a.id, '198.51.100.10'));
    const other = page(spb[8]!.id, '198.51.100.11');
    // Every page is answered or rendering: the renders that began (one per client) are under way while the rest arrive.
    try {
      await vi.waitFor(() => expect(held.entered + answered, 'pages answered or rendering').toBe(9), { timeout: 10_000 });
    } finally {
      release();
    }
    const pages = await Promise.all(flood);
    expect(pages.every((page) => page.status === 200)).toBe(true);
    expect(pages.filter((page) => page.raw.includes('kv-ssr-state'))).toHaveLength(1);
    expect((await other).raw).toContain('kv-ssr-state');
  });

  it("an apartment page's render is kept until its listing changes, however that change arrives", async () => {
    const renderCount = (raw: string) => /data-renders="(\d+)"/.exec(raw)?.[1];
    const [changed, untouched] = [...server.memory().apartments.values()].filter((a) => a.cityId === 78).slice(20, 22);
    const page = async (id: number) => renderCount((await server.call({ method: 'GET', url: `/spb/apart/${id}` })).raw);
    const first = await page(changed!.id);
    const other = await page(untouched!.id);
    expect(first).toBeDefined();
    expect(await page(changed!.id)).toBe(first);
    // A new price, as a feed import or a market tick stores it and announces it (the catalogue-change job).
    await server.db.query('UPDATE apartments SET price_total = price_total + 100000 WHERE id = $1', [changed!.id]);
    await followCatalogueChange(server.app, server.app.queue, { added: [], cityIds: [78] });
    const after = await page(changed!.id);
    expect(after).toBeDefined();
    expect(after).not.toBe(first);
    // The listing that did not change keeps its render.
    expect(await page(untouched!.id)).toBe(other);
  });

  it('a page that fails to render is sent as the shell, still with its status', async () => {
    const res = await server.call({ method: 'GET', url: '/analytics' });
    expect(res.status).toBe(200);
    expect(res.raw).toContain('<div id="root"></div>');
    expect(res.raw).not.toContain('kv-ssr-state');
  });

  it('a loader redirect is an HTTP redirect', async () => {
    const res = await server.call({ method: 'GET', url: '/services/ipoteka' });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/404');
  });

  it('an unknown service is 404 before anything is rendered', async () => {
    const res = await server.call({ method: 'GET', url: '/services/no-such-service' });
    expect(res.status).toBe(404);
    expect(res.raw).toContain('<div id="root"></div>');
  });

  it('personal and unknown pages are not rendered on the server', async () => {
    for (const url of ['/agent', '/favourites', '/no-such-page', '/tma/agent']) {
      const res = await server.call({ method: 'GET', url });
      expect(res.raw, url).toContain('<div id="root"></div>');
      expect(res.raw, url).not.toContain('kv-ssr-state');
    }
  });

  it('the Mini App’s public pages arrive rendered as the Mini App shows them', async () => {
    for (const url of ['/tma/', '/tma/services']) {
      const res = await server.call({ method: 'GET', url });
      expect(res.raw, url).toContain(
        '<div id="root"><main data-shell="miniapp"></main></div><script type="application/json" id="kv-ssr-state">{"cities":5}</script>',
      );
    }
  });
});

describe('server rendering helpers', () => {
  it('injectPage escapes line separators as well as "<"', () => {
    const html = injectPage('<div id="root"></div>', {
      kind: 'page',
      status: 200,
      html: '<p>x</p>',
      state: '{"a":"\u2028<"}',
      modules: [],
    });
    expect(html).toBe('<div id="root"><p>x</p></div><script type="application/json" id="kv-ssr-state">{"a":"\\u2028\\u003c"}</script>');
  });

  it('viewportOf: the client hint wins over the User-Agent', () => {
    expect(viewportOf({ 'sec-ch-ua-mobile': '?0', 'user-agent': 'Android Mobile' })).toBe('desktop');
    expect(viewportOf({ 'user-agent': 'Mozilla/5.0 (Linux; Android 11) Mobile Safari' })).toBe('phone');
    expect(viewportOf({})).toBe('desktop');
  });
});

describe('page documents from one address (thousands of buyers behind a carrier NAT)', () => {
  const server = useTestServer('pglite', {
    app: { frontEnds: fakeBuilds(), renderLimits: { ...scaledRenderLimits(1), documents: PAGE_DOCUMENT_LIMITS } },
  });
  it('150 page loads at once from one address all get their page, with production limits', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 150 }, () =>
        server.app.inject({ method: 'GET', url: '/favourites', remoteAddress: '198.51.100.9' }).then((res) => res.statusCode),
      ),
    );
    expect(statuses.filter((status) => status === 429)).toHaveLength(0);
    expect(statuses.every((status) => status === 200)).toBe(true);
  });
});

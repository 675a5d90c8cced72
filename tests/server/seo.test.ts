import type { Seller } from '@kvarta/contract/catalog';
import { sellerTitle } from '@kvarta/contract/seller';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { injectMeta, validHost } from '../../server/seo';
import { servicePrice } from '../../server/seo/json-ld';
import { cachedCityList, createPageMeta } from '../../server/seo/page-meta';
import { apartmentSitemapXml, planSitemaps, SITEMAP_MAX_URLS } from '../../server/seo/sitemap';
import { useTestServer } from './helpers';

const ORIGIN = 'https://kvarta.example';
/** The test catalogue has 4 000 listings: files of 1 000 show the split without building 50 001. */
const PAGE_SIZE = 1_000;

/** jsdom ships no types (the unit project uses it as an environment); this file needs only its parser. */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (text: string, options?: { contentType?: string }) => { window: { document: Document } };
};

const docOf = (html: string) => new JSDOM(html).window.document;
const metaOf = (doc: Document, key: string) =>
  doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content') ?? null;
const jsonLdOf = (doc: Document) =>
  [...doc.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? '') as Record<string, unknown>);

/** Well-formed XML or a failed test; the document otherwise. */
function parseXml(xml: string): Document {
  const doc = new JSDOM(xml, { contentType: 'application/xml' }).window.document;
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc;
}
const locsOf = (doc: Document) => [...doc.getElementsByTagName('loc')].map((l) => l.textContent ?? '');

describe('page heads, robots.txt and sitemaps with PUBLIC_URL', () => {
  const server = useTestServer('pglite', { app: { publicUrl: ORIGIN, sitemapPageSize: PAGE_SIZE } });
  const moscowApartment = () =>
    server
      .memory()
      .apartmentsOf(77)
      .find((a) => a.status !== 'SOLD' && a.roomsCnt === 2)!;
  const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

  it('an apartment page has its canonical URL, preview tags with an absolute picture and a RealEstateListing', async () => {
    const a = moscowApartment();
    const house = server.memory().houses.get(a.houseId)!;
    const res = await get(`/msk/apart/${a.id}?utm_source=tg`);
    expect(res.statusCode).toBe(200);
    const doc = docOf(res.body);
    const url = `${ORIGIN}/msk/apart/${a.id}`;
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(url);
    expect(metaOf(doc, 'og:url')).toBe(url);
    expect(metaOf(doc, 'og:type')).toBe('product');
    expect(metaOf(doc, 'og:locale')).toBe('ru_RU');
    expect(metaOf(doc, 'og:site_name')).toBe('Кварта');
    const price = new Intl.NumberFormat('ru-RU').format(a.priceTotal);
    expect(metaOf(doc, 'og:title')).toMatch(/^2-к квартира .+ м² в Москве — /);
    expect(metaOf(doc, 'og:title')).toContain(`${price} ₽`);
    expect(metaOf(doc, 'og:description')).toContain(house.address);
    expect(metaOf(doc, 'og:image')).toBe(`${ORIGIN}/api/media/apart/${a.id}/preview.png`);
    expect(metaOf(doc, 'og:image:type')).toBe('image/png');
    expect(metaOf(doc, 'og:image:width')).toBe('1200');
    expect(metaOf(doc, 'og:image:height')).toBe('630');
    expect(metaOf(doc, 'twitter:card')).toBe('summary_large_image');
    // The card is a real PNG of the size the tags declare.
    const card = await get(metaOf(doc, 'og:image')!.slice(ORIGIN.length));
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/png');
    expect(card.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([card.rawPayload.readUInt32BE(16), card.rawPayload.readUInt32BE(20)]).toEqual([1200, 630]);
    expect(metaOf(doc, 'product:price:amount')).toBe(String(a.priceTotal));
    expect(metaOf(doc, 'robots')).toBeNull();

    const [listing] = jsonLdOf(doc);
    expect(listing).toMatchObject({ '@context': 'https://schema.org', '@type': 'RealEstateListing', url });
    expect(listing!.offers).toMatchObject({
      '@type': 'Offer',
      price: a.priceTotal,
      priceCurrency: 'RUB',
      itemOffered: {
        '@type': ['Apartment', 'Product'],
        numberOfRooms: 2,
        floorSize: { '@type': 'QuantitativeValue', value: a.areaTotal, unitCode: 'MTK' },
        address: { '@type': 'PostalAddress', addressLocality: 'Москва', streetAddress: house.address, addressCountry: 'RU' },
        geo: { '@type': 'GeoCoordinates', latitude: house.lat, longitude: house.lng },
      },
    });
    // The same seller as the apartment's page names (its advert answer), as an organisation or a person.
    const adverts = JSON.parse((await get(`/api/apartment/${a.id}/advert`)).body) as {
      data: Array<{ source: string; seller: Seller | null }>;
    };
    const seller = adverts.data.find((advert) => advert.source === 'Кварта')!.seller!;
    expect((listing!.offers as { seller: unknown }).seller).toEqual({
      '@type': seller.organization ? 'Organization' : 'Person',
      name: sellerTitle(seller),
    });
    const images = listing!.image as string[];
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image.startsWith(`${ORIGIN}/api/media/`)).toBe(true);
    // The pictures the JSON-LD names are real.
    for (const image of images) {
      const picture = await get(image.slice(ORIGIN.length));
      expect(picture.statusCode, image).toBe(200);
      expect(picture.headers['content-type'], image).toMatch(/^image\//);
    }
  });

  it('a hostile Host header never reaches the tags, robots.txt or the sitemap when PUBLIC_URL is set', async () => {
    const a = moscowApartment();
    const headers = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };
    for (const url of [`/msk/apart/${a.id}`, '/', '/services/ipoteka', '/robots.txt', '/sitemap.xml', '/sitemap-apartments-1.xml']) {
      const res = await get(url, headers);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('evil.example');
      expect(res.body, url).toContain(ORIGIN);
    }
  });

  it('an unknown apartment is a 404 with no preview or JSON-LD of its own, and kept out of the index', async () => {
    for (const url of ['/msk/apart/99999999', `/spb/apart/${moscowApartment().id}`, '/nope/nope/nope']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      const doc = docOf(res.body);
      expect(metaOf(doc, 'og:title'), url).toBeNull();
      expect(metaOf(doc, 'og:image'), url).toBeNull();
      expect(doc.querySelector('link[rel="canonical"]'), url).toBeNull();
      expect(jsonLdOf(doc), url).toEqual([]);
      expect(metaOf(doc, 'robots'), url).toBe('noindex');
    }
  });

  it('a preview card exists only for a real apartment', async () => {
    for (const id of ['99999999', 'abc', '-1', '1e3', '0']) {
      const res = await get(`/api/media/apart/${id}/preview.png`);
      expect(res.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(res.headers['content-type'], id).toMatch(/application\/json/);
    }
  });

  it('without the PNG renderer an apartment shows the site picture', async () => {
    const resolve = createPageMeta({ db: server.db, memory: server.memory() }, cachedCityList(server.db), { previews: false });
    const meta = await resolve(`/msk/apart/${moscowApartment().id}`, ORIGIN);
    expect(meta?.social?.image.path).toBe('/og-default.png');
  });

  it('a forged path cannot break out of the head', async () => {
    for (const url of [
      '/msk/apart/%3C%2Fscript%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      '/services/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E',
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toMatch(/<script>alert/);
      expect(docOf(res.body).querySelectorAll('script')).toHaveLength(0);
    }
  });

  it('TOP: canonical / whatever the query, the Organization and the WebSite', async () => {
    const res = await get('/?code=family');
    const doc = docOf(res.body);
    expect(doc.title).toBe('ТОП | Кварта');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${ORIGIN}/`);
    expect(metaOf(doc, 'og:type')).toBe('website');
    expect(metaOf(doc, 'og:image')).toBe(`${ORIGIN}/og-default.png`);
    const types = jsonLdOf(doc).map((block) => block['@type']);
    expect(types).toEqual(['Organization', 'WebSite']);
  });

  it('services: the index lists every service page; a service is a Service by «Кварта» with its price where it is a figure', async () => {
    const index = jsonLdOf(docOf((await get('/services')).body));
    expect(index[0]).toMatchObject({ '@type': 'ItemList' });
    const urls = (index[0]!.itemListElement as Array<{ url: string }>).map((i) => i.url);
    expect(urls).toContain(`${ORIGIN}/services/bezopasnaya-sdelka`);

    const doc = docOf((await get('/services/bezopasnaya-sdelka')).body);
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${ORIGIN}/services/bezopasnaya-sdelka`);
    expect(metaOf(doc, 'og:title')).toBe('Безопасная сделка');
    const [service] = jsonLdOf(doc);
    expect(service).toMatchObject({
      '@type': 'Service',
      name: 'Безопасная сделка',
      provider: { '@type': 'Organization', name: 'Кварта', url: `${ORIGIN}/` },
      offers: { '@type': 'Offer', price: 35_000, priceCurrency: 'RUB' },
    });
    expect((service!.areaServed as Array<{ name: string }>).map((c) => c.name)).toEqual(
      expect.arrayContaining(['Москва', 'Санкт-Петербург', 'Екатеринбург']),
    );
    const share = jsonLdOf(docOf((await get('/services/podbor-i-pokupka')).body))[0]!;
    expect(share.offers).not.toHaveProperty('price');
  });

  it('analytics has its own head; personal pages are kept out of the index', async () => {
    const analytics = docOf((await get('/analytics')).body);
    expect(analytics.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${ORIGIN}/analytics`);
    expect(metaOf(analytics, 'og:title')).toBe('ИИ Анализ возможностей | Кварта');
    // 149-FZ art. 10.2-2: the recommendation rules are public and indexed, in the Mini App too (canonical: the website's).
    for (const path of ['/recommendation-rules', '/tma/recommendation-rules']) {
      const rules = await get(path);
      expect(rules.statusCode, path).toBe(200);
      const doc = docOf(rules.body);
      expect(metaOf(doc, 'robots'), path).toBeNull();
      expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href'), path).toBe(`${ORIGIN}/recommendation-rules`);
      expect(metaOf(doc, 'og:title'), path).toBe('Правила применения рекомендательных технологий | Кварта');
    }
    for (const url of ['/agent', '/favourites', '/external-link']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(metaOf(docOf(res.body), 'robots')).toBe('noindex');
      expect(metaOf(docOf(res.body), 'og:title')).toBeNull();
    }
  });

  it('robots.txt keeps the APIs, the dev tools and personal pages (in the Mini App too) out and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/api/', '/passport/', '/bot-api/', '/dev/', '/agent', '/favourites', '/external-link', '/tma/agent']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    // The Mini App's public pages are the same content: readable, their canonical link naming the website's (below).
    expect(lines).not.toContain('Disallow: /tma/');
    expect(lines).toContain('Allow: /api/media/');
    expect(lines).not.toContain('Disallow: /');
    expect(lines.at(-1)).toBe(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('the Mini App’s copy of a page has the preview tags and a canonical link to the website’s URL of the page', async () => {
    const a = moscowApartment();
    for (const path of ['/services', `/msk/apart/${a.id}`, '/']) {
      const site = docOf((await get(path)).body);
      const miniApp = docOf((await get(`/tma${path}`)).body);
      const canonical = `${ORIGIN}${path}`;
      expect(site.querySelector('link[rel="canonical"]')?.getAttribute('href'), path).toBe(canonical);
      expect(miniApp.querySelector('link[rel="canonical"]')?.getAttribute('href'), path).toBe(canonical);
      expect(metaOf(miniApp, 'og:title'), path).toBeTruthy();
    }
  });

  it('the sitemap index names the static file and the apartment files; each is valid and within its size', async () => {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^application\/xml/);
    const indexDoc = parseXml(index.body);
    expect(indexDoc.documentElement.localName).toBe('sitemapindex');
    expect(indexDoc.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const files = locsOf(indexDoc);
    expect(files[0]).toBe(`${ORIGIN}/sitemap-static.xml`);

    const staticLocs = locsOf(parseXml((await get('/sitemap-static.xml')).body));
    expect(staticLocs).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/`,
        `${ORIGIN}/services`,
        `${ORIGIN}/services/ipoteka`,
        `${ORIGIN}/analytics`,
        `${ORIGIN}/recommendation-rules`,
      ]),
    );

    const onSale = [...server.memory().apartments.values()].filter((a) => a.status !== 'SOLD');
    // The complexes' pages: one file, every complex with a listing on sale.
    expect(files[1]).toBe(`${ORIGIN}/sitemap-complexes.xml`);
    const complexLocs = locsOf(parseXml((await get('/sitemap-complexes.xml')).body));
    expect(complexLocs).toHaveLength(new Set(onSale.map((a) => a.complexId)).size);
    for (const loc of complexLocs) expect(loc).toMatch(new RegExp(`^${ORIGIN}/[a-z-]+/complex/\\d+$`));
    const apartmentFiles = files.slice(2);
    expect(apartmentFiles).toHaveLength(Math.ceil(onSale.length / PAGE_SIZE));
    expect(apartmentFiles.length).toBeGreaterThan(1);
    const all: string[] = [];
    for (const file of apartmentFiles) {
      expect(file).toMatch(new RegExp(`^${ORIGIN}/sitemap-apartments-\\d+\\.xml$`));
      const res = await get(file.slice(ORIGIN.length));
      expect(res.statusCode).toBe(200);
      const doc = parseXml(res.body);
      expect(doc.documentElement.localName).toBe('urlset');
      const locs = locsOf(doc);
      expect(locs.length).toBeLessThanOrEqual(PAGE_SIZE);
      for (const lastmod of doc.getElementsByTagName('lastmod')) expect(lastmod.textContent).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      all.push(...locs);
    }
    expect(all).toHaveLength(onSale.length);
    expect(new Set(all).size).toBe(all.length);
    const a = moscowApartment();
    expect(all).toContain(`${ORIGIN}/msk/apart/${a.id}`);
    // Every URL in the sitemap is a page that answers 200.
    expect((await get(all[0]!.slice(ORIGIN.length))).statusCode).toBe(200);
    const sold = [...server.memory().apartments.values()].find((x) => x.status === 'SOLD');
    if (sold) expect(all.some((u) => u.endsWith(`/apart/${sold.id}`))).toBe(false);

    expect((await get(`/sitemap-apartments-${apartmentFiles.length + 1}.xml`)).statusCode).toBe(404);
    expect((await get('/sitemap-apartments-x.xml')).statusCode).toBe(404);
  });

  it('the sitemap is built once per catalogue version and follows a change of the listings', async () => {
    const first = (await get('/sitemap-apartments-1.xml')).body;
    expect((await get('/sitemap-apartments-1.xml')).body).toBe(first);
    const memory = server.memory();
    const moscow = memory.apartmentsOf(77);
    const gone = moscow.find((x) => x.status !== 'SOLD')!;
    memory.setApartments(
      moscow.filter((x) => x.id !== gone.id),
      [77],
    );
    const files = locsOf(parseXml((await get('/sitemap.xml')).body)).slice(1);
    const bodies = await Promise.all(files.map((f) => get(f.slice(ORIGIN.length)).then((r) => r.body)));
    expect(bodies.some((b) => b.includes(`/msk/apart/${gone.id}<`))).toBe(false);
    memory.setApartments(moscow, [77]);
  });
});

describe('page heads without PUBLIC_URL (development): the Host header, only when it is a plain host', () => {
  // As server/main.ts builds it: the bot's links default to localhost, the pages do not.
  const server = useTestServer('pglite', { app: { publicUrl: 'http://localhost:8080', canonicalUrl: null } });
  const aUrl = () => `/msk/apart/${server.memory().byCity.get(77)![0]}`;

  it('a plain host[:port] becomes the origin', async () => {
    const res = await server.app.inject({ method: 'GET', url: aUrl(), headers: { host: 'localhost:8333' } });
    const doc = docOf(res.body);
    expect(metaOf(doc, 'og:image')).toBe(`http://localhost:8333/api/media/apart${aUrl().slice('/msk/apart'.length)}/preview.png`);
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`http://localhost:8333${aUrl()}`);
    const robots = await server.app.inject({ method: 'GET', url: '/robots.txt', headers: { host: '127.0.0.1:8333' } });
    expect(robots.body).toContain('Sitemap: http://127.0.0.1:8333/sitemap.xml');
  });

  it.each(['evil.example"><script>alert(1)</script>', 'a b', 'host/path', 'user@host', 'host:99999', '-bad-.example', 'x'.repeat(300)])(
    'a malformed Host (%s) is ignored: no absolute tags, no sitemap',
    async (host) => {
      const res = await server.app.inject({ method: 'GET', url: aUrl(), headers: { host } });
      expect(res.statusCode).toBe(200);
      const doc = docOf(res.body);
      expect(metaOf(doc, 'og:image')).toBeNull();
      expect(metaOf(doc, 'og:url')).toBeNull();
      expect(doc.querySelector('link[rel="canonical"]')).toBeNull();
      // The page is still described: title and description do not need an origin.
      expect(metaOf(doc, 'og:title')).toMatch(/квартира|Студия/);
      expect(res.body).not.toContain('<script>alert');
      expect((await server.app.inject({ method: 'GET', url: '/robots.txt', headers: { host } })).body).not.toContain('Sitemap:');
      expect((await server.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host } })).statusCode).toBe(404);
    },
  );

  it('validHost accepts names, IPv4 and bracketed IPv6 with a port', () => {
    for (const ok of ['localhost', 'localhost:8080', 'kvarta.ru', 'xn--80aa.xn--p1ai', '127.0.0.1:80', '[::1]:8080'])
      expect(validHost(ok), ok).toBe(ok);
    for (const bad of [undefined, '', 'a..b', 'a_b.ru', 'kvarta.ru:', '[::1', 'kvarta.ru:8080:1'])
      expect(validHost(bad), String(bad)).toBeNull();
  });
});

describe('head rendering', () => {
  it('JSON-LD escapes `<` so `</script>` in data stays data; attributes are HTML-escaped', () => {
    const hostile = '</script><script>alert(1)</script><!--';
    const html = '<html><head><title>t</title></head><body><div id="root"></div></body></html>';
    const out = injectMeta(
      html,
      {
        status: 200,
        title: hostile,
        description: `"><script>alert(2)</script>`,
        canonicalPath: '/services/x"><script>',
        social: {
          type: 'website',
          title: hostile,
          description: "$' $& \u2028",
          image: { path: '/og-default.png', width: 1200, height: 630, type: 'image/png', alt: hostile },
        },
        jsonLd: [{ '@type': 'Service', name: hostile, description: "$' $&\u2028" }],
      },
      'https://kvarta.example',
    );
    expect(out).not.toContain('<script>alert');
    expect(out).toContain('\\u003c/script\\u003e');
    const doc = docOf(out);
    const scripts = doc.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(jsonLdOf(doc)[0]).toEqual({ '@type': 'Service', name: hostile, description: "$' $&\u2028" });
    expect(doc.title).toBe(hostile);
    expect(metaOf(doc, 'og:title')).toBe(hostile);
    expect(metaOf(doc, 'og:description')).toBe("$' $& \u2028");
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://kvarta.example/services/x"><script>');
    expect(doc.getElementById('root')).not.toBeNull();
  });

  it('service prices: a sum in roubles or free is a figure; a share of the price is not', () => {
    expect(servicePrice('35 000 ₽')).toBe(35_000);
    expect(servicePrice('Бесплатно')).toBe(0);
    expect(servicePrice('от 2 % стоимости квартиры')).toBeNull();
  });

  it('a catalogue past 50 000 listings is split into files of at most 50 000 URLs, whatever page size is asked for', () => {
    const links = new Map([[77, 'msk']]);
    const apartments = new Map(
      Array.from(
        { length: 120_001 },
        (_, i) => [i + 1, { id: i + 1, cityId: 77, status: 'ACTIVE', publishedAt: Date.UTC(2026, 0, 1) + i }] as const,
      ),
    );
    const plan = planSitemaps(apartments, links, 10 * SITEMAP_MAX_URLS);
    expect(plan.pageSize).toBe(SITEMAP_MAX_URLS);
    expect(plan.pageLastmod).toHaveLength(3);
    const last = apartmentSitemapXml('https://kvarta.example', plan, 3, (id) => apartments.get(id), links)!;
    expect(last.match(/<url>/g)).toHaveLength(20_001);
    expect(last).toContain('<loc>https://kvarta.example/msk/apart/120001</loc>');
    expect(apartmentSitemapXml('https://kvarta.example', plan, 4, (id) => apartments.get(id), links)).toBeNull();
  });
});

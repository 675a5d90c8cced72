import { describe, expect, it } from 'vitest';
import { localityPrepositional } from '@kvarta/contract/apartment-title';
import { injectMeta } from '../../server/seo';
import { LEGAL_DOC_LIST } from '@kvarta/contract/legal';
import { DATABASES, useTestServer } from './helpers';

const nbsp = (s: string) => s.replace(/\u00a0|\u202f/g, ' ');
const titleOf = (html: string) => nbsp(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? '');
const descriptionOf = (html: string) => nbsp(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '');
const rub = (n: number) => `${new Intl.NumberFormat('ru-RU').format(n).replace(/\u00a0|\u202f/g, ' ')} ₽`;

describe.each(DATABASES)('crawlable public pages and legal PDFs on %s', (kind) => {
  const server = useTestServer(kind);
  const apartmentOf = (cityId: number, rooms: (n: number) => boolean) => {
    const memory = server.memory();
    const id = memory.byCity.get(cityId)!.find((i) => rooms(memory.apartments.get(i)!.roomsCnt));
    return memory.apartments.get(id!)!;
  };

  it('an apartment URL carries its title per the rules and a description with price, area and address', async () => {
    const a = apartmentOf(77, (n) => n === 2);
    const res = await server.app.inject({ method: 'GET', url: `/msk/apart/${a.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const area = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 }).format(a.areaTotal);
    expect(titleOf(res.body)).toBe(`2-к квартира ${area} м² в Москве | Кварта`);
    const description = descriptionOf(res.body);
    expect(description).toContain(rub(a.priceTotal));
    expect(description).toContain(`2-к квартира ${area} м²`);
    expect(description).toContain(server.memory().houses.get(a.houseId)!.address);
    expect(description).toContain(server.memory().complexes.get(a.complexId)!.name);
  });

  it('a studio is titled «Студия» with its locality in the prepositional case (the city, or its suburb’s own town)', async () => {
    const a = apartmentOf(78, (n) => n === 0);
    const res = await server.app.inject({ method: 'GET', url: `/spb/apart/${a.id}` });
    expect(res.statusCode).toBe(200);
    const area = server.memory().areas.get(server.memory().complexes.get(a.complexId)!.areaId)?.name;
    const where = localityPrepositional(area, 'Санкт-Петербурге');
    expect(titleOf(res.body)).toBe(
      `Студия ${new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 }).format(a.areaTotal)} м² в ${where} | Кварта`,
    );
  });

  it('the Mini App build gets the same title', async () => {
    const a = apartmentOf(77, () => true);
    const res = await server.app.inject({ method: 'GET', url: `/tma/msk/apart/${a.id}` });
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toMatch(/ в Москве \| Кварта$/);
  });

  it.each([
    ['an unknown apartment', () => '/msk/apart/99999999'],
    ['an apartment of another city', () => `/spb/apart/${server.memory().byCity.get(77)![0]}`],
    ['an unknown city link', () => `/atlantis/apart/${server.memory().byCity.get(77)![0]}`],
    ['a non-numeric id', () => '/msk/apart/abc'],
    ['a negative id', () => '/msk/apart/-5'],
    ['an unknown service', () => '/services/no-such-service'],
  ])('%s answers HTTP 404 with the NOT_FOUND title', async (_name, url) => {
    const res = await server.app.inject({ method: 'GET', url: url() });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(titleOf(res.body)).toBe('Страница не найдена | Кварта');
  });

  it('services: the index and a detail page by its content title', async () => {
    const index = await server.app.inject({ method: 'GET', url: '/services' });
    expect(index.statusCode).toBe(200);
    expect(titleOf(index.body)).toBe('Услуги | Кварта');
    expect(descriptionOf(index.body)).toContain('Услуги «Кварты»');
    const detail = await server.app.inject({ method: 'GET', url: '/services/bezopasnaya-sdelka' });
    expect(detail.statusCode).toBe(200);
    expect(titleOf(detail.body)).toBe('Безопасная сделка | Кварта');
    expect(descriptionOf(detail.body)).toContain('Юридическая проверка квартиры');
    const purchase = await server.app.inject({ method: 'GET', url: '/services/podbor-i-pokupka' });
    expect(titleOf(purchase.body)).toBe('Подбор и покупка квартиры под ключ | Кварта');
  });

  it('TOP carries its route title; an unmatched path keeps the route-table 404', async () => {
    const home = await server.app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(titleOf(home.body)).toBe('ТОП | Кварта');
    expect((await server.app.inject({ method: 'GET', url: '/nope/nope/nope' })).statusCode).toBe(404);
  });

  it.each(LEGAL_DOC_LIST.map((doc) => doc.href))('%s is a real PDF', async (url) => {
    const res = await server.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.length).toBeGreaterThan(5_000);
    // Cyrillic text needs an embedded font.
    expect(res.rawPayload.toString('latin1')).toMatch(/\/FontFile2|\/FontFile3/);
  });

  it.each(['/docs/unknown.pdf', '/docs/..%2Fpackage.json', '/docs/texts.ts'])('%s is not served', async (url) => {
    const res = await server.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toBe('application/pdf');
  });
});

describe('injectMeta', () => {
  it('replaces the title and the description, escaping HTML', () => {
    const html = '<html><head><meta name="description" content="old" /><title>Кварта</title></head><body></body></html>';
    const out = injectMeta(html, { status: 200, title: 'A <b> & "c"', description: 'x < y' });
    expect(out).toContain('<title>A &lt;b&gt; &amp; &quot;c&quot;</title>');
    expect(out).toContain('<meta name="description" content="x &lt; y" />');
    expect(out).not.toContain('content="old"');
  });

  it('adds a description when the page has none', () => {
    expect(injectMeta('<html><head><title>t</title></head></html>', { status: 200, description: 'd' })).toContain(
      '<meta name="description" content="d" />\n</head>',
    );
  });

  it("keeps `$&`, `$'`, `$`` and `$1` in names as text instead of splicing the page", () => {
    const html = '<html><head><meta name="description" content="old" /><title>Кварта</title></head><body>BODY</body></html>';
    const title = "ЖК $& $' $` $1 $$";
    const out = injectMeta(html, { status: 200, title, description: "Дом $' и $&" });
    expect(out).toBe(
      `<html><head><meta name="description" content="Дом $' и $&amp;" /><title>ЖК $&amp; $' $\` $1 $$</title></head><body>BODY</body></html>`,
    );
    const added = injectMeta('<html><head><title>t</title></head><body>B</body></html>', { status: 200, description: "$' $&" });
    expect(added).toBe(`<html><head><title>t</title><meta name="description" content="$' $&amp;" />\n</head><body>B</body></html>`);
  });
});

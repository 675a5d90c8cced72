import { jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { DATABASES, TEST_SECRET, useTestServer, hostile } from './helpers';

type Err = { result: 'error'; message: string; statusCode: number; detail?: unknown };

describe.each(DATABASES)('init and passport API on %s', (kind) => {
  const server = useTestServer(kind);

  it('health reports the database kind', async () => {
    const res = await server.request('health');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'ok', database: kind });
  });

  it('city list returns exactly the five supported cities in order', async () => {
    const res = await server.request('cityList');
    expect(res.status).toBe(200);
    expect(res.body.result).toBe('ok');
    expect(res.body.data.map((c) => c.kladr)).toEqual([78, 77, 161, 541, 661]);
    expect(res.body.data[0]).toEqual({
      id: 78,
      name: 'Санкт-Петербург',
      kladr: 78,
      hasMetro: true,
      cityIds: [78],
      title: 'Санкт-Петербург',
      link: 'spb',
      prepositional: 'Санкт-Петербурге',
    });
    expect(res.body.data.find((c) => c.kladr === 161)).toMatchObject({ hasMetro: false, link: expect.any(String) });
  });

  it('area list groups districts by direction with stable ids and suburbs under region.none', async () => {
    const res = await server.request('areaList', { params: { cityIds: '78' } });
    expect(res.status).toBe(200);
    const { city, region } = res.body.data;
    expect(Object.keys(city).sort()).toEqual(['center', 'east', 'north', 'south', 'west', 'none'].sort());
    expect(city.center.map((a) => a.name)).toEqual(['Адмиралтейский', 'Петроградский', 'Центральный']);
    expect(city.center.find((a) => a.name === 'Адмиралтейский')!.id).toBe(78001);
    expect(region.none.map((a) => a.name)).toContain('Всеволожский район (Мурино)');
    const all = Object.values(city).flat();
    expect(all).toHaveLength(18);
    // Each district comes with its centre (the offline map writes its name there).
    expect(city.center.find((a) => a.name === 'Адмиралтейский')).toMatchObject({ latitude: 59.914, longitude: 30.295 });
    expect(all.every((a) => a.latitude > 59.5 && a.latitude < 60.5 && a.longitude > 29.5 && a.longitude < 31)).toBe(true);
  });

  it('area list for an unknown city is empty, not an error', async () => {
    const res = await server.request('areaList', { params: { cityIds: '999' } });
    expect(res.status).toBe(200);
    expect(Object.values(res.body.data.city).flat()).toEqual([]);
  });

  it('metro list has coloured stations for Moscow and none for Rostov-on-Don', async () => {
    const msk = await server.request('metroList', { body: { cityIds: [77] } });
    expect(msk.status).toBe(200);
    expect(msk.body.data.length).toBeGreaterThan(300);
    expect(msk.body.data.every((s) => /^#[0-9A-F]{6}$/.test(s.color) && s.cityId === 77)).toBe(true);
    expect(msk.body.data.map((s) => s.name)).toContain('Новокосино');
    // Each station knows its place along its line: the Kalininskaya line runs Novokosino → Tretyakovskaya.
    const kalininskaya = msk.body.data.filter((s) => s.lineName === 'Калининская').sort((a, b) => a.order - b.order);
    expect(kalininskaya.map((s) => s.order)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect([kalininskaya[0]!.name, kalininskaya.at(-1)!.name]).toEqual(['Новокосино', 'Третьяковская']);
    const rostov = await server.request('metroList', { body: { cityIds: [161] } });
    expect(rostov.body.data).toEqual([]);
  });

  it('texts filter by category and keys, parse JSON and carry titles', async () => {
    const res = await server.request('texts', {
      query: { category: 'ai_kvarta', keys: 'assist_1st_msg,agent_info_block_work,lira_creation' },
    });
    expect(res.status).toBe(200);
    const byKey = Object.fromEntries(res.body.data.map((t) => [t.key, t]));
    expect(Object.keys(byKey).sort()).toEqual(['agent_info_block_work', 'assist_1st_msg', 'lira_creation']);
    expect(typeof byKey.assist_1st_msg!.text).toBe('string');
    expect(byKey.agent_info_block_work!.title).toBeTruthy();
    expect(byKey.lira_creation!.text).toMatchObject({ check: 'Ищем квартиры по вашему запросу...' });
  });

  it('issues a signed anonymous token', async () => {
    const res = await server.request('passportToken');
    expect(res.status).toBe(200);
    expect(res.body.data.isAnonymous).toBe(true);
    const { payload } = await jwtVerify(res.body.data.token, TEST_SECRET, { algorithms: ['HS256'] });
    expect(payload).toMatchObject({ isAnonymous: true, exp: res.body.data.expires });
    expect(Number.isInteger(payload.id)).toBe(true);
    expect(res.body.data.expires * 1000).toBeGreaterThan(Date.now());
  });

  describe('bad input', () => {
    const cases: Array<[string, Parameters<typeof server.call>[0]]> = [
      [
        'malformed JSON body',
        { method: 'POST', url: '/api/init/metro-list', headers: { 'content-type': 'application/json' }, payload: '{"cityIds": [77' },
      ],
      ['wrong types', { method: 'POST', url: '/api/init/metro-list', payload: { cityIds: 'moscow' } }],
      ['empty city list', { method: 'POST', url: '/api/init/metro-list', payload: { cityIds: [] } }],
      ['negative ids', { method: 'POST', url: '/api/init/metro-list', payload: { cityIds: [-5] } }],
      ['huge array', { method: 'POST', url: '/api/init/metro-list', payload: { cityIds: Array.from({ length: 5000 }, (_, i) => i + 1) } }],
      ['missing body', { method: 'POST', url: '/api/init/metro-list' }],
      ['malformed path ids', { method: 'GET', url: '/api/init/area-list/78;drop' }],
      ['texts keys not snake_case', { method: 'GET', url: '/api/init/texts?keys=Bad-Key' }],
    ];
    it.each(cases)('%s → 400 envelope with a readable message', async (_name, request) => {
      const res = await server.call<Err>(request);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ result: 'error', statusCode: 400 });
      expect(res.body.message.length).toBeGreaterThan(5);
      expect(res.raw).not.toMatch(/at .*\.ts:\d+/);
    });

    it('a too large body → 413 envelope', async () => {
      const res = await server.request('metroList', { body: hostile({ cityIds: [77], pad: 'x'.repeat(1_100_000) }) });
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ result: 'error', statusCode: 413 });
    });
  });

  describe('unknown paths', () => {
    it('an unknown API path → JSON 404 envelope', async () => {
      for (const url of ['/api/nope', '/passport/nope', '/bot-api/nope']) {
        const res = await server.call<Err>({ method: 'GET', url });
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ result: 'error', message: 'Not Found', statusCode: 404 });
      }
    });

    it('pages: known routes 200, unknown paths and /404 → the SPA with 404', async () => {
      const moscow = [...server.app.memory.apartments.values()].find((a) => a.cityId === 77)!.id;
      for (const [url, status] of [
        ['/', 200],
        ['/agent', 200],
        ['/favourites', 200],
        [`/msk/apart/${moscow}`, 200],
        ['/services/bezopasnaya-sdelka', 200],
        ['/analytics-details', 200],
        ['/external-link', 200],
        ['/nope', 404],
        ['/404', 404],
        ['/services/a/b', 404],
        ['/tma/', 200],
        ['/tma/agent', 200],
        ['/tma/nope', 404],
      ] as const) {
        const res = await server.call({ method: 'GET', url });
        expect(res.status, url).toBe(status);
        expect(String(res.headers['content-type'])).toContain('text/html');
      }
    });
  });
});

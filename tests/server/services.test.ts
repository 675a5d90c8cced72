import { describe, expect, it } from 'vitest';
import { useTestServer } from './helpers';

describe('services content and illustrations', () => {
  const server = useTestServer('pglite');

  it('GET /api/service/extended: services with content and cross-sell, common content with three reviewers', async () => {
    const res = await server.request('services');
    expect(res.status).toBe(200);
    const { services, common } = res.body.data;
    const ids = new Set(services.map((s) => s.id));
    expect(services.map((s) => s.code)).toEqual(expect.arrayContaining(['podbor-i-pokupka', 'bezopasnaya-sdelka']));
    for (const service of services) {
      expect(service.content.title.length).toBeGreaterThan(0);
      expect(service.crossSellServiceIds.every((id) => ids.has(id) && id !== service.id)).toBe(true);
    }
    expect(common.mortgageTopics.length).toBeGreaterThan(0);
    expect(common.guides.every((g) => g.expert && g.readMinutes > 0)).toBe(true);
    expect(common.reviews.map((r) => r.avatar).sort()).toEqual([1, 2, 3]);
    expect(common.reviews.every((r) => ids.has(r.serviceId))).toBe(true);
  });

  it.each(['podbor-i-pokupka', 'bezopasnaya-sdelka', 'sell'])('hero %s is an SVG in 1x/2x/3x', async (kind) => {
    const one = await server.call({ method: 'GET', url: `/api/media/service/${kind}.svg` });
    const three = await server.call({ method: 'GET', url: `/api/media/service/${kind}.svg?scale=3` });
    expect(one.status).toBe(200);
    expect(one.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(one.raw).toContain('width="560" height="360"');
    expect(three.raw).toContain('width="1680" height="1080"');
  });

  it('the three reviewer avatars differ; other numbers and kinds are 400 in Russian', async () => {
    const avatars = await Promise.all([1, 2, 3].map((n) => server.call({ method: 'GET', url: `/api/media/reviewer/${n}.svg?scale=2` })));
    expect(avatars.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(avatars.map((a) => a.raw)).size).toBe(3);
    expect(avatars[0]!.raw).toContain('width="240"');
    const bad = await server.call<{ message: string }>({ method: 'GET', url: '/api/media/reviewer/4.svg' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('n: 1, 2 или 3');
    expect((await server.call({ method: 'GET', url: '/api/media/service/rent.svg' })).status).toBe(400);
    expect((await server.call({ method: 'GET', url: '/api/media/service/sell.svg?scale=9' })).status).toBe(400);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { ApiClient } from '@/shared/api';

/** A client whose fetch answers `{result: 'ok', data}` and records each request. */
function recordingClient() {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({
      url: String(url),
      method: init?.method ?? 'GET',
      body: init?.body === undefined ? undefined : JSON.parse(String(init.body)),
    });
    return new Response(JSON.stringify({ result: 'ok', data: { echoed: true } }), { headers: { 'Content-Type': 'application/json' } });
  });
  const client = new ApiClient({ bases: { main: '/api', passport: '/passport', botApi: '/bot-api' }, fetch: fetch });
  return { client, calls };
}

describe('api.call: a route of the contract by name', () => {
  it('takes method, base and path from the endpoint table and fills params and query', async () => {
    const { client, calls } = recordingClient();
    await client.call('areaList', { params: { cityIds: '77,78' } });
    await client.call('apartmentAdverts', { params: { apartId: 42 } });
    await client.call('liraVariantList', { query: { size: 30, page: 1, sort: 'PRICE_ASC', showSold: 'false' } });
    await client.call('subscriptionCancel', { query: { serviceType: 'LIRA_4' } });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/init/area-list/77%2C78',
      'GET /api/apartment/42/advert',
      'GET /api/selection/lira/variant?size=30&page=1&sort=PRICE_ASC&showSold=false',
      'DELETE /api/cabinet/profile/subscription?serviceType=LIRA_4',
    ]);
    expect(calls[3]?.body).toBeUndefined();
  });

  it('sends the body as JSON and reaches the passport and bot-api bases', async () => {
    const { client, calls } = recordingClient();
    await client.call('metroList', { body: { cityIds: [77] } });
    await client.call('passportToken');
    await client.call('callbackSale', { body: { userName: 'Анна', phone: '+79990000000', agreed: true } });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/init/metro-list',
      'POST /passport/data/token',
      'POST /bot-api/callback/sale',
    ]);
    expect(calls[0]?.body).toEqual({ cityIds: [77] });
    // Fastify refuses an empty JSON body, so a POST without one still sends `{}`.
    expect(calls[1]?.body).toEqual({});
  });

  it("answers the envelope's data", async () => {
    const { client } = recordingClient();
    await expect(client.call('cityList')).resolves.toEqual({ echoed: true });
  });

  it('routes that need a bearer wait until the session has its token; public routes do not', async () => {
    const { client, calls } = recordingClient();
    let start: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (start = resolve));
    client.configure({ sessionStarted: () => started });
    const reaction = client.call('topReaction', { body: { apartmentId: 1, action: 'LIKE', notices: [] } });
    await client.call('cityList');
    expect(calls.map((c) => c.url)).toEqual(['/api/init/city-list']);
    start();
    await reaction;
    expect(calls.map((c) => c.url)).toEqual(['/api/init/city-list', '/api/selection/swipe/evaluate-variant']);
  });
});

import { request as httpRequest } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTestServer } from './helpers';

/**
 * Input PostgreSQL or the HTTP layer cannot take must answer 400-class envelopes, not 500
 * (NUL bytes and lone surrogates in stored strings, int4 overflow in ids) or Fastify's English JSON.
 */
const server = useTestServer();
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';

function expectEnvelope(res: { status: number; body: unknown }, status: number): void {
  expect(res.status).toBe(status);
  const body = res.body as { result?: unknown; message?: unknown; statusCode?: unknown };
  expect(body.result).toBe('error');
  expect(typeof body.message).toBe('string');
  // 404 keeps the spec's 'Not Found'; every other message is Russian.
  if (status !== 404) expect(body.message as string).toMatch(/[а-яё]/i);
  expect(body.statusCode).toBe(status);
}

describe('unsafe text in stored strings answers 400', () => {
  it('NUL and a lone surrogate in the profile name', async () => {
    const token = await server.anonymousToken();
    for (const name of [NUL, LONE_SURROGATE, '\udc00']) {
      expectEnvelope(await server.call({ method: 'PUT', url: '/api/cabinet/profile', headers: auth(token), payload: { name } }), 400);
    }
  });

  it('NUL in the call-back fields', async () => {
    const token = await server.anonymousToken();
    for (const field of ['cityName', 'refererUrl', 'extraField']) {
      const payload = { userName: 'Оля', phone: '+7 999 000-11-22', agreed: true, [field]: NUL };
      expectEnvelope(await server.call({ method: 'POST', url: '/bot-api/callback/sale', headers: auth(token), payload }), 400);
    }
  });

  it('NUL and a lone surrogate in a TOP wishes key', async () => {
    const token = await server.anonymousToken();
    for (const key of [NUL, LONE_SURROGATE]) {
      const payload = { cityIds: [1], wishes: { [key]: 'IMPORTANT' } };
      expectEnvelope(await server.call({ method: 'POST', url: '/api/selection/swipe/profile', headers: auth(token), payload }), 400);
    }
  });

  it('NUL in a promocode', async () => {
    const token = await server.anonymousToken();
    const payload = { promocode: `TRIAL${'\u0000'}` };
    expectEnvelope(
      await server.call({ method: 'POST', url: '/api/cabinet/profile/subscription/promocode-check', headers: auth(token), payload }),
      400,
    );
  });

  it('NUL in a query string and in a path parameter', async () => {
    expectEnvelope(await server.call({ method: 'GET', url: '/api/init/texts?keys=a%00b' }), 400);
    expectEnvelope(await server.call({ method: 'GET', url: '/passport/data/events/telegram/a%00b' }), 400);
  });
});

describe('ids above int4 answer 400', () => {
  it('cityIds = 2^31 in the metro list and the statistics', async () => {
    expectEnvelope(await server.call({ method: 'POST', url: '/api/init/metro-list', payload: { cityIds: [2 ** 31] } }), 400);
    expectEnvelope(await server.call({ method: 'POST', url: '/api/selection/statistics', payload: { cityIds: [2 ** 31] } }), 400);
    expectEnvelope(await server.call({ method: 'POST', url: '/api/selection/statistics/detailed', payload: { cityIds: [2 ** 40] } }), 400);
  });

  it('cityIds = 2^31 in the TOP and LIRA profiles', async () => {
    const token = await server.anonymousToken();
    expectEnvelope(
      await server.call({ method: 'POST', url: '/api/selection/swipe/profile', headers: auth(token), payload: { cityIds: [2 ** 31] } }),
      400,
    );
    expectEnvelope(
      await server.call({
        method: 'POST',
        url: '/api/selection/lira/filters-check',
        headers: auth(token),
        payload: { cityIds: [2 ** 31] },
      }),
      400,
    );
  });
});

describe('errors of the HTTP layer come back as the envelope', () => {
  it('a URI too long: 414', async () => {
    expectEnvelope(await server.call({ method: 'GET', url: `/api/init/texts?keys=${'a'.repeat(20_000)}` }), 414);
    expectEnvelope(await server.call({ method: 'GET', url: `/api/apartment/${'1'.repeat(600)}/advert` }), 414);
  });

  it('malformed percent-encoding in the path or the query: 400', async () => {
    expectEnvelope(await server.call({ method: 'GET', url: '/api/apartment/%E0%A4%A/advert' }), 400);
    expectEnvelope(await server.call({ method: 'GET', url: '/api/no-such/%E0%A4%A' }), 400);
    expectEnvelope(await server.call({ method: 'GET', url: '/api/init/texts?keys=%E0%A4%A' }), 400);
    const page = await server.call({ method: 'GET', url: '/catalog/%E0%A4%A' });
    expect(page.status).toBeLessThan(500);
  });

  it('an unsupported method under /api: the 404 envelope', async () => {
    expectEnvelope(await server.call({ method: 'PATCH', url: '/api/health' }), 404);
    expectEnvelope(await server.call({ method: 'DELETE', url: '/bot-api/callback/sale' }), 404);
  });

  it('JSON nested very deep: 400', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const res = await server.call({
      method: 'POST',
      url: '/api/init/metro-list',
      headers: { 'content-type': 'application/json' },
      payload: deep,
    });
    expect(res.status).toBe(400);
    const deepObject = `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`;
    expectEnvelope(
      await server.call({
        method: 'POST',
        url: '/api/init/metro-list',
        headers: { 'content-type': 'application/json' },
        payload: deepObject,
      }),
      400,
    );
  });

  it('an array or a string where an object is expected: 400', async () => {
    for (const payload of ['[1,2]', '"text"', '42', 'null']) {
      expectEnvelope(
        await server.call({ method: 'POST', url: '/api/init/metro-list', headers: { 'content-type': 'application/json' }, payload }),
        400,
      );
    }
  });

  it('headers too large: 431, before Fastify sees the request', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(100_000)}\r\n\r\n`);
      });
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString('utf8')));
      socket.on('end', () => resolve(data));
      socket.on('error', (error) => (data ? resolve(data) : reject(error)));
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as { result: string; message: string; statusCode: number };
    expect(body).toMatchObject({ result: 'error', statusCode: 431 });
    expect(body.message).toMatch(/[а-яё]/i);
    // A normal request on the same server still works.
    const status = await new Promise<number>((resolve, reject) => {
      httpRequest({ port, host: '127.0.0.1', path: '/api/health' }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on('error', reject)
        .end();
    });
    expect(status).toBe(200);
  });
});

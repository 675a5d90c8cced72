import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createErrorTracker, type ErrorTracker } from '../../server/infra/error-tracker';
import type { InProcessQueue } from '../../server/infra/in-process-queue';
import { signedInUser, useTestServer } from './helpers';

/** A stand-in for Sentry's ingest (GlitchTip speaks the same): it keeps every envelope posted to it. */
const envelopes: string[] = [];
let ingest: Server;
let dsn = '';
const tracker: ErrorTracker = {
  enabled: true,
  capture: (error, context) => real?.capture(error, context),
  flush: async (ms) => real?.flush(ms),
};
let real: ErrorTracker | undefined;

beforeAll(async () => {
  ingest = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      envelopes.push((request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8'));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', resolve));
  dsn = `http://publickey@127.0.0.1:${(ingest.address() as AddressInfo).port}/42`;
  real = createErrorTracker({ dsn, release: 'kvarta@test-release', environment: 'test' });
});
afterAll(() => new Promise<void>((resolve) => ingest.close(() => resolve())));

describe('errors go to the error tracker', () => {
  const server = useTestServer('pglite', { app: { errors: tracker } });

  it('an unexpected server error is reported with release, route and user id — never the token', async () => {
    const { token, userId } = await signedInUser(server);
    // The database fails under the request: its table is gone for a moment.
    await server.db.query('ALTER TABLE top_profiles RENAME TO top_profiles_away');
    const res = await server
      .request('topProfile', { token })
      .finally(() => server.db.query('ALTER TABLE top_profiles_away RENAME TO top_profiles'));
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ result: 'error', statusCode: 500, message: 'Внутренняя ошибка сервера' });

    await real!.flush(5_000);
    const sent = envelopes.join('\n');
    expect(sent).toContain('top_profiles');
    expect(sent).toContain('kvarta@test-release');
    expect(sent).toContain('/api/selection/swipe/profile');
    expect(sent).toContain(`"user":{"id":"${userId}"}`);
    expect(sent).not.toContain(token);
    expect(sent).not.toMatch(/authorization/i);
  });

  it('a job is reported once it fails its last try, with its name; failures followed by a retry are not', async () => {
    const queue = server.app.queue as InProcessQueue;
    let tries = 0;
    await queue.define({
      name: 'test-refund-at-provider',
      retryLimit: 2,
      retryDelaySeconds: 0,
      run: async () => {
        throw new Error('провайдер не ответил на возврат');
      },
    });
    await queue.define({
      name: 'test-bot-send',
      retryLimit: 2,
      retryDelaySeconds: 0,
      run: async () => {
        if (++tries < 3) throw new Error('бот временно недоступен');
      },
    });
    await queue.work();
    const before = envelopes.length;
    await queue.send('test-refund-at-provider', {});
    await queue.send('test-bot-send', {});
    await queue.idle();
    await real!.flush(5_000);
    const sent = envelopes.slice(before);
    expect(tries).toBe(3);
    expect(sent.filter((e) => e.includes('провайдер не ответил на возврат'))).toHaveLength(1);
    expect(sent.find((e) => e.includes('провайдер не ответил'))).toContain('"job":"test-refund-at-provider"');
    expect(sent.filter((e) => e.includes('бот временно недоступен'))).toHaveLength(0);
  });

  it('a client error (4xx) is not an error of ours: nothing is sent', async () => {
    const before = envelopes.length;
    const res = await server.call({ method: 'POST', url: '/api/selection/swipe/variant/list', payload: { cityIds: 'x' } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    await real!.flush(2_000);
    expect(envelopes.length).toBe(before);
  });
});

describe('without SENTRY_DSN', () => {
  it('the tracker is off and sends nothing', async () => {
    const off = createErrorTracker({ dsn: undefined, release: 'x', environment: 'test' });
    expect(off.enabled).toBe(false);
    const before = envelopes.length;
    off.capture(new Error('не отправлять'));
    await off.flush(500);
    expect(envelopes.length).toBe(before);
  });
});

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandling } from '../../server/http/envelope';

describe('unexpected errors', () => {
  it('answer 500 with the envelope and no stack trace', async () => {
    const app = Fastify({ logger: false });
    installErrorHandling(app);
    app.get('/boom', async () => {
      throw new Error('secret internal detail at /srv/app/server/x.ts:12');
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(JSON.parse(res.body)).toEqual({ result: 'error', message: 'Внутренняя ошибка сервера', statusCode: 500 });
    expect(res.body).not.toContain('secret');
    await app.close();
  });
});

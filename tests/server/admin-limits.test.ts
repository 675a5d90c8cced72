import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, scaledRateLimits } from '../../server/http/app-limits';
import { TEN_MINUTES } from '../../server/infra/rate-limit';
import { as, useTestServer } from './helpers';

const ADMIN_TOKEN = 'admin-token-for-the-limit-tests-0123456789';
const ATTEMPTS = 5;

describe('the operator token cannot be guessed at speed', () => {
  const server = useTestServer('pglite', {
    demoCatalogue: false,
    rateLimits: { ...scaledRateLimits(1000), adminAttemptsPerIp: { limit: ATTEMPTS, windowMs: TEN_MINUTES } },
    app: { adminToken: ADMIN_TOKEN },
  });
  const feeds = (token: string, remoteAddress: string) =>
    server.call({ method: 'GET', url: '/api/admin/feeds', headers: as(token), remoteAddress });

  it('wrong tokens are counted per address; over the limit even the right token gets the same 429', async () => {
    const guesser = '203.0.113.7';
    for (let i = 0; i < ATTEMPTS; i++) expect((await feeds(`wrong-token-${i}-of-the-same-length-0000000`, guesser)).status).toBe(403);
    const refused = await feeds('wrong-token-x-of-the-same-length-0000000', guesser);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // The right token is no different from a wrong one now: the limit reveals nothing about it.
    expect((await feeds(ADMIN_TOKEN, guesser)).status).toBe(429);
    // Another address (the operator's) is not locked out by the guesser.
    expect((await feeds(ADMIN_TOKEN, '198.51.100.20')).status).toBe(200);
  });
  it('right tokens are not counted: the operator behind a shared address is never locked out by his own calls', async () => {
    const office = '203.0.113.40';
    // More right calls than the default limit allows tries, and far more than this server's.
    for (let i = 0; i <= DEFAULT_RATE_LIMITS.adminAttemptsPerIp.limit; i++) expect((await feeds(ADMIN_TOKEN, office)).status).toBe(200);
    // Wrong ones from the same address are still counted and limited.
    for (let i = 0; i < ATTEMPTS; i++) expect((await feeds(`wrong-token-${i}-of-the-same-length-0000000`, office)).status).toBe(403);
    expect((await feeds('wrong-token-x-of-the-same-length-0000000', office)).status).toBe(429);
    expect((await feeds(ADMIN_TOKEN, office)).status).toBe(429);
  });
});

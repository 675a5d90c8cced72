import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { InProcessQueue } from '../../server/infra/in-process-queue';
import { CLEANUP_JOB } from '../../server/privacy/jobs';
import { cardPayments, signedInUser, useTestServer } from './helpers';

const METRICS_TOKEN = 'metrics-token-of-the-test-scraper-000';

/** One sample's value from Prometheus' text format, by metric name and labels (in any order). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe('/metrics', () => {
  const server = useTestServer('pglite', {
    app: { metricsToken: METRICS_TOKEN },
    rateLimits: { adminAttemptsPerIp: { limit: 3, windowMs: 600_000 } },
  });
  const scrape = async () => {
    const res = await server.call<string>({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toContain('text/plain');
    return res.raw;
  };

  it('is closed to the public: no token 401, a wrong one 401, both in the envelope', async () => {
    const none = await server.call({ method: 'GET', url: '/metrics' });
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ result: 'error', statusCode: 401 });
    const wrong = await server.call({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
  });

  it('wrong tokens are limited per address like the operator token; the scraper with the right one is never counted', async () => {
    const from = (ip: string, token: string) =>
      server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: ip, headers: { authorization: `Bearer ${token}` } });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await from('203.0.113.77', `guess-${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // The locked-out guesser cannot keep guessing: the right token is refused the same way there.
    expect((await from('203.0.113.77', METRICS_TOKEN)).statusCode).toBe(429);
    for (let i = 0; i < 5; i++) expect((await from('203.0.113.78', METRICS_TOKEN)).statusCode).toBe(200);
  });

  it('counts a request by its route pattern, a job, a ranked query, a bot send and payment notifications', async () => {
    const cities = await server.request('cityList');
    expect(cities.status).toBe(200);
    const token = await server.anonymousToken();
    const top = await server.request('topList', { token, body: { cityIds: [78], count: 10, page: 0 } });
    expect(top.status).toBe(200);

    const queue = server.app.queue as InProcessQueue;
    await queue.work();
    await queue.send(CLEANUP_JOB, {});
    await queue.idle();

    await server.app.bot.sendMessage(777_001, 'Проверка метрик');

    // A card payment through the fake CloudPayments: its Check and Pay reach our notification endpoints.
    const buyer = await signedInUser(server);
    const card = cardPayments(server);
    expect((await card.charge(await card.start(buyer.token))).success).toBe(true);
    const forged = await server.call({ method: 'POST', url: '/api/payments/cloudpayments/pay', payload: 'TransactionId=1' });
    expect(forged.status).toBe(401);

    const text = await scrape();
    const cityRoute = text
      .split('\n')
      .find(
        (line) =>
          line.startsWith('kvarta_http_request_duration_seconds_count{') &&
          line.includes('status="200"') &&
          line.includes('route="/api/init/city-list"'),
      );
    expect(cityRoute, 'the city list, counted by its pattern').toBeDefined();
    expect(text).not.toMatch(/route="[^"]*\/\d+/); // patterns, never ids
    expect(sample(text, 'kvarta_job_duration_seconds_count', { job: CLEANUP_JOB, outcome: 'ok' })).toBe(1);
    expect(sample(text, 'kvarta_ranking_query_duration_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'kvarta_bot_sends_total', { method: 'sendMessage', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'kvarta_ready')).toBe(1);
    expect(sample(text, 'kvarta_payment_notifications_total', { provider: 'cloudpayments', kind: 'pay', outcome: 'accepted' })).toBe(1);
    expect(sample(text, 'kvarta_payment_notifications_total', { provider: 'cloudpayments', kind: 'pay', outcome: 'forged' })).toBe(1);
    expect(sample(text, 'kvarta_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts likes and dislikes by the AI index band the listing had for the user when they reacted', async () => {
    const token = await server.anonymousToken();
    const top = await server.request('topList', { token, body: { cityIds: [78], count: 10, page: 0 } });
    expect(top.status).toBe(200);
    const [first, second] = top.body.data.items;
    expect(second, 'a page of at least two listings').toBeDefined();
    const react = (apartmentId: number, action: 'LIKE' | 'DISLIKE') =>
      server.request('topReaction', { token, body: { apartmentId, action, notices: action === 'DISLIKE' ? ['PRICE'] : [] } });
    const sum = (text: string, action: string) =>
      text
        .split('\n')
        .filter((line) => line.startsWith('kvarta_reactions_by_ai_index_total{') && line.includes(`action="${action}"`))
        .reduce((s, line) => s + Number(line.split(' ').pop()), 0);
    const before = await scrape();
    expect((await react(first!.id, 'LIKE')).status).toBe(200);
    expect((await react(second!.id, 'DISLIKE')).status).toBe(200);
    const after = await scrape();
    expect(sum(after, 'LIKE') - sum(before, 'LIKE')).toBe(1);
    expect(sum(after, 'DISLIKE') - sum(before, 'DISLIKE')).toBe(1);
    // Bands of ten points, as the dashboard's panel reads them.
    expect(after).toMatch(/kvarta_reactions_by_ai_index_total\{band="\d0–\d9",action="LIKE"\} 1/);

    // AI search's feedback is counted the same way (its own route, server/lira/routes.ts).
    const signedIn = await signedInUser(server);
    const feedback = await server.request('liraFeedback', {
      token: signedIn.token,
      body: { apartmentId: first!.id, action: 'LIKE', notices: [] },
    });
    expect(feedback.status).toBe(200);
    expect(sum(await scrape(), 'LIKE') - sum(after, 'LIKE')).toBe(1);
  });

  it("the operator's chart reads the liked share per index band from that series", () => {
    const dashboard = JSON.parse(readFileSync('ops/grafana/kvarta-dashboard.json', 'utf8')) as {
      panels: Array<{ title: string; targets?: Array<{ expr: string; legendFormat?: string }> }>;
    };
    const likedShare = dashboard.panels
      .flatMap((p) => p.targets ?? [])
      .find((t) => t.expr.includes('kvarta_reactions_by_ai_index_total{action="LIKE"}'));
    expect(likedShare, 'a panel of likes per index band').toBeDefined();
    // Likes over all reactions, band by band: the share a band's index promises.
    expect(likedShare!.expr).toMatch(
      /^sum by \(band\) \(increase\(kvarta_reactions_by_ai_index_total\{action="LIKE"\}\[\$__range\]\)\) \/ sum by \(band\) \(increase\(kvarta_reactions_by_ai_index_total\[\$__range\]\)\)$/,
    );
    expect(likedShare!.legendFormat).toBe('{{band}}');
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  const server = useTestServer('pglite');
  it('does not exist (404)', async () => {
    expect((await server.call({ method: 'GET', url: '/metrics' })).status).toBe(404);
  });
});

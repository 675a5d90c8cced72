import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useTestServer } from './helpers';

const METRICS_TOKEN = 'scraper-secret-vitals';

async function scrape(server: ReturnType<typeof useTestServer>): Promise<string> {
  const res = await server.call<string>({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(res.status).toBe(200);
  return res.raw;
}

/** The value of one sample line, e.g. `kvarta_web_vitals_lcp_seconds_count{page="/",…}`. */
function sample(text: string, name: string, labels: Record<string, string>): number | null {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inside = line.slice(name.length + 1, line.lastIndexOf('}'));
    const found = Object.fromEntries([...inside.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v) && Object.keys(found).length === Object.keys(labels).length)
      return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return null;
}

describe('real-user speed (POST /api/vitals) in /metrics', () => {
  const server = useTestServer('pglite', { app: { metricsToken: METRICS_TOKEN, vitalsLimit: { limit: 5, windowMs: 60_000 } } });
  const phone = { page: 'APART', surface: 'miniapp', platform: 'android' } as const;

  it('counts each value into its histogram by page pattern, surface and platform; a beacon’s text/plain body too', async () => {
    const json = await server.request('vitalsReport', {
      body: {
        ...phone,
        metrics: [
          { name: 'LCP', value: 1800 },
          { name: 'INP', value: 120 },
          { name: 'CLS', value: 0.04 },
          { name: 'TTFB', value: 300 },
        ],
      },
    });
    expect(json.status).toBe(200);
    expect(json.body).toEqual({ result: 'ok', data: { accepted: 4 } });
    // navigator.sendBeacon with a string: text/plain.
    const beacon = await server.call({
      method: 'POST',
      url: '/api/vitals',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ ...phone, metrics: [{ name: 'LCP', value: 3200 }] }),
    });
    expect(beacon.status).toBe(200);

    const text = await scrape(server);
    const labels = { page: '/:cityLink/apart/:apartId', surface: 'miniapp', platform: 'android' };
    expect(sample(text, 'kvarta_web_vitals_lcp_seconds_count', labels)).toBe(2);
    expect(sample(text, 'kvarta_web_vitals_lcp_seconds_sum', labels)).toBeCloseTo(5.0, 6);
    // The goal is a bucket bound: one of the two within 2.5 s.
    expect(sample(text, 'kvarta_web_vitals_lcp_seconds_bucket', { ...labels, le: '2.5' })).toBe(1);
    expect(sample(text, 'kvarta_web_vitals_inp_seconds_bucket', { ...labels, le: '0.2' })).toBe(1);
    expect(sample(text, 'kvarta_web_vitals_inp_seconds_bucket', { ...labels, le: '0.1' })).toBe(0);
    expect(sample(text, 'kvarta_web_vitals_cls_sum', labels)).toBeCloseTo(0.04, 6);
    expect(sample(text, 'kvarta_web_vitals_ttfb_seconds_sum', labels)).toBeCloseTo(0.3, 6);
    // The request itself is timed under its pattern, like every route.
    expect(text).toMatch(/kvarta_http_request_duration_seconds_count\{method="POST",route="\/api\/vitals",status="200"\} 2/);
  });

  it('refuses what would make a series per visitor, or is not a measurement', async () => {
    const bad = [
      { ...phone, page: '/ru/apart/123', metrics: [{ name: 'LCP', value: 1 }] },
      { ...phone, platform: 'iPhone 15', metrics: [{ name: 'LCP', value: 1 }] },
      { ...phone, metrics: [{ name: 'FID', value: 1 }] },
      { ...phone, metrics: [{ name: 'LCP', value: -5 }] },
      { ...phone, metrics: [{ name: 'CLS', value: 1e9 }] },
      { ...phone, metrics: [] },
      { ...phone, metrics: Array.from({ length: 9 }, () => ({ name: 'TTFB', value: 1 })) },
    ];
    for (const body of bad) {
      const res = await server.call<{ result: string; statusCode: number }>({ method: 'POST', url: '/api/vitals', payload: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ result: 'error', statusCode: 400 });
    }
    const notJson = await server.call({ method: 'POST', url: '/api/vitals', headers: { 'content-type': 'text/plain' }, payload: 'LCP=1' });
    expect(notJson.status).toBe(400);
    expect(notJson.body).toMatchObject({ result: 'error', statusCode: 400 });
    const huge = await server.call({
      method: 'POST',
      url: '/api/vitals',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ ...phone, metrics: [{ name: 'LCP', value: 1 }], pad: 'x'.repeat(10_000) }),
    });
    expect(huge.status).toBe(413);
    const text = await scrape(server);
    expect(text).not.toContain('/ru/apart/123');
    expect(text).not.toContain('iPhone 15');
  });

  it('is rate-limited per address; refused reports are counted, not observed', async () => {
    const body = { page: 'HOME', surface: 'web', platform: 'desktop', metrics: [{ name: 'TTFB', value: 100 }] } as const;
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push(
        (await server.app.inject({ method: 'POST', url: '/api/vitals', payload: body, remoteAddress: '198.51.100.7' })).statusCode,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const text = await scrape(server);
    expect(sample(text, 'kvarta_web_vitals_ttfb_seconds_count', { page: '/', surface: 'web', platform: 'desktop' })).toBe(5);
    expect(sample(text, 'kvarta_web_vitals_refused_total', {}) ?? Number(/kvarta_web_vitals_refused_total (\d+)/.exec(text)?.[1])).toBe(3);
  });

  it('the dashboard and the alert rules ask only for series /metrics has', async () => {
    const text = await scrape(server);
    const ops = readFileSync('ops/grafana/kvarta-dashboard.json', 'utf8') + readFileSync('ops/prometheus/alerts.yml', 'utf8');
    const asked = new Set([...ops.matchAll(/kvarta_web_vitals_\w+/g)].map((m) => m[0].replace(/_(bucket|count|sum)$/, '')));
    expect([...asked].sort()).toEqual([
      'kvarta_web_vitals_cls',
      'kvarta_web_vitals_inp_seconds',
      'kvarta_web_vitals_lcp_seconds',
      'kvarta_web_vitals_refused_total',
      'kvarta_web_vitals_ttfb_seconds',
    ]);
    for (const name of asked) expect(text).toContain(`# TYPE ${name} `);
  });
});

describe('adverts left undrawn for want of their 38-ФЗ marking (POST /api/ads/unmarked) in /metrics', () => {
  const server = useTestServer('pglite', { app: { metricsToken: METRICS_TOKEN } });

  it('counts each by what it lacked; a beacon’s text/plain body too; anything else is refused', async () => {
    expect((await server.request('adSlotReport', { body: { missing: ['advertiser'] } })).status).toBe(200);
    const beacon = await server.call({
      method: 'POST',
      url: '/api/ads/unmarked',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ missing: ['erid', 'advertiser'] }),
    });
    expect(beacon.status).toBe(200);
    await server.request('adSlotReport', { body: { missing: ['advertiser', 'erid'] } });
    for (const body of [{ missing: [] }, { missing: ['price'] }, { missing: ['erid', 'erid', 'advertiser'] }, {}])
      expect((await server.call({ method: 'POST', url: '/api/ads/unmarked', payload: body })).status).toBe(400);

    const text = await scrape(server);
    expect(sample(text, 'kvarta_ad_slots_unmarked_total', { missing: 'advertiser' })).toBe(1);
    expect(sample(text, 'kvarta_ad_slots_unmarked_total', { missing: 'advertiser,erid' })).toBe(2);
  });
});

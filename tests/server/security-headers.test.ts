import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configuredProviders } from '../../server/http/content-providers';
import { inlineScriptHashes, pageKind } from '../../server/http/security-headers';
import type { Payment } from '@kvarta/contract/subscription';
import { useTestServer } from './helpers';
import { as, signedInUser } from './helpers';

type Ok<T> = { result: 'ok'; data: T };

/** Built front ends with one inline script each, as a build plugin might emit. */
function fakeBuilds(): { web: string; miniapp: string } {
  const root = mkdtempSync(join(tmpdir(), 'kvarta-csp-'));
  const write = (dir: string, script: string) => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'index.html'),
      `<!doctype html><html><head><title>Кварта</title><script>${script}</script></head><body><div id="root"></div><script type="module" src="/assets/a.js"></script></body></html>`,
    );
  };
  write(join(root, 'web'), 'window.__web = 1;');
  write(join(root, 'miniapp'), 'window.__tma = 1;');
  return { web: join(root, 'web'), miniapp: join(root, 'miniapp') };
}

const sha = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/** Directive name → its sources. */
function csp(header: unknown): Map<string, string[]> {
  expect(typeof header, 'Content-Security-Policy is set').toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** `geolocation`: the app's own pages (the website, the Mini App) may ask for it, for «Рядом со мной»; nothing else may. */
function expectCommonHeaders(headers: Record<string, unknown>, geolocation: '()' | '(self)' = '()'): void {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(String(headers['permissions-policy']).match(/(?:^|, )geolocation=(\([^)]*\))/)?.[1]).toBe(geolocation);
  expect(String(headers['permissions-policy'])).toMatch(/camera=\(\)/);
  // Two of helmet's own: isolation from other windows (a payment provider's popups still allowed), and IE's download guard.
  expect(headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  expect(headers['x-download-options']).toBe('noopen');
}

describe('security headers on every kind of response', () => {
  const server = useTestServer('pglite', { app: { frontEnds: fakeBuilds(), publicUrl: 'http://localhost:8080' } });

  it('the website: only its own scripts and the build’s inline script by hash; framed by itself only', async () => {
    const res = await server.call({ method: 'GET', url: '/services' });
    expect(res.status).toBe(200);
    expectCommonHeaders(res.headers, '(self)');
    const policy = csp(res.headers['content-security-policy']);
    expect(policy.get('script-src')).toEqual(["'self'", sha('window.__web = 1;')]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:']));
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    // Plain http deployment: no HSTS.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('the Mini App: framed by Telegram’s web client and nobody else', async () => {
    for (const url of ['/tma/', '/tma/agent']) {
      const res = await server.call({ method: 'GET', url });
      expectCommonHeaders(res.headers, '(self)');
      const policy = csp(res.headers['content-security-policy']);
      expect(policy.get('frame-ancestors')).toEqual(['https://web.telegram.org']);
      expect(policy.get('script-src')).toEqual(["'self'", sha('window.__tma = 1;')]);
      expect(res.headers['x-frame-options']).toBeUndefined();
    }
  });

  it('API answers, errors and the legal PDFs carry them too', async () => {
    for (const url of ['/api/health', '/api/no-such-thing', '/passport/data/events/telegram/not-a-uuid', '/docs/public-offer.pdf']) {
      const res = await server.call({ method: 'GET', url });
      // The legal PDFs lie under the website's paths and take its policy (geolocation for its pages): nothing runs in a PDF.
      expectCommonHeaders(res.headers, pageKind(url) === 'web' ? '(self)' : '()');
      expect(res.headers['content-security-policy'], url).toBeTypeOf('string');
    }
    const api = await server.call({ method: 'GET', url: '/api/health' });
    expect(csp(api.headers['content-security-policy']).get('default-src')).toEqual(["'none'"]);
    expect(api.headers['x-frame-options']).toBe('DENY');
  });

  it("the stand-in's Stars invoice page is never framed and its one script is allowed by hash", async () => {
    const { token } = await signedInUser(server);
    const started = await server.call<Ok<Payment>>({
      method: 'POST',
      url: '/api/cabinet/payments',
      payload: { days: 30, serviceType: 'LIRA_4', method: 'stars' },
      headers: as(token),
    });
    const checkout = started.body.data.checkout;
    const path = checkout?.kind === 'stars' ? checkout.invoiceLink : '';
    expect(path).toMatch(/^\/dev\/telegram\/invoice\/[\w-]+$/);
    const page = await server.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expectCommonHeaders(page.headers);
    const policy = csp(page.headers['content-security-policy']);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(page.headers['x-frame-options']).toBe('DENY');
    const hashes = inlineScriptHashes(page.body);
    expect(hashes).toHaveLength(1);
    expect(policy.get('script-src')).toEqual(["'self'", ...hashes]);
    // The router decodes %XX before matching: an encoded path is the same page with the same policy.
    const encoded = await server.app.inject({ method: 'GET', url: path.replace('/dev/', '/%64ev/') });
    expect(encoded.statusCode).toBe(200);
    expect(csp(encoded.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
    expect(encoded.headers['x-frame-options']).toBe('DENY');
  });

  it('the Telegram stand-in page: its inline script is allowed by hash, nothing else inline', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/dev/telegram' });
    const policy = csp(page.headers['content-security-policy']);
    expect(policy.get('script-src')).toEqual(["'self'", ...inlineScriptHashes(page.body)]);
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
  });
});

describe('HSTS and third-party providers follow the configuration', () => {
  const server = useTestServer('pglite', {
    app: {
      publicUrl: 'https://kvarta.example',
      contentProviders: ['map2gis', 'cloudpayments'],
      connectOrigins: ['https://api.kvarta.example'],
    },
  });

  it('https PUBLIC_URL adds HSTS; configured providers add exactly their origins', async () => {
    const res = await server.call({ method: 'GET', url: '/' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const policy = csp(res.headers['content-security-policy']);
    expect(policy.get('script-src')).toEqual([
      "'self'",
      'https://mapgl.2gis.com',
      'https://unpkg.com/@2gis/mapgl-clusterer@2.5.2/dist/clustering.js',
      'https://widget.cloudpayments.ru',
    ]);
    expect(policy.get('connect-src')).toContain('https://api.kvarta.example');
    expect(policy.get('worker-src')).toContain('blob:');
    expect(policy.get('frame-src')).toContain('https://widget.cloudpayments.ru');
    expect(String(res.headers['permissions-policy'])).toContain('payment=(self "https://widget.cloudpayments.ru")');
  });

  it('the Mini App page cannot load the card widget: inside Telegram the subscription is sold for Stars only', async () => {
    const res = await server.call({ method: 'GET', url: '/tma/' });
    const policy = csp(res.headers['content-security-policy']);
    for (const directive of ['script-src', 'frame-src', 'connect-src', 'img-src'])
      expect(policy.get(directive)?.some((s) => s.includes('cloudpayments')) ?? false, directive).toBe(false);
    expect(policy.get('script-src')).toContain('https://mapgl.2gis.com');
    expect(String(res.headers['permissions-policy'])).toContain('payment=()');
  });

  it('the server reads the same variables the build does', () => {
    expect(configuredProviders({})).toEqual([]);
    expect(configuredProviders({ VITE_2GIS_KEY: 'k', VITE_ADFOX_OWNER_ID: ' ', CLOUDPAYMENTS_PUBLIC_ID: 'pk_1' })).toEqual([
      'map2gis',
      'cloudpayments',
    ]);
    // GTM's origins are allowed only once the operator says its cross-border transfer was notified.
    expect(configuredProviders({ VITE_GTM_ID: 'GTM-AB12' })).toEqual([]);
    expect(configuredProviders({ VITE_GTM_ID: 'GTM-AB12', GTM_CROSS_BORDER_NOTIFIED: 'yes' })).toEqual(['gtm']);
  });
});

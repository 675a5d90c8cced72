import { compileErrors, validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { API_BASES, ENDPOINT_NAMES, endpoints } from '@kvarta/contract';
import { useTestServer } from './helpers';

const server = useTestServer();

describe('OpenAPI from the contract', () => {
  it('GET /api/openapi.json is a valid OpenAPI 3.1 document with every contract route', async () => {
    const res = await server.call<
      Record<string, unknown> & { openapi: string; paths: Record<string, Record<string, { operationId: string; security: unknown[] }>> }
    >({ method: 'GET', url: '/api/openapi.json' });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    // validate() dereferences in place: give it a copy.
    const result = await validate(structuredClone(res.body) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    const operations = Object.values(res.body.paths).flatMap((byMethod) => Object.values(byMethod));
    expect(operations.map((o) => o.operationId).sort()).toEqual([...ENDPOINT_NAMES].sort());
    for (const name of ENDPOINT_NAMES) {
      const { service, path, method, access } = endpoints[name];
      const op = res.body.paths[`${API_BASES[service]}${path}`]?.[method.toLowerCase()];
      expect(op?.operationId).toBe(name);
      // `anyone`: the token is optional; otherwise the bearer is required.
      expect(op?.security).toEqual(access === 'anyone' ? [{}, { bearer: [] }] : [{ bearer: [] }]);
    }
  });

  it('/api/docs is the reference page: the viewer and its start-up come from our origin, no inline script', async () => {
    const page = await server.call<string>({ method: 'GET', url: '/api/docs' });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toMatch(/(^|;)\s*script-src 'self'(;|$)/);
    expect(page.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    const scripts = [...page.raw.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    const sources = scripts.map(([, attributes, body]) => {
      expect(body!.trim()).toBe('');
      return /src="([^"]+)"/.exec(attributes!)?.[1];
    });
    expect(page.raw).not.toMatch(/https?:\/\//);
    const styles = [...page.raw.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map(([, href]) => href);
    for (const asset of [...sources, ...styles]) {
      expect(asset).toMatch(/^\/api\/docs\/static\/[\w.-]+\.(js|css)$/);
      const res = await server.app.inject({ method: 'GET', url: asset! });
      expect(res.statusCode, asset).toBe(200);
    }
    // The viewer reads the same document as /api/openapi.json.
    const json = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.json()).toEqual((await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json());
    expect((await server.app.inject({ method: 'GET', url: '/api/docs/static/package.json' })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/api/docs/static/..%2F..%2Fpackage.json' })).statusCode).toBe(404);
  });
});

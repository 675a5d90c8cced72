import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { precompressDir } from '../../build/precompress';
import { installCompression } from '../../server/http/compression';
import { encodedOnce, pickEncoding, unchangingEnvelope } from '../../server/http/unchanging-answer';
import { unchanging } from '../../server/core/unchanging';
import { useTestServer } from './helpers';

const SCRIPT = `export const answer = ${JSON.stringify('Кварта '.repeat(400))};\n`;

/** A built website as `npm run build` leaves it: a hashed script with its precompressed copies, and index.html. */
function fakeBuilds(): { web: string; miniapp: string } {
  const root = mkdtempSync(join(tmpdir(), 'kvarta-serving-'));
  for (const name of ['web', 'miniapp']) {
    mkdirSync(join(root, name, 'assets'), { recursive: true });
    writeFileSync(
      join(root, name, 'index.html'),
      `<!doctype html><html><head><title>Кварта</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`,
    );
    writeFileSync(join(root, name, 'assets', 'main-abc123.js'), SCRIPT);
    writeFileSync(join(root, name, 'favicon.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(400)}</svg>`);
    precompressDir(join(root, name));
  }
  return { web: join(root, 'web'), miniapp: join(root, 'miniapp') };
}

describe('serving like production', () => {
  const server = useTestServer('pglite', { app: { frontEnds: fakeBuilds() } });
  const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

  it('a hashed asset: brotli when accepted, cached for a year as immutable', async () => {
    const res = await get('/assets/main-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('gzip when only gzip is accepted, the plain file otherwise; the Mini App’s assets the same', async () => {
    const gzip = await get('/tma/assets/main-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/main-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('files that are not hashed are revalidated: no-cache with validators, 304 when unchanged', async () => {
    const first = await get('/favicon.svg');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.etag).toBeTruthy();
    const again = await get('/favicon.svg', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('pages: no-cache with an ETag, 304 when unchanged, compressed when accepted', async () => {
    const first = await get('/services', { 'accept-encoding': 'br' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(first.rawPayload).toString()).toContain('<div id="root">');
    const again = await get('/services', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // A 404 page is never answered 304.
    const missing = await get('/no-such-page');
    expect(missing.statusCode).toBe(404);
  });

  it('API answers over a kilobyte are compressed for clients that accept it; small ones are not', async () => {
    const token = await server.anonymousToken();
    const body = { cityIds: [78], count: 30, page: 0 };
    const big = await server.app.inject({
      method: 'POST',
      url: '/api/selection/swipe/variant/list',
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br' },
      payload: body,
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    const data = JSON.parse(brotliDecompressSync(big.rawPayload).toString()) as { result: string; data: { items: unknown[] } };
    expect(data.result).toBe('ok');
    expect(data.data.items.length).toBeGreaterThan(0);
    const small = await get('/api/health', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('a cached TOP page is serialised and compressed once: the same bytes again, new ones after a reaction', async () => {
    const token = await server.anonymousToken();
    const list = (encoding: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/selection/swipe/variant/list',
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding },
        payload: { cityIds: [78], count: 10, page: 0 },
      });
    const [br1, br2, gzip, plain] = [await list('br'), await list('br'), await list('gzip'), await list('identity')];
    expect(br2.rawPayload.equals(br1.rawPayload)).toBe(true);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    const decoded = [brotliDecompressSync(br1.rawPayload), gunzipSync(gzip.rawPayload), plain.rawPayload].map((b) => b.toString());
    expect(new Set(decoded).size).toBe(1);
    const page = JSON.parse(plain.body) as { result: string; data: { items: { id: number; type: string }[] } };
    expect(page.result).toBe('ok');
    const first = page.data.items[0]!;
    expect(first.type).toBe('NOT_VIEWED');
    const liked = await server.request('topReaction', { body: { apartmentId: first.id, action: 'LIKE' }, token });
    expect(liked.status).toBe(200);
    const after = JSON.parse(brotliDecompressSync((await list('br')).rawPayload).toString()) as typeof page;
    expect(after.data.items.find((i) => i.id === first.id)?.type).toBe('LIKED');
  });

  it('reference data answered from memory is the same as from the database', async () => {
    const first = await server.request('cityList');
    const second = await server.request('cityList');
    expect(second.body).toEqual(first.body);
    expect((first.body as { data: unknown[] }).data).toHaveLength(5);
  });
});

describe('compression', () => {
  it('compresses text only, off the event loop: an event stream or a file of the same size passes untouched', async () => {
    const app = Fastify();
    await installCompression(app);
    const big = 'x'.repeat(4096);
    app.get('/json', async () => ({ big }));
    app.get('/page', async (_request, reply) => reply.type('text/html; charset=utf-8').send(`<p>${big}</p>`));
    app.get('/events', async (_request, reply) => reply.type('text/event-stream').send(`data: ${big}\n\n`));
    app.get('/file', async (_request, reply) => reply.type('application/pdf').send(Buffer.from(big)));
    const headers = { 'accept-encoding': 'br, gzip' };
    const json = await app.inject({ method: 'GET', url: '/json', headers });
    expect(json.headers['content-encoding']).toBe('br');
    expect(json.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(json.rawPayload).toString())).toEqual({ big });
    const page = await app.inject({ method: 'GET', url: '/page', headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.rawPayload).toString()).toBe(`<p>${big}</p>`);
    const events = await app.inject({ method: 'GET', url: '/events', headers });
    expect(events.headers['content-encoding']).toBeUndefined();
    expect(events.body).toBe(`data: ${big}\n\n`);
    const file = await app.inject({ method: 'GET', url: '/file', headers });
    expect(file.headers['content-encoding']).toBeUndefined();
    await app.close();
  });
});

describe('unchanging answers', () => {
  it('only marked objects keep their bytes; each encoding is made once per kept body', async () => {
    const page = unchanging({ items: [{ id: 1, title: 'Кварта' }] });
    const bytes = unchangingEnvelope(page);
    expect(bytes?.toString()).toBe(JSON.stringify({ result: 'ok', data: page }));
    expect(unchangingEnvelope(page)).toBe(bytes);
    expect(unchangingEnvelope({ items: [] })).toBeNull();
    const first = await encodedOnce(bytes!, 'br');
    expect(await encodedOnce(bytes!, 'br')).toBe(first);
    expect(brotliDecompressSync(first).equals(bytes!)).toBe(true);
    expect(gunzipSync(await encodedOnce(bytes!, 'gzip')).equals(bytes!)).toBe(true);
    // A body that is not a kept envelope is encoded every time.
    const other = Buffer.from('{"result":"ok"}');
    expect(await encodedOnce(other, 'br')).not.toBe(await encodedOnce(other, 'br'));
  });
});

describe('pickEncoding', () => {
  it('prefers brotli, falls back to gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('identity')).toBeNull();
  });
});

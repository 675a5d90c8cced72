import { request as httpRequest } from 'node:http';
import { once } from 'node:events';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { KEEP_ALIVE_MS } from '../../server/http/binding-stream';
import { prepareDatabase } from '../../server/bootstrap';
import { DEFAULT_CONNECTION_LIMITS, normalizeAddress, proxyMatcher, type ConnectionLimits } from '../../server/http/connection-limits';
import { openDatabase, type Database } from '../../server/db/connection';
import { TEST_CATALOGUE_SIZE, TEST_SECRET, TEST_TELEGRAM } from './helpers';

/**
 * Slow clients on a real listener (inject bypasses sockets): short timeouts, a small per-address cap.
 * Loopback only: 127.0.0.2 … 127.0.0.5 are other "clients" of the same machine.
 */
let db: Database;
const apps: FastifyInstance[] = [];
const sockets: Socket[] = [];

async function listening(limits: Partial<ConnectionLimits>): Promise<number> {
  const { app } = await buildApp({
    db,
    jwtSecret: TEST_SECRET,
    env: 'test',
    logLevel: 'silent',
    frontEnds: { web: '/nonexistent', miniapp: '/nonexistent' },
    telegram: TEST_TELEGRAM,
    connectionLimits: limits,
  });
  apps.push(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as AddressInfo).port;
}

function openSocket(port: number, localAddress: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress }, () => resolve(socket));
    socket.on('error', reject);
    sockets.push(socket);
  });
}

/** Everything the server sends until it closes the socket, and when it closed. */
function untilClosed(socket: Socket): Promise<{ text: string; closedAt: number }> {
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (text += chunk));
  return new Promise((resolve) => socket.on('close', () => resolve({ text, closedAt: Date.now() })));
}

function get(port: number, path: string, localAddress: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, localAddress, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The server's side of each socket the app accepts from now on, by the client's port. */
function acceptedSockets(app: FastifyInstance): Map<number, Socket> {
  const byClientPort = new Map<number, Socket>();
  app.server.on('connection', (socket: Socket) => byClientPort.set(socket.remotePort!, socket));
  return byClientPort;
}

beforeAll(async () => {
  db = await openDatabase({});
  await prepareDatabase(db, { catalogueSize: TEST_CATALOGUE_SIZE });
});

afterAll(async () => {
  for (const s of sockets) s.destroy();
  for (const app of apps) await app.close();
  await db.close();
});

describe('slow clients', () => {
  it('a body sent byte by byte gets the 408 envelope once the request timeout passes', async () => {
    const port = await listening({ requestTimeoutMs: 600, headersTimeoutMs: 400, checkIntervalMs: 100 });
    const socket = await openSocket(port, '127.0.0.2');
    const closed = untilClosed(socket);
    const started = Date.now();
    socket.write(
      'POST /passport/data/token HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    const dribble = setInterval(() => socket.writable && socket.write(' '), 100);
    const { text, closedAt } = await closed;
    clearInterval(dribble);
    expect(closedAt - started).toBeLessThan(5_000);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(text).toMatch(/content-type: application\/json/i);
    const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { result: string; statusCode: number; message: string };
    expect(body).toMatchObject({ result: 'error', statusCode: 408, message: 'Время ожидания запроса истекло' });
  });

  it('headers that never finish are cut off too', async () => {
    const port = await listening({ requestTimeoutMs: 600, headersTimeoutMs: 300, checkIntervalMs: 100 });
    const socket = await openSocket(port, '127.0.0.2');
    const closed = untilClosed(socket);
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
    const dribble = setInterval(() => socket.writable && socket.write('X-A: b\r\n'), 100);
    const { text } = await closed;
    clearInterval(dribble);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('other errors of Node’s HTTP layer are envelopes too and keep their status (431)', async () => {
    const port = await listening({});
    const socket = await openSocket(port, '127.0.0.2');
    const closed = untilClosed(socket);
    socket.write(`GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    const { text } = await closed;
    expect(text).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toMatchObject({ result: 'error', statusCode: 431 });
  });

  it('beyond the cap, another socket from the same address is closed while another address is served', async () => {
    const port = await listening({ maxConnectionsPerIp: 3, trustedProxyAddresses: ['127.0.0.5/32'] });
    const accepted = acceptedSockets(apps.at(-1)!);
    const held = await Promise.all([1, 2, 3].map(() => openSocket(port, '127.0.0.3')));
    const extra = await openSocket(port, '127.0.0.3');
    const extraClosed = untilClosed(extra);
    extra.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect((await extraClosed).text).toBe('');
    expect(held.every((s) => !s.destroyed)).toBe(true);
    expect((await get(port, '/api/health', '127.0.0.4')).status).toBe(200);
    // A trusted reverse proxy carries every client: it is not capped.
    await Promise.all([1, 2, 3, 4, 5].map(() => openSocket(port, '127.0.0.5')));
    expect((await get(port, '/api/health', '127.0.0.5')).status).toBe(200);
    // A closed socket frees its place, once the server has seen it close (the cap counts on that event, before this).
    const gone = once(accepted.get(held[0]!.localPort!)!, 'close');
    held[0]!.destroy();
    await gone;
    expect((await get(port, '/api/health', '127.0.0.3')).status).toBe(200);
  });

  it('the sign-in event stream outlives the request, headers and keep-alive timeouts', async () => {
    const port = await listening({ requestTimeoutMs: 300, headersTimeoutMs: 200, keepAliveTimeoutMs: 200, checkIntervalMs: 50 });
    // The stream answers only the bearer that asked for the binding.
    const post = <T>(path: string, body: unknown, token?: string) =>
      new Promise<T>((resolve, reject) => {
        const headers = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
        const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path, headers, agent: false }, (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve((JSON.parse(text) as { data: T }).data));
        });
        req.on('error', reject);
        req.end(JSON.stringify(body));
      });
    const { token } = await post<{ token: string }>('/passport/data/token', {});
    const info = await post<{ eventEmitterId: string }>('/passport/data/telegram', { type: 'login' }, token);
    const socket = await openSocket(port, '127.0.0.2');
    let text = '';
    let closed = false;
    socket.on('data', (c: Buffer) => (text += c.toString()));
    socket.on('close', () => (closed = true));
    socket.write(
      `GET /passport/data/events/telegram/${info.eventEmitterId} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nAccept: text/event-stream\r\n\r\n`,
    );
    await vi.waitFor(() => expect(text).toContain(': connected'), { timeout: 10_000 });
    // The timeouts have run out for the stream once they have for witnesses opened after it: one whose body never
    // comes (the request timeout, the longest) and one idle after its answer (the keep-alive timeout).
    const [unfinished, idle] = await Promise.all([openSocket(port, '127.0.0.2'), openSocket(port, '127.0.0.2')]);
    const cutOff = untilClosed(unfinished);
    const answered = untilClosed(idle);
    unfinished.write(
      'POST /passport/data/token HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n',
    );
    idle.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect((await cutOff).text).toMatch(/^HTTP\/1\.1 408 /);
    expect((await answered).text).toMatch(/^HTTP\/1\.1 200 /);
    expect(closed).toBe(false);
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
    expect(text).toMatch(/content-type: text\/event-stream/i);
    expect(text).toMatch(/x-content-type-options: nosniff/i);
    expect(text).toContain(': connected');
    expect(text).not.toContain('408');
  });

  it('trusted proxies are matched as TRUST_PROXY names them: addresses, CIDRs, named ranges', () => {
    const isProxy = proxyMatcher(['10.0.0.7', '192.168.1.0/24', 'loopback']);
    for (const yes of ['10.0.0.7', '192.168.1.200', '127.0.0.9', '::1']) expect(isProxy(yes), yes).toBe(true);
    for (const no of ['10.0.0.8', '192.168.2.1', '203.0.113.5', 'not-an-ip', '']) expect(isProxy(no), no).toBe(false);
    expect(normalizeAddress('::ffff:10.0.0.7')).toBe('10.0.0.7');
  });

  it('in production the idle timeout leaves room for the stream’s keep-alives', () => {
    expect(DEFAULT_CONNECTION_LIMITS.idleTimeoutMs).toBeGreaterThanOrEqual(2 * KEEP_ALIVE_MS);
    expect(DEFAULT_CONNECTION_LIMITS.headersTimeoutMs).toBeLessThanOrEqual(DEFAULT_CONNECTION_LIMITS.requestTimeoutMs);
  });
});

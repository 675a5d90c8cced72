/**
 * `npm run bench:slow`: does a crowd of slow clients from one address stop others from being served?
 * Starts the real server (server/main.ts, production defaults for the socket cap and timeouts) on loopback,
 * opens SLOW_SOCKETS sockets from 127.0.0.2 that dribble a request (half the headers, half a JSON body)
 * a byte at a time, then times plain requests from 127.0.0.1 and prints p50/max. Loopback only; bounded
 * in sockets and time; it stops the server and exits by itself.
 *
 * BENCH_SERVER_ENTRY=/other/checkout/server/main.ts measures another checkout (e.g. main) the same way.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SLOW_SOCKETS = 2_000;
const SLOW_ADDRESS = '127.0.0.2';
const NORMAL_ADDRESS = '127.0.0.1';
const NORMAL_REQUESTS = 60;
const NORMAL_EVERY_MS = 200;
const DRIBBLE_EVERY_MS = 1_000;
const PER_REQUEST_LIMIT_MS = 5_000;
const HARD_STOP_MS = 120_000;
const PORT = Number(process.env.BENCH_SLOW_PORT ?? 8391);

const root = fileURLToPath(new URL('..', import.meta.url));
const entry = process.env.BENCH_SERVER_ENTRY ?? join(root, 'server/main.ts');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

function startServer(dataDir: string): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CATALOGUE_SIZE: '1000',
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      TELEGRAM_BOT_TOKEN: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

/** One plain GET from 127.0.0.1; its time in ms, or null when it failed or took longer than the limit. */
function timedGet(path: string): Promise<number | null> {
  const start = performance.now();
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port: PORT, path, localAddress: NORMAL_ADDRESS, agent: false, timeout: PER_REQUEST_LIMIT_MS },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200 ? performance.now() - start : null));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
    req.end();
  });
}

async function waitForServer(): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if ((await timedGet('/api/health')) !== null) return;
    await sleep(300);
  }
  throw new Error('сервер не ответил за 90 с');
}

interface SlowCrowd {
  sockets: Socket[];
  closedByServer: number;
  answered408: number;
  stop(): void;
}

/** SLOW_SOCKETS sockets from 127.0.0.2, each sending its request one byte a second. */
async function slowCrowd(): Promise<SlowCrowd> {
  const crowd: SlowCrowd = { sockets: [], closedByServer: 0, answered408: 0, stop: () => undefined };
  let stopping = false;
  const opened = [];
  for (let i = 0; i < SLOW_SOCKETS; i++) {
    opened.push(
      new Promise<void>((resolve) => {
        const socket = connect({ host: '127.0.0.1', port: PORT, localAddress: SLOW_ADDRESS });
        socket.on('connect', () => {
          // Half are slow-loris headers, half a slow JSON body after complete headers.
          socket.write(
            i % 2 === 0
              ? 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n'
              : 'POST /passport/data/token HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{',
          );
          resolve();
        });
        socket.on('data', (chunk: Buffer) => {
          if (chunk.toString('latin1').startsWith('HTTP/1.1 408')) crowd.answered408++;
        });
        socket.on('error', () => resolve());
        socket.on('close', () => {
          if (!stopping) crowd.closedByServer++;
          resolve();
        });
        crowd.sockets.push(socket);
      }),
    );
    if (i % 200 === 199) await sleep(20);
  }
  await Promise.all(opened);
  const dribble = setInterval(() => {
    crowd.sockets.forEach((s, i) => s.writable && s.write(i % 2 === 0 ? 'X' : ' '));
  }, DRIBBLE_EVERY_MS);
  crowd.stop = () => {
    stopping = true;
    clearInterval(dribble);
    for (const s of crowd.sockets) s.destroy();
  };
  return crowd;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kvarta-bench-slow-'));
  const server = startServer(dataDir);
  const hardStop = setTimeout(() => {
    console.error('bench:slow: время вышло, остановка');
    server.kill('SIGTERM');
    process.exit(1);
  }, HARD_STOP_MS);
  try {
    await waitForServer();
    const baseline: number[] = [];
    for (let i = 0; i < 20; i++) baseline.push((await timedGet('/api/health')) ?? Infinity);
    baseline.sort((a, b) => a - b);
    const crowd = await slowCrowd();
    await sleep(500); // let refused sockets see their close
    const openAfterConnect = crowd.sockets.filter((s) => !s.destroyed).length;
    const times: number[] = [];
    let failed = 0;
    for (let i = 0; i < NORMAL_REQUESTS; i++) {
      const ms = await timedGet('/api/health');
      if (ms === null) failed++;
      else times.push(ms);
      await sleep(NORMAL_EVERY_MS);
    }
    const stillOpen = crowd.sockets.filter((s) => !s.destroyed).length;
    crowd.stop();
    times.sort((a, b) => a - b);
    const fmt = (ms: number | undefined) => (ms === undefined || !Number.isFinite(ms) ? '—' : `${ms.toFixed(1)} ms`);
    console.log(`server  ${entry}`);
    console.log(`before  GET /api/health from ${NORMAL_ADDRESS}: p50 ${fmt(percentile(baseline, 0.5))}, max ${fmt(baseline.at(-1))}`);
    console.log(
      `crowd   ${SLOW_SOCKETS} slow sockets from ${SLOW_ADDRESS}: ${openAfterConnect} open after connecting, ${stillOpen} still open ${((NORMAL_REQUESTS * NORMAL_EVERY_MS) / 1000).toFixed(0)} s later, ${crowd.answered408} answered 408`,
    );
    console.log(
      `during  GET /api/health from ${NORMAL_ADDRESS}: ${times.length}/${NORMAL_REQUESTS} answered, p50 ${fmt(times.length ? percentile(times, 0.5) : undefined)}, max ${fmt(times.at(-1))}${failed ? `, ${failed} failed or over ${PER_REQUEST_LIMIT_MS} ms` : ''}`,
    );
  } finally {
    clearTimeout(hardStop);
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error('bench:slow:', error instanceof Error ? error.message : error);
  process.exit(1);
});

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fresh database on the server of `serverUrl` (TEST_DATABASE_URL by default), dropped at the end. */
export async function freshDatabase(serverUrl = process.env.TEST_DATABASE_URL!): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = new URL(serverUrl);
  const name = `kvarta_cluster_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base.toString() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => client.end());
    },
  };
}

export interface Instance {
  role: 'web' | 'worker';
  port: number;
  url: string;
  process: ChildProcess;
  /** What it printed (its log), for a failing test's message. */
  output: string[];
}

/** One server process, as a deployment runs it: `node` on server/main.ts with the role's variables. */
export function startInstance(role: Instance['role'], port: number, env: Record<string, string>): Instance {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, ROLE: role, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 400) output.splice(0, 100);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return { role, port, url: `http://127.0.0.1:${port}`, process: child, output };
}

/** Waits until the instance says it is ready (database reachable, catalogue loaded). */
export async function waitReady(instance: Instance, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (instance.process.exitCode !== null) throw new Error(`${instance.role}:${instance.port} exited:\n${instance.output.join('')}`);
    const ok = await fetch(`${instance.url}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`${instance.role}:${instance.port} not ready:\n${instance.output.join('')}`);
}

/** Stops the instance and waits for its exit; one that has not gone after 15 s (a hung shutdown) is killed. */
export async function stopInstance(instance: Instance, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (instance.process.exitCode !== null || instance.process.signalCode !== null) return;
  const exited = new Promise((resolve) => instance.process.once('exit', resolve));
  const hung = setTimeout(() => instance.process.kill('SIGKILL'), 15_000);
  instance.process.kill(signal);
  await exited;
  clearTimeout(hung);
}

/** Polls `check` until it returns a value (not undefined) or the time runs out. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs: number, everyMs = 25): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`not within ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}

export interface Api {
  call<T>(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: T }>;
}

export function apiOf(instance: Instance): Api {
  return {
    async call<T>(method: string, path: string, body?: unknown, token?: string) {
      const response = await fetch(`${instance.url}${path}`, {
        method,
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, body: (await response.json()) as T };
    },
  };
}

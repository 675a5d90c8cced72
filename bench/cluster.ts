/**
 * The TOP list served by one web instance and by two, on one PostgreSQL database and this one machine, as a ratio.
 * Run by `npm run bench:cluster` and at the end of `npm run bench:web` when BENCH_DATABASE_URL names a PostgreSQL
 * server (a fresh database is made on it and dropped). Both instances share the machine's cores with the load
 * generator, so the ratio says how much a second instance adds here, not on a machine of its own.
 */
import autocannon from 'autocannon';
import { freshDatabase, startInstance, stopInstance, waitReady, type Instance } from '../tests/cluster/instances';

const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const CONNECTIONS = 20;

async function topListRequest(instance: Instance): Promise<autocannon.Options> {
  const token = ((await (await fetch(`${instance.url}/passport/data/token`, { method: 'POST' })).json()) as { data: { token: string } })
    .data.token;
  return {
    url: `${instance.url}/api/selection/swipe/variant/list`,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-encoding': 'br' },
    body: JSON.stringify({ cityIds: [78], count: 30, page: 0 }),
  };
}

/** Requests per second over all targets, the connections split evenly; non-2xx answers are reported. */
async function loadOn(targets: Instance[]): Promise<{ rps: number; p99: number; errors: number }> {
  const options = await Promise.all(targets.map(topListRequest));
  const results = await Promise.all(
    options.map((o) => autocannon({ ...o, duration: LOAD_SECONDS, connections: Math.round(CONNECTIONS / targets.length) })),
  );
  return {
    rps: results.reduce((sum, r) => sum + r.requests.average, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
  };
}

export async function benchCluster(serverUrl: string): Promise<void> {
  const database = await freshDatabase(serverUrl);
  const env = {
    DATABASE_URL: database.url,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '1000',
    MAX_CONNECTIONS_PER_IP: '0',
    CATALOGUE_SIZE: process.env.BENCH_CATALOGUE_SIZE ?? '50000',
  };
  const port = 19_100 + Math.floor(Math.random() * 500);
  const instances: Instance[] = [];
  try {
    const worker = startInstance('worker', port, env);
    instances.push(worker);
    await waitReady(worker, 600_000);
    const a = startInstance('web', port + 1, env);
    instances.push(a);
    await waitReady(a);
    await loadOn([a]); // warm-up: the engine's first queries and the JIT
    const one = await loadOn([a]);
    const b = startInstance('web', port + 2, env);
    instances.push(b);
    await waitReady(b);
    await loadOn([b]);
    const two = await loadOn([a, b]);
    const line = (label: string, r: typeof one) =>
      `${label}: ${Math.round(r.rps)} req/s p99 ${r.p99} ms${r.errors ? ` (${r.errors} errors or non-2xx)` : ''}`;
    console.log(
      `cluster TOP list ${CONNECTIONS}c, ${line('one web instance', one)}; ${line('two', two)}; ratio ${(two.rps / one.rps).toFixed(2)}`,
    );
  } finally {
    await Promise.all(instances.map((i) => stopInstance(i)));
    await database.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    console.error('bench:cluster: задайте BENCH_DATABASE_URL (сервер PostgreSQL, на нём создаётся временная база)');
    process.exit(1);
  }
  benchCluster(url).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

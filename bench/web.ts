/**
 * `npm run bench:web`: builds, starts the server on a temporary data folder, then prints one line per figure —
 * Lighthouse (mobile, the Chromium the tests use) on TOP, an apartment page and the Mini App with its launch
 * parameters; HTTP load (autocannon) on the TOP list and the city list; another user's latency while one client
 * floods render work (bench/render-flood.ts); the first screen's bundle size. Figures live here, never in timed tests.
 * BENCH_ONLY=render-flood runs just the flood (after the build).
 */
import { execFileSync } from 'node:child_process';
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startLocalServer } from '../scripts/local-server';
import { tmaLaunchUrl } from '../scripts/tma-launch-url';
import { findChromium } from '../tests/support/chromium';
import { initialBundleBytes } from './bundle-size';
import { benchCluster } from './cluster';
import { benchRenderFlood } from './render-flood';

/** Lighthouse varies from run to run (more so on a shared machine): each figure is the median of this many runs. */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);

type Audit = { numericValue?: number };
type Report = { categories: Record<string, { score: number | null }>; audits: Record<string, Audit> };

async function lighthouseRun(url: string, port: number): Promise<Report> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const report: Report = result.lhr;
  return report;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * The median run by performance score (Lighthouse varies from run to run on a shared 2-core machine), and beside it
 * the median of each run's performance score and total blocking time with their range: the goal is performance ≥ 95
 * and TBT ≤ 150 ms (mobile).
 */
async function audit(label: string, url: string, chromePath: string | undefined): Promise<void> {
  const reports: Report[] = [];
  for (let i = 0; i < RUNS; i++) {
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
    try {
      reports.push(await lighthouseRun(url, chrome.port));
    } finally {
      chrome.kill();
    }
  }
  // A run that could not score the page (Lighthouse answers null: the page never painted for it) is a failed run, not a
  // score of 0: it is counted and left out of the median.
  const scored = reports.filter((r) => typeof r.categories.performance?.score === 'number');
  const failed = reports.length - scored.length;
  if (scored.length === 0) throw new Error(`Lighthouse could not score ${label} in ${RUNS} runs`);
  const scores = scored.map((r) => Math.round(r.categories.performance!.score! * 100));
  const blocking = scored.map((r) => Math.round(r.audits['total-blocking-time']?.numericValue ?? 0));
  console.log(
    `lighthouse ${label} median of ${scored.length}${failed ? ` (${failed} of ${RUNS} runs failed)` : ''}: performance ${median(scores)} ` +
      `(${Math.min(...scores)}–${Math.max(...scores)}), TBT ${median(blocking)} ms (${Math.min(...blocking)}–${Math.max(...blocking)} ms)`,
  );
  scored.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
  const report = scored[Math.floor(scored.length / 2)]!;
  for (const [name, category] of Object.entries(report.categories)) {
    console.log(`lighthouse ${label} ${name} ${Math.round((category.score ?? 0) * 100)}`);
  }
  const seconds = (id: string) => `${((report.audits[id]?.numericValue ?? 0) / 1000).toFixed(2)} s`;
  console.log(`lighthouse ${label} FCP ${seconds('first-contentful-paint')}`);
  console.log(`lighthouse ${label} LCP ${seconds('largest-contentful-paint')}`);
  console.log(`lighthouse ${label} TBT ${Math.round(report.audits['total-blocking-time']?.numericValue ?? 0)} ms`);
  console.log(`lighthouse ${label} CLS ${(report.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)}`);
}

async function load(label: string, options: autocannon.Options): Promise<void> {
  const result = await autocannon({ duration: LOAD_SECONDS, ...options });
  const errors = result.errors + result.non2xx;
  console.log(
    `load ${label}: ${Math.round(result.requests.average)} req/s p50 ${result.latency.p50} ms p99 ${result.latency.p99} ms` +
      (errors ? ` (${errors} errors or non-2xx)` : ''),
  );
}

/** On a server of its own with production's limits: what one client may take of the render work is what is measured. */
async function renderFlood(): Promise<void> {
  const server = await startLocalServer({});
  await benchRenderFlood(server.base, LOAD_SECONDS).finally(() => server.stop());
}

async function main(): Promise<void> {
  if (process.env.BENCH_SKIP_BUILD !== '1') execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (process.env.BENCH_ONLY === 'render-flood') return renderFlood();
  for (const [label, dir] of [
    ['web', 'dist/web'],
    ['miniapp', 'dist/miniapp'],
  ] as const) {
    const size = initialBundleBytes(dir);
    console.log(
      `bundle ${label} initial ${(size.gzip / 1000).toFixed(1)} kB gzip (${(size.js / 1024).toFixed(0)} kB JS + ${(size.css / 1024).toFixed(0)} kB CSS raw)`,
    );
  }

  // One load generator is one address: the per-address limits (rate, open sockets) would refuse it, not measure us.
  const server = await startLocalServer({ RATE_LIMIT_SCALE: '1000', MAX_CONNECTIONS_PER_IP: '0' });
  const { base } = server;
  try {
    const top = (await (
      await fetch(`${base}/api/selection/swipe/variant/guest-list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ cityIds: [78], count: 1, page: 0 }),
      })
    ).json()) as { data: { items: { id: number }[] } };
    const apartId = top.data.items[0]!.id;
    const found = findChromium();
    const chromePath = found.kind === 'system' ? found.path : undefined;
    await audit('TOP', `${base}/`, chromePath);
    await audit('APART', `${base}/spb/apart/${apartId}`, chromePath);
    await audit('TMA', tmaLaunchUrl({ base, userId: 1001, name: 'Тест' }), chromePath);

    const token = ((await (await fetch(`${base}/passport/data/token`, { method: 'POST' })).json()) as { data: { token: string } }).data
      .token;
    const topList = {
      url: `${base}/api/selection/swipe/variant/list`,
      method: 'POST' as const,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-encoding': 'br' },
      body: JSON.stringify({ cityIds: [78], count: 30, page: 0 }),
    };
    await load('TOP list 10c', { ...topList, connections: 10 });
    await load('TOP list 100c', { ...topList, connections: 100 });
    await load('city list 10c', { url: `${base}/api/init/city-list`, connections: 10 });
  } finally {
    await server.stop();
  }
  await renderFlood();
  // Two web instances versus one on PostgreSQL, where there is one to run on.
  if (process.env.BENCH_DATABASE_URL) await benchCluster(process.env.BENCH_DATABASE_URL);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

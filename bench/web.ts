/**
 * `npm run bench:web`: builds, starts the server on a temporary data folder, then prints one line per figure —
 * Lighthouse (mobile, the Chromium the tests use) on TOP, an apartment page and the Mini App with its launch
 * parameters; HTTP load (autocannon) on the TOP list and the city list; the first screen's bundle size.
 * Figures live here, never in timed tests.
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

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
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

/** The median run by performance score (Lighthouse varies from run to run on a shared 2-core machine). */
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
  reports.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
  const report = reports[Math.floor(reports.length / 2)]!;
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

async function main(): Promise<void> {
  if (process.env.BENCH_SKIP_BUILD !== '1') execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
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
  // Two web instances versus one on PostgreSQL, where there is one to run on.
  if (process.env.BENCH_DATABASE_URL) await benchCluster(process.env.BENCH_DATABASE_URL);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

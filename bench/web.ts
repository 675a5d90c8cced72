/**
 * `npm run bench:web`: builds, starts the server on a temporary data folder, then prints one line per figure —
 * Lighthouse (bench/lighthouse.ts: mobile, the Chromium the tests use, beside the reference Mini App) on TOP, an
 * apartment page and the Mini App with its launch parameters; HTTP load (autocannon) on the TOP list and the city
 * list; another user's latency while one client floods render work (bench/render-flood.ts); the first screen's bundle
 * size. Figures live here, never in timed tests. BENCH_ONLY=render-flood runs just the flood, BENCH_ONLY=lighthouse
 * just the bundles and Lighthouse (after the build). BENCH_LIGHTHOUSE_RUNS=n rounds (5); BENCH_PAGES=TOP,APART (labels,
 * comma-separated) audits only those pages beside the reference. `APART (feed photos)` is an apartment page of a feeds
 * catalogue whose photos are camera-sized JPEGs served from this machine (bench/feed-photos.ts); `… markup only` is a
 * page with its scripts blocked.
 */
import { execFileSync } from 'node:child_process';
import autocannon from 'autocannon';
import { startLocalServer } from '../scripts/local-server';
import { tmaLaunchUrl } from '../scripts/tma-launch-url';
import { findChromium } from '../tests/support/chromium';
import { initialBundleBytes } from './bundle-size';
import { benchCluster } from './cluster';
import { benchEarlyTap } from './early-tap';
import { startFeedPhotoServer } from './feed-photos';
import { lighthouseBeside, startReference } from './lighthouse';
import { benchRenderFlood } from './render-flood';

/** Lighthouse varies from run to run (more so on a shared machine): each figure is the median of this many runs. */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const PAGES = process.env.BENCH_PAGES?.split(',').map((label) => label.trim());
const wanted = (label: string) => !PAGES || PAGES.includes(label);
const NO_SCRIPT = ['*.js', '*.mjs'];

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
  // No make-believe market: a demo tick is about 1.7 s of the server's CPU every 5 minutes, and on a 2-core machine
  // the page loading beside it ran every task slower (one run in eight at one tick a minute: TBT 360 ms against
  // 46–109); a phone never shares its CPU with our server, so the tick measured the bench, not the page.
  const limits = { RATE_LIMIT_SCALE: '1000', MAX_CONNECTIONS_PER_IP: '0', MARKET_TICK_MINUTES: '0' };
  // With a Metrica counter configured, as in production: every Lighthouse run is a first visit, so the analytics consent
  // banner shows in each (and the counter, never accepted there, loads nothing).
  const server = await startLocalServer({ ...limits, VITE_METRIKA_ID: '55555' });
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
    // The reference gets the Mini App's launch parameters too, so its SDK starts as ours does.
    const launch = new URL(tmaLaunchUrl({ base, userId: 1001, name: 'Тест' })).hash;
    const reference = await startReference();
    // The same TOP with no counter configured, so without the banner: what the consent banner costs (#48), measured in
    // the same rounds.
    const plain = wanted('TOP without the banner') ? await startLocalServer(limits) : null;
    // An apartment page whose photos are an agency's, not the demo's drawings (#47): what real photos cost to paint.
    // With the counter, as the demo APART beside it: the banner shows on both.
    let feed: Awaited<ReturnType<typeof startFeedPhotoServer>> | null = null;
    try {
      if (wanted('APART (feed photos)')) {
        feed = await startFeedPhotoServer({ ...limits, VITE_METRIKA_ID: '55555' });
        const sizes = feed.photoBytes.map((b) => Math.round(b / 1000)).join(', ');
        console.log(`feed photos: ${feed.photoBytes.length} JPEGs of 1600×1200, ${sizes} kB`);
      }
      const pages = [
        { label: 'TOP', url: `${base}/` },
        { label: 'TOP without the banner', url: `${plain?.base}/` },
        { label: 'APART', url: `${base}/spb/apart/${apartId}` },
        { label: 'APART (feed photos)', url: feed?.apartUrl ?? '' },
        { label: 'TMA', url: `${base}/tma/${launch}` },
        // The same pages with every script blocked: what the server's markup alone (HTML, CSS, photos) costs a phone,
        // the floor under the main-thread goal that no cut to our JavaScript can go below.
        { label: 'TOP markup only', url: `${base}/`, blocked: NO_SCRIPT },
        { label: 'APART markup only', url: `${base}/spb/apart/${apartId}`, blocked: NO_SCRIPT },
        { label: 'TMA markup only', url: `${base}/tma/${launch}`, blocked: NO_SCRIPT },
      ];
      const unknown = PAGES?.filter((label) => !pages.some((page) => page.label === label)) ?? [];
      if (unknown.length > 0) throw new Error(`BENCH_PAGES: no page ${unknown.join(', ')} (${pages.map((p) => p.label).join(', ')})`);
      await lighthouseBeside(
        { label: 'reference', url: reference.url(launch) },
        pages.filter((page) => wanted(page.label)),
        RUNS,
        chromePath,
      );
    } finally {
      await Promise.all([reference.stop(), plain?.stop(), feed?.stop()]);
    }

    await benchEarlyTap(base, RUNS, chromePath);
    if (process.env.BENCH_ONLY === 'lighthouse') return;
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

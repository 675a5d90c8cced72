/**
 * `npx tsx bench/profile-entry.ts [TOP|APART|TMA]`: where a phone's main thread goes while a page loads — the built
 * product, Chromium with its CPU slowed 4× (as Lighthouse's mobile run), V8's sampling profiler from navigation until
 * the session has started and the main thread is idle (a server-rendered page's network may fall quiet before its
 * script has even run). Prints the total self time per script and, where the build has source maps
 * (`BUILD_SOURCEMAP=hidden npm run build`), per source module and per function of the sources; without maps, per
 * minified function.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { chromium } from '@playwright/test';
import { startLocalServer } from '../scripts/local-server';
import { tmaLaunchUrl } from '../scripts/tma-launch-url';
import { findChromium } from '../tests/support/chromium';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Lighthouse 13's mobile emulation user agent. */
const PHONE_AGENT =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/135.0.0.0 Mobile Safari/537.36';
const TOP_ITEMS = Number(process.env.PROFILE_TOP ?? 25);

/** The build's source map of a script served at `path` (under dist/web or dist/miniapp), when it was written. */
function mapOf(path: string, consumers: Map<string, SourceMapConsumer | null>): SourceMapConsumer | null {
  if (!consumers.has(path)) {
    const file = path.startsWith('/tma/') ? `dist/miniapp/${path.slice(5)}.map` : `dist/web${path}.map`;
    consumers.set(path, existsSync(file) ? new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8')) as RawSourceMap) : null);
  }
  return consumers.get(path)!;
}

/** A source module's short name: the package, or the path inside the repository. */
const moduleOf = (source: string) => {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  return inPackage ? inPackage[1]! : source.replace(/^(\.\.\/)+/, '');
};

const NOT_SCRIPT = new Set(['(idle)', '(program)', '(garbage collector)', '(root)']);

function summarise(profile: Profile): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const consumers = new Map<string, SourceMapConsumer | null>();
  const perScript = new Map<string, number>();
  const perModule = new Map<string, number>();
  const perFunction = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    if (NOT_SCRIPT.has(frame.functionName)) return add(perScript, frame.functionName, ms);
    const path = frame.url ? new URL(frame.url).pathname : '';
    add(perScript, path || `(${frame.functionName || 'native'})`, ms);
    const map = path ? mapOf(path, consumers) : null;
    const original = map?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    if (original?.source) {
      add(perModule, moduleOf(original.source), ms);
      add(perFunction, `${original.name ?? frame.functionName ?? '(anonymous)'} ${moduleOf(original.source)}:${original.line}`, ms);
    } else add(perFunction, `${frame.functionName || '(anonymous)'} ${path}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`, ms);
  });
  const top = (map: Map<string, number>, n: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
  const print = (title: string, map: Map<string, number>, n: number) => {
    if (map.size === 0) return;
    console.log(title);
    for (const [key, ms] of top(map, n)) console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${key}`);
  };
  print('self time by script:', perScript, 12);
  print('self time by source module (source maps):', perModule, TOP_ITEMS);
  print(`top ${TOP_ITEMS} functions by self time:`, perFunction, TOP_ITEMS);
}

async function main(): Promise<void> {
  const page = (process.argv[2] ?? 'TOP').toUpperCase();
  const server = await startLocalServer({});
  const found = findChromium();
  const browser = await chromium.launch({ executablePath: found.kind === 'system' ? found.path : undefined });
  try {
    // A phone as Lighthouse's mobile run presents itself: the server lays the first screen out for a phone (one column),
    // as the browser then does; a desktop guess would have the client re-deal every card after hydration.
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      userAgent: PHONE_AGENT,
      extraHTTPHeaders: { 'sec-ch-ua-mobile': '?1' },
    });
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    const url =
      page === 'TMA'
        ? tmaLaunchUrl({ base: server.base, userId: 1001, name: 'Тест' })
        : page === 'APART'
          ? `${server.base}/spb/apart/${process.env.PROFILE_APART_ID ?? 11950}`
          : `${server.base}/`;
    await cdp.send('Profiler.start');
    await tab.goto(url, { waitUntil: 'networkidle' });
    // The app marks the document once the session has started (src/app/main.tsx); what it then loads and renders
    // belongs to the load too. Then two idle periods of the main thread: the last renders have run.
    await tab.waitForFunction(() => document.documentElement.dataset.session === 'ready', null, { timeout: 60_000 });
    await tab.waitForLoadState('networkidle');
    for (let i = 0; i < 2; i += 1)
      await tab.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5_000 })));
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    console.log(`profile of ${page} (${url}), CPU slowed 4×, navigation to the session started and the main thread idle:`);
    summarise(profile);
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

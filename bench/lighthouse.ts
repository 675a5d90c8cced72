/**
 * Lighthouse (mobile: simulated 4× CPU and a slow 4G, the Chromium the tests use) on our pages beside the reference
 * Mini App (bench/reference: what Telegram's own React template costs a phone), in one run: each round audits every
 * page once, in turn, so a busy moment of the shared machine falls on all of them alike. Per page the medians of the
 * runs with their spread, and its main-thread work as a multiple of the reference's (the phone-speed issue's goals:
 * performance ≥ 92, TBT ≤ 200 ms, main-thread work ≤ 2.5× the reference's).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import * as chromeLauncher from 'chrome-launcher';
import Fastify from 'fastify';
import lighthouse from 'lighthouse';

type Audit = { numericValue?: number; details?: { items?: Array<{ group?: string; duration?: number; items?: unknown[] }> } };
type Report = { categories: Record<string, { score: number | null }>; audits: Record<string, Audit> };

export interface Page {
  label: string;
  url: string;
  /** Requests Lighthouse blocks (its `blockedUrlPatterns`): `*.js` leaves what the server's markup alone costs. */
  blocked?: string[];
}

/** One run's figures (milliseconds, except the score and CLS). */
interface Figures {
  score: number;
  tbt: number;
  mainThread: number;
  scriptEvaluation: number;
  /** Style recalculation and layout; paint, compositing and image decoding (Lighthouse's task groups). */
  styleLayout: number;
  paint: number;
  /** Bytes the page downloaded (photos included). */
  bytes: number;
  lcp: number;
  fcp: number;
  cls: number;
  /** The largest paint's element (its CSS selector), to tell whether the consent banner ever is it. */
  lcpElement: string;
}

/** The largest paint's element: Lighthouse 13 names it in the LCP breakdown insight, a list whose node item holds it. */
function lcpElementOf(report: Report): string {
  const items = (report.audits['lcp-breakdown-insight']?.details?.items ?? []) as { type?: string; selector?: string }[];
  return items.find((item) => item.type === 'node')?.selector ?? '?';
}

const referenceRoot = fileURLToPath(new URL('../dist/bench-reference/', import.meta.url));

/** Builds the reference page (its own Vite config) and serves the build; `url(hash)` gives its address. */
export async function startReference(): Promise<{ url: (hash: string) => string; stop: () => Promise<void> }> {
  execFileSync('npx', ['vite', 'build', '--config', 'bench/reference/vite.config.ts'], { stdio: 'inherit' });
  const app = Fastify();
  await app.register(fastifyStatic, { root: referenceRoot });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: (hash) => `${base}/${hash}`, stop: () => app.close() };
}

function figuresOf(report: Report): Figures | null {
  const score = report.categories.performance?.score;
  // Lighthouse answers null when the page never painted for it: a failed run, not a score of 0.
  if (typeof score !== 'number') return null;
  const value = (id: string) => report.audits[id]?.numericValue ?? 0;
  const groups = report.audits['mainthread-work-breakdown']?.details?.items ?? [];
  const group = (name: string) => groups.filter((g) => g.group === name).reduce((sum, g) => sum + (g.duration ?? 0), 0);
  return {
    score: Math.round(score * 100),
    tbt: value('total-blocking-time'),
    mainThread: value('mainthread-work-breakdown'),
    scriptEvaluation: group('scriptEvaluation'),
    styleLayout: group('styleLayout'),
    paint: group('paintCompositeRender'),
    bytes: value('total-byte-weight'),
    lcp: value('largest-contentful-paint'),
    fcp: value('first-contentful-paint'),
    cls: value('cumulative-layout-shift'),
    lcpElement: lcpElementOf(report),
  };
}

async function run({ url, blocked = [] }: Page, chromePath: string | undefined): Promise<Figures | null> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      blockedUrlPatterns: blocked,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    return figuresOf(result.lhr as Report);
  } finally {
    chrome.kill();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const spread = (values: number[], show: (x: number) => string) => `${show(Math.min(...values))}–${show(Math.max(...values))}`;
const ms = (x: number) => `${Math.round(x)} ms`;
const s = (x: number) => `${(x / 1000).toFixed(2)} s`;

/** `runs` rounds over the pages; the first page is the reference the others are measured against. */
export async function lighthouseBeside(reference: Page, pages: Page[], runs: number, chromePath: string | undefined): Promise<void> {
  const all = [reference, ...pages];
  const results = all.map(() => [] as Figures[]);
  const failed = all.map(() => 0);
  for (let round = 0; round < runs; round++)
    for (const [i, page] of all.entries()) {
      const figures = await run(page, chromePath);
      if (figures) results[i]!.push(figures);
      else failed[i]!++;
    }
  const referenceWork = median(results[0]!.map((f) => f.mainThread));
  for (const [i, page] of all.entries()) {
    const figures = results[i]!;
    if (figures.length === 0) throw new Error(`Lighthouse could not score ${page.label} in ${runs} runs`);
    const pick = (key: Exclude<keyof Figures, 'lcpElement'>) => figures.map((f) => f[key]);
    const bannerLcp = figures.filter((f) => f.lcpElement.includes('kv-consent')).length;
    const work = median(pick('mainThread'));
    console.log(
      `lighthouse ${page.label} median of ${figures.length}${failed[i] ? ` (${failed[i]} failed)` : ''}: ` +
        `performance ${median(pick('score'))} (${spread(pick('score'), String)}), TBT ${ms(median(pick('tbt')))} (${spread(pick('tbt'), ms)}), ` +
        `main-thread work ${s(work)} (${spread(pick('mainThread'), s)}; ${(work / referenceWork).toFixed(1)}× the reference), ` +
        `script evaluation ${s(median(pick('scriptEvaluation')))}, style and layout ${s(median(pick('styleLayout')))}, ` +
        `paint ${s(median(pick('paint')))}, ${Math.round(median(pick('bytes')) / 1000)} kB, LCP ${s(median(pick('lcp')))}, FCP ${s(median(pick('fcp')))}, ` +
        `CLS ${median(pick('cls')).toFixed(3)}, LCP element ${figures[0]!.lcpElement}` +
        (bannerLcp ? ` (the consent banner in ${bannerLcp} runs)` : ''),
    );
  }
}

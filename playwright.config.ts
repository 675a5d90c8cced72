import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { findTestChromium } from './tests/support/chromium';

/**
 * Real Chromium: a system one (CHROMIUM_PATH, Debian's headless shell or browser) or Playwright's own. `npm run test:e2e` provisions it first
 * (scripts/ensure-chromium.ts); loading this file never fails, since tools such as knip read it on machines without a browser.
 */
function chromiumPath(): string | undefined {
  const found = findTestChromium();
  return found.kind === 'system' ? found.path : undefined;
}

const PORT = Number(process.env.E2E_PORT ?? 8199);
const dataDir = (process.env.KVARTA_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'kvarta-e2e-')));
const executablePath = chromiumPath();

/**
 * A second server with CATALOGUE=feeds: it imports the test feed at start, with every photo pointing at its own
 * `/og-default.png` (nothing leaves the machine), for tests/e2e/feeds.spec.ts.
 */
export const FEEDS_PORT = PORT + 1;
export const FEEDS_ADMIN_TOKEN = 'e2e-admin-token-for-the-feeds-server';
const feedsDir = (process.env.KVARTA_E2E_FEEDS_DIR ??= mkdtempSync(join(tmpdir(), 'kvarta-e2e-feeds-')));
const feedFile = join(feedsDir, 'feed.xml');
writeFileSync(
  feedFile,
  readFileSync('tests/fixtures/feeds/sample.xml', 'utf8').replaceAll(
    'https://photos.agency.example.ru/',
    `http://127.0.0.1:${FEEDS_PORT}/og-default.png?p=`,
  ),
);

/**
 * A third server with the outside services configured (AdFox, Metrica, 2GIS MapGL): tests/e2e/outside-services.spec.ts
 * and tests/e2e/maps.spec.ts serve fakes of their browser scripts by intercepting the script URLs, so nothing leaves
 * the machine.
 */
export const OUTSIDE_PORT = PORT + 2;
export const OUTSIDE_ENV = {
  VITE_ADFOX_OWNER_ID: '424242',
  VITE_ADFOX_SLOTS_LIGHT: 'light1:a1,light2:a2,light3:a3',
  VITE_ADFOX_SLOTS_DARK: 'dark1:b1,dark2:b2,dark3:b3',
  VITE_METRIKA_ID: '55555',
  VITE_2GIS_KEY: 'e2e-2gis-key-0000',
};
/**
 * The third server also hands its pages an error tracker's DSN (browser errors only: the server's own tracker stays off).
 * Its host does not exist: tests/e2e/telemetry.spec.ts answers for it as a local stand-in of the ingest.
 */
export const OUTSIDE_BROWSER_DSN = 'https://e2epublickey@errors.kvarta.test/7';
export const OUTSIDE_RELEASE = 'kvarta@e2e-release';
/** The per-address limits of the suite's servers, scaled for one address that is every browser (see the first server). */
const E2E_LIMITS = { RATE_LIMIT_SCALE: '100', MAX_CONNECTIONS_PER_IP: '1000' };
const outsideDir = (process.env.KVARTA_E2E_OUTSIDE_DIR ??= mkdtempSync(join(tmpdir(), 'kvarta-e2e-outside-')));

export default defineConfig({
  testDir: 'tests/e2e',
  // Files run two at a time on two cores (three were faster, but with this stage's specs a page under that load at times
  // waited over 30 s for its session, and likes stayed disabled); a file's tests stay in order
  // on one worker. The servers are shared: every spec makes its own users (a browser context is a new anonymous user)
  // and finds what it wrote by a name unique to the run (the stand-in chats), so specs running at once do not see each
  // other. E2E_WORKERS=1 runs them one by one.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 30_000,
  // A state waited for gets 10 s, not Playwright's 5: the CI's machine at times runs the suite at twice the wall time
  // of a quiet one, and a lazy page's chunk and loader after a click once took longer than 5 s there.
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'ru-RU',
    trace: 'off',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // File and server checks that do not depend on the screen size run once.
    { name: 'checks', testMatch: /(api|bundle|seo)\.spec\.ts$/ },
    // The Mini App opens at phone width in every Telegram client (Telegram Desktop too), and a tap before hydration is a
    // slow phone's problem: those specs, and the tests tagged PHONE_ONLY (tests/e2e/helpers.ts), run on the phone only.
    {
      name: 'desktop',
      testIgnore: /(api|bundle|seo|miniapp[\w-]*|early-tap)\.spec\.ts$/,
      grepInvert: /@phone-only/,
      use: { viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      testIgnore: /(api|bundle|seo)\.spec\.ts$/,
      use: {
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
        userAgent: devices['iPhone 13'].userAgent,
      },
    },
  ],
  webServer: [
    {
      command: 'node --enable-source-maps dist/node/main.js',
      url: `http://127.0.0.1:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      // Every browser of the suite comes from 127.0.0.1: the per-IP limits are scaled up, not switched off — the request
      // limits and the socket cap (64 per address: three browsers' pooled sockets, streams and pop-ups went past it at
      // times, and the socket that opened a session was destroyed, leaving a page without one).
      env: { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...E2E_LIMITS },
    },
    {
      command: 'node --enable-source-maps dist/node/main.js',
      url: `http://127.0.0.1:${FEEDS_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(FEEDS_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: join(feedsDir, 'data'),
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        ...E2E_LIMITS,
        CATALOGUE: 'feeds',
        FEED_URLS: feedFile,
        ADMIN_TOKEN: FEEDS_ADMIN_TOKEN,
      },
    },
    {
      command: 'node --enable-source-maps dist/node/main.js',
      url: `http://127.0.0.1:${OUTSIDE_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(OUTSIDE_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: outsideDir,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        ...E2E_LIMITS,
        ...OUTSIDE_ENV,
        SENTRY_BROWSER_DSN: OUTSIDE_BROWSER_DSN,
        SENTRY_RELEASE: OUTSIDE_RELEASE,
      },
    },
  ],
});

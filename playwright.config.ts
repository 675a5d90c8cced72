import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, defineConfig, devices } from '@playwright/test';

/** Real Chromium: $CHROMIUM_PATH, Debian's /usr/bin/chromium, or a browser Playwright installed. */
function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const path of candidates) if (path && existsSync(path)) return path;
  try {
    const bundled = chromium.executablePath();
    if (existsSync(bundled)) return undefined; // Playwright's own build: no override needed.
  } catch {
    /* fall through to the error below */
  }
  throw new Error(
    'Chromium не найден. Установите его: `apt-get install chromium` (Debian) или `npx playwright install chromium`, либо укажите путь в CHROMIUM_PATH.',
  );
}

const PORT = Number(process.env.E2E_PORT ?? 8199);
const dataDir = (process.env.KVARTA_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'kvarta-e2e-')));
const executablePath = findChromium();

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'ru-RU',
    trace: 'off',
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    // File and server checks that do not depend on the screen size run once.
    { name: 'checks', testMatch: /(api|bundle)\.spec\.ts$/ },
    { name: 'desktop', testIgnore: /(api|bundle)\.spec\.ts$/, use: { viewport: { width: 1280, height: 800 } } },
    {
      name: 'phone',
      testIgnore: /(api|bundle)\.spec\.ts$/,
      use: {
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
        userAgent: devices['iPhone 13'].userAgent,
      },
    },
  ],
  webServer: {
    command: 'npx tsx server/main.ts',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn' },
  },
});

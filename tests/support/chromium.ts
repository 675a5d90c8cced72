import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** Where a system Chromium may live: $CHROMIUM_PATH first, then Debian's and other distributions' paths. */
const SYSTEM_PATHS = () => [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];

/**
 * Debian's old headless shell (package chromium-headless-shell): the build Playwright itself runs for headless tests.
 * It draws no browser window of its own, and on two cores the suite ran about a third faster on it than on the full
 * browser in headless mode.
 */
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

export type ChromiumFound = { kind: 'system'; path: string } | { kind: 'playwright' } | { kind: 'none' };

/** The browser the end-to-end tests run: a system Chromium, or one Playwright downloaded itself. */
export function findChromium(): ChromiumFound {
  for (const path of SYSTEM_PATHS()) if (path && existsSync(path)) return { kind: 'system', path };
  try {
    if (existsSync(chromium.executablePath())) return { kind: 'playwright' };
  } catch {
    /* no Playwright build either */
  }
  return { kind: 'none' };
}

/** The browser for the end-to-end suite: $CHROMIUM_PATH, else the headless shell where installed, else findChromium's. */
export function findTestChromium(): ChromiumFound {
  if (!process.env.CHROMIUM_PATH && existsSync(HEADLESS_SHELL_PATH)) return { kind: 'system', path: HEADLESS_SHELL_PATH };
  return findChromium();
}

/** Whether the headless shell is installed (scripts/ensure-chromium.ts adds it where it can). */
export const hasHeadlessShell = () => existsSync(HEADLESS_SHELL_PATH);

export const NO_CHROMIUM_MESSAGE =
  'Chromium не найден и не установился сам: выполните `apt-get install chromium` (Debian) или `npx playwright install chromium`, либо укажите путь в CHROMIUM_PATH.';

import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** Where a system Chromium may live: $CHROMIUM_PATH first, then Debian's and other distributions' paths. */
const SYSTEM_PATHS = () => [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];

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

export const NO_CHROMIUM_MESSAGE =
  'Chromium не найден и не установился сам: выполните `apt-get install chromium` (Debian) или `npx playwright install chromium`, либо укажите путь в CHROMIUM_PATH.';

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { initialBundleBytes } from '../../bench/bundle-size';
import { expect, test } from './fixtures';

/** Strings that only the Telegram SDK/bridge carries. */
const SDK_MARKERS = ['tgWebAppData', 'TelegramWebviewProxy', 'web_app_ready', 'web_app_setup_back_button'];

function bundleText(dir: string): string {
  const assets = join(dir, 'assets');
  return readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(join(assets, f), 'utf8'))
    .join('\n');
}

test('the website bundle contains no Telegram SDK code, the Mini App bundle does', () => {
  const web = bundleText('dist/web');
  const miniapp = bundleText('dist/miniapp');
  for (const marker of SDK_MARKERS) {
    expect(web.includes(marker), `website bundle contains ${marker}`).toBe(false);
    expect(miniapp.includes(marker), `Mini App bundle lacks ${marker}`).toBe(true);
  }
});

test('neither front end carries zod: the client imports only types from the contract', () => {
  for (const dir of ['dist/web', 'dist/miniapp']) {
    expect(bundleText(dir).includes('ZodError'), `${dir} bundles zod`).toBe(false);
  }
});

/**
 * What the first screen downloads (entry script, its preloads and stylesheets, gzipped): the goal, 130 kB
 * (130 000 bytes) for each front end. Today ~125 kB (website) and ~127 kB (Mini App); `npm run bench:web` prints them.
 */
const INITIAL_BUDGET_BYTES = { 'dist/web': 130_000, 'dist/miniapp': 130_000 } as const;

test('the first screen stays within its download budget, and its stylesheet carries no telegram-ui', () => {
  for (const [dir, budget] of Object.entries(INITIAL_BUDGET_BYTES)) {
    const size = initialBundleBytes(dir);
    expect(size.gzip, `${dir}: ${size.files.join(', ')}`).toBeLessThanOrEqual(budget);
    const css = size.files.filter((file) => file.endsWith('.css')).map((file) => readFileSync(join(dir, file), 'utf8'));
    expect(css.join('').includes('tgui-')).toBe(false);
  }
});

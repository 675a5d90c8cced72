import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
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

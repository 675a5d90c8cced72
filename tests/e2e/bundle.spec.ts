import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { initialBundleBytes } from '../../bench/bundle-size';
import { expect, test } from './fixtures';

/** Strings that only the Telegram SDK (@tma.js/sdk-react and its bridge) carries. */
const SDK_MARKERS = ['tgWebAppData', 'TelegramWebviewProxy', 'web_app_ready', 'web_app_setup_back_button', 'tapps/'];

function bundleText(dir: string): string {
  const assets = join(dir, 'assets');
  return readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(join(assets, f), 'utf8'))
    .join('\n');
}

test('the website bundle contains no Telegram SDK code, the Mini App bundle does', () => {
  // No line of our own posts Telegram's methods: the SDK does (the only module that names them is its bridge).
  const own = spawnSync('git', ['grep', '-l', '-e', 'TelegramWebviewProxy', '-e', 'postEvent', '-e', 'web_app_', '--', 'src', 'platform'], {
    encoding: 'utf8',
  });
  expect(own.stdout, 'files of ours that speak Telegram’s protocol by hand').toBe('');
  const web = bundleText('dist/web');
  const miniapp = bundleText('dist/miniapp');
  for (const marker of SDK_MARKERS) {
    expect(web.includes(marker), `website bundle contains ${marker}`).toBe(false);
    expect(miniapp.includes(marker), `Mini App bundle lacks ${marker}`).toBe(true);
  }
});

/** Full zod names its classes by these; zod/mini's are `ZodMini…`, its core `$Zod…`. */
const FULL_ZOD = ['"ZodOptional"', '"ZodObject"', '"ZodString"'];
/** Any zod at all: its core's error class. */
const ANY_ZOD = '$ZodError';

test('the first screen carries no zod; the forms’ lazy chunks carry only zod/mini, with the contract’s form schemas', () => {
  for (const dir of ['dist/web', 'dist/miniapp']) {
    const first = initialBundleBytes(dir)
      .files.filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(dir, file), 'utf8'))
      .join('\n');
    expect(first.includes(ANY_ZOD), `${dir}: the first screen bundles zod`).toBe(false);
    const all = bundleText(dir);
    for (const marker of FULL_ZOD) expect(all.includes(marker), `${dir} bundles full zod (${marker})`).toBe(false);
    // The call-back form checks with the contract's own message, in a chunk loaded with the form.
    expect(all.includes('Введите российский номер телефона'), `${dir}: the call-back form lacks the contract’s schema`).toBe(true);
  }
});

/**
 * What the first screen downloads (entry script, its preloads and stylesheets, gzipped). The website: at most 170 kB
 * (170 000 bytes), react-router's data router included; 167 904 bytes on 2026-11-29. The Mini App: at most 213 kB, the
 * first screen of Telegram's official Mini App template (React, @tma.js/sdk-react, @telegram-apps/telegram-ui); it
 * carries the same two packages (210 602 bytes the same day). `npm run bench:web` prints both.
 */
// #48 raised these (to 171 500 and 214 000) for the consents on every first screen; #47 paid that debt back by moving
// what the first screen does not run out of the entry chunk (the auth modal's flow, the drawer's bot texts, TOP's map
// view, the rest of lira-rules and other modules only lazy pages use), so the budgets are the old ones again.
const INITIAL_BUDGET_BYTES = { 'dist/web': 170_000, 'dist/miniapp': 213_000 } as const;
/**
 * The same first screen's JavaScript as the phone runs it (minified, before gzip): what it parses, compiles and
 * evaluates before the first tap works, which gzip hides (#47). Set where this stage had brought it, the early tap
 * and the mortgage line's full cost of credit included (the AdFox block moved to a chunk of its own): 495 430 and
 * 613 261 bytes on 2026-11-29; #48's consents, rules and pages took it to 500 442 and 618 383 the same day, and the
 * moves above back down to 491 251 and 609 194.
 */
const INITIAL_MINIFIED_JS_BYTES = { 'dist/web': 496_000, 'dist/miniapp': 614_000 } as const;

test('the first screen stays within its download budget; telegram-ui’s stylesheet only in the Mini App', () => {
  for (const [dir, budget] of Object.entries(INITIAL_BUDGET_BYTES)) {
    const size = initialBundleBytes(dir);
    expect(size.gzip, `${dir}: ${size.files.join(', ')}`).toBeLessThanOrEqual(budget);
    expect(size.js, `${dir}: minified JavaScript of ${size.files.join(', ')}`).toBeLessThanOrEqual(
      INITIAL_MINIFIED_JS_BYTES[dir as keyof typeof INITIAL_MINIFIED_JS_BYTES],
    );
  }
  const css = (dir: string) =>
    readdirSync(join(dir, 'assets'))
      .filter((file) => file.endsWith('.css'))
      .map((file) => readFileSync(join(dir, 'assets', file), 'utf8'))
      .join('');
  expect(css('dist/web').includes('tgui-'), 'the website carries telegram-ui styles').toBe(false);
  expect(bundleText('dist/web').includes('tgui-'), 'the website carries telegram-ui components').toBe(false);
  expect(css('dist/miniapp').includes('tgui-'), 'the Mini App lacks telegram-ui').toBe(true);
});

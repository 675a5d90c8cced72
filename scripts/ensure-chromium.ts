/**
 * `npm test` provisions its own browser, so a fresh machine needs no third step:
 * a system Chromium when present (with Debian's headless shell beside it where it can be installed); otherwise Playwright's download where the network allows it;
 * otherwise Debian's `chromium` package when running as root with apt; and only then one clear line.
 */
import { spawnSync } from 'node:child_process';
import { findChromium, hasHeadlessShell, NO_CHROMIUM_MESSAGE } from '../tests/support/chromium';

function run(command: string, args: string[], timeoutMs: number): boolean {
  const result = spawnSync(command, args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    timeout: timeoutMs,
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

const hasApt = () => spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Debian's packages, with the package lists refreshed only when the first try does not find them. */
function aptInstall(packages: string[]): boolean {
  const install = () => run('apt-get', ['install', '-y', '-qq', ...packages], 15 * 60_000);
  return install() || (run('apt-get', ['update', '-qq'], 10 * 60_000) && install());
}

function provision(): boolean {
  if (findChromium().kind !== 'none') {
    // The suite runs faster on the headless shell (tests/support/chromium.ts); without it, the browser serves.
    if (findChromium().kind === 'system' && !hasHeadlessShell() && isRoot() && hasApt()) {
      console.log('chromium: ставлю пакет Debian `chromium-headless-shell` (тесты идут в нём быстрее)…');
      if (!aptInstall(['chromium-headless-shell'])) console.log('chromium: не вышло — тесты пойдут в обычном Chromium');
    }
    return true;
  }
  console.log('chromium: не найден, пробую `playwright install chromium`…');
  if (run('npx', ['playwright', 'install', 'chromium'], 10 * 60_000) && findChromium().kind !== 'none') return true;
  if (isRoot() && hasApt()) {
    console.log('chromium: загрузка Playwright недоступна, ставлю пакеты Debian `chromium` и `chromium-headless-shell`…');
    if (aptInstall(['chromium', 'chromium-headless-shell'])) return findChromium().kind !== 'none';
  }
  return false;
}

if (!provision()) {
  console.error(NO_CHROMIUM_MESSAGE);
  process.exit(1);
}

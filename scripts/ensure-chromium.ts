/**
 * `npm test` provisions its own browser, so a fresh machine needs no third step:
 * a system Chromium when present; otherwise Playwright's download where the network allows it;
 * otherwise Debian's `chromium` package when running as root with apt; and only then one clear line.
 */
import { spawnSync } from 'node:child_process';
import { findChromium, NO_CHROMIUM_MESSAGE } from '../tests/support/chromium';

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

function provision(): boolean {
  if (findChromium().kind !== 'none') return true;
  console.log('chromium: не найден, пробую `playwright install chromium`…');
  if (run('npx', ['playwright', 'install', 'chromium'], 10 * 60_000) && findChromium().kind !== 'none') return true;
  if (isRoot() && hasApt()) {
    console.log('chromium: загрузка Playwright недоступна, ставлю пакет Debian `chromium`…');
    if (run('apt-get', ['update', '-qq'], 10 * 60_000) && run('apt-get', ['install', '-y', '-qq', 'chromium'], 15 * 60_000))
      return findChromium().kind !== 'none';
  }
  return false;
}

if (!provision()) {
  console.error(NO_CHROMIUM_MESSAGE);
  process.exit(1);
}

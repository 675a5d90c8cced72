/**
 * How long a like tapped before hydration takes to show its new state, on a CPU slowed 4× (as Lighthouse's mobile
 * run): the first card's like is tapped on the server's markup, before the entry script has run. Timed in the page
 * from the tap: to the button saying it is pressed (aria-pressed, drawn by index.html's first script; the goal:
 * ≤ 300 ms), and to the app's own «♥ В избранном» once the card has hydrated and pressed it again (the entry script's
 * download and evaluation, and the hydration). Medians of `runs` fresh visits.
 */
import { chromium } from '@playwright/test';
import { holdEntryScript } from '../tests/support/hold-requests';

declare global {
  interface Window {
    __benchTapAt?: number;
    __benchPressedAt?: number;
    __benchLiveAt?: number;
  }
}

/**
 * In the page before any of its scripts: the tap's time, the time the tapped like (the same button once hydrated, or
 * the one React draws in its place) first says it is pressed, and the time the app draws it pressed. A string, not a function: tsx would wrap a
 * function's inner names in a helper the page does not have.
 */
const WATCH_THE_TAP = `
document.addEventListener('pointerdown', function (event) {
  var like = event.target && event.target.closest ? event.target.closest('[data-early-tap]') : null;
  if (!like || window.__benchTapAt !== undefined) return;
  window.__benchTapAt = performance.now();
  var name = like.getAttribute('data-early-tap');
  var observer = new MutationObserver(function () {
    var current = document.querySelector('[data-early-tap="' + name + '"]');
    if (!current || current.getAttribute('aria-pressed') !== 'true') return;
    if (window.__benchPressedAt === undefined) window.__benchPressedAt = performance.now();
    if (current.textContent.indexOf('В избранном') < 0) return;
    window.__benchLiveAt = performance.now();
    observer.disconnect();
  });
  observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true, attributes: true });
}, true);
`;

export async function benchEarlyTap(base: string, runs: number, executablePath: string | undefined): Promise<void> {
  const browser = await chromium.launch({ executablePath });
  const shown: number[] = [];
  const live: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      // A fresh visitor each time: a context of its own (no cookie, no cache).
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.addInitScript({ content: WATCH_THE_TAP });
      // The entry script waits for the tap, so the tap is on the server's markup whatever the machine's speed.
      const release = await holdEntryScript(page);
      await page.goto(`${base}/`, { waitUntil: 'commit' });
      const like = page.getByTestId('apartment-card').first().getByRole('button', { name: '♡ Нравится' });
      // In the middle of the screen: at its bottom edge the phone's tab bar lies over it.
      await like.evaluate((button) => button.scrollIntoView({ block: 'center' }));
      await like.tap({ force: true });
      release();
      await page.waitForFunction(() => window.__benchLiveAt !== undefined, null, { timeout: 60_000 });
      const [toShown, toLive] = await page.evaluate(() => [
        window.__benchPressedAt! - window.__benchTapAt!,
        window.__benchLiveAt! - window.__benchTapAt!,
      ]);
      shown.push(toShown);
      live.push(toLive);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const figure = (times: number[]) => {
    const sorted = [...times].sort((x, y) => x - y);
    return `${Math.round(sorted[Math.floor(sorted.length / 2)]!)} ms (${Math.round(sorted[0]!)}–${Math.round(sorted[sorted.length - 1]!)} ms)`;
  };
  console.log(
    `early tap: a like tapped on the server's markup at 4× CPU shows itself pressed after ${figure(shown)} (goal ≤ 300 ms), ` +
      `the app's own state after ${figure(live)}; medians of ${runs}`,
  );
}
